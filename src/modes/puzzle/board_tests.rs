//! The board's play-back, worlds and verdicts, without Bevy.

use super::*;
use seedfeast_procgen::Seed;
use seedfeast_procgen::puzzle::curriculum::Curriculum;

fn board(step: u32, seed: u64) -> Board {
    let curriculum = Curriculum::default();
    Board::new(step, curriculum.level(step, Seed(seed)).unwrap()).unwrap()
}

fn play_out(board: &mut Board) -> Vec<BoardEvent> {
    let mut events = Vec::new();
    for _ in 0..60 * 30 {
        events.extend(board.tick(1.0 / 60.0));
        if !board.running() {
            return events;
        }
    }
    panic!("the run never concluded");
}

#[test]
fn the_solution_opens_the_exit_and_the_world_stays_solved() {
    for step in [0, 4, 8, 15, 19] {
        let mut b = board(step, 3);
        assert!(!b.walkable()[b.world.index(b.level.exit)], "step {step}: the exit starts shut");
        let solution = b.level.solution.clone();
        b.start_run(&solution).unwrap();
        let events = play_out(&mut b);
        assert!(events.contains(&BoardEvent::Finished(Verdict::Solved)), "step {step}: {:?}", b.note);
        assert!(b.open && b.note == Note::Solved);
        assert_eq!(b.world.rows(), b.level.solved, "step {step}");
        assert_eq!(b.solved_with, Some(b.par));
        assert!(b.path(b.level.coding_tile, b.level.exit).is_some(), "step {step}: the way is open");
    }
}

#[test]
fn a_wrong_run_shows_its_end_then_resets() {
    let mut b = board(0, 3);
    b.start_run("// nothing here").unwrap();
    let events = play_out(&mut b);
    assert!(events.contains(&BoardEvent::Concluded(Verdict::Wrong)));
    assert_eq!(b.note, Note::Wrong);
    assert!(!b.open);
    assert_eq!(b.world, b.initial);
}

#[test]
fn a_program_that_does_not_parse_runs_nothing() {
    let mut b = board(1, 3);
    let error = b.start_run("door1.open()").unwrap_err();
    assert_eq!(error.to_string(), "1:13: expected ';' after the command, found the end of the program");
    assert!(!b.running() && b.error == Some(error.clone()) && b.note == Note::Refused(error));
    let error = b.start_run("dor1.open();").unwrap_err();
    assert!(error.message.contains("unknown object 'dor1'"), "{error}");
}

#[test]
fn an_endless_loop_stops_within_the_failing_cap() {
    let mut b = board(0, 3);
    b.start_run("while (block1.position == \"start\") { }").unwrap();
    let mut seconds = 0.0;
    let mut finished = None;
    while b.running() {
        for event in b.tick(1.0 / 60.0) {
            if let BoardEvent::Finished(v) = event {
                finished = Some((v, seconds));
            }
        }
        seconds += 1.0 / 60.0;
        assert!(seconds < 10.0, "still running");
    }
    let (verdict, at) = finished.unwrap();
    assert_eq!(verdict, Verdict::Failed);
    assert!(at <= MAX_FAILING_PLAYBACK_SECONDS + 0.1, "{at}");
    let Note::Failed(error) = &b.note else { panic!("{:?}", b.note) };
    assert!(error.message.contains("this while loop goes round without changing anything"), "{error}");
    assert_eq!(error.pos.line, 1);
    assert_eq!(b.world, b.initial);
}

#[test]
fn the_pace_is_readable_and_capped() {
    let mut b = board(8, 3); // a for loop: tests and commands
    let solution = b.level.solution.clone();
    b.start_run(&solution).unwrap();
    let speed = b.playback.as_ref().unwrap().speed;
    assert_eq!(speed, 1.0, "a short run plays at the normal pace");
    // One tick: the first statement starts, no more.
    let events = b.tick(1.0 / 60.0);
    assert_eq!(events.len(), 1);
    assert_eq!(b.playback.as_ref().unwrap().line(), Some(1));
    // A long run speeds up to fit the cap.
    let long = format!("for (i = 0; i < 200; i++) {{ block1.move(\"down\"); }}\n{solution}");
    b.start_run(&long).unwrap();
    let p = b.playback.as_ref().unwrap();
    assert!(p.speed > 10.0, "{}", p.speed);
    let mut seconds = 0.0;
    while b.playback.as_ref().is_some_and(|p| p.finished.is_none()) {
        b.tick(1.0 / 60.0);
        seconds += 1.0 / 60.0;
    }
    assert!(seconds <= MAX_PLAYBACK_SECONDS + 0.1, "{seconds}");
}

#[test]
fn stopping_and_fast_forwarding() {
    let mut b = board(4, 3);
    let solution = b.level.solution.clone();
    b.start_run(&solution).unwrap();
    b.tick(0.1);
    b.stop();
    assert!(!b.running() && b.world == b.initial && b.note == Note::Stopped);
    b.start_run(&solution).unwrap();
    let events = b.fast_forward();
    assert!(events.contains(&BoardEvent::Finished(Verdict::Solved)));
    assert!(b.open && b.running(), "the end still shows");
}

#[test]
fn a_level_with_worlds_plays_each_in_turn_and_opens_only_when_all_are_solved() {
    let step = 17; // "Back to the mark": the block starts off its mark in world 2
    let mut b = board(step, 5);
    assert_eq!(b.worlds.len(), 2);
    // One push is the level's own world's answer; world 2 needs more.
    b.start_run("door1.open();").unwrap();
    let mut shown = vec![b.shown];
    let mut events = Vec::new();
    for _ in 0..60 * 40 {
        events.extend(b.tick(1.0 / 60.0));
        if shown.last() != Some(&b.shown) {
            shown.push(b.shown);
        }
        if !b.running() {
            break;
        }
    }
    assert_eq!(shown, [0, 1, 0], "{events:?}");
    assert!(events.contains(&BoardEvent::WorldPassed(0)) && events.contains(&BoardEvent::ShowWorld(1)));
    assert!(events.contains(&BoardEvent::Concluded(Verdict::Wrong)) && events.contains(&BoardEvent::ShowWorld(0)));
    assert_eq!((b.note.clone(), b.failed_world), (Note::Wrong, Some(1)));
    assert!(!b.open && b.world == b.worlds[0] && b.shown == 0);
    // The solution solves both; the own world stays solved on screen.
    let solution = b.level.solution.clone();
    b.start_run(&solution).unwrap();
    let events = play_out(&mut b);
    assert!(events.contains(&BoardEvent::Finished(Verdict::Solved)));
    assert_eq!(b.passed, [Some(true), Some(true)]);
    assert!(b.open && b.shown == 0 && b.failed_world.is_none());
    assert_eq!(b.world.rows(), b.level.solved);
    assert_eq!(b.solved_with, Some(b.par));
}

#[test]
fn worlds_can_be_looked_at_between_runs_and_skipped_through() {
    let mut b = board(14, 2);
    let view = b.view;
    assert!(b.show_world(1) && b.shown == 1 && b.view != view);
    assert_eq!(b.initial, b.worlds[1]);
    assert!(!b.show_world(1) && !b.show_world(2), "the same world, or one the level lacks");
    // A run always starts in the player's own world.
    let solution = b.level.solution.clone();
    b.start_run(&solution).unwrap();
    assert_eq!(b.shown, 0);
    assert!(!b.show_world(1), "not during a run");
    // Fast-forward goes through every world to the end.
    let events = b.fast_forward();
    assert!(events.contains(&BoardEvent::ShowWorld(1)), "{events:?}");
    assert!(events.contains(&BoardEvent::Finished(Verdict::Solved)) && b.open);
    // After the end has shown: the own world, solved; looking away and back keeps it solved.
    play_out(&mut b);
    assert!(b.show_world(1) && b.show_world(0));
    assert_eq!(b.world.rows(), b.level.solved);
    // Stopping a run in world 2 puts the player's own world back.
    b.start_run(&solution).unwrap();
    b.fast_forward();
    b.start_run("gate1.stop();").unwrap();
    while b.shown == 0 {
        b.tick(0.5);
    }
    b.stop();
    assert!(b.shown == 0 && b.world == b.worlds[0] && !b.open);
}

#[test]
fn a_level_without_conditions_has_one_world_and_plays_as_before() {
    let mut b = board(8, 3);
    assert_eq!(b.worlds.len(), 1);
    assert!(!b.show_world(1));
    let solution = b.level.solution.clone();
    b.start_run(&solution).unwrap();
    let events = play_out(&mut b);
    assert!(!events.iter().any(|e| matches!(e, BoardEvent::ShowWorld(_) | BoardEvent::WorldPassed(_))));
    assert!(b.open);
}
