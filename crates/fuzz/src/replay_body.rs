//! Replay bodies written field by field, framed with their right checksum (as a forger would:
//! the checksum is anyone's to compute), so every mutation reaches the checks behind it — the
//! counts, the table of inputs, the runs and the mode's longest run — instead of dying at the
//! checksum as byte-level mutations of a code do (issue #28: the overflow there was never found).

use arbitrary::Unstructured;
use seedfeast_procgen::modes::MODES;
use seedfeast_procgen::replay::{REPLAY_FORMAT, Replay, frame, max_steps, push_varint};

/// Builds a body from the input and decodes it. Promises checked: decoding never panics; a
/// replay that decodes holds no more steps than its mode's longest run, and encodes back to a
/// code that decodes to the same replay.
pub fn replay_body(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(body) = body(&mut u) else { return };
    let code = frame(body);
    if let Ok(replay) = Replay::decode(&code) {
        let most = MODES
            .iter()
            .find(|m| m.key == replay.mode && m.replays)
            .and_then(|m| m.longest_run_steps())
            .unwrap_or_else(max_steps);
        assert!(replay.inputs.len() <= most as usize, "{} steps of {} accepted", replay.inputs.len(), replay.mode);
        // The round trip of long replays is the `replay` target's and the unit tests' (each step
        // costs the same there); here it would spend the fuzzer's time re-filling inputs.
        if replay.inputs.len() <= ROUND_TRIP_STEPS {
            let again = replay.encode();
            assert_eq!(Replay::decode(&again).as_ref(), Ok(&replay), "{again} doesn't read back");
        }
    }
}

/// Replays up to this long are also encoded and decoded again.
const ROUND_TRIP_STEPS: usize = 10_000;

/// A number that is mostly small and sometimes anything, as real bodies and forgeries hold; now
/// and then one at a bound (a mode's longest run, one either side), which is where the checks are
/// (rarely: a claim that long that decodes fills that many inputs, which costs the fuzzer time).
fn number(u: &mut Unstructured, small: u64) -> arbitrary::Result<u64> {
    Ok(match u.int_in_range(0..=31u8)? {
        0..=2 => u64::MAX - u64::from(u.int_in_range(0..=3u8)?),
        3..=5 => u.arbitrary()?,
        6 => {
            let mode = u.choose(MODES)?;
            let most = mode.longest_run_steps().unwrap_or_else(max_steps);
            u64::from(most) + u64::from(u.int_in_range(0..=2u8)?) - 1
        }
        _ => u.int_in_range(0..=small)?,
    })
}

fn body(u: &mut Unstructured) -> arbitrary::Result<Vec<u8>> {
    let mut bytes = vec![if u.ratio(1, 16)? { u.arbitrary()? } else { REPLAY_FORMAT }, u.arbitrary()?];
    let mode: Vec<u8> = if u.ratio(1, 8)? { u.arbitrary()? } else { u.choose(MODES)?.key.as_bytes().to_vec() };
    bytes.push(if u.ratio(1, 16)? { u.arbitrary()? } else { mode.len() as u8 });
    bytes.extend_from_slice(&mode);
    bytes.extend_from_slice(&u.arbitrary::<[u8; 12]>()?);
    push_varint(&mut bytes, number(u, 100_000)?);
    bytes.extend_from_slice(&u.arbitrary::<[u8; 8]>()?);
    let steps = number(u, 8_000)?;
    push_varint(&mut bytes, steps);
    let palette = number(u, 6)?;
    push_varint(&mut bytes, palette);
    // A table too large is refused before its words are read: a few words are enough then (the
    // fuzzer spent its time writing and re-reading thousands).
    let words = if palette <= 1_024 { palette } else { palette.min(3) };
    for _ in 0..words {
        push_varint(&mut bytes, number(u, 1 << 12)?);
    }
    // Runs until the input is used up: their lengths and table indices as they come.
    while !u.is_empty() {
        push_varint(&mut bytes, number(u, 1 << 16)?);
        if u.ratio(1, 64)? {
            bytes.push(u.arbitrary()?);
        }
    }
    Ok(bytes)
}
