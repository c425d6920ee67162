//! A level's making as an animated PNG (issue #33, `seedfeast explain --format png`): each frame
//! is a generator's sketch of the level part-made with a caption band under it (the step, the rule
//! and the caption, in the bundled DejaVu Sans through plotters), encoded frame by frame as it is
//! drawn, so memory holds one frame whatever the animation's length.

use std::io::Write;

use plotters::prelude::*;
use seedfeast_procgen::generate::{MAX_ANIMATION_PIXELS, MAX_FRAME_PIXELS, Picture, Sketch, thousands};

use crate::plot::{FAMILY, register_font};

/// The caption band's height under the picture, in pixels: a header line and two caption lines.
pub const BAND: u32 = 66;
/// The narrowest frame: a small level is centred on a band this wide, so its caption reads.
pub const MIN_WIDTH: u32 = 720;
/// How long each frame shows, and the last (the finished level) before the animation loops.
const FRAME_MS: u16 = 140;
const LAST_MS: u16 = 3_000;

const BAND_COLOUR: [u8; 3] = [30, 26, 34];
const HEADER: RGBColor = RGBColor(190, 182, 200);
const CAPTION: RGBColor = RGBColor(255, 255, 255);

/// The frame size for sketches of `size`: the picture's, at least [`MIN_WIDTH`] wide, with the
/// band under it.
pub fn frame_size((width, height): (u32, u32)) -> (u32, u32) {
    (width.max(MIN_WIDTH), height + BAND)
}

/// Refuses `frames` frames for sketches of `size` when a frame as written (at least
/// [`MIN_WIDTH`] wide, the band under it) or all of them are over the bounds a sketch is held to
/// ([`MAX_FRAME_PIXELS`], [`MAX_ANIMATION_PIXELS`]): a tall, narrow level's pictures pass, but
/// its frames are as wide as the band.
pub fn check_size(size: (u32, u32), frames: usize) -> Result<(), String> {
    let (width, height) = frame_size(size);
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_FRAME_PIXELS {
        return Err(format!(
            "a frame of this level would be {width}x{height} pixels with its caption, more than the {} a frame may \
             hold: ask for a smaller level",
            thousands(MAX_FRAME_PIXELS)
        ));
    }
    let most = MAX_ANIMATION_PIXELS / pixels.max(1);
    if frames as u64 > most {
        return Err(format!(
            "{frames} frames of {width}x{height} pixels are more than the {} pixels an animation may hold: ask for at \
             most --frames {most}, or a smaller level",
            thousands(MAX_ANIMATION_PIXELS)
        ));
    }
    Ok(())
}

/// Writes `frames` sketches of `size` (each [`Sketch::picture`] that size) to `out` as an
/// animated PNG that loops, saying what failed where it fails.
pub fn write_apng<W: Write>(
    out: W,
    size: (u32, u32),
    frames: usize,
    sketches: impl Iterator<Item = Result<Sketch, String>>,
) -> Result<(), String> {
    register_font()?;
    check_size(size, frames)?;
    let failed = |e: png::EncodingError| format!("encoding the animation: {e}");
    let (width, height) = frame_size(size);
    let count = u32::try_from(frames).map_err(|_| "too many frames".to_string())?;
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_animated(count, 0).map_err(failed)?;
    encoder.set_frame_delay(FRAME_MS, 1000).map_err(failed)?;
    let mut writer = encoder.write_header().map_err(failed)?;
    let mut written = 0;
    let mut previous: Option<Vec<u8>> = None;
    for sketch in sketches {
        let sketch = sketch?;
        if written + 1 == frames {
            writer.set_frame_delay(LAST_MS, 1000).map_err(failed)?;
        }
        let frame = compose(&sketch, (width, height))?;
        // After the first, a frame holds only the box where it differs from the one before (the
        // rest stays as it was): most decisions change a few cells, so files are several times
        // smaller.
        let (x, y, w, h) = previous.as_ref().map_or((0, 0, width, height), |before| changed(before, &frame, width));
        writer.reset_frame_position().map_err(failed)?;
        writer.set_frame_dimension(w, h).map_err(failed)?;
        writer.set_frame_position(x, y).map_err(failed)?;
        writer.write_image_data(&crop(&frame, width, (x, y, w, h))).map_err(failed)?;
        previous = Some(frame);
        written += 1;
    }
    if written != frames {
        return Err(format!("{written} frames were drawn of the {frames} announced"));
    }
    writer.finish().map_err(failed)
}

/// The smallest box `(x, y, width, height)` holding every pixel where `after` differs from
/// `before` (frames `width` pixels wide); one pixel where none does, as a frame holds at least one.
fn changed(before: &[u8], after: &[u8], width: u32) -> (u32, u32, u32, u32) {
    let row = width as usize * 3;
    let count = after.len() / row.max(1);
    let differs = |y: usize| before[y * row..(y + 1) * row] != after[y * row..(y + 1) * row];
    let Some(top) = (0..count).find(|&y| differs(y)) else { return (0, 0, 1, 1) };
    let bottom = (top..count).rev().find(|&y| differs(y)).unwrap_or(top);
    let (mut left, mut right) = (width as usize, 0);
    for y in top..=bottom {
        let (a, b) = (&before[y * row..(y + 1) * row], &after[y * row..(y + 1) * row]);
        if let Some(first) = (0..width as usize).find(|&x| a[x * 3..x * 3 + 3] != b[x * 3..x * 3 + 3]) {
            let last =
                (first..width as usize).rev().find(|&x| a[x * 3..x * 3 + 3] != b[x * 3..x * 3 + 3]).unwrap_or(first);
            left = left.min(first);
            right = right.max(last);
        }
    }
    (left as u32, top as u32, (right - left + 1) as u32, (bottom - top + 1) as u32)
}

/// The pixels of the box `(x, y, w, h)` of a frame `width` pixels wide.
fn crop(frame: &[u8], width: u32, (x, y, w, h): (u32, u32, u32, u32)) -> Vec<u8> {
    let row = width as usize * 3;
    (y as usize..(y + h) as usize)
        .flat_map(|r| &frame[r * row + x as usize * 3..r * row + (x + w) as usize * 3])
        .copied()
        .collect()
}

/// One frame: the band colour, the picture centred across the top, the caption band under it.
fn compose(sketch: &Sketch, (width, height): (u32, u32)) -> Result<Vec<u8>, String> {
    let Picture { width: pw, height: ph, rgb } = &sketch.picture;
    if *pw > width || ph + BAND != height {
        return Err(format!("a frame of {pw}x{ph} pixels on a canvas of {width}x{height}"));
    }
    let mut frame: Vec<u8> = BAND_COLOUR.iter().copied().cycle().take(width as usize * height as usize * 3).collect();
    let left = ((width - pw) / 2) as usize;
    let row = *pw as usize * 3;
    for y in 0..*ph as usize {
        let to = (y * width as usize + left) * 3;
        frame[to..to + row].copy_from_slice(&rgb[y * row..(y + 1) * row]);
    }
    {
        let root = BitMapBackend::with_buffer(&mut frame, (width, height)).into_drawing_area();
        let band = root.margin(*ph as i32, 0, 0, 0);
        draw_caption(&band, sketch, width).map_err(|e| format!("drawing the caption: {e}"))?;
        root.present().map_err(|e| format!("drawing the caption: {e}"))?;
    }
    Ok(frame)
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn draw_caption(
    band: &DrawingArea<BitMapBackend<'_>, plotters::coord::Shift>,
    sketch: &Sketch,
    width: u32,
) -> DrawResult {
    let header = TextStyle::from((FAMILY, 14)).color(&HEADER);
    let caption = TextStyle::from((FAMILY, 17)).color(&CAPTION);
    band.draw_text(&format!("step {} of {} · {}", sketch.step, sketch.of, sketch.rule), &header, (12, 6))?;
    let room = width.saturating_sub(24);
    let lines = wrap(&sketch.caption, 2, |text| band.estimate_text_size(text, &caption).map_or(0, |(w, _)| w) <= room);
    for (i, line) in lines.iter().enumerate() {
        band.draw_text(line, &caption, (12, 24 + 20 * i as i32))?;
    }
    Ok(())
}

/// `text` in at most `most` lines that `fits`, broken between words; what is left over ends the
/// last line with "…".
fn wrap(text: &str, most: usize, fits: impl Fn(&str) -> bool) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        let last = lines.len() == most;
        match lines.last_mut() {
            Some(line) if fits(&format!("{line} {word}")) => {
                line.push(' ');
                line.push_str(word);
            }
            Some(line) if last => {
                // No room for another line: the rest is cut, marked.
                while !fits(&format!("{line} …")) && line.pop().is_some() {}
                line.push_str(" …");
                return lines;
            }
            _ => {
                let mut line = word.to_string();
                while !fits(&line) && line.pop().is_some() {}
                lines.push(line);
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use seedfeast_procgen::generator::{Request, by_key};
    use seedfeast_procgen::{DataSet, Seed};

    use super::*;

    /// A maze's making, 12 frames, written and read back by the `png` crate's decoder: a looping
    /// animation of 12 frames, each the sketch centred above a band with its caption's white text.
    #[test]
    fn an_animation_holds_every_frame_above_its_caption() {
        let sketches = by_key("maze").unwrap().sketch(&DataSet::built_in(), &Request::new(Seed(4), None), 12).unwrap();
        let (size, count) = (sketches.size(), sketches.len());
        let drawn: Vec<Sketch> = sketches.map(Result::unwrap).collect();
        let mut bytes = Vec::new();
        write_apng(&mut bytes, size, count, drawn.iter().cloned().map(Ok)).unwrap();
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().unwrap();
        let control = decoder.info().animation_control.unwrap();
        assert_eq!((control.num_frames, control.num_plays), (12, 0), "12 frames, looping");
        let (width, height) = frame_size(size);
        assert_eq!((decoder.info().width, decoder.info().height), (width, height));
        assert!(width >= MIN_WIDTH && size.0 < MIN_WIDTH, "a small maze is centred on a wider band");
        let mut buffer = vec![0; decoder.output_buffer_size().unwrap()];
        let mut canvas = vec![0u8; (width * height * 3) as usize];
        for sketch in &drawn {
            // Each frame after the first is the box that changed: laid on what was there.
            let part = decoder.next_frame(&mut buffer).unwrap();
            let control = decoder.info().frame_control.unwrap();
            for y in 0..part.height as usize {
                let to = ((control.y_offset as usize + y) * width as usize + control.x_offset as usize) * 3;
                let from = y * part.width as usize * 3;
                canvas[to..to + part.width as usize * 3].copy_from_slice(&buffer[from..from + part.width as usize * 3]);
            }
            let buffer = &canvas;
            let left = ((width - size.0) / 2) as usize;
            let row =
                |y: usize| &buffer[(y * width as usize + left) * 3..(y * width as usize + left + size.0 as usize) * 3];
            let row_size = size.0 as usize * 3;
            for y in [0, size.1 as usize / 2, size.1 as usize - 1] {
                assert_eq!(row(y), &sketch.picture.rgb[y * row_size..(y + 1) * row_size], "step {}", sketch.step);
            }
            let band = &buffer[(size.1 * width * 3) as usize..];
            let white = band.chunks(3).filter(|p| *p == [255, 255, 255]).count();
            assert!(white > 100, "step {}: the caption's text is drawn ({white} white pixels)", sketch.step);
        }
    }

    #[test]
    fn a_frame_holds_the_box_that_changed() {
        let before = vec![0u8; 4 * 3 * 3];
        let mut after = before.clone();
        after[(4 + 1) * 3] = 9; // (1, 1)
        after[(2 * 4 + 2) * 3 + 2] = 9; // (2, 2)
        assert_eq!(changed(&before, &after, 4), (1, 1, 2, 2));
        assert_eq!(changed(&before, &before, 4), (0, 0, 1, 1), "nothing changed: one pixel");
        assert_eq!(crop(&after, 4, (1, 1, 2, 2)), [9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]);
    }

    #[test]
    fn frames_are_bounded_as_written_with_their_band() {
        // A tall, narrow level: its pictures pass, its frames (720 wide) don't.
        assert!(check_size((36, 4_000), 10).is_ok());
        let error = check_size((36, 48_012), 10).unwrap_err();
        assert!(error.starts_with("a frame of this level would be 720x48078 pixels"), "{error}");
        let error = check_size((700, 2_000), 300).unwrap_err();
        assert!(error.contains("ask for at most --frames 112"), "{error}");
    }

    #[test]
    fn fewer_frames_than_announced_is_an_error() {
        let sketches = by_key("maze").unwrap().sketch(&DataSet::built_in(), &Request::new(Seed(4), None), 3).unwrap();
        let size = sketches.size();
        let one: Vec<_> = sketches.take(1).map(|s| s.map_err(|e| e.to_string())).collect();
        let error = write_apng(Vec::new(), size, 3, one.into_iter()).unwrap_err();
        assert_eq!(error, "1 frames were drawn of the 3 announced");
    }

    #[test]
    fn captions_wrap_between_words_and_a_cut_is_marked() {
        let fits = |line: &str| line.chars().count() <= 10;
        assert_eq!(wrap("one two three", 2, fits), ["one two", "three"]);
        assert_eq!(wrap("aaaa bbbb cccc dddd eeee", 2, fits), ["aaaa bbbb", "cccc ddd …"]);
        assert_eq!(wrap("abcdefghijklmno", 2, fits), ["abcdefghij"], "a word longer than a line is cut");
        assert!(wrap("", 2, fits).is_empty());
    }
}
