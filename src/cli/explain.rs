//! `seedfeast explain`: how a level was made, as its generator tells it (issue #33): a caption a
//! decision, every event as JSON, or an animated PNG of the level being made, for designers and
//! for the docs.

use seedfeast_procgen::generate::Explained;

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StoryFormat {
    Text,
    Json,
    /// An animated PNG: the level part-made after each chosen decision, its caption under it.
    Png,
}

/// Frames in an animation when `--frames` is not given.
pub const DEFAULT_FRAMES: u16 = 120;

pub(super) fn explain(
    level: &LevelArgs,
    format: StoryFormat,
    frames: Option<u16>,
    output: Option<&Path>,
) -> Result<(), Stop> {
    if frames.is_some() && format != StoryFormat::Png {
        return Err(Stop::Usage("error: --frames is for --format png".into()));
    }
    let (target, request, data) = level.resolve()?;
    if format == StoryFormat::Png {
        let frames = usize::from(frames.unwrap_or(DEFAULT_FRAMES));
        let sketches =
            target.generator.sketch(&data, &request, frames).map_err(|e| Stop::Usage(format!("error: {e}")))?;
        return animate(sketches, output);
    }
    let story = target.generator.explain(&data, &request).map_err(|e| Stop::Usage(format!("error: {e}")))?;
    let text = match format {
        StoryFormat::Json => {
            serde_json::to_string_pretty(&story).map_err(|e| Stop::Failed(format!("error: {e}")))? + "\n"
        }
        _ => story_text(&story),
    };
    write_out(text.as_bytes(), output)
}

/// Encodes the frames as they are drawn: into a file beside `output` that takes its name once
/// whole (a failed run leaves no half animation under that name), or down a pipe.
fn animate(sketches: seedfeast_procgen::generate::Sketches, output: Option<&Path>) -> Result<(), Stop> {
    let (size, count) = (sketches.size(), sketches.len());
    seedfeast_lab::animation::check_size(size, count).map_err(|e| Stop::Usage(format!("error: {e}")))?;
    let frames = sketches.map(|frame| frame.map_err(|e| e.to_string()));
    let failed = |e: String| Stop::Failed(format!("error: {e}"));
    match output {
        Some(path) => {
            let cannot = |e: std::io::Error| Stop::Failed(format!("error: can't write {}: {e}", path.display()));
            // This run's own: another run's, or a file of that name, is left alone.
            let mut part = path.as_os_str().to_owned();
            part.push(format!(".{}.part", std::process::id()));
            let part = PathBuf::from(part);
            let file = std::fs::File::create(&part).map_err(cannot)?;
            let mut out = std::io::BufWriter::new(file);
            let written = seedfeast_lab::animation::write_apng(&mut out, size, count, frames)
                .map_err(failed)
                .and_then(|()| out.flush().map_err(cannot));
            drop(out);
            if let Err(error) = written {
                let _ = std::fs::remove_file(&part);
                return Err(error);
            }
            std::fs::rename(&part, path).map_err(cannot)
        }
        None => {
            use std::io::IsTerminal;
            if std::io::stdout().is_terminal() {
                return Err(Stop::Usage("error: a PNG can't go to the terminal: add --out FILE or redirect it".into()));
            }
            let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
            seedfeast_lab::animation::write_apng(&mut stdout, size, count, frames).map_err(failed)?;
            Ok(stdout.flush()?)
        }
    }
}

/// A numbered caption a line, each rule's detail lines indented under it.
fn story_text(story: &[Explained]) -> String {
    let width = story.len().to_string().len();
    let mut text = String::new();
    for (i, event) in story.iter().enumerate() {
        text.push_str(&format!("{:>width$}  {}\n", i + 1, event.caption));
        for line in &event.details {
            text.push_str(&format!("{:width$}      {line}\n", ""));
        }
    }
    text
}
