//! The interface every generator implements, below the modes: a [`Generate`] turns a
//! [`Request`] into a [`Level`] that prints itself, checks itself with its generator's
//! independent validator and reports what it measures; a [`ModeSpec`] is a mode's Bevy-free
//! row. Nothing here names a mode: the modes implement these, and the registry above them
//! ([`crate::modes`], [`crate::generator`]) lists them.
//!
//! The designer data a generator reads is a type parameter `D`: each mode asks for the parts it
//! reads ([`Part<T>`] of its own tuning, the shared curve and food table through [`Shared`]),
//! and the registry's [`crate::DataSet`], which holds every part, is the `D` the game, the
//! command line and the lab use. So a mode never names the data set, and the data set (which
//! names every mode's part) sits above the modes.

mod feed;
mod picture;
mod request;
mod shared;
mod sketch;
mod spec;

pub use feed::{Feed, digest_seeds};
pub use picture::{MAX_PICTURE_PIXELS, Picture, check_picture_size};
pub use request::{Opt, OptionSpec, Request, RequestError, check_options, reproduce};
pub use shared::SharedData;
pub use sketch::{MAX_ANIMATION_PIXELS, MAX_FRAME_PIXELS, MAX_FRAMES, Sketch, Sketches, sketch_points, sketches};
pub use spec::{ARCADE_RUN_SECONDS, MAX_VALIDATE_SEEDS, ModeSpec, STEPS_PER_SECOND, ValidateCap};

use std::path::Path;

use crate::data::DataError;
use crate::trace::{Limited, Step};
use crate::tuning::{DataFile, Tuning};
use crate::violation::Violation;
use crate::{FoodTable, IntensityCurve, Seed};

/// The data files every mode reads: the intensity curve and the food table.
pub const SHARED_DATA_FILES: &[DataFile] = &[DataFile::of::<IntensityCurve>(), DataFile::of::<FoodTable>()];

/// The data every mode shares: the intensity curve and the food table.
pub trait Shared {
    /// The intensity curve every mode shares.
    fn curve(&self) -> &IntensityCurve;
    /// The food table every mode shares.
    fn food(&self) -> &FoodTable;
}

/// A data set that holds a mode's own part, `T` (its tuning, its chunk library …).
pub trait Part<T>: Shared {
    fn part(&self) -> &T;
}

/// A mode's own part of the data: the shipped copy, or the files of an assets folder. A data file
/// that is the whole part (a [`Tuning`]) is one; a part of several files says how it loads.
pub(crate) trait ModeData: Sized {
    /// The shipped data, compiled in.
    fn shipped() -> Self;
    /// The part's files under an assets folder, checked; the first mistake names its file.
    fn from_assets(assets_dir: &Path) -> Result<Self, DataError>;
}

impl<T: Tuning> ModeData for T {
    fn shipped() -> T {
        T::built_in()
    }

    fn from_assets(assets_dir: &Path) -> Result<T, DataError> {
        T::load(assets_dir)
    }
}

/// The levels of one seed's sweep, each with the request that makes it again.
pub type Swept<D> = Vec<(Request, Box<dyn Level<D>>)>;

/// A generated level, whatever the generator, checked against data of type `D`.
pub trait Level<D: ?Sized> {
    /// The stable JSON document `gen … --format json` prints (field names are an interface).
    fn json(&self) -> String;
    /// A text picture for designers and tests.
    fn ascii(&self) -> String;
    /// An RGB picture, at most [`MAX_PICTURE_PIXELS`] (scaled down, or refused with a message).
    fn picture(&self) -> Result<Picture, RequestError>;
    /// Every promise the level breaks, by the generator's independent validator.
    fn violations(&self, data: &D) -> Vec<Violation>;
    /// The level's figures for sweeps and expressive-range plots (see each generator's docs).
    fn metrics(&self) -> Vec<(&'static str, f64)>;
}

/// The most one explanation holds, counted as [`Step::weight`]: its events and each candidate,
/// cell or tile they list. A level's whole narration, or a refusal that says so. (A 200-chunk
/// track with the shipped library weighs about 7,000; the cap keeps the largest request, with any
/// data, to tens of megabytes.)
pub const MAX_EXPLAINED: usize = 200_000;

/// One event of a generator's narration as the command line and the game show it: its rule, its
/// caption and detail lines, and the event itself as its mode serializes it (`rule` included).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Explained {
    pub rule: &'static str,
    pub caption: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<String>,
    pub event: serde_json::Value,
}

/// A trace limited to [`MAX_EXPLAINED`], for a generator's `explain`.
pub fn explain_trace<E>() -> Limited<E> {
    Limited::new(MAX_EXPLAINED)
}

/// A generator's events as [`Explained`] ones, or why not: the narration holds more than
/// [`MAX_EXPLAINED`] (`what` names the option that makes the level smaller).
pub fn explained<E: Step + serde::Serialize>(trace: Limited<E>, what: &str) -> Result<Vec<Explained>, RequestError> {
    let (events, left_out) = trace.into_parts();
    whole_story(left_out, what)?;
    Ok(tell(&events))
}

/// Refuses a narration that went on past [`MAX_EXPLAINED`] for `left_out` more events.
fn whole_story(left_out: u64, what: &str) -> Result<(), RequestError> {
    if left_out > 0 {
        return Err(RequestError(format!(
            "this level's story is longer than one explanation holds ({} events and the chunks, cells and \
             tiles they list; it went on for {left_out} more events): ask for a smaller level ({what})",
            thousands(MAX_EXPLAINED as u64)
        )));
    }
    Ok(())
}

/// Each event as the command line and the game show it.
fn tell<E: Step + serde::Serialize>(events: &[E]) -> Vec<Explained> {
    events
        .iter()
        .map(|event| Explained {
            rule: event.rule(),
            caption: event.caption(),
            details: event.details(),
            event: serde_json::to_value(event)
                .unwrap_or_else(|error| serde_json::json!({ "error": error.to_string() })),
        })
        .collect()
}

/// `200000` as `200,000`: the one digit grouping of the game, the lab and the command line.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A level generator reading data of type `D`.
pub trait Generate<D: ?Sized>: Sync {
    /// Its key: `runner`, `maze`, `arena`, `tunnel` …
    fn key(&self) -> &'static str;
    /// Its variants besides the plain one (`squeeze`).
    fn variants(&self) -> &'static [&'static str] {
        &[]
    }
    /// The first seed-code version whose levels this build still makes, for a variant: codes
    /// from earlier versions are refused for it rather than played differently.
    fn since_version(&self, _variant: Option<&str>) -> u8 {
        1
    }
    /// The options `gen` reads.
    fn options(&self) -> &'static [OptionSpec];
    /// The options `validate` reads (how far each seed is played).
    fn sweep_options(&self) -> &'static [OptionSpec];
    /// A small request that shows the start of a seed's level, for the seed screen's preview:
    /// made in a few milliseconds, and a picture of a few hundred pixels a side (the game scales
    /// it into its preview box). The default is the generator's own defaults.
    fn preview_request(&self, seed: Seed, variant: Option<&'static str>) -> Request {
        Request::new(seed, variant)
    }
    /// The level a request asks for.
    fn generate(&self, data: &D, request: &Request) -> Result<Box<dyn Level<D>>, RequestError>;
    /// How the level a request asks for was made: the generator's narration of the very level
    /// [`Generate::generate`] makes (see [`crate::trace`]), within [`MAX_EXPLAINED`].
    /// Not in the browser build, which needs only [`Generate::sketch`] (a method here is in every
    /// generator's vtable, so its code would be in the bundle whether called or not).
    #[cfg(not(target_arch = "wasm32"))]
    fn explain(&self, data: &D, request: &Request) -> Result<Vec<Explained>, RequestError>;
    /// The same narration as pictures: `frames` of the level part-made, each drawn from the
    /// events alone (see [`sketches`]), for `explain --format png` and the game's *How was this
    /// made?* (desktop and browser).
    fn sketch(&self, data: &D, request: &Request, frames: usize) -> Result<Sketches, RequestError>;
    /// What a sweep of one seed covers: sizes, floors, waves … as `validate` options set them.
    fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, depth: &Request) -> Vec<Request>;
    /// The levels of a sweep of one seed, each with the request that makes it again. Generators
    /// whose levels are a run (the arena's waves) override this to play the run once.
    fn sweep(
        &self,
        data: &D,
        seed: Seed,
        variant: Option<&'static str>,
        depth: &Request,
    ) -> Result<Swept<D>, RequestError> {
        self.sweep_requests(seed, variant, depth)
            .into_iter()
            .map(|request| self.generate(data, &request).map(|level| (request, level)))
            .collect()
    }
    /// The determinism digest of a variant: a hash of every field of the levels a fixed list of
    /// seeds makes (see [`crate::digest`]).
    fn digest(&self, data: &D, variant: Option<&'static str>) -> u64;
}

/// The JSON document for any `Serialize` level document, pretty-printed with a final newline.
pub fn to_json(document: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(document).unwrap_or_else(|error| format!("{{\"error\": \"{error}\"}}"));
    text.push('\n');
    text
}
