//! *Share* on the game-over screen: a short text for a friend with the mode, the score, the seed
//! and how to play it (the level's link in the browser, the command on desktop). The daily
//! challenge shares a spoiler-free result line instead, in the manner of Wordle: the date, the
//! mode, the score and a bar of blocks for how far the run got, nothing of the level itself.

use bevy::clipboard::Clipboard;
use bevy::prelude::*;

use seedfeast_procgen::replay::Replay;

use crate::replay::LastReplay;
use crate::run::Progress;
use crate::session::{LastRun, Session};
use crate::toast::Toast;
use crate::ui::clipboard::{Copied, put_on_clipboard};
use crate::words::thousands;

/// Cells in the daily result's progress bar.
pub const BAR_CELLS: usize = 8;

/// The text *Share* copies. `page` is the web page's address in the browser (the link is built
/// on it as *Copy link* does); without one (desktop) the text gives the command that plays it.
pub fn share_text(session: &Session, last: &LastRun, progress: Progress, page: Option<&str>) -> String {
    let mode = session.mode;
    let score = format!("{} points", thousands(u64::from(last.score)));
    let play = match page {
        Some(page) => crate::web::share_link(page, session),
        None => {
            let level = session.level.map(|k| format!(" --level {k}")).unwrap_or_default();
            format!("seedfeast play --mode {} --seed {}{level}", mode.key(), session.seed.code())
        }
    };
    match &session.daily {
        Some(date) => {
            let goal = mode.info().bot.map(|bot| bot.goal);
            format!(
                "Seedfeast daily {date} · {} · {score}\n{} {}\nPlay today's: {play}",
                mode.name(),
                progress_bar(progress.amount, goal),
                amount(progress),
            )
        }
        None => format!("Seedfeast · {} · {score}\nSeed {}\nPlay it: {play}", mode.name(), session.seed.code()),
    }
}

/// The line that invites a friend to race the run's ghost: a link (browser) or the command
/// (desktop) that opens the level with the replay.
pub fn ghost_line(session: &Session, replay_code: &str, page: Option<&str>) -> String {
    match page {
        Some(page) => format!("Race my ghost: {}&ghost={replay_code}", crate::web::share_link(page, session)),
        None => format!("Race my ghost: seedfeast play --ghost {replay_code}"),
    }
}

/// How far a run got as [`BAR_CELLS`] blocks: green for the way covered towards `goal` (the mode's
/// reference distance: its bot's goal), red where the run ended, dark for the rest; all green and
/// a trophy at or past the goal. Without a goal, one green block per whole unit, up to the bar.
pub(crate) fn progress_bar(amount: f32, goal: Option<f32>) -> String {
    let amount = if amount.is_finite() { amount.max(0.0) } else { 0.0 };
    let covered = match goal.filter(|g| *g > 0.0) {
        Some(goal) if amount >= goal => return "🟩".repeat(BAR_CELLS) + "🏆",
        Some(goal) => ((amount / goal) * BAR_CELLS as f32).floor() as usize,
        None => amount.floor() as usize,
    };
    let covered = covered.min(BAR_CELLS);
    let mut bar = "🟩".repeat(covered);
    if covered < BAR_CELLS {
        bar.push('🟥');
        bar.push_str(&"⬛".repeat(BAR_CELLS - covered - 1));
    }
    bar
}

/// The run's progress in its own unit: `1,204 m`, `2 floors`.
fn amount(progress: Progress) -> String {
    let whole = if progress.amount.is_finite() { progress.amount.max(0.0).floor() as u64 } else { 0 };
    format!("{} {}", thousands(whole), crate::words::unit_for(whole, progress.unit)).trim_end().to_string()
}

/// The page's address in the browser; none on desktop.
fn page() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    return Some(crate::web::page_address());
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Copies the share text of the run that just ended.
pub(crate) fn share_run(
    session: Res<Session>,
    last: Res<LastRun>,
    progress: Res<Progress>,
    replay: Option<Res<LastReplay>>,
    clipboard: Option<ResMut<Clipboard>>,
    toast: ResMut<Toast>,
    copied: ResMut<Copied>,
    board: (Res<crate::save::Save>, Res<crate::board::LinkBoard>),
) {
    let page = page();
    let mut text = share_text(&session, &last, *progress, page.as_deref());
    // The board's page for this seed: where friends compare (issue #31).
    if let Some(board) = crate::board::active_board(&board.0, &board.1) {
        text = format!(
            "{text}
Board: {}",
            board.page_url(session.mode.key(), &session.seed.code().to_string())
        );
    }
    let mut line = toast_line(&text);
    // The daily's result stays spoiler-free: no ghost to show the way.
    if let Some(replay) = replay.filter(|_| session.daily.is_none()) {
        let code = replay.0.encode();
        text = format!("{text}\n{}", ghost_line(&session, &code, page.as_deref()));
        if !Replay::fits_link(&code) {
            line = format!("{line} (a long run: its ghost link is {} characters)", code.len());
        }
    }
    put_on_clipboard(text.clone(), &line, clipboard, toast, copied);
}

/// What the toast says was shared: the text's first line, in characters the game's font has
/// (the font has the middle dot but no emoji; the clipboard keeps them).
pub fn toast_line(text: &str) -> String {
    let first: String =
        text.lines().next().unwrap_or_default().chars().filter(|c| crate::font::has_glyph(*c)).collect();
    format!("to share: {}", first.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::Seed;

    fn session(key: &str, daily: Option<&str>) -> Session {
        let mode = crate::modes::by_key(key).unwrap();
        Session { mode, seed: Seed(4_242), origin: None, daily: daily.map(String::from), level: None }
    }

    fn last(score: u32) -> LastRun {
        LastRun { score, ..LastRun::default() }
    }

    #[test]
    fn a_run_shares_mode_code_score_and_how_to_play_it() {
        let maze = session("maze", None);
        let code = Seed(4_242).code().to_string();
        let progress = Progress { amount: 2.0, unit: "floors" };
        let desktop = share_text(&maze, &last(1_240), progress, None);
        assert_eq!(
            desktop,
            format!(
                "Seedfeast · Maze chase · 1,240 points\nSeed {code}\nPlay it: seedfeast play --mode maze --seed {code}"
            )
        );
        let web = share_text(&maze, &last(1_240), progress, Some("https://example.org/seedfeast/?seed=OLD"));
        assert!(
            web.ends_with(&format!("Play it: https://example.org/seedfeast/?seed={code}&mode=maze")),
            "the link Copy link gives: {web}"
        );
        let step = Session { level: Some(3), ..session("puzzle", None) };
        assert!(share_text(&step, &last(5), progress, None).ends_with(" --level 3"));
        assert!(share_text(&step, &last(5), progress, Some("https://x/")).ends_with("&level=3"));
    }

    #[test]
    fn the_daily_shares_a_spoiler_free_result_line() {
        let daily = session("maze", Some("2026-12-01"));
        let progress = Progress { amount: 2.0, unit: "floors" };
        let text = share_text(&daily, &last(1_240), progress, None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Seedfeast daily 2026-12-01 · Maze chase · 1,240 points");
        // The maze's reference goal is 3 floors: two of them is 5 of 8 cells.
        assert_eq!(lines[1], "🟩🟩🟩🟩🟩🟥⬛⬛ 2 floors");
        assert!(lines[2].starts_with("Play today's: seedfeast play --mode maze"), "{text}");
        assert!(!text.contains("Seed "), "no level details beyond how to play it: {text}");

        let runner = session("runner", Some("2026-12-01"));
        let far = share_text(&runner, &last(99), Progress { amount: 12_345.6, unit: "m" }, None);
        assert!(far.contains("🟩🟩🟩🟩🟩🟩🟩🟩🏆 12,345 m"), "{far}");
        let early = share_text(&runner, &last(0), Progress { amount: 0.0, unit: "m" }, None);
        assert!(early.contains("\n🟥⬛⬛⬛⬛⬛⬛⬛ 0 m\n"), "{early}");
    }

    #[test]
    fn every_mode_is_shared_by_its_own_name_and_key() {
        for mode in crate::modes::table().iter() {
            let run = Session { mode, ..session("runner", None) };
            let text = share_text(&run, &last(7), Progress::default(), Some("https://x/"));
            assert!(text.starts_with(&format!("Seedfeast · {} · 7 points\n", mode.name())), "{text}");
            assert!(text.ends_with(&format!("&mode={}", mode.key())), "{text}");
            let daily = Session { daily: Some("2026-01-02".into()), ..run };
            let text = share_text(&daily, &last(7), Progress::default(), None);
            assert!(text.starts_with(&format!("Seedfeast daily 2026-01-02 · {} · 7 points\n", mode.name())), "{text}");
            assert_eq!(text.lines().nth(1).unwrap().chars().filter(|c| "🟩🟥⬛".contains(*c)).count(), BAR_CELLS);
        }
    }

    #[test]
    fn the_toast_names_the_text_in_plain_characters() {
        let text = share_text(&session("arena", Some("2026-12-01")), &last(1_240), Progress::default(), None);
        assert_eq!(toast_line(&text), "to share: Seedfeast daily 2026-12-01 · Arena · 1,240 points");
        assert!(toast_line("🟩🟩 a run").chars().all(crate::font::has_glyph), "no emoji reach the font");
    }

    #[test]
    fn a_ghost_is_shared_as_a_link_or_a_command() {
        let maze = session("maze", None);
        let web = ghost_line(&maze, "AbC-_9", Some("https://example.org/seedfeast/?seed=OLD"));
        let link = web.strip_prefix("Race my ghost: ").unwrap();
        let parts = seedfeast_procgen::link::parse_link(link).unwrap();
        assert_eq!(parts.ghost.as_deref(), Some("AbC-_9"));
        assert_eq!(parts.mode.as_deref(), Some("maze"));
        assert_eq!(parts.seed, Some(maze.seed.code().to_string()));
        assert_eq!(ghost_line(&maze, "AbC-_9", None), "Race my ghost: seedfeast play --ghost AbC-_9");
    }

    #[test]
    fn bars_and_numbers() {
        assert_eq!(progress_bar(0.5, Some(1.0)), "🟩🟩🟩🟩🟥⬛⬛⬛");
        assert_eq!(progress_bar(1.0, Some(1.0)), "🟩🟩🟩🟩🟩🟩🟩🟩🏆");
        assert_eq!(progress_bar(f32::NAN, Some(1.0)), "🟥⬛⬛⬛⬛⬛⬛⬛");
        assert_eq!(progress_bar(3.0, None), "🟩🟩🟩🟥⬛⬛⬛⬛");
        assert_eq!(progress_bar(30.0, None), "🟩".repeat(BAR_CELLS));
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_240), "1,240");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }
}
