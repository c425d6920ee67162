//! Replay codes: a run as text that fits a link (`?seed=CODE&mode=M&ghost=REPLAY`).
//!
//! A replay is the mode, the seed, the generator version, a hash of the rules and tuning it was
//! played under, the score and final-state hash it reached, and the player's input for every
//! fixed simulation step. The game packs each step's input into one 16-bit word (which bits mean
//! what is the game's business); here the words are run-length encoded (a player holds the same
//! keys for many steps) over a table of the few distinct words a run uses, framed with a
//! checksum, and written as URL-safe base64.
//!
//! Decoding never trusts the text: its length, every count and the sum of the runs are bounded
//! before anything is allocated, so a truncated, tampered or absurd code is an error with a
//! reason, in time and memory proportional to the (bounded) text.

use std::fmt;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::seed::{Seed, fnv1a64};

/// The layout of the bytes; a code in another layout is refused by number.
pub const REPLAY_FORMAT: u8 = 1;
/// The longest replay code read (pasted or from a file): 64 KiB of text.
pub const MAX_CODE_CHARS: usize = 64 * 1024;
/// The most steps a replay of any mode may hold before its mode is even read: the longest run
/// of the mode that may run longest (see [`crate::modes::ModeSpec::longest_run_seconds`]); a
/// replay of a known mode is held to that mode's own bound.
pub fn max_steps() -> u32 {
    crate::modes::longest_replay_steps()
}
/// The longest replay code a link carries; a longer one is shared as a file or pasted code.
pub(crate) const MAX_LINK_CODE: usize = 2000;
/// The most distinct inputs a replay may use (a step's input packs into ten bits).
const MAX_PALETTE: u32 = 1024;
/// The longest mode key a replay may name.
const MAX_MODE_KEY: usize = 32;

/// One recorded run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The mode's key (`runner`, `food-tunnel`).
    pub mode: String,
    pub seed: Seed,
    /// The generator version the level was made with.
    pub version: u8,
    /// A hash of the rules and tuning the run was played under.
    pub rules: u32,
    /// The score the run reached.
    pub score: u32,
    /// A hash of the game's state after the last step, to check a re-simulation against.
    pub state: u64,
    /// The player's input for each fixed step, in the game's packing.
    pub inputs: Vec<u16>,
}

/// Why a replay code can't be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Empty,
    TooLong {
        chars: usize,
    },
    NotBase64 {
        at: usize,
        found: char,
    },
    Truncated {
        reading: &'static str,
    },
    Checksum,
    Format {
        found: u8,
    },
    BadMode,
    /// More steps than the mode's longest run (`most`, in steps; `mode` is the mode's name, or
    /// `None` for a mode this build doesn't know).
    TooManySteps {
        steps: u64,
        most: u32,
        mode: Option<&'static str>,
    },
    Palette {
        count: u64,
    },
    RunsDisagree {
        steps: u32,
        runs_total: u64,
    },
    Trailing {
        bytes: usize,
    },
    /// A number larger than the game ever writes there (a score past `u32`, an input word past
    /// `u16`): the code was made by hand, not cut short (issue #51, 9).
    OutOfRange {
        reading: &'static str,
        value: u64,
        most: u64,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Empty => write!(f, "the replay code is empty"),
            ReplayError::TooLong { chars } => {
                write!(f, "the replay code is {chars} characters long; the most a replay can be is {MAX_CODE_CHARS}")
            }
            ReplayError::NotBase64 { at, found } => write!(
                f,
                "the replay code has {found:?} at character {}; codes use only letters, digits, '-' and '_'",
                at + 1
            ),
            ReplayError::Truncated { reading } => {
                write!(f, "the replay code ends too soon (while reading {reading}): was it cut off when copied?")
            }
            ReplayError::Checksum => write!(f, "the replay code's checksum doesn't match: it was changed or mistyped"),
            ReplayError::OutOfRange { reading, value, most } => write!(
                f,
                "the replay code gives {reading} as {value}, more than a run can reach ({most}): it was changed, \
                 not recorded by the game"
            ),
            ReplayError::Format { found } => write!(
                f,
                "the replay code is in format {found}; this version of Seedfeast reads format {REPLAY_FORMAT}"
            ),
            ReplayError::BadMode => write!(f, "the replay code names no valid mode"),
            ReplayError::TooManySteps { steps, most, mode } => {
                let minutes = most / crate::modes::STEPS_PER_SECOND / 60;
                match mode {
                    Some(name) => write!(
                        f,
                        "the replay claims {steps} steps, longer than {} {name} run can last ({most} steps, {minutes} \
                         minutes)",
                        crate::shown::a_or_an(name)
                    ),
                    None => write!(
                        f,
                        "the replay claims {steps} steps, longer than any run can last ({most} steps, {minutes} minutes)"
                    ),
                }
            }
            ReplayError::Palette { count } => {
                write!(f, "the replay's table of {count} inputs doesn't fit its runs (at most {MAX_PALETTE})")
            }
            ReplayError::RunsDisagree { steps, runs_total } => {
                write!(f, "the replay says {steps} steps but its inputs cover {runs_total}")
            }
            ReplayError::Trailing { bytes } => write!(f, "the replay code has {bytes} bytes after its end"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl Replay {
    /// The replay as URL-safe text: header, run-length-encoded inputs, checksum, in base64.
    pub fn encode(&self) -> String {
        let mut bytes = vec![REPLAY_FORMAT, self.version];
        let mode = &self.mode.as_bytes()[..self.mode.len().min(MAX_MODE_KEY)];
        bytes.push(mode.len() as u8);
        bytes.extend_from_slice(mode);
        bytes.extend_from_slice(&self.seed.0.to_le_bytes());
        bytes.extend_from_slice(&self.rules.to_le_bytes());
        put_varint(&mut bytes, u64::from(self.score));
        bytes.extend_from_slice(&self.state.to_le_bytes());
        put_varint(&mut bytes, self.inputs.len() as u64);
        // The distinct words, in order of first use, then each run as one varint: its length
        // less one, shifted past the bits that pick its word. A run of up to 64 steps of one of
        // two inputs (no key, jump) takes one byte.
        let (palette, index_of) = palette(&self.inputs);
        let bits = index_bits(palette.len());
        put_varint(&mut bytes, palette.len() as u64);
        for &word in &palette {
            put_varint(&mut bytes, u64::from(word));
        }
        for (word, run) in runs(&self.inputs) {
            let index = u64::from(index_of[usize::from(word)]);
            put_varint(&mut bytes, (u64::from(run) - 1) << bits | index);
        }
        frame(bytes)
    }

    /// Reads a replay code (surrounding whitespace ignored), or says why it can't be read.
    pub fn decode(text: &str) -> Result<Replay, ReplayError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ReplayError::Empty);
        }
        if text.len() > MAX_CODE_CHARS {
            return Err(ReplayError::TooLong { chars: text.chars().count() });
        }
        if let Some((at, found)) = text.chars().enumerate().find(|(_, c)| !is_code_char(*c)) {
            return Err(ReplayError::NotBase64 { at, found });
        }
        // Every character is in the alphabet, so only a length that can't end a byte fails here.
        let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| ReplayError::Truncated { reading: "the last byte" })?;
        if bytes.len() < 4 {
            return Err(ReplayError::Truncated { reading: "the header" });
        }
        let (body, sum) = bytes.split_at(bytes.len() - 4);
        if fnv1a64(body) as u32 != u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]) {
            return Err(ReplayError::Checksum);
        }
        read_body(&mut Reader { bytes: body, at: 0 })
    }

    /// Whether the code fits in a link.
    pub fn fits_link(code: &str) -> bool {
        code.len() <= MAX_LINK_CODE
    }
}

/// A body as a code: its checksum appended (FNV-1a, anyone can compute it, so it catches typos,
/// not forgeries) and the whole in URL-safe base64. Public for the structure-aware fuzz target,
/// which writes bodies field by field and frames them to reach every check behind the checksum.
pub fn frame(mut body: Vec<u8>) -> String {
    let checksum = fnv1a64(&body) as u32;
    body.extend_from_slice(&checksum.to_le_bytes());
    URL_SAFE_NO_PAD.encode(body)
}

/// LEB128, as the body's counts and runs are written (for the fuzz target's bodies).
pub fn push_varint(bytes: &mut Vec<u8>, value: u64) {
    put_varint(bytes, value);
}

fn is_code_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

fn read_body(reader: &mut Reader) -> Result<Replay, ReplayError> {
    let format = reader.byte("the format")?;
    if format != REPLAY_FORMAT {
        return Err(ReplayError::Format { found: format });
    }
    let version = reader.byte("the generator version")?;
    let mode_len = reader.byte("the mode")? as usize;
    if mode_len == 0 || mode_len > MAX_MODE_KEY {
        return Err(ReplayError::BadMode);
    }
    let mode = reader.take(mode_len, "the mode")?;
    let mode = std::str::from_utf8(mode).map_err(|_| ReplayError::BadMode)?.to_string();
    if !mode.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
        return Err(ReplayError::BadMode);
    }
    let seed = Seed(u64::from_le_bytes(reader.array("the seed")?));
    let rules = u32::from_le_bytes(reader.array("the rules hash")?);
    let score = reader.varint("the score")?;
    let score = u32::try_from(score).map_err(|_| ReplayError::OutOfRange {
        reading: "the score",
        value: score,
        most: u64::from(u32::MAX),
    })?;
    let state = u64::from_le_bytes(reader.array("the state hash")?);
    let steps = reader.varint("the step count")?;
    // A short code can claim a long run: the claim is held to the mode's longest run before a
    // single input is read, so what a code can cost to verify is bounded by the mode.
    let spec = crate::modes::by_key(&mode).filter(|spec| spec.replays);
    let most = spec.and_then(|spec| spec.longest_run_steps()).unwrap_or_else(max_steps);
    if steps > u64::from(most) {
        return Err(ReplayError::TooManySteps { steps, most, mode: spec.map(|spec| spec.name) });
    }
    let steps = steps as u32;
    let count = reader.varint("the inputs used")?;
    if count > u64::from(MAX_PALETTE) || (count == 0 && steps > 0) {
        return Err(ReplayError::Palette { count });
    }
    let mut palette = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let word = reader.varint("an input")?;
        let most = u64::from(u16::MAX);
        palette.push(u16::try_from(word).map_err(|_| ReplayError::OutOfRange {
            reading: "an input",
            value: word,
            most,
        })?);
    }
    let bits = index_bits(palette.len());
    let mut inputs = Vec::with_capacity(steps as usize);
    // Each run takes at least one byte, so this loop ends within the (bounded) body.
    while inputs.len() < steps as usize {
        let packed = reader.varint("an input's run")?;
        let word = palette.get((packed & ((1 << bits) - 1)) as usize).copied();
        let word = word.ok_or(ReplayError::Palette { count })?;
        // Checked: a forged run length near u64::MAX (its checksum is anyone's to compute) must be
        // refused, not overflow.
        let total = (packed >> bits).checked_add(1).and_then(|run| run.checked_add(inputs.len() as u64));
        let total = match total {
            Some(total) if total <= u64::from(steps) => total,
            _ => return Err(ReplayError::RunsDisagree { steps, runs_total: total.unwrap_or(u64::MAX) }),
        };
        let run = total - inputs.len() as u64;
        inputs.extend(std::iter::repeat_n(word, run as usize));
    }
    if reader.at != reader.bytes.len() {
        return Err(ReplayError::Trailing { bytes: reader.bytes.len() - reader.at });
    }
    Ok(Replay { mode, seed, version, rules, score, state, inputs })
}

/// The distinct words of `inputs`, in order of first use, and each word's place among them (a
/// table by word: linear in the inputs, where searching the list was steps × words).
fn palette(inputs: &[u16]) -> (Vec<u16>, Vec<u16>) {
    const UNSEEN: u16 = u16::MAX;
    let mut index_of = vec![UNSEEN; 1 << 16];
    let mut palette: Vec<u16> = Vec::new();
    for &word in inputs {
        let slot = &mut index_of[usize::from(word)];
        // A run uses at most 65,536 words, so a real index never reaches UNSEEN but for the last
        // word of a full table, which is checked against the list.
        if *slot == UNSEEN && palette.get(usize::from(UNSEEN)) != Some(&word) {
            *slot = palette.len() as u16;
            palette.push(word);
        }
    }
    (palette, index_of)
}

/// Bits that pick one of `n` palette words (none for one word).
fn index_bits(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

/// Consecutive equal words as (word, how many), each run at most `u32::MAX` long.
fn runs(words: &[u16]) -> Vec<(u16, u32)> {
    let mut out: Vec<(u16, u32)> = Vec::new();
    for &word in words {
        match out.last_mut() {
            Some((last, run)) if *last == word && *run < u32::MAX => *run += 1,
            _ => out.push((word, 1)),
        }
    }
    out
}

/// LEB128: seven bits a byte, low first, the top bit set on all but the last.
fn put_varint(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, reading: &'static str) -> Result<&'a [u8], ReplayError> {
        let end = self.at.checked_add(n).filter(|&end| end <= self.bytes.len());
        let end = end.ok_or(ReplayError::Truncated { reading })?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn byte(&mut self, reading: &'static str) -> Result<u8, ReplayError> {
        Ok(self.take(1, reading)?[0])
    }

    fn array<const N: usize>(&mut self, reading: &'static str) -> Result<[u8; N], ReplayError> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N, reading)?);
        Ok(out)
    }

    /// A varint of at most ten bytes (64 bits).
    fn varint(&mut self, reading: &'static str) -> Result<u64, ReplayError> {
        let mut value = 0u64;
        for shift in 0..10 {
            let byte = self.byte(reading)?;
            value |= u64::from(byte & 0x7f) << (7 * shift);
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(ReplayError::Truncated { reading })
    }
}

#[cfg(test)]
mod tests;
