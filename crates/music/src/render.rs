//! Turning a song into samples: one oscillator per note with a short attack and a decay, a
//! pitch-swept sine for the kick and a noise burst for the hat, mixed, softly limited and
//! levelled. The loop is seamless: a note still sounding at the end carries on at the start.

use crate::{Note, Song, Voice, Wave, seconds_per_step};

/// Samples a second: the sound effects' rate, so both players handle one rate.
pub const RATE: u32 = 22_050;

/// How loud each part sits in the mix.
fn gain(voice: Voice) -> f32 {
    match voice {
        Voice::Lead => 0.22,
        Voice::Bass => 0.26,
        Voice::Kick => 0.45,
        Voice::Hat => 0.07,
    }
}

fn frequency(pitch: u8) -> f32 {
    440.0 * 2f32.powf((f32::from(pitch) - 69.0) / 12.0)
}

/// One cycle of `wave` at `phase` (0..1).
fn oscillator(wave: Wave, phase: f32) -> f32 {
    match wave {
        Wave::Sine => (phase * std::f32::consts::TAU).sin(),
        Wave::Triangle | Wave::Pluck => 4.0 * (phase - (phase + 0.5).floor()).abs() - 1.0,
        // Odd harmonics up to the 7th: square enough to read as chiptune, soft enough to sit under
        // the effects.
        Wave::Square => {
            let x = phase * std::f32::consts::TAU;
            (x.sin() + (3.0 * x).sin() / 3.0 + (5.0 * x).sin() / 5.0 + (7.0 * x).sin() / 7.0) * 0.9
        }
    }
}

/// The loudness of a note `t` seconds after it starts, `held` seconds long.
fn envelope(wave: Wave, t: f32, held: f32) -> f32 {
    let attack = (t / 0.006).min(1.0);
    let body = match wave {
        Wave::Pluck => (-t * 7.0).exp(),
        _ => 0.55 + 0.45 * (-t * 12.0).exp(),
    };
    let release = if t > held { (1.0 - (t - held) / 0.06).max(0.0) } else { 1.0 };
    attack * body * release
}

/// A tiny deterministic noise source for the hat (xorshift32).
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// The song as mono samples at [`RATE`], peaking at 0.7.
pub fn render(song: &Song) -> Vec<f32> {
    let step = seconds_per_step(song.style.tempo_bpm);
    let total = (song.seconds() * RATE as f32).round() as usize;
    let mut out = vec![0.0f32; total.max(1)];
    for (index, note) in song.notes.iter().enumerate() {
        add_note(&mut out, song, note, step, index as u32);
    }
    // A soft limit where parts pile up, then one level for every song.
    for sample in &mut out {
        *sample = sample.tanh();
    }
    let peak = out.iter().fold(0.0f32, |peak, s| peak.max(s.abs()));
    if peak > 0.0 {
        for sample in &mut out {
            *sample *= 0.7 / peak;
        }
    }
    out
}

fn add_note(out: &mut [f32], song: &Song, note: &Note, step: f32, index: u32) {
    let len = out.len();
    let rate = RATE as f32;
    let begin = (note.start as f32 * step * rate) as usize;
    let held = note.length as f32 * step;
    let level = gain(note.voice) * note.velocity;
    let (ring, mut noise) = (held + 0.06, Noise(0x9E37_79B9 ^ index.wrapping_mul(0x85EB_CA6B) | 1));
    let samples = match note.voice {
        Voice::Kick => 0.16,
        Voice::Hat => 0.05,
        _ => ring,
    } * rate;
    let mut phase = 0.0f32;
    let mut last_noise = 0.0f32;
    for i in 0..samples as usize {
        let t = i as f32 / rate;
        let value = match note.voice {
            Voice::Lead | Voice::Bass => {
                let wave = if note.voice == Voice::Lead { song.style.lead } else { song.style.bass };
                phase = (phase + frequency(note.pitch) / rate).fract();
                oscillator(wave, phase) * envelope(wave, t, held)
            }
            Voice::Kick => {
                // A sine falling from 120 Hz to 45 Hz: a soft thump.
                let hz = 45.0 + 75.0 * (-t * 30.0).exp();
                phase = (phase + hz / rate).fract();
                (phase * std::f32::consts::TAU).sin() * (-t * 22.0).exp()
            }
            Voice::Hat => {
                // White noise with its low end taken off (a first difference), quickly gone.
                let white = noise.next();
                let bright = white - last_noise;
                last_noise = white;
                bright * (-t * 90.0).exp()
            }
        };
        out[(begin + i) % len] += value * level;
    }
}
