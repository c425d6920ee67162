//! The board server's JSON API as the game speaks it (docs/boards.md): the submission body, and
//! each answer read into what the player is told. Pure, so every answer a server can give is
//! tested here without a network.

use serde::Deserialize;

/// A run to submit: its replay code, and who played it.
pub(crate) fn submission_body(replay: &str, name: &str, secret: &str) -> String {
    serde_json::json!({ "replay": replay, "name": name, "secret": secret }).to_string()
}

/// The board's answer to an accepted run (`201`): the **re-played** score and steps.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Ranked {
    /// `MODE/SEEDCODE`.
    pub board: String,
    /// The player's rank on the board now (their best run's).
    pub rank: u64,
    pub score: u64,
    pub steps: u64,
    /// The player's best on this board, this run included.
    #[serde(default)]
    pub best: Option<u64>,
    /// Whether this run became the player's entry (a worse one is not).
    #[serde(default)]
    pub kept: Option<bool>,
}

/// One row of a board.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Entry {
    pub rank: u64,
    pub name: String,
    pub score: u64,
    #[serde(default)]
    pub steps: u64,
}

/// What became of a submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Re-played and ranked.
    Ranked(Ranked),
    /// The board said no, for good (a bad code, other rules, a refused name): sending it again
    /// would get the same answer.
    Refused(String),
    /// Not now (no network, the server busy, rate-limited or down): kept to send later.
    Later(String),
}

/// The longest server message shown: a server's words are untrusted, and a screen line is short.
const MAX_MESSAGE: usize = 160;

/// Reads a submission's answer: `status` 0 means no answer came (the network's `error` says why).
pub(crate) fn read_submit_answer(status: u16, body: &[u8], network_error: Option<&str>) -> Answer {
    if let Some(error) = network_error {
        return Answer::Later(format!("the board can't be reached ({})", clip(error)));
    }
    match status {
        201 | 200 => match serde_json::from_slice::<Ranked>(body) {
            Ok(ranked) => Answer::Ranked(ranked),
            Err(_) => Answer::Later("the board's answer wasn't one this game reads".into()),
        },
        429 => Answer::Later(format!("the board is busy with your runs: {}", error_of(body))),
        408 | 500..=599 => Answer::Later(format!("the board can't take runs right now ({status}: {})", error_of(body))),
        400..=499 => Answer::Refused(error_of(body)),
        _ => Answer::Later(format!("the board answered {status}")),
    }
}

/// Reads a board's rows (`GET …/boards/{mode}/{code}`), or why not.
pub(crate) fn read_entries(status: u16, body: &[u8], network_error: Option<&str>) -> Result<Vec<Entry>, String> {
    #[derive(Deserialize)]
    struct Rows {
        entries: Vec<Entry>,
    }
    if let Some(error) = network_error {
        return Err(format!("the board can't be reached ({})", clip(error)));
    }
    if status != 200 {
        return Err(format!("the board answered {status}: {}", error_of(body)));
    }
    serde_json::from_slice::<Rows>(body)
        .map(|rows| rows.entries.into_iter().map(|e| Entry { name: clip(&e.name), ..e }).collect())
        .map_err(|_| "the board's answer wasn't one this game reads".into())
}

/// A refusal's `{"error": "…"}`, or a word for a body that isn't one.
fn error_of(body: &[u8]) -> String {
    #[derive(Deserialize)]
    struct Refusal {
        error: String,
    }
    match serde_json::from_slice::<Refusal>(body) {
        Ok(refusal) => clip(&refusal.error),
        Err(_) => "no reason given".into(),
    }
}

/// At most [`MAX_MESSAGE`] characters, without control characters.
fn clip(text: &str) -> String {
    let clean: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    match clean.char_indices().nth(MAX_MESSAGE) {
        Some((cut, _)) => format!("{}\u{2026}", &clean[..cut]),
        None => clean,
    }
}

/// "Rank 3 · 1,240 points", and whether this run became the player's entry.
pub(crate) fn ranked_line(ranked: &Ranked) -> String {
    let score = crate::words::thousands(ranked.score);
    match (ranked.kept, ranked.best) {
        (Some(false), Some(best)) => format!(
            "Rank {} on the board: your best there stays {} (this run played out to {score})",
            ranked.rank,
            crate::words::thousands(best)
        ),
        _ => format!("Rank {} on the board with {score}, as the board re-played it", ranked.rank),
    }
}

/// A board's rows, one line each: "1. Bea  1,300" (the seed screen's top three).
pub(crate) fn rows_text(rows: &[Entry]) -> String {
    rows.iter().map(row_text).collect::<Vec<_>>().join("\n")
}

/// The rows around the player on one line that wraps, theirs in brackets: "1. Bea  1,300 ·
/// [2. May  900]" (the game-over card has no room for a line each).
pub(crate) fn rows_around(rows: &[Entry], mine: u64) -> String {
    let shown = rows.iter().map(|row| if row.rank == mine { format!("[{}]", row_text(row)) } else { row_text(row) });
    shown.collect::<Vec<_>>().join("  \u{b7}  ")
}

fn row_text(row: &Entry) -> String {
    format!("{}. {}  {}", row.rank, row.name, crate::words::thousands(row.score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_is_json_with_the_three_fields() {
        let body: serde_json::Value = serde_json::from_str(&submission_body("AQ\"x", "Ana María", "s3cr3t")).unwrap();
        assert_eq!(body["replay"], "AQ\"x");
        assert_eq!(body["name"], "Ana María");
        assert_eq!(body["secret"], "s3cr3t");
        assert_eq!(body.as_object().unwrap().len(), 3);
    }

    #[test]
    fn every_answer_is_read_as_ranked_refused_or_later() {
        let ok = br#"{"board":"maze/124MP-ANQ6N","rank":3,"score":1240,"steps":900,"best":1240,"kept":true}"#;
        let Answer::Ranked(ranked) = read_submit_answer(201, ok, None) else { panic!("not ranked") };
        assert_eq!((ranked.rank, ranked.score, ranked.kept), (3, 1240, Some(true)));
        assert_eq!(ranked_line(&ranked), "Rank 3 on the board with 1,240, as the board re-played it");
        let worse = Ranked { kept: Some(false), best: Some(2000), ..ranked };
        assert!(ranked_line(&worse).contains("your best there stays 2,000"));

        let refused = br#"{"error":"the name can't hold '<'"}"#;
        assert_eq!(read_submit_answer(422, refused, None), Answer::Refused("the name can't hold '<'".into()));
        assert_eq!(read_submit_answer(413, b"", None), Answer::Refused("no reason given".into()));
        for status in [429, 503, 500, 408] {
            assert!(matches!(read_submit_answer(status, b"{}", None), Answer::Later(_)), "{status}");
        }
        assert!(
            matches!(read_submit_answer(0, b"", Some("connection refused")), Answer::Later(m) if m.contains("refused"))
        );
        assert!(matches!(read_submit_answer(201, b"<html>", None), Answer::Later(_)), "a 201 we can't read is kept");
    }

    #[test]
    fn a_servers_words_are_clipped_and_cleaned() {
        let long = format!("{{\"error\":\"{}\\u0007\"}}", "x".repeat(1000));
        let Answer::Refused(message) = read_submit_answer(400, long.as_bytes(), None) else { panic!() };
        assert_eq!(message.chars().count(), MAX_MESSAGE + 1);
        assert!(!message.contains('\u{7}'));
    }

    #[test]
    fn rows_are_read_and_shown_with_the_players_own_marked() {
        let body = br#"{"board":"maze/X","entries":[{"rank":1,"name":"Bea","score":1300,"steps":5,"at":1},{"rank":2,"name":"May","score":900,"steps":4,"at":2}]}"#;
        let rows = read_entries(200, body, None).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows_text(&rows), "1. Bea  1,300\n2. May  900");
        assert_eq!(rows_around(&rows, 2), "1. Bea  1,300  \u{b7}  [2. May  900]");
        assert!(read_entries(404, br#"{"error":"no board"}"#, None).unwrap_err().contains("no board"));
        assert!(read_entries(200, b"[]", None).is_err());
        assert!(read_entries(0, b"", Some("timed out")).unwrap_err().contains("timed out"));
    }
}
