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
    // A bad --out is refused before the level is made and drawn.
    if let Some(path) = output {
        seedfeast_lab::output::check(path)?;
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

/// Encodes the frames as they are drawn: into `--out` (a file is written beside its name and
/// takes it once whole, as every writer does: `seedfeast_lab::output`), or down a pipe.
fn animate(sketches: seedfeast_procgen::generate::Sketches, output: Option<&Path>) -> Result<(), Stop> {
    use seedfeast_lab::animation::{check_size, write_apng};
    let (size, count) = (sketches.size(), sketches.len());
    check_size(size, count).map_err(|e| Stop::Usage(format!("error: {e}")))?;
    let frames = sketches.map(|frame| frame.map_err(|e| e.to_string()));
    match output {
        Some(path) => Ok(seedfeast_lab::output::write_with(path, |out| write_apng(out, size, count, frames))?),
        None => {
            use std::io::IsTerminal;
            if std::io::stdout().is_terminal() {
                return Err(Stop::Usage("error: a PNG can't go to the terminal: add --out FILE or redirect it".into()));
            }
            // Watched: the encoder words its errors as text, and a reader that closed the pipe
            // (`| head -c 10`) must still end the command quietly with 0.
            let mut stdout = seedfeast_lab::output::Watched::new(std::io::BufWriter::new(std::io::stdout().lock()));
            let written =
                write_apng(&mut stdout, size, count, frames).and_then(|()| stdout.flush().map_err(|e| e.to_string()));
            Ok(stdout.outcome(written, "standard output")?)
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
