//! Links that start a level: `?seed=CODE&mode=MODE[&level=K]` in the browser's address (procgen's one link
//! parser reads them, here and when a link is pasted into the seed box).
//!
//! Parsing is plain Rust (tested natively); only reading the address needs the browser.

use seedfeast_procgen::SeedInput;
use seedfeast_procgen::link::{parse_link, percent_encode};

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

/// The largest `level=K` a link may ask for.
pub(crate) const MAX_LINK_LEVEL: u32 = 9_999;

/// Reads `seed`, `mode` and `level` from a query string (`?seed=124MP-ANQ6N&mode=maze`,
/// `?mode=puzzle&seed=…&level=3`). The mode defaults to the first in the table; a bad code, a
/// code this build makes a different level from, an unknown mode or a level that isn't a number
/// is reported, never guessed at.
pub fn parse_query(query: &str, modes: &Modes) -> LinkRequest {
    let Some(link) = parse_link(query) else { return LinkRequest::None };
    let Some(seed) = link.seed else { return LinkRequest::None };
    let mode = match link.mode.as_deref() {
        None => modes.first(),
        Some(key) => match modes.by_key(key) {
            Some(mode) => mode,
            None => {
                return LinkRequest::Problem(format!(
                    "The link asks for a game called \"{key}\", which this version doesn't have (it has {})",
                    modes.keys()
                ));
            }
        },
    };
    let level = match link.level.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => match text.parse::<u32>() {
            Ok(level) if level <= MAX_LINK_LEVEL => Some(level),
            _ => {
                return LinkRequest::Problem(format!(
                    "The link's level \"{text}\" isn't a level number (0 to {MAX_LINK_LEVEL})"
                ));
            }
        },
    };
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
        let session = start("?mode=maze&seed=pizza+party&level=3");
        assert_eq!((session.mode, session.level), (by_key("maze").unwrap(), Some(3)));
        assert_eq!(start("?seed=x&level=").level, None, "an empty level is the start");
        let link = share_link("https://seedfeast.example/", &session);
        assert!(link.ends_with("&mode=maze&level=3"), "{link}");
        let opened = start(&link["https://seedfeast.example/".len()..]);
        assert_eq!((opened.seed, opened.mode, opened.level), (session.seed, session.mode, Some(3)));
        let start_of_run = Session { level: None, ..session };
        assert!(!share_link("https://seedfeast.example/", &start_of_run).contains("level"));
        for bad in ["-1", "two", "3.5", "10000"] {
            let LinkRequest::Problem(message) = parse_query(&format!("?seed=x&level={bad}"), &table()) else {
                panic!("{bad}")
            };
            assert!(message.contains(&format!("\"{bad}\"")) && message.contains("level"), "{message}");
        }
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
        assert!(message.contains("since version 2"), "an old arena code is refused: {message}");
    }
}
