//! A submission's body, read and checked before anything is re-played: the JSON, the name, the
//! secret and the replay code (through the game's bounded decoder). Pure, so it can be fuzzed.

use seedfeast_procgen::replay::Replay;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// The most bytes a submission's body may hold: the longest replay code (64 KiB) and room for
/// the name, the secret and the JSON around them. More is answered 413 unread.
pub const MAX_BODY_BYTES: usize = 80 * 1024;

/// The name rule is procgen's, shared with the game.
pub use seedfeast_procgen::player_name::{MAX_NAME_CHARS, check_name};

/// A player's secret: the game makes 32 random characters; 16 to 128 printable ASCII are taken.
const SECRET_CHARS: std::ops::RangeInclusive<usize> = 16..=128;

/// Why a request was refused: the HTTP status and a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub error: String,
}

impl Refusal {
    pub fn new(status: u16, error: impl Into<String>) -> Refusal {
        Refusal { status, error: error.into() }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Body {
    replay: String,
    name: String,
    secret: String,
}

/// A submission whose every part was read: not yet re-played.
#[derive(Clone, Debug)]
pub struct Submission {
    pub replay: Replay,
    /// The replay code as sent (trimmed), which the board keeps for *Race this ghost*.
    pub code: String,
    pub name: String,
    /// SHA-256 of the player's secret, in hex: the player's identity on this server.
    pub player: String,
}

/// Reads a submission's body, or says what is wrong with it.
pub fn parse_submission(body: &[u8]) -> Result<Submission, Refusal> {
    if body.len() > MAX_BODY_BYTES {
        return Err(Refusal::new(
            413,
            format!("the request is {} bytes; at most {MAX_BODY_BYTES} are read", body.len()),
        ));
    }
    let body: Body = serde_json::from_slice(body).map_err(|e| {
        Refusal::new(400, format!("the body is not {{\"replay\", \"name\", \"secret\"}} JSON: {}", cut(&e.to_string())))
    })?;
    let name = check_name(&body.name).map_err(|e| Refusal::new(422, e))?;
    let player = player_id(&body.secret).map_err(|e| Refusal::new(422, e))?;
    let code = code_in(&body.replay).map_err(|e| Refusal::new(422, e))?;
    let replay =
        Replay::decode(&code).map_err(|e| Refusal::new(422, format!("bad replay code: {}", cut(&e.to_string()))))?;
    Ok(Submission { replay, code, name, player })
}

/// The replay code in the field: a link's `ghost=` part (a *Race my ghost* link pasted whole),
/// or the text itself.
fn code_in(text: &str) -> Result<String, String> {
    match seedfeast_procgen::link::parse_link(text) {
        Some(link) => link.ghost.ok_or_else(|| "that link holds no replay (a replay link has ghost=CODE)".to_string()),
        None => Ok(text.trim().to_string()),
    }
}

/// The fuzz target (`fuzz/fuzz_targets/submission.rs`, and the corpus smoke in this crate's
/// tests): any bytes as a submission's body. Promises: never a panic; a refusal is a 400, 413 or
/// 422 whose message is bounded (a body is never echoed whole); what is accepted holds a valid
/// name, a player id of a SHA-256 and a replay within the longest run any mode allows.
pub fn fuzz_submission(data: &[u8]) {
    match parse_submission(data) {
        Ok(submission) => {
            assert_eq!(check_name(&submission.name).as_deref(), Ok(submission.name.as_str()));
            assert_eq!(submission.player.len(), 64);
            let longest = seedfeast_procgen::modes::longest_replay_steps() as usize;
            assert!(submission.replay.inputs.len() <= longest, "{} steps", submission.replay.inputs.len());
        }
        Err(refusal) => {
            assert!(matches!(refusal.status, 400 | 413 | 422), "{refusal:?}");
            assert!(refusal.error.chars().count() <= 400, "a refusal echoes too much: {}", refusal.error);
        }
    }
}

/// The player's identity on this server: SHA-256 of their secret. The secret itself is never
/// stored or logged.
pub fn player_id(secret: &str) -> Result<String, String> {
    let count = secret.len();
    if !SECRET_CHARS.contains(&count) || !secret.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(format!(
            "the secret must be {} to {} printable ASCII characters (the game makes one per board server)",
            SECRET_CHARS.start(),
            SECRET_CHARS.end()
        ));
    }
    Ok(hex_digest(secret.as_bytes()))
}

/// SHA-256 in lowercase hex.
pub fn hex_digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// A message cut to a bounded length (a decoder's error may quote what it read).
fn cut(text: &str) -> String {
    const MAX: usize = 200;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    fn body(replay: &str, name: &str, secret: &str) -> Vec<u8> {
        serde_json::json!({ "replay": replay, "name": name, "secret": secret }).to_string().into_bytes()
    }

    #[test]
    fn secrets_are_hashed_and_bounded() {
        let id = player_id(SECRET).unwrap();
        assert_eq!(id.len(), 64);
        assert!(!id.contains(SECRET));
        assert_ne!(id, player_id("0123456789abcdef0123456789abcdeX").unwrap());
        assert!(player_id("short").is_err());
        assert!(player_id(&"x".repeat(129)).is_err());
        assert!(player_id("0123456789abcdef 0123456789abcdef").is_err(), "a space");
    }

    #[test]
    fn bodies_that_are_not_submissions_are_refused_with_reasons() {
        let refused = |bytes: &[u8]| parse_submission(bytes).unwrap_err();
        assert_eq!(refused(b"not json").status, 400);
        assert_eq!(refused(br#"{"replay":"x","name":"May"}"#).status, 400, "a missing secret");
        assert_eq!(refused(br#"{"replay":"x","name":"May","secret":"s","admin":true}"#).status, 400);
        assert_eq!(refused(&vec![b' '; MAX_BODY_BYTES + 1]).status, 413);
        let bad_name = refused(&body("AAAA", "<b>", SECRET));
        assert_eq!(bad_name.status, 422);
        assert!(bad_name.error.contains("name"), "{}", bad_name.error);
        let bad_code = refused(&body("AAAA", "May", SECRET));
        assert_eq!(bad_code.status, 422);
        assert!(bad_code.error.starts_with("bad replay code"), "{}", bad_code.error);
    }
}
