//! `seedfeast explain`: how a level was made, as its generator tells it (issue #33): a caption a
//! decision, or every event as JSON, for designers and for the docs.

use seedfeast_procgen::generate::Explained;

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StoryFormat {
    Text,
    Json,
}

pub(super) fn explain(level: &LevelArgs, format: StoryFormat, output: Option<&Path>) -> Result<(), Stop> {
    let (target, request, data) = level.resolve()?;
    let story = target.generator.explain(&data, &request).map_err(|e| Stop::Usage(format!("error: {e}")))?;
    let text = match format {
        StoryFormat::Text => story_text(&story),
        StoryFormat::Json => {
            serde_json::to_string_pretty(&story).map_err(|e| Stop::Failed(format!("error: {e}")))? + "\n"
        }
    };
    write_out(text.as_bytes(), output)
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
