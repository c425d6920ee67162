//! What a player types for a board (its address, their name), read as meant or refused with the
//! reason: the same rules as the server's, so a name the game takes is one the board takes.
//!
//! The address's rules and normal form live in the save crate (`seedfeast_save::board_address`),
//! which keys the boards' secrets and waiting runs by it.

/// The longest address kept (the save keeps 200 characters).
pub(crate) const MAX_ADDRESS: usize = seedfeast_save::BOARD_ADDRESS_MAX_CHARS;
pub use seedfeast_procgen::player_name::MAX_NAME_CHARS as MAX_NAME;

/// A board server's origin and path prefix, without a trailing slash:
/// `https://scores.example.org`, `http://127.0.0.1:8080`, `https://example.org/seedfeast`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardAddress(String);

impl BoardAddress {
    /// Reads what a player typed or a link named. Without a scheme, `https://` is meant, except
    /// for this machine and the local network's private addresses, which rarely have TLS. The
    /// normal form is the save's ([`seedfeast_save::board_address`]): the one key a board's
    /// secret and waiting runs are kept under, whatever spelling reached it (issue #51).
    pub fn parse(typed: &str) -> Result<BoardAddress, String> {
        seedfeast_save::board_address(typed).map(BoardAddress)
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
