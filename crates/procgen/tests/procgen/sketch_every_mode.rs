//! `Generate::sketch` (issue #33): every generator draws its narration as frames of the level
//! part-made, each from the events alone; the last frame is the picture of the level `generate`
//! makes, the captions are `explain`'s, and the frames and pixels are bounded with a message.

use seedfeast_procgen::generate::{MAX_FRAMES, Sketch};
use seedfeast_procgen::generator::{Opt, Request, all, by_key};
use seedfeast_procgen::{DataSet, Seed};

fn frames_of(key: &str, request: &Request, frames: usize) -> Vec<Sketch> {
    let data = DataSet::built_in();
    let sketches = by_key(key).unwrap().sketch(&data, request, frames).unwrap_or_else(|e| panic!("{key}: {e}"));
    sketches.map(|frame| frame.unwrap_or_else(|e| panic!("{key}: {e}"))).collect()
}

#[test]
fn every_generator_draws_its_level_being_made_and_ends_on_the_level_it_makes() {
    let data = DataSet::built_in();
    for generator in all() {
        for variant in std::iter::once(None).chain(generator.variants().iter().map(|v| Some(*v))) {
            let key = generator.key();
            let request = generator.preview_request(Seed(7), variant);
            let sketches = generator.sketch(&data, &request, 30).unwrap_or_else(|e| panic!("{key}: {e}"));
            let size = sketches.size();
            let story = generator.explain(&data, &request).unwrap();
            assert_eq!(sketches.len(), story.len().min(30), "{key}: the frames asked for, or one an event");
            let frames: Vec<Sketch> = sketches.map(Result::unwrap).collect();
            // Steps rise from the first event to the last; each caption is its event's.
            assert_eq!(frames[0].step, 1, "{key}");
            assert_eq!(frames.last().unwrap().step, story.len(), "{key}: the last frame is the finished level");
            assert!(frames.windows(2).all(|w| w[0].step < w[1].step), "{key}");
            for frame in &frames {
                assert_eq!(frame.of, story.len(), "{key}");
                assert_eq!(frame.caption, story[frame.step - 1].caption, "{key}: step {}", frame.step);
                assert_eq!(frame.rule, story[frame.step - 1].rule, "{key}");
                assert_eq!((frame.picture.width, frame.picture.height), size, "{key}: one canvas");
                assert_eq!(frame.picture.rgb.len(), (size.0 * size.1 * 3) as usize, "{key}");
            }
            // Drawn from the events alone, the finished frame is the generated level's picture.
            let level = generator.generate(&data, &request).unwrap();
            assert_eq!(frames.last().unwrap().picture, level.picture().unwrap(), "{key} {variant:?}");
            // And the level is made before our eyes: the first frame is not the last.
            assert_ne!(frames[0].picture, frames.last().unwrap().picture, "{key}: nothing is seen being made");
        }
    }
}

#[test]
fn the_frames_change_as_the_level_is_made() {
    // The maze's carve opens cells frame by frame: each frame has at least as much floor.
    let frames = frames_of("maze", &Request::new(Seed(3), None), 40);
    let cream = |rgb: &[u8]| rgb.chunks(3).filter(|p| *p == [250, 238, 214]).count();
    let floor: Vec<usize> = frames.iter().map(|f| cream(&f.picture.rgb)).collect();
    assert!(floor[0] < floor[20] && floor[20] < floor[39], "{floor:?}");
    // The dungeon is all wall before its canvas is carved.
    let frames = frames_of("dungeon", &Request::new(Seed(3), None).with(Opt::Dungeon, 1), 40);
    let first = &frames[0].picture.rgb;
    assert!(first.chunks(3).all(|p| p == &first[..3]), "one colour before the carving");
}

#[test]
fn frames_and_pixels_are_bounded_with_a_message() {
    let data = DataSet::built_in();
    let maze = by_key("maze").unwrap();
    let request = Request::new(Seed(3), None);
    for frames in [0, 1, MAX_FRAMES + 1] {
        let error = maze.sketch(&data, &request, frames).err().unwrap().to_string();
        assert_eq!(error, format!("an animation has 2 to {MAX_FRAMES} frames, not {frames}"));
    }
    // A 401 × 301 maze is a picture too big for one frame.
    let wide = Request::new(Seed(3), None).with(Opt::Width, 401).with(Opt::Height, 301);
    let error = maze.sketch(&data, &wide, 60).err().unwrap().to_string();
    assert!(error.contains("more than the 3,145,728 a frame may hold"), "{error}");
    assert!(error.ends_with("(a smaller --width and --height)"), "{error}");
    // 300 frames of a large picture are more than an animation holds: it says how many fit.
    let large = Request::new(Seed(3), None).with(Opt::Width, 121).with(Opt::Height, 101);
    let error = maze.sketch(&data, &large, MAX_FRAMES).err().unwrap().to_string();
    assert!(error.contains("ask for at most --frames 95"), "{error}");
}
