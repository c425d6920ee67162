//! The one font every text is drawn with: Fira Mono Medium (the face of Bevy's built-in font), with
//! Latin-1, the rest of Europe's Latin letters and the common punctuation (– — ‘ ’ “ ” … • €),
//! where Bevy's built-in subset has ASCII only and showed a pasted "crème brûlée" or the dungeon's
//! "…" as boxes. Compiled into the binary like the sounds, so the browser has it without a fetch.
//!
//! Made by `scripts/make-font.py`; licence in `assets/fonts/OFL.txt` and THIRD-PARTY.md.

use bevy::asset::AssetId;
use bevy::prelude::*;
use bevy::text::Font;
use tracing::warn;

/// The font file (TrueType, 38 KB).
pub(crate) const FONT_BYTES: &[u8] = include_bytes!("../assets/fonts/FiraMono-Medium-latin.ttf");

/// Puts the font in the place of Bevy's default one: every `TextFont` that names no font (all of
/// the game's) uses the default handle, so no text has to be told. Add after Bevy's TextPlugin;
/// an app without text (headless tests) is left alone.
pub(crate) struct GameFontPlugin;

impl Plugin for GameFontPlugin {
    fn build(&self, app: &mut App) {
        if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() {
            // Replaces the built-in font Bevy put there (its `default_font` feature) before any
            // text is laid out.
            if let Err(error) = fonts.insert(AssetId::default(), Font::from_bytes(FONT_BYTES.to_vec())) {
                warn!("the game's font couldn't replace the default one: {error}");
            }
        }
    }
}

/// Whether the font has a glyph for `c`: what the Code puzzle's panel can show as
/// typed (one glyph per character, so its columns line up); the rest is shown as `?` there.
pub fn has_glyph(c: char) -> bool {
    // ASCII, Latin-1, Latin Extended-A and the punctuation; a test checks each against the file.
    matches!(c,
        ' '..='~'
        | '\u{A0}'..='\u{17E}'
        | '\u{2013}'..='\u{2014}'
        | '\u{2018}'..='\u{201A}'
        | '\u{201C}'..='\u{201E}'
        | '\u{2020}'
        | '\u{2022}'
        | '\u{2026}'
        | '\u{2039}'..='\u{203A}'
        | '\u{20AC}'
        | '\u{2122}'
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn face() -> ttf_parser::Face<'static> {
        ttf_parser::Face::parse(FONT_BYTES, 0).expect("the font parses")
    }

    /// Every printable character of Latin-1 and the punctuation players type or paste has a real
    /// glyph (not the "missing" box, glyph 0), and the text "crème brûlée …" draws with no box.
    #[test]
    fn the_font_draws_latin_1_and_common_punctuation() {
        let face = face();
        let latin_1 = (' '..='~').chain('\u{A0}'..='\u{FF}');
        let punctuation = ['…', '–', '—', '‘', '’', '“', '”', '•', '€', '·'];
        for c in latin_1.chain(punctuation) {
            assert!(face.glyph_index(c).is_some_and(|g| g.0 != 0), "no glyph for {c:?} (U+{:04X})", c as u32);
        }
        for c in "crème brûlée … Łódź, Şişli, Ærøskøbing".chars() {
            assert!(face.glyph_index(c).is_some(), "{c:?}");
        }
        // A monospace face: every glyph as wide as the others, so the code panel's columns line up.
        let width = face.glyph_hor_advance(face.glyph_index('m').unwrap());
        assert_eq!(face.glyph_hor_advance(face.glyph_index('…').unwrap()), width);
        assert_eq!(face.glyph_hor_advance(face.glyph_index('é').unwrap()), width);
    }

    /// [`has_glyph`] says yes exactly where the file has a glyph (in the ranges it covers).
    #[test]
    fn has_glyph_matches_the_file() {
        let face = face();
        for code in 0x20..=0x2200u32 {
            let Some(c) = char::from_u32(code) else { continue };
            if c.is_control() || ('\u{300}'..='\u{36F}').contains(&c) {
                continue;
            }
            let in_file = face.glyph_index(c).is_some_and(|g| g.0 != 0);
            assert!(!has_glyph(c) || in_file, "has_glyph says yes to {c:?} (U+{code:04X}), the file has none");
        }
        assert!(!has_glyph('★') && !has_glyph('🟩'));
    }
}
