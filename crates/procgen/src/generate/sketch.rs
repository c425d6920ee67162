//! A level's making as pictures (issue #33): after chosen events of a generator's narration, the
//! level as far as those events have made it, drawn from the events alone by its mode's rebuild,
//! so the pictures can no more drift from the level than the narration can.
//!
//! [`Sketches`] hands the frames out one at a time (an animation is encoded as they come, never
//! all held at once), each checked against the bounds below, which the command line's
//! `explain --format png` states when it refuses.

use crate::generate::{Picture, RequestError, whole_story};
use crate::trace::{Limited, ReplayError, Step};

/// The most frames one animation holds (`explain --frames`).
pub const MAX_FRAMES: usize = 300;
/// The most pixels one frame may hold: the finished level's picture, before its caption.
pub const MAX_FRAME_PIXELS: u64 = 3 * 1024 * 1024;
/// The most pixels all the frames hold together: what an animation's encoder goes through.
pub const MAX_ANIMATION_PIXELS: u64 = 160 * 1024 * 1024;

/// One frame: the level after event `step` (counted from 1) of `of`, with that event's rule and
/// caption, the way the narration words it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sketch {
    pub step: usize,
    pub of: usize,
    pub rule: &'static str,
    pub caption: String,
    pub picture: Picture,
}

/// Draws the level a prefix of the events has made (`Send + Sync`, so the game can keep it).
type Draw = Box<dyn FnMut(usize) -> Result<Picture, ReplayError> + Send + Sync>;

/// The frames of a level's making, drawn one by one as they are asked for.
pub struct Sketches {
    /// Each frame's event's rule and caption (its `explain` line), and how many events there are:
    /// only the frames' are kept (at most [`MAX_FRAMES`]), and none as JSON, which the browser
    /// build does without.
    captions: Vec<(&'static str, String)>,
    events: usize,
    /// The events after which a frame is drawn (indices), first to last.
    points: Vec<usize>,
    next: usize,
    /// The finished level's picture size: every frame is drawn on a canvas of this size.
    size: (u32, u32),
    /// The finished level's picture, drawn once to learn the size: the last frame.
    finished: Picture,
    draw: Draw,
}

impl Sketches {
    /// The frames left to draw.
    pub fn len(&self) -> usize {
        self.points.len() - self.next
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The finished level's picture size, `(width, height)`: the animation's size.
    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// How many events the narration has (a frame's [`Sketch::of`]).
    pub fn events(&self) -> usize {
        self.events
    }

    /// The event frame `index` is drawn after, counted from 1 (its [`Sketch::step`]).
    pub fn step_at(&self, index: usize) -> Option<usize> {
        self.points.get(index).map(|at| at + 1)
    }

    /// How many frames there are in all, drawn or not.
    pub fn frames(&self) -> usize {
        self.points.len()
    }

    /// Frame `index` (from 0) of [`Sketches::frames`], drawn now, in any order: the game's
    /// step-through goes back and forth. `None` past the last.
    pub fn frame(&mut self, index: usize) -> Option<Result<Sketch, RequestError>> {
        let &at = self.points.get(index)?;
        let (rule, caption) = &self.captions[index];
        let picture = if at + 1 == self.events { Ok(self.finished.clone()) } else { (self.draw)(at + 1) };
        let sketch = picture
            .map(|picture| Sketch {
                step: at + 1,
                of: self.events,
                rule,
                caption: caption.clone(),
                picture: fit(picture, self.size),
            })
            .map_err(|error| RequestError(format!("the level can't be drawn part-made: {error}")));
        Some(sketch)
    }
}

impl Iterator for Sketches {
    type Item = Result<Sketch, RequestError>;

    fn next(&mut self) -> Option<Self::Item> {
        let sketch = self.frame(self.next)?;
        self.next += 1;
        Some(sketch)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.len(), Some(self.len()))
    }
}

impl ExactSizeIterator for Sketches {}

/// The events to draw a frame after: `frames` of them (at least 2, at most the events), spread
/// evenly from the first to the last, which is always drawn (the finished level).
pub fn sketch_points(events: usize, frames: usize) -> Vec<usize> {
    if events == 0 {
        return Vec::new();
    }
    let frames = frames.clamp(2, MAX_FRAMES).min(events);
    if frames == 1 {
        return vec![events - 1];
    }
    // Integer steps: frame i after event ⌊i × (events − 1) / (frames − 1)⌋, strictly rising.
    (0..frames).map(|i| i * (events - 1) / (frames - 1)).collect()
}

/// The frames of the level a generator narrated into `trace`, `frames` of them, each drawn by
/// `draw` from a prefix of the events (`draw(events)` draws the finished level, which is
/// `size`, `(width, height)`, as the mode works it out from the level without drawing it).
/// Refused, saying which option asks for less, when the narration is longer than one
/// explanation holds (`what`) or the pictures would be over [`MAX_FRAME_PIXELS`] or
/// [`MAX_ANIMATION_PIXELS`]: before anything is drawn, as a picture too large to hold is what
/// the refusal is for (issue #51: 20,000 gates took 746 MB to be refused).
pub fn sketches<E: Step + Send + Sync + 'static>(
    trace: Limited<E>,
    what: &str,
    frames: usize,
    size: (u64, u64),
    mut draw: impl FnMut(&[E]) -> Result<Picture, ReplayError> + Send + Sync + 'static,
) -> Result<Sketches, RequestError> {
    if !(2..=MAX_FRAMES).contains(&frames) {
        return Err(RequestError(format!("an animation has 2 to {MAX_FRAMES} frames, not {frames}")));
    }
    let (events, left_out) = trace.into_parts();
    whole_story(left_out, what)?;
    let (width, height) = size;
    let pixels = width.saturating_mul(height);
    if pixels > MAX_FRAME_PIXELS {
        return Err(RequestError(format!(
            "this level's picture would be {width}x{height} pixels, more than the {} a frame may hold: ask for a \
             smaller level ({what})",
            crate::generate::thousands(MAX_FRAME_PIXELS)
        )));
    }
    let points = sketch_points(events.len(), frames);
    let most = (MAX_ANIMATION_PIXELS / pixels.max(1)).max(1);
    if points.len() as u64 > most {
        return Err(RequestError(format!(
            "{} frames of {width}x{height} pixels are more than the {} pixels an animation may hold: ask for \
             at most --frames {most}, or a smaller level ({what})",
            points.len(),
            crate::generate::thousands(MAX_ANIMATION_PIXELS)
        )));
    }
    let finished = draw(&events).map_err(|error| RequestError(format!("the level can't be drawn: {error}")))?;
    let (width, height) = (finished.width, finished.height);
    let captions = points.iter().map(|&at| (events[at].rule(), events[at].caption())).collect();
    let count = events.len();
    Ok(Sketches {
        captions,
        events: count,
        points,
        next: 0,
        size: (width, height),
        finished,
        draw: Box::new(move |n| draw(&events[..n])),
    })
}

/// `picture` on a canvas of `size`, top-left, the rest filled with its own top-left colour (a
/// part-made track is shorter than the finished one); cropped where it is larger.
fn fit(picture: Picture, (width, height): (u32, u32)) -> Picture {
    if (picture.width, picture.height) == (width, height) {
        return picture;
    }
    let ground: [u8; 3] = picture.rgb.get(..3).and_then(|p| p.try_into().ok()).unwrap_or([0, 0, 0]);
    let mut rgb: Vec<u8> = ground.iter().copied().cycle().take(width as usize * height as usize * 3).collect();
    let (copy_w, copy_h) = (picture.width.min(width) as usize, picture.height.min(height) as usize);
    for y in 0..copy_h {
        let from = y * picture.width as usize * 3;
        let to = y * width as usize * 3;
        rgb[to..to + copy_w * 3].copy_from_slice(&picture.rgb[from..from + copy_w * 3]);
    }
    Picture { width, height, rgb }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_spread_from_the_first_event_to_the_last() {
        assert_eq!(sketch_points(10, 4), vec![0, 3, 6, 9]);
        assert_eq!(sketch_points(3, 120), vec![0, 1, 2], "no more frames than events");
        assert_eq!(sketch_points(1, 120), vec![0]);
        assert!(sketch_points(0, 120).is_empty());
        let many = sketch_points(100_000, MAX_FRAMES);
        assert_eq!(many.len(), MAX_FRAMES);
        assert!(many.windows(2).all(|w| w[0] < w[1]), "strictly rising");
        assert_eq!(many.last(), Some(&99_999));
    }

    #[test]
    fn a_smaller_picture_is_laid_on_the_finished_ones_canvas() {
        let small = Picture { width: 1, height: 1, rgb: vec![9, 8, 7] };
        let laid = fit(small, (2, 2));
        assert_eq!(laid.rgb, vec![9, 8, 7, 9, 8, 7, 9, 8, 7, 9, 8, 7]);
        let large = Picture { width: 2, height: 1, rgb: vec![1, 1, 1, 2, 2, 2] };
        assert_eq!(fit(large, (1, 1)).rgb, vec![1, 1, 1], "cropped");
    }
}
