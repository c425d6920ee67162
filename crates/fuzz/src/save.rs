//! The save file (`scores.ron`, or the browser's localStorage entry): whatever is on disk.

use seedfeast_save::{encode_save, parse_save, parse_save_bytes};

/// Parses the bytes as a store does. Promise checked: a save that parses encodes, and the
/// encoding parses back to the same data (a store writes only what it can read again).
pub fn save(data: &[u8]) {
    let Ok(parsed) = parse_save_bytes(data) else { return };
    for mended in &parsed.mended {
        let _ = mended.to_string();
    }
    let text = encode_save(&parsed.data).unwrap_or_else(|error| panic!("a parsed save doesn't encode: {error}"));
    match parse_save(&text) {
        Ok(again) => assert_eq!(again.data, parsed.data, "the save changed on a write and read:\n{text}"),
        Err(error) => panic!("an encoded save doesn't parse: {error}\n{text}"),
    }
}
