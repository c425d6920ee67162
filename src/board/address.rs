//! What a player types for a board (its address, their name), read as meant or refused with the
//! reason: the same rules as the server's, so a name the game takes is one the board takes.
//!
//! Hand-written rather than the `url` crate: a board address is a scheme, a host, a port and
//! perhaps a path, and `url` would bring its IDNA tables into the browser bundle for that.

/// The longest address kept (the save keeps 200 characters).
pub(crate) const MAX_ADDRESS: usize = 200;
pub use seedfeast_procgen::player_name::MAX_NAME_CHARS as MAX_NAME;

/// A board server's origin and path prefix, without a trailing slash:
/// `https://scores.example.org`, `http://127.0.0.1:8080`, `https://example.org/seedfeast`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardAddress(String);

impl BoardAddress {
    /// Reads what a player typed or a link named. Without a scheme, `https://` is meant, except
    /// for this machine and the local network's private addresses, which rarely have TLS.
    pub fn parse(typed: &str) -> Result<BoardAddress, String> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Err("type the board's address, e.g. scores.example.org".into());
        }
        if typed.chars().count() > MAX_ADDRESS {
            return Err(format!("an address is at most {MAX_ADDRESS} characters"));
        }
        let (scheme, rest) = match typed.split_once("://") {
            Some((scheme, rest)) => match scheme.to_ascii_lowercase().as_str() {
                "http" => ("http", rest),
                "https" => ("https", rest),
                _ => return Err(format!("a board is reached by http:// or https://, not {scheme}://")),
            },
            None => ("", typed),
        };
        if rest.contains(['?', '#']) {
            return Err("a board's address has no ? or # part: just the server (and a path, if any)".into());
        }
        let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
        if authority.contains('@') {
            return Err("a board's address has no user name or password in it".into());
        }
        let (host, port) = split_port(authority)?;
        check_host(host)?;
        let path = path.trim_end_matches('/');
        if let Some(bad) = path.chars().find(|c| !(c.is_ascii_alphanumeric() || "-._~/%".contains(*c))) {
            return Err(format!("the path after the server can't hold {bad:?}"));
        }
        let scheme = if scheme.is_empty() { if is_local(host) { "http" } else { "https" } } else { scheme };
        let host = host.to_ascii_lowercase();
        let port = port.map(|p| format!(":{p}")).unwrap_or_default();
        let path = if path.is_empty() { String::new() } else { format!("/{path}") };
        Ok(BoardAddress(format!("{scheme}://{host}{port}{path}")))
    }

    /// The address as kept and shown: `https://scores.example.org`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address without its scheme, short enough for a settings row: `scores.example.org`.
    pub fn short(&self) -> &str {
        self.0.split_once("://").map_or(&self.0, |(_, rest)| rest)
    }

    /// `POST` here to submit a run.
    pub(crate) fn runs_url(&self) -> String {
        format!("{}/api/v1/runs", self.0)
    }

    /// A board's entries as JSON: the top `limit`, or `limit` around `around` (a rank).
    pub(crate) fn entries_url(&self, mode: &str, code: &str, limit: u32, around: Option<u64>) -> String {
        let around = around.map(|rank| format!("&around={rank}")).unwrap_or_default();
        format!("{}/api/v1/boards/{mode}/{code}?limit={limit}{around}", self.0)
    }

    /// The board's page, for people: what *Share* adds.
    pub(crate) fn page_url(&self, mode: &str, code: &str) -> String {
        format!("{}/b/{mode}/{code}", self.0)
    }
}

fn split_port(authority: &str) -> Result<(&str, Option<u16>), String> {
    // An IPv6 literal keeps its colons inside brackets.
    let colon = if authority.starts_with('[') {
        authority.find(']').map(|end| end + 1).filter(|&end| authority[end..].starts_with(':'))
    } else {
        authority.rfind(':')
    };
    match colon {
        None => Ok((authority, None)),
        Some(at) => {
            let port = &authority[at + 1..];
            match port.parse::<u16>() {
                Ok(number) if number > 0 && port.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok((&authority[..at], Some(number)))
                }
                _ => Err(format!("the port must be a number from 1 to 65535, not {port:?}")),
            }
        }
    }
}

fn check_host(host: &str) -> Result<(), String> {
    if host.is_empty() {
        return Err("the address names no server".into());
    }
    if let Some(inner) = host.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or("an IPv6 address ends with ]")?;
        return inner.parse::<std::net::Ipv6Addr>().map(|_| ()).map_err(|_| format!("{host} is not an IPv6 address"));
    }
    let fine = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    if host.len() > 253 || !host.split('.').all(fine) {
        let hint = if host.is_ascii() { "" } else { " (write a name with accents in its xn-- form)" };
        return Err(format!("{host:?} is not a server name{hint}"));
    }
    Ok(())
}

/// This machine or a private network's address: plain http is what such a board usually has.
fn is_local(host: &str) -> bool {
    if host.eq_ignore_ascii_case("localhost") || host.ends_with(".local") || host == "[::1]" {
        return true;
    }
    match host.parse::<std::net::Ipv4Addr>() {
        Ok(ip) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        Err(_) => false,
    }
}

/// Checks a typed name by the board's rule (procgen's, the server's too): 1 to 20 letters,
/// digits, spaces or `._-`. Returns it trimmed.
pub fn check_name(typed: &str) -> Result<String, String> {
    seedfeast_procgen::player_name::check_name(typed.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(typed: &str) -> String {
        BoardAddress::parse(typed).map(|a| a.0).unwrap_or_else(|e| format!("refused: {e}"))
    }

    #[test]
    fn addresses_read_as_meant() {
        assert_eq!(read("scores.example.org"), "https://scores.example.org");
        assert_eq!(read("  Scores.Example.org/ "), "https://scores.example.org");
        assert_eq!(read("HTTP://127.0.0.1:8080/"), "http://127.0.0.1:8080");
        assert_eq!(read("127.0.0.1:8080"), "http://127.0.0.1:8080");
        assert_eq!(read("192.168.1.20:9000"), "http://192.168.1.20:9000");
        assert_eq!(read("localhost:3000"), "http://localhost:3000");
        assert_eq!(read("[::1]:8080"), "http://[::1]:8080");
        assert_eq!(read("https://example.org/seedfeast/"), "https://example.org/seedfeast");
        assert_eq!(read("8.8.8.8"), "https://8.8.8.8");
    }

    #[test]
    fn bad_addresses_say_what_is_wrong() {
        for (typed, says) in [
            ("", "type the board"),
            ("ftp://example.org", "not ftp://"),
            ("example.org:0", "port"),
            ("example.org:99999", "port"),
            ("example.org:80a", "port"),
            ("https://", "names no server"),
            ("user:pw@example.org", "user name"),
            ("exa mple.org", "not a server name"),
            ("-bad.example.org", "not a server name"),
            ("bücher.example", "xn--"),
            ("example.org/?seed=1", "no ? or #"),
            ("example.org/a b", "path"),
            ("[::zz]:80", "IPv6"),
        ] {
            let got = read(typed);
            assert!(got.starts_with("refused:") && got.contains(says), "{typed:?} gave {got:?}, wanted {says:?}");
        }
        assert!(read(&"a".repeat(MAX_ADDRESS + 1)).contains("at most"));
    }

    #[test]
    fn urls_are_built_under_the_address() {
        let board = BoardAddress::parse("https://example.org/seedfeast").unwrap();
        assert_eq!(board.runs_url(), "https://example.org/seedfeast/api/v1/runs");
        assert_eq!(
            board.entries_url("maze", "124MP-ANQ6N", 5, Some(12)),
            "https://example.org/seedfeast/api/v1/boards/maze/124MP-ANQ6N?limit=5&around=12"
        );
        assert_eq!(board.page_url("maze", "124MP-ANQ6N"), "https://example.org/seedfeast/b/maze/124MP-ANQ6N");
        assert_eq!(board.short(), "example.org/seedfeast");
    }

    #[test]
    fn names_follow_the_boards_rule() {
        assert_eq!(check_name("  Ana María "), Ok("Ana María".into()));
        assert_eq!(check_name("may_2.0-x"), Ok("may_2.0-x".into()));
        assert!(check_name("   ").is_err());
        assert!(check_name(&"a".repeat(21)).unwrap_err().contains("at most"));
        assert!(check_name("<script>").unwrap_err().contains("'<'"));
        assert!(check_name(&format!(" {} ", "a".repeat(MAX_NAME))).is_ok(), "spaces around are not counted");
    }
}
