//! `Generate::explain` (issue #33): every generator tells how the level a request asks for was
//! made, the same story every time, another for another seed, each event's JSON naming its rule;
//! a story longer than one explanation holds is refused with how to ask for less.

use seedfeast_procgen::generate::MAX_EXPLAINED;
use seedfeast_procgen::generator::{Opt, Request, all, by_key};
use seedfeast_procgen::{DataSet, Seed};

#[test]
fn every_generator_explains_the_level_it_makes() {
    let data = DataSet::built_in();
    for generator in all() {
        for variant in std::iter::once(None).chain(generator.variants().iter().map(|v| Some(*v))) {
            let key = generator.key();
            let request = generator.preview_request(Seed(7), variant);
            let story = generator.explain(&data, &request).unwrap_or_else(|e| panic!("{key}: {e}"));
            assert!(story.len() >= 5, "{key}: {} events", story.len());
            for event in &story {
                assert_eq!(event.event["rule"], event.rule, "{key}: {}", event.event);
                assert!(!event.caption.is_empty(), "{key}: {}", event.event);
            }
            assert_eq!(story, generator.explain(&data, &request).unwrap(), "{key}: the same story every time");
            let mut other = request.clone();
            other.seed = Seed(8);
            assert_ne!(story, generator.explain(&data, &other).unwrap(), "{key}: another seed, another story");
        }
    }
}

#[test]
fn the_story_is_the_one_of_the_level_generate_makes() {
    let data = DataSet::built_in();
    // The Runner: one chunk's events per chunk asked for.
    let runner = by_key("runner").unwrap();
    let story = runner.explain(&data, &Request::new(Seed(5), None).with(Opt::Chunks, 7)).unwrap();
    assert_eq!(story.iter().filter(|e| e.rule == "intensity").count(), 7);
    // The dungeon: the canvas and the witness's solving order are the generated dungeon's.
    let dungeon = by_key("dungeon").unwrap();
    let request = Request::new(Seed(5), None).with(Opt::Dungeon, 2);
    let json: serde_json::Value = serde_json::from_str(&dungeon.generate(&data, &request).unwrap().json()).unwrap();
    let story = dungeon.explain(&data, &request).unwrap();
    let witness = story.iter().find(|e| e.rule == "witness").unwrap();
    assert_eq!(witness.event["solution"], json["solution"], "{}", witness.caption);
    let canvas = story.iter().find(|e| e.rule == "canvas").unwrap();
    assert_eq!((&canvas.event["width"], &canvas.event["height"]), (&json["width"], &json["height"]));
    // A request the generator refuses is refused the same way.
    let bad = Request::new(Seed(5), None).with_zones_and_code(Some(vec![1]), None);
    assert_eq!(
        dungeon.explain(&data, &bad).unwrap_err().to_string(),
        dungeon.generate(&data, &bad).err().unwrap().to_string()
    );
}

#[test]
fn a_story_longer_than_one_explanation_holds_is_refused_saying_how_to_ask_for_less() {
    let data = DataSet::built_in();
    let runner = by_key("runner").unwrap();
    let error = runner.explain(&data, &Request::new(Seed(5), None).with(Opt::Chunks, 20_000)).unwrap_err().to_string();
    assert!(error.contains("longer than one explanation holds (200,000 events and the chunks"), "{error}");
    assert!(error.ends_with("ask for a smaller level (fewer --chunks)"), "{error}");
    assert_eq!(MAX_EXPLAINED, 200_000);
}

/// The limit weighs what events list, not only how many there are: a designer's library of
/// 1,008 chunks makes every window list 1,008, and 200 chunks of such a track are refused where
/// 200 of the shipped library's are told.
#[test]
fn a_story_is_weighed_by_what_its_events_list() {
    let runner = by_key("runner").unwrap();
    let request = Request::new(Seed(5), None).with(Opt::Chunks, 200);
    let mut data = DataSet::built_in();
    assert!(runner.explain(&data, &request).is_ok());
    let library = std::sync::Arc::make_mut(&mut data.runner.library);
    library.chunks = library.chunks.iter().cycle().take(84 * library.chunks.len()).cloned().collect();
    assert_eq!(library.chunks.len(), 1_008);
    let error = runner.explain(&data, &request).unwrap_err().to_string();
    assert!(error.contains("longer than one explanation holds"), "{error}");
}
