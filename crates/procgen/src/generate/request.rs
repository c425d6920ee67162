//! What a generator is asked for: a [`Request`] (a seed, a variant and the options that make
//! sense for it), the options a generator declares ([`OptionSpec`]), the checks of a request
//! against them, and the command that asks for the same level again ([`reproduce`]).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use crate::Seed;

/// An option a generator reads: its flag name, what it means for this generator, and its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub option: Opt,
    pub help: &'static str,
    /// The smallest and largest value accepted (each bound is what a player can reach, or what
    /// keeps a command within a minute and ~512 MB).
    pub min: u32,
    pub max: u32,
}

/// The options any generator may read; each generator lists those it does in
/// [`Generate::options`](crate::generate::Generate::options) (for `gen`) and [`Generate::sweep_options`](crate::generate::Generate::sweep_options) (for `validate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Opt {
    Chunks,
    Floor,
    Wave,
    Gates,
    Width,
    Height,
    /// Validate: how many floors (maze) or waves (arena) each seed is played.
    Floors,
    Waves,
    /// Dungeon: which dungeon of the seed (the number grows the layout).
    Dungeon,
    /// Dungeon: rooms per zone in visiting order (the value checked is how many zones).
    Zones,
    /// Code puzzle: the curriculum step.
    Level,
    /// Code puzzle: a solution program to build the level from (the value checked is its length
    /// in bytes).
    Code,
}

impl Opt {
    /// The command-line flag, without dashes.
    pub fn flag(self) -> &'static str {
        match self {
            Opt::Chunks => "chunks",
            Opt::Floor => "floor",
            Opt::Wave => "wave",
            Opt::Gates => "gates",
            Opt::Width => "width",
            Opt::Height => "height",
            Opt::Floors => "floors",
            Opt::Waves => "waves",
            Opt::Dungeon => "dungeon",
            Opt::Zones => "zones",
            Opt::Level => "level",
            Opt::Code => "code",
        }
    }
}

/// What to generate: a seed, a variant, and the options asked for, held by name: a generator
/// reads those it declares in its [`OptionSpec`]s (the command line refuses others before they get
/// here), so a new option is a new [`Opt`] and a line in its generator, never a new field here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    pub seed: Seed,
    /// A generator's variant (`squeeze` for the Food Tunnel), or `None` for the plain one.
    pub variant: Option<&'static str>,
    /// The numeric options asked for.
    numbers: BTreeMap<Opt, u32>,
    /// The Zone dungeon's rooms per zone (`--zones 4,6`).
    pub zones: Option<Vec<u32>>,
    /// The text of a solution program (`--code FILE`).
    pub code: Option<String>,
}

impl Request {
    pub fn new(seed: Seed, variant: Option<&'static str>) -> Request {
        Request { seed, variant, ..Request::default() }
    }

    /// This request with `option` set to `value` (zones and code: [`Request::zones`],
    /// [`Request::code`]).
    ///
    /// ```
    /// use seedfeast_procgen::{Seed, generate::{Opt, Request}};
    /// let request = Request::new(Seed(5), None).with(Opt::Chunks, 30);
    /// assert_eq!((request.get(Opt::Chunks), request.get(Opt::Floor)), (Some(30), None));
    /// ```
    pub fn with(mut self, option: Opt, value: u32) -> Request {
        self.set(option, value);
        self
    }

    /// This request with the Zone dungeon's rooms per zone, or the text of a program, where
    /// given.
    pub fn with_zones_and_code(mut self, zones: Option<Vec<u32>>, code: Option<String>) -> Request {
        (self.zones, self.code) = (zones, code);
        self
    }

    /// This request with each option that is `Some` set (the command line's flags).
    pub fn with_each(mut self, options: impl IntoIterator<Item = (Opt, Option<u32>)>) -> Request {
        for (option, value) in options {
            if let Some(value) = value {
                self.set(option, value);
            }
        }
        self
    }

    /// The value of `option` in this request, if set (for zones, how many; for code, its bytes).
    pub fn get(&self, option: Opt) -> Option<u32> {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        match option {
            Opt::Zones => self.zones.as_ref().map(|z| count(z.len())),
            Opt::Code => self.code.as_ref().map(|c| count(c.len())),
            _ => self.numbers.get(&option).copied(),
        }
    }

    /// Sets a numeric `option`. Zones and code are not numbers: they are set as
    /// [`Request::zones`] and [`Request::code`], and asking this for them is a mistake in the
    /// caller (a debug build panics; a release build leaves the request as it was).
    pub fn set(&mut self, option: Opt, value: u32) {
        debug_assert!(!matches!(option, Opt::Zones | Opt::Code), "--{} is not a number option", option.flag());
        if !matches!(option, Opt::Zones | Opt::Code) {
            self.numbers.insert(option, value);
        }
    }

    /// `option`'s value, or the default the generator's spec gives.
    pub fn or(&self, option: Opt, default: u32) -> u32 {
        self.get(option).unwrap_or(default)
    }

    /// Every option set, in [`Opt`]'s order, with its value as [`Request::get`] gives it.
    pub fn options(&self) -> impl Iterator<Item = (Opt, u32)> + '_ {
        let mut set: Vec<(Opt, u32)> = self.numbers.iter().map(|(&o, &v)| (o, v)).collect();
        set.extend([Opt::Zones, Opt::Code].into_iter().filter_map(|o| self.get(o).map(|v| (o, v))));
        set.sort_by_key(|&(option, _)| option);
        set.into_iter()
    }
}

/// Why a request can't be met: a message for the person who asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError(pub String);

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RequestError {}

/// Checks each set option against `specs`: one the generator doesn't read, or a value out of its
/// range, is refused with a message that says which options it does read.
pub fn check_options(generator: &str, specs: &[OptionSpec], request: &Request) -> Result<(), RequestError> {
    for (option, value) in request.options() {
        let Some(spec) = specs.iter().find(|s| s.option == option) else {
            let reads: Vec<String> = specs.iter().map(|s| format!("--{}", s.option.flag())).collect();
            let reads = if reads.is_empty() { "no options".to_string() } else { reads.join(", ") };
            return Err(RequestError(format!(
                "--{} does not apply to the {generator} generator (it reads {reads})",
                option.flag()
            )));
        };
        if option == Opt::Code && value > spec.max {
            // Its value is the program's length, not a number anyone typed (issue #51, 9).
            return Err(RequestError(format!(
                "--code: the program is {} bytes, more than the {} a program may hold",
                crate::generate::thousands(u64::from(value)),
                crate::generate::thousands(u64::from(spec.max))
            )));
        }
        if !(spec.min..=spec.max).contains(&value) {
            return Err(RequestError(format!(
                "--{} {value} is out of range for {generator}: {}..={} ({})",
                option.flag(),
                spec.min,
                spec.max,
                spec.help
            )));
        }
    }
    Ok(())
}

/// The command that makes a level again: `seedfeast gen KEY --seed CODE` and the options of its
/// request, as `seedfeast validate` and `seedfeast lab sweep` print them, and `--assets DIR`
/// when the data came from a folder rather than the built-in copy.
///
/// ```
/// use seedfeast_procgen::{Seed, generate::{Request, reproduce}};
/// let request = Request::new(Seed(5), None).with(seedfeast_procgen::generate::Opt::Chunks, 30);
/// assert_eq!(reproduce("runner", &request, None), format!("seedfeast gen runner --seed {} --chunks 30", Seed(5).code()));
/// ```
pub fn reproduce(key: &str, request: &Request, assets: Option<&Path>) -> String {
    let mut command = format!("seedfeast gen {key} --seed {}", request.seed.code());
    // The options `gen` reads (`floors`, `waves` are how deep `validate` plays; a `--code`
    // program is a file, not a flag value).
    for (option, value) in request.options() {
        match option {
            Opt::Floors | Opt::Waves | Opt::Code => {}
            Opt::Zones => {
                let list: Vec<String> = request.zones.iter().flatten().map(u32::to_string).collect();
                command.push_str(&format!(" --zones {}", list.join(",")));
            }
            _ => command.push_str(&format!(" --{} {value}", option.flag())),
        }
    }
    if let Some(assets) = assets {
        command.push_str(&format!(" --assets {}", shell_word(&assets.display().to_string())));
    }
    command
}

/// `text` as one shell word: as it is when it is plain, else in single quotes.
fn shell_word(text: &str) -> String {
    let plain = !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+:,=@".contains(c));
    if plain { text.to_string() } else { format!("'{}'", text.replace('\'', "'\\''")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec { option: Opt::Floor, help: "which floor", min: 1, max: 10 },
        OptionSpec { option: Opt::Width, help: "width", min: 1, max: 99 },
    ];

    #[test]
    fn options_a_generator_does_not_read_are_refused_by_name() {
        let request = Request::new(Seed(1), None).with(Opt::Chunks, 5);
        let error = check_options("grid", SPECS, &request).unwrap_err().to_string();
        assert!(
            error.contains("--chunks does not apply to the grid generator") && error.contains("--floor"),
            "{error}"
        );
        let request = Request::new(Seed(1), None).with(Opt::Floor, 0);
        let error = check_options("grid", SPECS, &request).unwrap_err().to_string();
        assert!(error.contains("--floor 0 is out of range for grid: 1..=10 (which floor)"), "{error}");
        let error = check_options("grid", &[], &request).unwrap_err().to_string();
        assert!(error.contains("(it reads no options)"), "{error}");
    }

    #[test]
    fn reproduce_names_every_option_of_the_request() {
        let mut request = Request::new(Seed(5), None).with_each([(Opt::Width, Some(7)), (Opt::Floor, Some(3))]);
        request.zones = Some(vec![4, 6]);
        let code = Seed(5).code();
        assert_eq!(
            reproduce("grid", &request, None),
            format!("seedfeast gen grid --seed {code} --floor 3 --width 7 --zones 4,6")
        );
        assert_eq!(
            reproduce("line", &Request::new(Seed(5), None), Some(Path::new("my assets"))),
            format!("seedfeast gen line --seed {code} --assets 'my assets'")
        );
        assert_eq!(shell_word("it's"), "'it'\\''s'");
    }
}
