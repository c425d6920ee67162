//! Seeds and the human seed codes players share: `1K3F9-QZ2MX`.
//!
//! A code is `version · data · check`, written in Crockford's base-32 alphabet
//! (`0-9A-Z` without `I L O U`, so nothing is confused when read aloud or typed):
//! - the first character is the generator version the code was made for (a digit, 1–9);
//! - then at least 8 data characters: the seed, most significant first (a 40-bit seed, as the
//!   game draws them, needs exactly 8; any `u64` fits in 13);
//! - last, a check character: Σ vᵢ·αⁱ⁺¹ over GF(32) (α a primitive element), which catches
//!   every single mistyped character and every swap of two neighbours.
//!
//! Decoding is case-insensitive, ignores hyphens and spaces, and reads `I`/`L` as `1` and `O`
//! as `0`, as Crockford's scheme does. Anything that does not look like a code (see
//! [`SeedInput::parse`]) is free text, hashed with 64-bit FNV-1a folded to 40 bits — a hash
//! defined byte by byte on the UTF-8 text, so every platform gets the same seed.

use std::fmt;

use unicode_normalization::UnicodeNormalization;

mod input_error;
pub use input_error::SeedInputError;

/// The generator version this build writes into seed codes. Bumped (and golden tests
/// re-pinned) whenever a change to any generator would give an old code a different level.
///
/// History: 1, the first four modes; 2, the Food Tunnel squeezes by intensity and arena challenge
/// rounds come closer as intensity rises (Runner, Maze and plain Tunnel levels are unchanged, so
/// their version-1 codes still play; see [`SeedCode::check_since`]); 3, the Maze braids its dead
/// ends into loops (only Maze codes from before are refused); 4, the Code puzzle's programs with
/// conditions come with variant worlds, and the curriculum's condition steps changed (issue #32;
/// only Code puzzle codes from before are refused); 5, Arena waves have threats that move (issue
/// #45; only Arena codes from before are refused).
pub const GENERATOR_VERSION: u8 = 5;
/// Versions this build reads; each generator says from which one its levels are unchanged.
pub(crate) const SUPPORTED_VERSIONS: &[u8] = &[1, 2, 3, 4, 5];

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const MIN_DATA_CHARS: usize = 8;
const MAX_DATA_CHARS: usize = 13;
/// Seeds the game draws and text hashes are folded to this many bits: 8 code characters.
pub const SEED_BITS: u32 = 40;
const SEED_MASK: u64 = (1 << SEED_BITS) - 1;

/// The root of every level: one number from which every generator's stream is derived.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Seed(pub u64);

impl Seed {
    /// A seed from 64 random bits (e.g. from the OS), trimmed to the 40 bits a short code holds.
    pub fn from_random_bits(bits: u64) -> Seed {
        Seed(bits & SEED_MASK)
    }

    /// The seed for free text such as `"pizza party"`: FNV-1a 64 over the UTF-8 bytes of the
    /// trimmed text in Unicode normal form C, lower-cased, folded to 40 bits by xoring the high
    /// bits onto the low. NFC makes text that looks the same give the same seed however it was
    /// typed (`é` as one code point or as `e` and a combining accent); ASCII text, and so every
    /// seed shared before this rule, is unchanged by it.
    ///
    /// ```
    /// use seedfeast_procgen::Seed;
    /// assert_eq!(Seed::from_text("Pizza Party"), Seed::from_text("  pizza party "));
    /// assert_ne!(Seed::from_text("pizza party"), Seed::from_text("pizza partY!"));
    /// assert_eq!(Seed::from_text("cr\u{e8}me"), Seed::from_text("cre\u{300}me"));
    /// ```
    pub fn from_text(text: &str) -> Seed {
        let composed: String = text.trim().nfc().collect();
        let normalised = composed.to_lowercase();
        Seed(fold_to_seed_bits(fnv1a64(normalised.as_bytes())))
    }

    /// The daily challenge seed for a UTC calendar date, the same for every player that day.
    pub fn daily(year: i32, month: u32, day: u32) -> Seed {
        let key = format!("seedfeast-daily-{year:04}-{month:02}-{day:02}");
        Seed(fold_to_seed_bits(fnv1a64(key.as_bytes())))
    }

    /// This seed's code for the current generator version.
    pub fn code(self) -> SeedCode {
        SeedCode { seed: self, version: GENERATOR_VERSION }
    }
}

/// 64-bit FNV-1a: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn fold_to_seed_bits(hash: u64) -> u64 {
    (hash ^ (hash >> SEED_BITS)) & SEED_MASK
}

/// A seed together with the generator version it was made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeedCode {
    pub seed: Seed,
    pub version: u8,
}

impl SeedCode {
    /// Whether this build still makes this code's level for a generator whose levels are
    /// unchanged since version `since` (a generator's `since_version`).
    ///
    /// ```
    /// use seedfeast_procgen::{Seed, SeedCode, SeedCodeError};
    /// let old = SeedCode { seed: Seed(7), version: 1 };
    /// assert_eq!(old.check_since(1), Ok(()));
    /// assert_eq!(old.check_since(2), Err(SeedCodeError::TooOld { version: 1, since: 2 }));
    /// ```
    pub fn check_since(&self, since: u8) -> Result<(), SeedCodeError> {
        if self.version < since { Err(SeedCodeError::TooOld { version: self.version, since }) } else { Ok(()) }
    }
}

impl fmt::Display for SeedCode {
    /// Groups of five characters joined by hyphens: `1K3F9-QZ2MX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbols = encode_symbols(self.seed.0, self.version);
        let text: Vec<char> = symbols.iter().map(|&v| ALPHABET[v as usize] as char).collect();
        for (i, chunk) in text.chunks(5).enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            f.write_str(&chunk.iter().collect::<String>())?;
        }
        Ok(())
    }
}

fn encode_symbols(seed: u64, version: u8) -> Vec<u8> {
    let mut data = Vec::with_capacity(MAX_DATA_CHARS);
    let mut rest = seed;
    while rest > 0 || data.len() < MIN_DATA_CHARS {
        data.push((rest & 31) as u8);
        rest >>= 5;
    }
    data.reverse();
    let mut symbols = Vec::with_capacity(data.len() + 2);
    symbols.push(version);
    symbols.extend(data);
    symbols.push(check_symbol(&symbols));
    symbols
}

/// What is wrong with a seed code, precisely enough to show the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedCodeError {
    /// A character outside the code alphabet; `position` counts from 1 over the characters typed.
    BadCharacter { character: char, position: usize },
    /// Too few or too many code characters (hyphens and spaces not counted).
    BadLength { found: usize },
    /// The check character does not match: some character was mistyped.
    CheckFailed,
    /// The code was made by a generator version this build cannot reproduce.
    UnknownVersion { version: u8 },
    /// The data characters hold more than 64 bits.
    TooLarge,
    /// The code is from a version whose levels of this mode this build makes differently.
    TooOld { version: u8, since: u8 },
}

impl fmt::Display for SeedCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedCodeError::BadCharacter { character, position } => write!(
                f,
                "'{}' at position {position} is not a seed-code character (codes use 0-9 and A-Z without I, L, O, U)",
                crate::shown::escaped(&character.to_string())
            ),
            SeedCodeError::BadLength { found } => write!(
                f,
                "a seed code has {} to {} characters, this one has {found}",
                MIN_DATA_CHARS + 2,
                MAX_DATA_CHARS + 2
            ),
            SeedCodeError::CheckFailed => {
                write!(f, "the check character does not match: a character was mistyped")
            }
            SeedCodeError::UnknownVersion { version } => write!(
                f,
                "this code was made by generator version {version}; this build plays versions {}",
                SUPPORTED_VERSIONS.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
            ),
            SeedCodeError::TooLarge => write!(f, "the code holds a number larger than 64 bits"),
            SeedCodeError::TooOld { version, since } => write!(
                f,
                "this code was made by generator version {version}; this build makes this game's levels \
                 differently since version {since}, so it can't replay that level: ask for a new code"
            ),
        }
    }
}

impl std::error::Error for SeedCodeError {}

impl std::str::FromStr for SeedCode {
    type Err = SeedCodeError;

    /// Decodes a code, checking characters, length, check character and version in that order.
    ///
    /// ```
    /// use seedfeast_procgen::{Seed, SeedCode, SeedCodeError};
    /// let code = Seed(123_456_789).code();
    /// let typed = code.to_string().to_lowercase().replace('-', "");
    /// assert_eq!(typed.parse::<SeedCode>(), Ok(code));
    /// assert!(matches!("1K3F9-QZ2MU".parse::<SeedCode>(), Err(SeedCodeError::BadCharacter { character: 'U', position: 11 })));
    /// ```
    fn from_str(text: &str) -> Result<SeedCode, SeedCodeError> {
        let mut symbols = Vec::new();
        for (index, character) in text.trim().chars().enumerate() {
            if character == '-' || character == ' ' {
                continue;
            }
            let value =
                symbol_value(character).ok_or(SeedCodeError::BadCharacter { character, position: index + 1 })?;
            symbols.push(value);
        }
        let found = symbols.len();
        if !(MIN_DATA_CHARS + 2..=MAX_DATA_CHARS + 2).contains(&found) {
            return Err(SeedCodeError::BadLength { found });
        }
        let (body, check) = symbols.split_at(found - 1);
        if check_symbol(body) != check[0] {
            return Err(SeedCodeError::CheckFailed);
        }
        let version = body[0];
        if !SUPPORTED_VERSIONS.contains(&version) {
            return Err(SeedCodeError::UnknownVersion { version });
        }
        let mut seed: u64 = 0;
        for &v in &body[1..] {
            if seed >> 59 != 0 {
                return Err(SeedCodeError::TooLarge);
            }
            seed = (seed << 5) | u64::from(v);
        }
        Ok(SeedCode { seed: Seed(seed), version })
    }
}

fn symbol_value(character: char) -> Option<u8> {
    let upper = match character.to_ascii_uppercase() {
        'I' | 'L' => '1',
        'O' => '0',
        other => other,
    };
    ALPHABET.iter().position(|&a| a as char == upper).map(|p| p as u8)
}

/// Multiplication in GF(32) with the primitive polynomial x⁵ + x² + 1.
fn gf32_mul(mut a: u8, mut b: u8) -> u8 {
    let mut product = 0;
    while b != 0 {
        if b & 1 != 0 {
            product ^= a;
        }
        b >>= 1;
        a <<= 1;
        if a & 0x20 != 0 {
            a ^= 0x25;
        }
    }
    product
}

/// Σ vᵢ·αⁱ⁺¹ in GF(32), α = x (the polynomial's root, a generator of the field).
fn check_symbol(symbols: &[u8]) -> u8 {
    let mut weight = 1u8;
    let mut sum = 0u8;
    for &v in symbols {
        weight = gf32_mul(weight, 2);
        sum ^= gf32_mul(v, weight);
    }
    sum
}

/// What a player typed into the seed box or passed to `--seed`: a code, or free text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedInput {
    Code(SeedCode),
    Text(String),
}

/// What a link asks for besides its seed, for the caller to use or refuse: the mode's key as the
/// link writes it (`None` when absent or empty) and its `level=K`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkAsks {
    pub mode: Option<String>,
    pub level: Option<u32>,
}

/// The longest text read as a seed: anything longer is surely not a seed someone typed.
pub const MAX_SEED_TEXT: usize = 200;

impl SeedInput {
    /// Reads a code, a link (its `seed=`), or free text.
    ///
    /// - A link or query pasted in (`https://…/?seed=124MP-ANQ6N&mode=maze`) is read for its seed.
    /// - Text shaped like a code — a version digit first, then code characters, 10 to 15 of them
    ///   not counting hyphens — is decoded strictly, so a typo in a code is reported rather than
    ///   silently hashed as text.
    /// - Text that becomes such a code once spaces between groups are dropped (`124MP ANQ6N`) or
    ///   a version digit typed as `l`, `I` or `O` is read (`l24MP-ANQ6N`) is decoded too, and
    ///   read as the code when it decodes; otherwise it is free text ([`SeedInput::reading`]
    ///   says so).
    /// - Anything else is free text.
    /// - A code in what people paste around one (quotes, backticks, `#`, `Seed:`, `SEED=`, a link
    ///   ending in the code or with `#seed=`, full-width digits, direction marks) is read as the
    ///   code; free text is hashed exactly as typed all the same.
    ///
    /// A link's mode and level are not read here: where a link may be given, use
    /// [`SeedInput::parse_asking`], which says what the link asks for besides its seed.
    pub fn parse(text: &str) -> Result<SeedInput, SeedInputError> {
        SeedInput::parse_asking(text).map(|(input, _)| input)
    }

    /// [`SeedInput::parse`], and what a link asks for besides its seed (its mode and level), for
    /// the caller to use or refuse: a link for one mode never plays another without a word
    /// (issue #51). A link with a key repeated or unknown, or a level that is no number, is
    /// refused.
    ///
    /// ```
    /// use seedfeast_procgen::{SeedInput, seed::LinkAsks};
    /// let (input, asks) = SeedInput::parse_asking("?seed=pizza&mode=maze&level=5").unwrap();
    /// assert_eq!(input, SeedInput::Text("pizza".into()));
    /// assert_eq!(asks, LinkAsks { mode: Some("maze".into()), level: Some(5) });
    /// assert_eq!(SeedInput::parse_asking("pizza").unwrap().1, LinkAsks::default());
    /// ```
    pub fn parse_asking(text: &str) -> Result<(SeedInput, LinkAsks), SeedInputError> {
        if text.len() > crate::link::MAX_LINK {
            let looks_like_link = text.trim_start().starts_with("http") || text.contains("?seed=");
            return Err(SeedInputError::TooLong { chars: text.chars().count(), link: looks_like_link });
        }
        // A link or query as the game makes it, inside quotes (read without them, so the last
        // value doesn't end in one) or as pasted.
        let candidate = crate::pasted::code_candidate(text);
        let read = |text: &str| crate::link::read_link(text).map_err(SeedInputError::Link);
        let link = match candidate.as_deref().map(read).transpose()?.flatten() {
            Some(link) => Some(link),
            None => read(text.trim())?,
        };
        match link {
            Some(link) => {
                let level = link.level_number().map_err(SeedInputError::Link)?;
                let seed = link.seed.ok_or(SeedInputError::LinkWithoutSeed)?;
                let input = SeedInput::parse_unwrapped(&seed, None)?;
                Ok((input, LinkAsks { mode: link.mode.filter(|m| !m.trim().is_empty()), level }))
            }
            None => Ok((SeedInput::parse_unwrapped(text, Some(candidate))?, LinkAsks::default())),
        }
    }

    /// Text that is not a link: the code inside its wrapping when there is one (`candidate`,
    /// when the caller has already looked), else the text as typed.
    fn parse_unwrapped(text: &str, candidate: Option<Option<String>>) -> Result<SeedInput, SeedInputError> {
        match candidate.unwrap_or_else(|| crate::pasted::code_candidate(text)) {
            Some(code) if !matches!(code_shape(&code), CodeShape::Text) => SeedInput::parse_plain(&code),
            _ => SeedInput::parse_plain(text),
        }
    }

    /// [`SeedInput::parse`] for text that is not a link (a link's own seed value).
    fn parse_plain(text: &str) -> Result<SeedInput, SeedInputError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(SeedInputError::Empty);
        }
        let chars = trimmed.chars().count();
        if chars > MAX_SEED_TEXT {
            return Err(SeedInputError::TooLong { chars, link: false });
        }
        match code_shape(trimmed) {
            CodeShape::Strict => trimmed.parse().map(SeedInput::Code).map_err(SeedInputError::Code),
            // Starting with a real version digit, it is a code with spaces for hyphens: a typo in
            // it is refused with the reason, never played as another level (issue #28).
            CodeShape::Lenient { compact, mended: false } => {
                compact.parse().map(SeedInput::Code).map_err(SeedInputError::Code)
            }
            // A first letter read as a digit may be a word ("lemon 12345"): text, unless it decodes.
            CodeShape::Lenient { compact, mended: true } => {
                Ok(compact.parse().map_or_else(|_| SeedInput::Text(trimmed.to_string()), SeedInput::Code))
            }
            CodeShape::Text => Ok(SeedInput::Text(trimmed.to_string())),
        }
    }

    pub fn seed(&self) -> Seed {
        match self {
            SeedInput::Code(code) => code.seed,
            SeedInput::Text(text) => Seed::from_text(text),
        }
    }

    /// How the input was read, for the seed screen: `read as the code 124MP-ANQ6N`, or
    /// `read as text: "pizza party"` (with why, when the text looked like a code).
    ///
    /// ```
    /// use seedfeast_procgen::SeedInput;
    /// let typed = SeedInput::parse("l24MP ANQ6X").unwrap();
    /// assert!(typed.reading().starts_with("read as text: \"l24MP ANQ6X\" (as a code"), "{}", typed.reading());
    /// ```
    pub fn reading(&self) -> String {
        match self {
            SeedInput::Code(code) => format!("read as the code {code}"),
            SeedInput::Text(text) => match self.doubt() {
                Some(doubt) => doubt,
                None => format!("read as text: \"{text}\""),
            },
        }
    }

    /// When text that looked like a code was read as text: how it was read and why it is not
    /// the code, for a tool to say on standard error (the game shows [`SeedInput::reading`]).
    pub fn doubt(&self) -> Option<String> {
        let SeedInput::Text(text) = self else { return None };
        let CodeShape::Lenient { compact, .. } = code_shape(text) else { return None };
        let error = compact.parse::<SeedCode>().err()?;
        Some(format!("read as text: \"{text}\" (as a code: {error})"))
    }
}

/// How text relates to the shape of a code.
enum CodeShape {
    /// A code as the game prints it (hyphens optional): decode strictly.
    Strict,
    /// A code once spaces are dropped and a confusable version digit is mended (`mended`):
    /// decode, and refuse a typo; a mended one may be a word, so it falls back to text.
    Lenient {
        compact: String,
        mended: bool,
    },
    Text,
}

fn code_shape(text: &str) -> CodeShape {
    let is_code_length = |n: usize| (MIN_DATA_CHARS + 2..=MAX_DATA_CHARS + 2).contains(&n);
    let compact: Vec<char> = text.chars().filter(|&c| c != '-').collect();
    if !text.contains(char::is_whitespace)
        && compact.first().is_some_and(char::is_ascii_digit)
        && is_code_length(compact.len())
    {
        return CodeShape::Strict;
    }
    // Spaces only between groups of code characters as the game prints them (fives, the last
    // shorter), and a version digit typed as a look-alike letter. One ungrouped run must hold a
    // digit past its first character, so words ("lemonlemon") stay words.
    let groups: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '-').filter(|g| !g.is_empty()).collect();
    let grouped = match groups.as_slice() {
        [] => false,
        [single] => single.chars().skip(1).any(|c| c.is_ascii_digit()),
        [init @ .., last] => init.iter().all(|g| g.chars().count() == 5) && last.chars().count() <= 5,
    };
    let mut lenient: Vec<char> = groups.concat().chars().collect();
    let mended = lenient.first().is_some_and(|first| !first.is_ascii_digit());
    if let Some(first) = lenient.first_mut() {
        *first = match *first {
            'l' | 'L' | 'i' | 'I' => '1',
            'o' | 'O' => '0',
            other => other,
        };
    }
    let all_code = lenient.iter().all(|&c| symbol_value(c).is_some());
    if grouped && all_code && lenient.first().is_some_and(char::is_ascii_digit) && is_code_length(lenient.len()) {
        CodeShape::Lenient { compact: lenient.into_iter().collect(), mended }
    } else {
        CodeShape::Text
    }
}

#[cfg(test)]
mod tests;
