//! Links that start a level: `?seed=CODE&mode=MODE[&level=K]` in the browser's address (procgen's one link
//! parser reads them, here and when a link is pasted into the seed box).
//!
//! Parsing is plain Rust (tested natively); only reading the address needs the browser.

use seedfeast_procgen::SeedInput;
use seedfeast_procgen::link::{parse_link, percent_encode, read_link};

use bevy::prelude::*;

use crate::mode::Modes;
use crate::session::Session;
use crate::state::Screen;

/// What a link asks for: a level to start, or a message explaining why it can't.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkRequest {
    None,
    Start(Session),
    Problem(String),
}

/// Reads `seed`, `mode` and `level` from a query string (`?seed=124MP-ANQ6N&mode=maze`,
/// `?mode=puzzle&seed=…&level=3`). The mode defaults to the first in the table; a bad code, a
/// code this build makes a different level from, an unknown mode, a key given twice or one no
/// link has, or a level that isn't one of the mode's is reported, never guessed at (issue #51:
/// `level=99999999999` and `mode=zzz` were dropped without a word).
pub fn parse_query(query: &str, modes: &Modes) -> LinkRequest {
    let link = match read_link(query) {
        Ok(Some(link)) => link,
        Ok(None) => return LinkRequest::None,
        Err(error) => return LinkRequest::Problem(format!("This link can't be opened: {error}")),
    };
    let Some(seed) = link.seed.clone() else { return LinkRequest::None };
    let mode = match link.mode.as_deref().filter(|key| !key.is_empty()) {
        None => modes.first(),
        Some(key) => match modes.by_key(key) {
            Some(mode) => mode,
            None => {
                return LinkRequest::Problem(format!(
                    "The link asks for a game called \"{}\", which this version doesn't have (it has {})",
                    seedfeast_procgen::shown::shown(key),
                    modes.keys()
                ));
            }
        },
    };
    let level = match link.level_number() {
        Ok(level) => level,
        Err(error) => return LinkRequest::Problem(format!("This link can't be opened: {error}")),
    };
    // The browser plays the built-in data: the levels it has are the ones to check against. A
    // level under the first is the first, as links have always read `level=0`.
    if let Some(level) = level {
        let data = crate::data::GameData::built_in();
        let first = mode.info().levels.map_or(0, |levels| *levels(&data).start());
        if let Err(why) = mode.check_level(level.max(first), &data) {
            return LinkRequest::Problem(format!("The link's level doesn't work: {why}"));
        }
    }
    match SeedInput::parse(&seed) {
        Ok(input) => match Session::from_input(mode, &input) {
            Ok(session) => LinkRequest::Start(Session { level, ..session }),
            Err(error) => LinkRequest::Problem(format!("The link's seed doesn't work: {error}")),
        },
        Err(error) => LinkRequest::Problem(format!("The link's seed doesn't work: {error}")),
    }
}

/// The page's query string (`?…`), in the browser.
#[cfg(target_arch = "wasm32")]
pub fn page_query() -> String {
    let global = js_sys::global();
    js_sys::Reflect::get(&global, &"location".into())
        .and_then(|location| js_sys::Reflect::get(&location, &"search".into()))
        .ok()
        .and_then(|search| search.as_string())
        .unwrap_or_default()
}

/// The link that opens `session`'s level: the page's address (any old query or fragment
/// dropped) with `?seed=CODE&mode=MODE`, and `&level=K` when the session names a level.
pub fn share_link(page: &str, session: &Session) -> String {
    let page = page.split(['?', '#']).next().unwrap_or(page);
    let level = session.level.map(|k| format!("&level={k}")).unwrap_or_default();
    format!("{page}?seed={}&mode={}{level}", session.seed.code(), percent_encode(session.mode.key()))
}

/// The page's address without its query (`https://host/path/index.html`), in the browser.
#[cfg(target_arch = "wasm32")]
pub(crate) fn page_address() -> String {
    web_sys::window()
        .and_then(|window| {
            let location = window.location();
            Some(format!("{}{}", location.origin().ok()?, location.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Whether the link asks for the determinism digest (`?digest`).
pub fn wants_digest(query: &str) -> bool {
    parse_link(query).is_some_and(|link| link.digest)
}

/// The determinism digest: one line per mode of the table, `key hash`, the format
/// `seedfeast digest` prints.
pub fn digest_text(data: &crate::data::GameData, modes: &Modes) -> String {
    modes
        .iter()
        .map(|mode| {
            let digest = seedfeast_procgen::digest::digest_hex(mode.generator(), data, mode.variant());
            format!("{} {digest}\n", mode.key())
        })
        .collect()
}

/// Writes a result into the page (a hidden `<pre id="ID">`, replacing one already there) and the
/// console, for the end-to-end test to read: the digest, to compare with the native one, the
/// storage self-check, and the screens the game has shown.
#[cfg(target_arch = "wasm32")]
pub fn publish(id: &str, text: &str) {
    let script = format!(
        "(() => {{ let pre = document.getElementById({id:?}); \
         if (!pre) {{ pre = document.createElement('pre'); pre.id = {id:?}; pre.hidden = true; document.body.appendChild(pre); }} \
         pre.textContent = {text:?}; console.log('seedfeast ' + pre.id + '\\n' + pre.textContent); }})()"
    );
    let _ = js_sys::eval(&script);
}

/// One line per screen the game has shown, in order (`Playing maze 324MP-ANQ6H`), so a test of the
/// page can tell the game really started a run rather than only drew something.
#[derive(Resource, Default, Debug)]
pub struct ScreenLog(pub Vec<String>);

/// How a screen is named in the log: the screen, and for a run the mode and seed code.
pub(crate) fn screen_line(screen: Screen, session: &Session) -> String {
    match screen {
        Screen::Playing | Screen::GameOver => format!("{screen:?} {} {}", session.mode.key(), session.seed.code()),
        other => format!("{other:?}"),
    }
}

/// Keeps the screen log and, in the browser, publishes it into the page as `<pre id="screens">`.
pub(crate) struct ScreenLogPlugin;

impl Plugin for ScreenLogPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ScreenLog>().add_systems(Update, log_screen.run_if(state_changed::<Screen>));
    }
}

pub(crate) fn log_screen(screen: Res<State<Screen>>, session: Res<Session>, mut log: ResMut<ScreenLog>) {
    log.0.push(screen_line(*screen.get(), &session));
    #[cfg(target_arch = "wasm32")]
    publish("screens", &log.0.join("\n"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modes::{by_key, table};
    use seedfeast_procgen::Seed;

    fn start(query: &str) -> Session {
        match parse_query(query, &table()) {
            LinkRequest::Start(session) => session,
            other => panic!("{query}: {other:?}"),
        }
    }

    #[test]
    fn links_start_the_level_they_name() {
        let code = Seed(4242).code().to_string();
        let session = start(&format!("?seed={code}&mode=maze"));
        assert_eq!((session.seed, session.mode), (Seed(4242), by_key("maze").unwrap()));
        let session = start("?seed=pizza+party");
        assert_eq!((session.seed, session.mode), (Seed::from_text("pizza party"), by_key("runner").unwrap()));
        let session = start("?mode=food-tunnel&seed=pizza%20party");
        assert_eq!((session.seed, session.mode), (Seed::from_text("pizza party"), by_key("food-tunnel").unwrap()));
        assert_eq!(session.level, None);
        assert_eq!(parse_query("", &table()), LinkRequest::None);
        assert_eq!(parse_query("?mode=maze", &table()), LinkRequest::None);
    }

    #[test]
    fn a_shared_link_opens_the_same_level() {
        let tunnel = by_key("tunnel").unwrap();
        let session = Session::from_input(tunnel, &SeedInput::parse("pizza party").unwrap()).unwrap();
        let link = share_link("https://seedfeast.example/play/index.html?seed=OLD&mode=maze#top", &session);
        assert_eq!(link, format!("https://seedfeast.example/play/index.html?seed={}&mode=tunnel", session.seed.code()));
        let opened = start(&link[link.find('?').unwrap()..]);
        assert_eq!((opened.seed, opened.mode), (session.seed, session.mode));
        for mode in table().iter() {
            let session = Session { mode, ..session.clone() };
            let link = share_link("http://127.0.0.1:8080/", &session);
            assert_eq!(start(&link["http://127.0.0.1:8080/".len()..]).mode, mode, "{link}");
        }
    }

    #[test]
    fn links_carry_a_level_both_ways() {
        let session = start("?mode=dungeon&seed=pizza+party&level=3");
        assert_eq!((session.mode, session.level), (by_key("dungeon").unwrap(), Some(3)));
        assert_eq!(start("?seed=x&level=").level, None, "an empty level is the start");
        let link = share_link("https://seedfeast.example/", &session);
        assert!(link.ends_with("&mode=dungeon&level=3"), "{link}");
        let opened = start(&link["https://seedfeast.example/".len()..]);
        assert_eq!((opened.seed, opened.mode, opened.level), (session.seed, session.mode, Some(3)));
        let start_of_run = Session { level: None, ..session };
        assert!(!share_link("https://seedfeast.example/", &start_of_run).contains("level"));
        for bad in ["-1", "two", "3.5", "99999999999"] {
            let LinkRequest::Problem(message) = parse_query(&format!("?seed=x&mode=dungeon&level={bad}"), &table())
            else {
                panic!("{bad}")
            };
            assert!(message.contains(&format!("\"{bad}\"")) && message.contains("level"), "{message}");
        }
    }

    /// Issue #51, 7: a link's level was kept for a mode without levels, a level past the mode's
    /// was dropped, and repeated or unknown keys were read as the last or not at all.
    #[test]
    fn a_links_level_and_keys_are_used_or_refused() {
        let problem = |query: &str| match parse_query(query, &table()) {
            LinkRequest::Problem(message) => message,
            other => panic!("{query}: {other:?}"),
        };
        let maze = problem("?seed=x&mode=maze&level=5");
        assert!(maze.contains("Maze") && maze.contains("no levels"), "{maze}");
        let far = problem("?seed=x&mode=dungeon&level=100000");
        assert!(far.contains("level 100000") && far.contains("1..=99999"), "{far}");
        assert!(problem("?seed=A&seed=B").contains("\"seed\" twice"));
        assert!(problem("?seed=A&zzz=1").contains("\"zzz\""));
        assert!(problem("?seed=x&mode=zzz").contains("\"zzz\""));
    }

    #[test]
    fn the_digest_is_asked_for_by_name_and_lists_every_mode() {
        assert!(wants_digest("?digest") && wants_digest("?seed=x&digest=1") && !wants_digest("?seed=digest"));
        let text = digest_text(&crate::data::GameData::built_in(), &table());
        let keys: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(keys, table().iter().map(|m| m.key()).collect::<Vec<_>>(), "{text}");
    }

    #[test]
    fn bad_links_say_why() {
        let code = Seed(4242).code().to_string();
        let typo = format!("{}U", &code[..code.len() - 1]);
        let LinkRequest::Problem(message) = parse_query(&format!("?seed={typo}"), &table()) else { panic!() };
        assert!(message.contains("not a seed-code character"), "{message}");
        let LinkRequest::Problem(message) = parse_query("?seed=x&mode=tetris", &table()) else { panic!() };
        assert!(message.contains("\"tetris\"") && message.contains("food-tunnel"), "{message}");
        let LinkRequest::Problem(message) = parse_query("?seed=124MP-ANQ6N&mode=arena", &table()) else { panic!() };
        assert!(message.contains("since version 5"), "an old arena code is refused: {message}");
    }
}
