//! What a composed song promises, checked from the notes alone (sharing no code with
//! [`crate::compose`]): every note inside the loop and the renderer's range, the lead and bass in
//! the key's scale, every bar's bass starting on its chord's root, every bar's melody starting on
//! a tone of its chord, no leap wider than an octave, and the loop ending on its last chord's root.

use crate::{BARS, HIGHEST, LOWEST, STEPS_PER_BAR, Song, Style, Voice};

/// The pitch classes (0..12) of the chord of bar `bar`.
fn chord_classes(style: &Style, bar: u32) -> Vec<u8> {
    let scale = style.scale.intervals();
    let root = usize::from(style.progression[bar as usize % style.progression.len()]);
    [0, 2, 4].iter().map(|third| (style.root + scale[(root + third) % scale.len()]) % 12).collect()
}

/// Every broken promise, as a sentence; empty for a good song.
pub fn check(song: &Song) -> Vec<String> {
    let style = &song.style;
    let steps = BARS * STEPS_PER_BAR;
    let mut problems = Vec::new();
    for note in &song.notes {
        if note.length == 0 || note.start.saturating_add(note.length) > steps {
            problems.push(format!(
                "a {:?} note at step {} (length {}) leaves the loop",
                note.voice, note.start, note.length
            ));
        }
        if !(note.velocity > 0.0 && note.velocity <= 1.0) {
            problems.push(format!("a {:?} note at step {} has velocity {}", note.voice, note.start, note.velocity));
        }
        if matches!(note.voice, Voice::Lead | Voice::Bass) {
            if !(LOWEST..=HIGHEST).contains(&note.pitch) {
                problems.push(format!(
                    "a {:?} note at step {} is pitch {}, out of range",
                    note.voice, note.start, note.pitch
                ));
            }
            let above_root = (note.pitch + 12 - style.root % 12) % 12;
            if !style.scale.holds(above_root) {
                problems.push(format!(
                    "a {:?} note at step {} (pitch {}) is outside the scale",
                    note.voice, note.start, note.pitch
                ));
            }
        }
    }
    for bar in 0..BARS {
        let in_bar = |voice| song.voice(voice).filter(move |n| n.start / STEPS_PER_BAR == bar);
        let chord = chord_classes(style, bar);
        match in_bar(Voice::Bass).min_by_key(|n| n.start) {
            Some(first) if first.start % STEPS_PER_BAR == 0 && first.pitch % 12 == chord[0] => {}
            Some(first) => problems.push(format!(
                "bar {}: the bass starts on pitch {} at step {}, not the chord's root",
                bar + 1,
                first.pitch,
                first.start
            )),
            None => problems.push(format!("bar {}: no bass", bar + 1)),
        }
        match in_bar(Voice::Lead).min_by_key(|n| n.start) {
            Some(first) if chord.contains(&(first.pitch % 12)) => {}
            Some(first) => problems.push(format!(
                "bar {}: the melody starts on pitch {}, not a tone of its chord",
                bar + 1,
                first.pitch
            )),
            None => problems.push(format!("bar {}: no melody", bar + 1)),
        }
    }
    let lead: Vec<_> = song.voice(Voice::Lead).collect();
    for pair in lead.windows(2) {
        if pair[0].pitch.abs_diff(pair[1].pitch) > 12 {
            problems.push(format!(
                "the melody leaps from {} to {} at step {}",
                pair[0].pitch, pair[1].pitch, pair[1].start
            ));
        }
    }
    if let Some(last) = lead.last() {
        let root = chord_classes(style, last.start / STEPS_PER_BAR)[0];
        if last.pitch % 12 != root {
            problems.push(format!("the loop ends on pitch {}, not its last chord's root", last.pitch));
        }
    }
    problems
}
