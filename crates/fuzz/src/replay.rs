//! Replay codes: what a friend pastes or a link carries in `ghost=`.

use seedfeast_procgen::replay::Replay;

/// Decodes the input as a replay code. Promise checked: a code that decodes encodes back to a
/// code that decodes to the same replay (bounded work either way: decoding caps the text, the
/// steps and the runs).
pub fn replay(data: &[u8]) {
    let text = crate::text(data);
    if let Ok(replay) = Replay::decode(&text) {
        let again = replay.encode();
        assert_eq!(Replay::decode(&again).as_ref(), Ok(&replay), "{again} doesn't read back");
    }
}
