//! What a save at its bound had to leave out that matters to the player (issue #51): bests,
//! daily bests and runs waiting for a board. Pruning takes those only when nothing else is left
//! to give up, and only as far as the bound; and whatever it takes is told, never silent.

use std::fmt;

use crate::{MAX_SAVE_BYTES, SaveData};

/// How many left-out keys are named one by one; the rest are counted.
const NAMED: usize = 3;

/// The bests, daily bests and waiting runs a save left out to stay within [`MAX_SAVE_BYTES`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeftOut {
    /// Seed bests, by key (`runner/124MP-ANQ6N`).
    pub bests: Vec<String>,
    /// Daily bests, by key (`maze/2026-11-29`).
    pub daily_bests: Vec<String>,
    /// Runs that were waiting to be sent to a board, as `(server, code)`.
    pub waiting_runs: Vec<(String, String)>,
}

impl LeftOut {
    /// What `before` held that `after` doesn't.
    pub(crate) fn between(before: &SaveData, after: &SaveData) -> LeftOut {
        let gone = |b: &std::collections::BTreeMap<String, crate::Best>, a: &std::collections::BTreeMap<_, _>| {
            b.keys().filter(|key| !a.contains_key(*key)).cloned().collect()
        };
        let mut waiting_runs = Vec::new();
        for (server, board) in &before.boards {
            for (code, waiting) in board.waiting.iter().filter(|(_, waiting)| waiting.sent_at.is_none()) {
                let kept = after.boards.get(server).and_then(|b| b.waiting.get(code));
                if kept != Some(waiting) {
                    waiting_runs.push((server.clone(), code.clone()));
                }
            }
        }
        LeftOut {
            bests: gone(&before.best, &after.best),
            daily_bests: gone(&before.daily_best, &after.daily_best),
            waiting_runs,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.bests.is_empty() && self.daily_bests.is_empty() && self.waiting_runs.is_empty()
    }

    /// What to tell the player, if anything was left out.
    pub fn message(&self) -> Option<String> {
        (!self.is_empty()).then(|| {
            format!(
                "Your scores file is full ({} MiB): to save, {self} had to be left out. Your other scores are kept.",
                MAX_SAVE_BYTES >> 20
            )
        })
    }
}

/// `the best for "runner/A", the best for "runner/B", 4 more bests, 2 daily bests and a run
/// waiting for a board`.
impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self.bests.iter().take(NAMED).map(|key| format!("the best for {key:?}")).collect();
        match self.bests.len().saturating_sub(NAMED) {
            0 => {}
            1 => parts.push("1 more best".to_string()),
            n => parts.push(format!("{n} more bests")),
        }
        match self.daily_bests.len() {
            0 => {}
            1 => parts.push(format!("the daily best for {:?}", self.daily_bests[0])),
            n => parts.push(format!("{n} daily bests")),
        }
        match self.waiting_runs.len() {
            0 => {}
            1 => parts.push("a run waiting for a board".to_string()),
            n => parts.push(format!("{n} runs waiting for a board")),
        }
        match parts.split_last() {
            None => Ok(()),
            Some((last, [])) => f.write_str(last),
            Some((last, rest)) => write!(f, "{} and {last}", rest.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_names_the_first_bests_and_counts_the_rest_in_one_sentence() {
        let bests = |n: usize| (0..n).map(|i| format!("runner/S{i}")).collect::<Vec<_>>();
        let said = |left_out: LeftOut| left_out.to_string();
        assert_eq!(said(LeftOut::default()), "");
        assert_eq!(said(LeftOut { bests: bests(1), ..LeftOut::default() }), "the best for \"runner/S0\"");
        assert_eq!(
            said(LeftOut { bests: bests(2), ..LeftOut::default() }),
            "the best for \"runner/S0\" and the best for \"runner/S1\""
        );
        let all = LeftOut {
            bests: bests(7),
            daily_bests: vec!["maze/2026-01-01".into(), "maze/2026-01-02".into()],
            waiting_runs: vec![("http://b".into(), "CODE".into())],
        };
        assert_eq!(
            said(all.clone()),
            "the best for \"runner/S0\", the best for \"runner/S1\", the best for \"runner/S2\", 4 more bests, \
             2 daily bests and a run waiting for a board"
        );
        assert!(all.message().unwrap().starts_with("Your scores file is full (4 MiB): to save, the best for"));
        assert_eq!(LeftOut::default().message(), None);
    }
}
