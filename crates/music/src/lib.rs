//! Music made from a level's seed (issue #34): each mode has a [`Style`] (tempo, key, scale, a
//! chord progression, the voices' timbres), and the level's own random stream picks the melody,
//! the rhythm and the bass figure within it. [`compose`] makes a [`Song`] (notes on a grid of
//! sixteenths), [`check`] is an independent validator of what a song promises, [`render`] turns
//! it into samples and [`wav`] into a file.
//!
//! Music is decoration: it reads a stream of its own (the caller passes it in, drawn from the
//! level's seed), never the gameplay's, so it can't change a level, a replay or a hash.
//!
//! Why no DSP crate: the synthesis is four oscillators, one envelope shape and a mix (about 150
//! lines in [`render`]); fundsp, the well-kept choice, would be a large generic dependency in
//! every build, the browser's included, for those.

mod check;
mod compose;
mod render;
pub mod wav;

pub use check::check;
pub use compose::compose;
pub use render::{RATE, render};

/// Sixteenths in a bar of 4/4.
pub const STEPS_PER_BAR: u32 = 16;
/// Bars in a song: the loop is this long.
pub const BARS: u32 = 8;
/// The lowest and highest MIDI notes a song may use (the renderer's range).
pub const LOWEST: u8 = 28;
pub const HIGHEST: u8 = 96;

/// A scale as semitones above its root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Major,
    Minor,
    Dorian,
    Mixolydian,
    MajorPentatonic,
    MinorPentatonic,
}

impl Scale {
    pub fn intervals(self) -> &'static [u8] {
        match self {
            Scale::Major => &[0, 2, 4, 5, 7, 9, 11],
            Scale::Minor => &[0, 2, 3, 5, 7, 8, 10],
            Scale::Dorian => &[0, 2, 3, 5, 7, 9, 10],
            Scale::Mixolydian => &[0, 2, 4, 5, 7, 9, 10],
            Scale::MajorPentatonic => &[0, 2, 4, 7, 9],
            Scale::MinorPentatonic => &[0, 3, 5, 7, 10],
        }
    }

    /// Whether the pitch class `semitones` above the root belongs to the scale.
    pub fn holds(self, semitones: u8) -> bool {
        self.intervals().contains(&(semitones % 12))
    }
}

/// An oscillator's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wave {
    Sine,
    Triangle,
    /// A square with its harshest edges rounded off.
    Square,
    /// A plucked string's quick decay over a triangle.
    Pluck,
}

/// How a mode's music sounds; the seed chooses the rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub tempo_bpm: u16,
    /// The key's root as a MIDI note (60 is middle C); only its pitch class counts: the lead
    /// sits from middle C up and the bass from C2.
    pub root: u8,
    pub scale: Scale,
    /// The chords, as scale degrees from 0, one per bar, repeated to fill the song.
    pub progression: [u8; 4],
    pub lead: Wave,
    pub bass: Wave,
    /// How many of the lead's sixteenths sound, roughly: 0.2 sparse, 0.6 busy.
    pub busyness: f32,
    /// A hi-hat on the off-beats and a soft kick on the beats.
    pub drums: bool,
}

/// One of the song's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Voice {
    Lead,
    Bass,
    Kick,
    Hat,
}

/// A note: when it starts and how long it lasts, in sixteenths, which MIDI pitch (unused by the
/// drums) and how loud (0..=1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    pub start: u32,
    pub length: u32,
    pub pitch: u8,
    pub voice: Voice,
    pub velocity: f32,
}

/// A composed loop.
#[derive(Clone, Debug, PartialEq)]
pub struct Song {
    pub style: Style,
    pub notes: Vec<Note>,
}

impl Song {
    /// The loop's length in sixteenths.
    pub fn steps(&self) -> u32 {
        BARS * STEPS_PER_BAR
    }

    /// The loop's length in seconds.
    pub fn seconds(&self) -> f32 {
        self.steps() as f32 * seconds_per_step(self.style.tempo_bpm)
    }

    /// The notes of one voice, in order.
    pub fn voice(&self, voice: Voice) -> impl Iterator<Item = &Note> {
        self.notes.iter().filter(move |note| note.voice == voice)
    }
}

/// A sixteenth's length at `tempo_bpm` quarter notes a minute.
pub fn seconds_per_step(tempo_bpm: u16) -> f32 {
    60.0 / f32::from(tempo_bpm.max(1)) / 4.0
}
