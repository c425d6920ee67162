//! The designer data files (every one the registry lists: [`seedfeast_procgen::modes::data_files`]),
//! as a designer's edit under `--assets` or `$SEEDFEAST_ASSETS` reaches them.
//!
//! Input: the first byte picks the file (modulo how many there are, in the registry's order), the
//! rest is its text. The corpus holds each shipped file behind its byte, named after its path
//! (`runner-chunks.ron` for `runner/chunks.ron`).

use seedfeast_procgen::modes;

/// Checks the text as the file the first byte picks. The error (what the game's error screen
/// shows) is formatted too: locating a field's line in odd text must not panic either.
pub fn data_files(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else { return };
    let text = crate::text(rest);
    let files = modes::data_files();
    let file = files[usize::from(which) % files.len()];
    let shown = format!("assets/{}", file.path);
    if let Err(error) = (file.check)(&text, &shown) {
        let message = error.to_string();
        assert!(message.contains(&shown), "the message doesn't name the file: {message}");
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// Each corpus file named after a data file's path (`dungeon-themes.ron`) starts with the
    /// byte that picks that file, so the corpus keeps covering every file when the list grows.
    #[test]
    fn the_corpus_picks_each_file_by_its_name() {
        let files = modes::data_files();
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/data_files");
        let mut named = 0;
        for (index, file) in files.iter().enumerate() {
            let name = file.path.replace('/', "-");
            let Ok(bytes) = std::fs::read(corpus.join(&name)) else { continue };
            assert_eq!(usize::from(bytes[0]) % files.len(), index, "{name} picks another file");
            named += 1;
        }
        assert_eq!(named, files.len(), "every data file has a corpus file named after it");
    }
}
