//! The server-rendered pages: a board as an HTML table a browser shows without scripts. Every
//! text from a player goes through [`escape`].

use std::fmt::Write;

use seedfeast_procgen::replay::Replay;

use crate::store::Entry;

/// Text made safe for HTML element content and quoted attributes: the five characters that can
/// end either (OWASP's rule), so a `<script>` name shows as text.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// What a board page needs besides its entries.
pub struct BoardPage<'a> {
    pub mode: &'a str,
    pub mode_name: &'a str,
    pub seed: &'a str,
    /// The web game's page, for *Race this ghost* links; without one the rows link the code.
    pub game_url: Option<&'a str>,
}

/// A UTC date and time (`2026-12-03 16:29`) from Unix milliseconds, by the civil-from-days
/// algorithm (Howard Hinnant's): one function, not a calendar crate.
pub fn utc(at_ms: i64) -> String {
    let secs = at_ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02}", rest / 3600, rest / 60 % 60)
}

/// The board's page.
pub fn board(page: &BoardPage, entries: &[Entry]) -> String {
    let (mode, seed) = (escape(page.mode), escape(page.seed));
    let title = format!("{} · {seed}", escape(page.mode_name));
    let mut rows = String::new();
    for entry in entries {
        // A code is URL-safe base64: it goes into a link as it is, when a link can hold it.
        let race = match page.game_url {
            Some(game) if Replay::fits_link(&entry.replay) => format!(
                "{}?seed={seed}&amp;mode={mode}&amp;ghost={}",
                escape(game.split(['?', '#']).next().unwrap_or(game)),
                escape(&entry.replay)
            ),
            _ => format!("/api/v1/boards/{mode}/{seed}/entries/{}/replay", entry.rank),
        };
        let _ = writeln!(
            rows,
            "<tr><td class=rank>{}</td><td class=name>{}</td><td class=score>{}</td><td>{}</td>\
             <td><a class=race href=\"{race}\">Race this ghost</a></td></tr>",
            entry.rank,
            escape(&entry.name),
            entry.score,
            utc(entry.at)
        );
    }
    if entries.is_empty() {
        rows.push_str("<tr><td colspan=5>No runs yet: play this seed and submit yours.</td></tr>\n");
    }
    format!(
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>\
         <meta name=viewport content=\"width=device-width, initial-scale=1\">\
         <title>{title} · Seedfeast board</title><style>{STYLE}</style></head>\n<body><main>\
         <h1>{title}</h1><p class=sub>Every run here was re-played by this server from its inputs.</p>\n\
         <table><thead><tr><th>#</th><th>Name</th><th>Score</th><th>Played (UTC)</th><th></th></tr></thead>\n\
         <tbody>\n{rows}</tbody></table></main></body></html>\n"
    )
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;background:#fdf6e3;color:#3b3024;margin:0}\
main{max-width:44rem;margin:auto;padding:1rem}h1{font-size:1.5rem}.sub{color:#7a6a55}\
table{width:100%;border-collapse:collapse}td,th{padding:.5rem;text-align:left;border-bottom:1px solid #e4d8c0}\
.score,.rank{font-variant-numeric:tabular-nums}a.race{display:inline-block;min-height:44px;line-height:44px}";

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(rank: u64, name: &str) -> Entry {
        Entry {
            rank,
            name: name.into(),
            score: 10 * rank,
            steps: 600,
            at: 1_796_310_540_000,
            replay: "AQMGcnVubmVy".into(),
        }
    }

    #[test]
    fn a_script_name_renders_as_text() {
        let page = BoardPage { mode: "runner", mode_name: "Runner", seed: "324MP-ANQ6H", game_url: None };
        let html = board(&page, &[entry(1, "<script>alert(1)</script>"), entry(2, "a\"b'c&d")]);
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("a&quot;b&#39;c&amp;d"));
    }

    #[test]
    fn rows_link_a_ghost_race_in_the_web_game() {
        let page = BoardPage {
            mode: "maze",
            mode_name: "Maze chase",
            seed: "1D76J-BVX2Y",
            game_url: Some("https://g.test/play/?x=1"),
        };
        let html = board(&page, &[entry(1, "May")]);
        assert!(
            html.contains("href=\"https://g.test/play/?seed=1D76J-BVX2Y&amp;mode=maze&amp;ghost=AQMGcnVubmVy\""),
            "{html}"
        );
    }

    #[test]
    fn dates_are_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00");
        assert_eq!(utc(1_796_310_540_000), "2026-12-03 15:09");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00");
    }
}
