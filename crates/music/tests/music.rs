//! The music's promises over many seeds and every scale, a broken song caught by the validator,
//! and the samples and WAV it renders.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use seedfeast_music::{BARS, Note, RATE, STEPS_PER_BAR, Scale, Song, Style, Voice, Wave, check, compose, render, wav};

const SCALES: [Scale; 6] =
    [Scale::Major, Scale::Minor, Scale::Dorian, Scale::Mixolydian, Scale::MajorPentatonic, Scale::MinorPentatonic];

fn style(scale: Scale, root: u8) -> Style {
    Style {
        tempo_bpm: 128,
        root,
        scale,
        progression: [0, 3, 4, 0],
        lead: Wave::Square,
        bass: Wave::Triangle,
        busyness: 0.45,
        drums: true,
    }
}

fn song(style: &Style, seed: u64) -> Song {
    compose(style, &mut ChaCha8Rng::seed_from_u64(seed))
}

#[test]
fn every_song_keeps_its_promises_over_many_seeds_and_every_scale() {
    // Every key: the roots cover all twelve pitch classes, low and high.
    let roots = [0u8, 13, 26, 39, 52, 65, 78, 91, 104, 117, 127, 50];
    for (i, scale) in SCALES.into_iter().enumerate() {
        for (j, progression) in [[0, 3, 4, 0], [0, 5, 3, 4], [5, 3, 0, 4]].into_iter().enumerate() {
            let style = Style { progression, ..style(scale, roots[(i * 3 + j) % roots.len()]) };
            for seed in 0..700 {
                let song = song(&style, seed);
                let problems = check(&song);
                assert!(problems.is_empty(), "{scale:?} {progression:?} seed {seed}: {problems:?}");
            }
        }
    }
}

#[test]
fn the_same_seed_makes_the_same_song_and_seeds_differ() {
    let style = style(Scale::Dorian, 57);
    assert_eq!(song(&style, 42), song(&style, 42));
    let mut melodies: Vec<Vec<(u32, u8)>> =
        (0..200).map(|seed| song(&style, seed).voice(Voice::Lead).map(|n| (n.start, n.pitch)).collect()).collect();
    melodies.sort();
    melodies.dedup();
    assert!(melodies.len() >= 195, "only {} different melodies in 200 seeds", melodies.len());
}

/// Each rule, broken on purpose, is caught.
#[test]
fn a_broken_song_is_caught() {
    let style = style(Scale::Major, 60);
    let good = song(&style, 7);
    assert!(check(&good).is_empty());
    let broken = |change: &dyn Fn(&mut Vec<Note>)| {
        let mut song = good.clone();
        change(&mut song.notes);
        check(&song)
    };
    let first_lead = |notes: &mut Vec<Note>| notes.iter().position(|n| n.voice == Voice::Lead).unwrap();
    // C# is not in C major.
    let found = broken(&|notes| {
        let i = first_lead(notes);
        notes[i].pitch = 73;
    });
    assert!(found.iter().any(|p| p.contains("outside the scale")), "{found:?}");
    let found = broken(&|notes| notes.retain(|n| !(n.voice == Voice::Bass && n.start / STEPS_PER_BAR == 2)));
    assert!(found.iter().any(|p| p == "bar 3: no bass"), "{found:?}");
    let found = broken(&|notes| notes.retain(|n| !(n.voice == Voice::Lead && n.start / STEPS_PER_BAR == 5)));
    assert!(found.iter().any(|p| p == "bar 6: no melody"), "{found:?}");
    let found = broken(&|notes| {
        let i = first_lead(notes);
        notes[i].start = BARS * STEPS_PER_BAR - 1;
        notes[i].length = 4;
    });
    assert!(found.iter().any(|p| p.contains("leaves the loop")), "{found:?}");
    // The bass on the chord's third (E under a C chord) is in the scale but not the root.
    let found = broken(&|notes| {
        let i = notes.iter().position(|n| n.voice == Voice::Bass).unwrap();
        notes[i].pitch += 4;
    });
    assert!(found.iter().any(|p| p.starts_with("bar 1: the bass starts")), "{found:?}");
    let found = broken(&|notes| {
        let i = notes.iter().rposition(|n| n.voice == Voice::Lead).unwrap();
        notes[i].pitch += 2;
    });
    assert!(found.iter().any(|p| p.contains("not its last chord's root")), "{found:?}");
    let found = broken(&|notes| {
        let leads: Vec<usize> =
            notes.iter().enumerate().filter(|(_, n)| n.voice == Voice::Lead).map(|(i, _)| i).collect();
        notes[leads[1]].pitch = notes[leads[0]].pitch.saturating_sub(19).max(29);
    });
    assert!(found.iter().any(|p| p.contains("leaps")), "{found:?}");
}

#[test]
fn a_song_renders_to_one_level_loop_of_its_length() {
    for (i, scale) in SCALES.into_iter().enumerate() {
        let waves = [Wave::Sine, Wave::Triangle, Wave::Square, Wave::Pluck];
        let style = Style { lead: waves[i % 4], bass: waves[(i + 1) % 4], drums: i % 2 == 0, ..style(scale, 60) };
        let song = song(&style, i as u64);
        let samples = render(&song);
        let seconds = BARS as f32 * 4.0 * 60.0 / 128.0;
        assert_eq!(samples.len(), (seconds * RATE as f32).round() as usize, "{scale:?}");
        assert!(samples.iter().all(|s| s.is_finite()), "{scale:?}");
        let peak = samples.iter().fold(0.0f32, |p, s| p.max(s.abs()));
        assert!((peak - 0.7).abs() < 1e-4, "{scale:?} peaks at {peak}");
        // Not silence somewhere: every second of the loop has sound in it.
        for second in samples.chunks(RATE as usize) {
            let loudness = second.iter().map(|s| s * s).sum::<f32>() / second.len() as f32;
            assert!(loudness.sqrt() > 0.02, "{scale:?}: a quiet second ({loudness})");
        }
        assert_eq!(samples, render(&song), "rendering is deterministic");
    }
}

#[test]
fn the_wav_holds_the_samples() {
    let samples = [0.0, 0.5, -0.5, 1.0, -1.0, 2.0];
    let bytes = wav::encode(&samples, RATE);
    assert_eq!(&bytes[..4], b"RIFF");
    assert_eq!(&bytes[8..16], b"WAVEfmt ");
    assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), RATE);
    assert_eq!(u32::from_le_bytes(bytes[40..44].try_into().unwrap()), 12);
    assert_eq!(bytes.len(), 44 + 12);
    let read: Vec<i16> = bytes[44..].chunks(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
    assert_eq!(read, [0, 16_384, -16_384, 32_767, -32_767, 32_767], "rounded, and clamped to full scale");
}
