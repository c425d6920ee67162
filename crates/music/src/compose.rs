//! Composing a loop: the style fixes the key, the chords and the tempo; the level's stream draws
//! a two-bar motif (a rhythm and a melodic contour), a second motif for the bridge and the bass's
//! figure. The form is A A' B A: the motif is heard, varied, left and heard again, each time
//! fitted to the chords under it, and the loop ends on its last chord's root.

use rand::Rng;

use crate::{BARS, HIGHEST, LOWEST, Note, STEPS_PER_BAR, Song, Style, Voice};

/// The draws composition uses, on the raw 64-bit output only, so they never change with `rand`.
struct Draws<'a, R: Rng + ?Sized>(&'a mut R);

impl<R: Rng + ?Sized> Draws<'_, R> {
    /// A float in [0, 1) from the top 24 bits.
    fn unit(&mut self) -> f32 {
        (self.0.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// An integer in [0, n), n > 0.
    fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.0.next_u64()) * u128::from(n)) >> 64) as u32
    }

    fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }
}

/// A motif: onsets within two bars and, for each, a step of the melody (in scale degrees).
struct Motif {
    onsets: Vec<u32>,
    contour: Vec<i32>,
}

/// How much each sixteenth of a bar invites a note: the downbeat most, then the beats, the
/// eighths, the sixteenths.
fn pull(step: u32) -> f32 {
    match step % STEPS_PER_BAR {
        0 => 3.0,
        s if s % 4 == 0 => 1.5,
        s if s % 2 == 0 => 0.8,
        _ => 0.3,
    }
}

fn motif<R: Rng + ?Sized>(draws: &mut Draws<R>, busyness: f32) -> Motif {
    let mut onsets = Vec::new();
    let mut contour = Vec::new();
    for step in 0..2 * STEPS_PER_BAR {
        // Both downbeats always sound, so every bar has its melody.
        if step % STEPS_PER_BAR == 0 || draws.chance((busyness * pull(step)).min(0.95)) {
            onsets.push(step);
            // Mostly steps, some skips, now and then a leap of a fourth.
            contour.push(match draws.below(10) {
                0..=2 => 1,
                3..=5 => -1,
                6 => 2,
                7 => -2,
                8 => 0,
                _ => {
                    if draws.chance(0.5) {
                        3
                    } else {
                        -3
                    }
                }
            });
        }
    }
    Motif { onsets, contour }
}

/// The MIDI pitch of scale degree `degree` (any integer) counted from `base`, a MIDI note on the
/// key's root.
fn pitch(style: &Style, base: i32, degree: i32) -> i32 {
    let scale = style.scale.intervals();
    let len = scale.len() as i32;
    base + 12 * degree.div_euclid(len) + i32::from(scale[degree.rem_euclid(len) as usize])
}

/// The chord of bar `bar`: its root's degree.
fn chord_root(style: &Style, bar: u32) -> i32 {
    i32::from(style.progression[(bar % style.progression.len() as u32) as usize])
}

/// The chord tone within the lead's range nearest `degree`: the chord's root, third or fifth in
/// scale degrees (every second degree, so in a pentatonic scale they are its notes a step apart).
/// Tones lie at most 3 degrees apart and the range is wider, so there is always one.
fn nearest_chord_tone(style: &Style, bar: u32, degree: i32) -> i32 {
    let len = style.scale.intervals().len() as i32;
    let root = chord_root(style, bar);
    ((degree - len).max(0)..=(degree + len).min(lead_span(style)))
        .filter(|d| [0, 2, 4].contains(&(d - root).rem_euclid(len)))
        .min_by_key(|d| ((d - degree).abs(), *d))
        .unwrap_or(root)
}

/// The lead's range in degrees above the lead's base: an octave and a third, whatever the scale.
fn lead_span(style: &Style) -> i32 {
    style.scale.intervals().len() as i32 + 2
}

/// The lead's base: the key's root in the octave above middle C, whatever octave the style names.
fn lead_base(style: &Style) -> i32 {
    60 + i32::from(style.root % 12)
}

fn play_motif(style: &Style, motif: &Motif, first_bar: u32, start_degree: i32, notes: &mut Vec<Note>) -> i32 {
    let base = lead_base(style);
    let mut degree = start_degree;
    for (i, (&onset, &step)) in motif.onsets.iter().zip(&motif.contour).enumerate() {
        let bar = first_bar + onset / STEPS_PER_BAR;
        degree = (degree + step).clamp(0, lead_span(style));
        // On the beats the melody lands on the chord; between them it passes through the scale.
        if onset % 4 == 0 {
            degree = nearest_chord_tone(style, bar, degree);
        }
        let next = motif.onsets.get(i + 1).copied().unwrap_or(2 * STEPS_PER_BAR);
        // A note holds until the next one, at most a beat, and never across its own bar's end
        // into the next motif.
        let length = (next - onset).min(4);
        let accent = if onset % 4 == 0 { 0.85 } else { 0.6 };
        notes.push(Note {
            start: first_bar * STEPS_PER_BAR + onset,
            length,
            pitch: pitch(style, base, degree).clamp(i32::from(LOWEST), i32::from(HIGHEST)) as u8,
            voice: Voice::Lead,
            velocity: accent,
        });
    }
    degree
}

/// The bass's figures in one bar: onsets, and whether each plays the chord's fifth.
const BASS_FIGURES: [&[(u32, bool)]; 4] = [
    &[(0, false), (8, false)],
    &[(0, false), (4, true), (8, false), (12, true)],
    &[(0, false), (6, false), (8, true), (14, false)],
    &[(0, false), (3, false), (8, true), (10, false)],
];

/// Composes the loop for one level. `rng` is the level's music stream, which nothing else reads.
pub fn compose<R: Rng + ?Sized>(style: &Style, rng: &mut R) -> Song {
    let mut draws = Draws(rng);
    let a = motif(&mut draws, style.busyness);
    let b = motif(&mut draws, style.busyness);
    let mut varied = Motif { onsets: a.onsets.clone(), contour: a.contour.clone() };
    // A': the motif's second bar answered differently.
    for (onset, step) in varied.onsets.iter().zip(varied.contour.iter_mut()) {
        if *onset >= STEPS_PER_BAR && draws.chance(0.6) {
            *step = -*step;
        }
    }
    let figure = BASS_FIGURES[draws.below(BASS_FIGURES.len() as u32) as usize];

    let mut notes = Vec::new();
    let start = chord_root(style, 0) + 2;
    let at = play_motif(style, &a, 0, start, &mut notes);
    let at = play_motif(style, &varied, 2, at, &mut notes);
    let at = play_motif(style, &b, 4, at, &mut notes);
    play_motif(style, &a, 6, at, &mut notes);
    end_on_the_root(style, &mut notes);

    // The bass sits in the octave from C2, whatever octave the style names.
    let bass_base = 36 + i32::from(style.root % 12);
    for bar in 0..BARS {
        let root = chord_root(style, bar);
        for (i, &(onset, fifth)) in figure.iter().enumerate() {
            let next = figure.get(i + 1).map_or(STEPS_PER_BAR, |next| next.0);
            let degree = if fifth { root + 4 } else { root };
            notes.push(Note {
                start: bar * STEPS_PER_BAR + onset,
                length: next - onset,
                pitch: pitch(style, bass_base, degree).clamp(i32::from(LOWEST), i32::from(HIGHEST)) as u8,
                voice: Voice::Bass,
                velocity: if onset == 0 { 0.9 } else { 0.7 },
            });
        }
        if style.drums {
            for beat in [0, 8] {
                notes.push(Note {
                    start: bar * STEPS_PER_BAR + beat,
                    length: 2,
                    pitch: 0,
                    voice: Voice::Kick,
                    velocity: 0.8,
                });
            }
            for step in (2..STEPS_PER_BAR).step_by(4) {
                notes.push(Note {
                    start: bar * STEPS_PER_BAR + step,
                    length: 1,
                    pitch: 0,
                    voice: Voice::Hat,
                    velocity: 0.5,
                });
            }
            if draws.chance(0.5) {
                let step = 1 + 2 * draws.below(STEPS_PER_BAR / 2);
                notes.push(Note {
                    start: bar * STEPS_PER_BAR + step,
                    length: 1,
                    pitch: 0,
                    voice: Voice::Hat,
                    velocity: 0.3,
                });
            }
        }
    }
    notes.sort_by_key(|note| (note.start, note.voice as u8, note.pitch));
    Song { style: *style, notes }
}

/// The loop comes home: its last lead note is the last chord's root, in the lead's register.
fn end_on_the_root(style: &Style, notes: &mut [Note]) {
    let Some(last) = notes.iter_mut().rev().find(|note| note.voice == Voice::Lead) else { return };
    let bar = last.start / STEPS_PER_BAR;
    let base = lead_base(style);
    let root = chord_root(style, bar);
    // The root's octave nearest the note it replaces, so the melody doesn't leap to get there.
    let choices = [root, root + style.scale.intervals().len() as i32];
    let here = i32::from(last.pitch);
    let degree = choices.into_iter().min_by_key(|d| (pitch(style, base, *d) - here).abs()).unwrap_or(root);
    last.pitch = pitch(style, base, degree).clamp(i32::from(LOWEST), i32::from(HIGHEST)) as u8;
}
