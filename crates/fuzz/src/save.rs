//! The save file (`scores.ron`, or the browser's localStorage entry): whatever is on disk.

mod structured;

use seedfeast_save::{encode_save, parse_save, parse_save_bytes, read_save_bytes};

pub use structured::save_structured;

/// Parses the bytes as a store does: strictly, then entry by entry. Promise checked: a save that
/// parses encodes, and the encoding parses back to the same data (a store writes only what it can
/// read again); the same for what the entry-by-entry reader keeps of any input, whose messages
/// are of bounded length.
pub fn save(data: &[u8]) {
    if let Ok(parsed) = parse_save_bytes(data) {
        for mended in &parsed.mended {
            let _ = mended.to_string();
        }
        round_trips(&parsed.data);
    }
    if let Ok(read) = read_save_bytes(data) {
        for dropped in &read.dropped {
            assert!(dropped.to_string().chars().count() <= 1_000, "a message echoes too much: {dropped}");
        }
        round_trips(&read.data);
    }
}

fn round_trips(data: &seedfeast_save::SaveData) {
    let text = encode_save(data).unwrap_or_else(|error| panic!("a parsed save doesn't encode: {error}"));
    match parse_save(&text) {
        Ok(again) => assert_eq!(&again.data, data, "the save changed on a write and read:\n{text}"),
        Err(error) => panic!("an encoded save doesn't parse: {error}\n{text}"),
    }
}
