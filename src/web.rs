//! Links that start a level: `?seed=CODE&mode=MODE` in the browser's address.
//!
//! Parsing is plain Rust (tested natively); only reading the address needs the browser.

use seedfeast_procgen::SeedInput;

use crate::session::{Mode, Session};

/// What a link asks for: a level to start, or a message explaining why it can't.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkRequest {
    None,
    Start(Session),
    Problem(String),
}

/// Reads `seed` and `mode` from a query string (`?seed=124MP-ANQ6N&mode=maze`). The mode
/// defaults to the Runner; a bad code or an unknown mode is reported, never guessed at.
pub fn parse_query(query: &str) -> LinkRequest {
    let (mut seed, mut mode) = (None, None);
    for pair in query.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "seed" => seed = Some(percent_decode(value)),
            "mode" => mode = Some(percent_decode(value)),
            _ => {}
        }
    }
    let Some(seed) = seed else { return LinkRequest::None };
    let mode = match mode.as_deref() {
        None => Mode::Runner,
        Some(key) => match Mode::from_key(key) {
            Some(mode) => mode,
            None => {
                return LinkRequest::Problem(format!(
                    "The link asks for a game called \"{key}\", which this version doesn't have"
                ));
            }
        },
    };
    match SeedInput::parse(&seed) {
        Ok(input) => LinkRequest::Start(Session::from_input(mode, &input)),
        Err(error) => LinkRequest::Problem(format!("The link's seed doesn't work: {error}")),
    }
}

/// Decodes `+` and `%XX` escapes; malformed escapes are kept as typed.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| text.get(i + 1..i + 3).and_then(|hex| u8::from_str_radix(hex, 16).ok()))
            .flatten();
        match (bytes[i], escaped) {
            (_, Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'+', None) => {
                out.push(b' ');
                i += 1;
            }
            (byte, None) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
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
/// dropped) with `?seed=CODE&mode=MODE`.
pub fn share_link(page: &str, session: &Session) -> String {
    let page = page.split(['?', '#']).next().unwrap_or(page);
    format!("{page}?seed={}&mode={}", session.seed.code(), session.mode.key())
}

/// The page's address without its query (`https://host/path/index.html`), in the browser.
#[cfg(target_arch = "wasm32")]
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|window| {
            let location = window.location();
            Some(format!("{}{}", location.origin().ok()?, location.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Whether the link asks for the determinism digest (`?digest`).
pub fn wants_digest(query: &str) -> bool {
    query.trim_start_matches('?').split('&').any(|pair| pair == "digest" || pair.starts_with("digest="))
}

/// The digest lines as one text, the same format `seedfeast digest` prints.
pub fn digest_text(data: &crate::data::GameData) -> String {
    seedfeast_procgen::digest::all_digests(&data.digest_data())
        .into_iter()
        .map(|(mode, digest)| format!("{mode} {digest}\n"))
        .collect()
}

/// Writes a result into the page (a `<pre id="ID">`) and the console, for the end-to-end test to
/// read: the digest, to compare with the native one, and the storage self-check.
#[cfg(target_arch = "wasm32")]
pub fn publish(id: &str, text: &str) {
    let script = format!(
        "(() => {{ const pre = document.createElement('pre'); pre.id = {id:?}; pre.textContent = {text:?}; \
         document.body.appendChild(pre); console.log('seedfeast ' + pre.id + '\\n' + pre.textContent); }})()"
    );
    let _ = js_sys::eval(&script);
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::Seed;

    #[test]
    fn links_start_the_level_they_name() {
        let code = Seed(4242).code().to_string();
        let LinkRequest::Start(session) = parse_query(&format!("?seed={code}&mode=maze")) else { panic!() };
        assert_eq!((session.seed, session.mode), (Seed(4242), Mode::Maze));
        let LinkRequest::Start(session) = parse_query("?seed=pizza+party") else { panic!() };
        assert_eq!((session.seed, session.mode), (Seed::from_text("pizza party"), Mode::Runner));
        let LinkRequest::Start(session) = parse_query("?mode=food-tunnel&seed=pizza%20party") else { panic!() };
        assert_eq!((session.seed, session.mode), (Seed::from_text("pizza party"), Mode::FoodTunnel));
        assert_eq!(parse_query(""), LinkRequest::None);
        assert_eq!(parse_query("?mode=maze"), LinkRequest::None);
    }

    #[test]
    fn a_shared_link_opens_the_same_level() {
        let session = Session::from_input(Mode::Tunnel, &SeedInput::parse("pizza party").unwrap());
        let link = share_link("https://seedfeast.example/play/index.html?seed=OLD&mode=maze#top", &session);
        assert_eq!(link, format!("https://seedfeast.example/play/index.html?seed={}&mode=tunnel", session.seed.code()));
        let query = &link[link.find('?').unwrap()..];
        let LinkRequest::Start(opened) = parse_query(query) else { panic!("{link}") };
        assert_eq!((opened.seed, opened.mode), (session.seed, session.mode));
        for mode in Mode::ALL {
            let session = Session { mode, ..session.clone() };
            let link = share_link("http://127.0.0.1:8080/", &session);
            let query = &link["http://127.0.0.1:8080/".len()..];
            assert!(matches!(parse_query(query), LinkRequest::Start(s) if s.mode == mode), "{link}");
        }
    }

    #[test]
    fn the_digest_is_asked_for_by_name_and_matches_the_cli_format() {
        assert!(wants_digest("?digest") && wants_digest("?seed=x&digest=1") && !wants_digest("?seed=digest"));
        let text = digest_text(&crate::data::GameData::built_in());
        assert!(text.starts_with("runner ") && text.lines().count() == 4, "{text}");
    }

    #[test]
    fn bad_links_say_why() {
        let code = Seed(4242).code().to_string();
        let typo = format!("{}U", &code[..code.len() - 1]);
        let LinkRequest::Problem(message) = parse_query(&format!("?seed={typo}")) else { panic!() };
        assert!(message.contains("not a seed-code character"), "{message}");
        let LinkRequest::Problem(message) = parse_query("?seed=x&mode=tetris") else { panic!() };
        assert!(message.contains("\"tetris\""), "{message}");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%4"), "%4");
    }
}
