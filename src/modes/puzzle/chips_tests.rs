//! The touch pad's programs: the curriculum's solutions built by chip taps come out as the very
//! text a keyboard writes, each chip undoes as one step, and the chips offer only what fits.

use seedfeast_procgen::puzzle::ast::CommandKind;

use super::*;
use crate::data::GameData;

fn object(name: &str, command: CommandKind) -> PadObject {
    PadObject { name: name.into(), command }
}

/// A level's objects, as the curriculum's solutions name them.
fn objects() -> Vec<PadObject> {
    vec![
        object("block1", CommandKind::Move),
        object("block2", CommandKind::Move),
        object("door1", CommandKind::Open),
        object("gate1", CommandKind::Stop),
        object("statue1", CommandKind::Rotate),
        object("lever1", CommandKind::Rotate),
    ]
}

/// Taps the chips labelled `labels` in turn (each must be on the pad at that moment).
fn taps(labels: &[&str]) -> Editor {
    taps_with(&objects(), labels)
}

/// [`taps`] in a level of `objects`.
fn taps_with(objects: &[PadObject], labels: &[&str]) -> Editor {
    let (mut pad, mut editor) = (ChipPad::default(), Editor::default());
    for label in labels {
        let chips = pad.chips(objects, &editor).into_iter().chain(edit_chips());
        let found = chips.into_iter().find(|c| c.label == *label);
        let chip = found.unwrap_or_else(|| {
            let offered: Vec<String> = pad.chips(objects, &editor).into_iter().map(|c| c.label).collect();
            panic!("no chip {label:?} at {:?}: {offered:?}", pad.stage)
        });
        pad.press(&chip.tap, &mut editor);
    }
    editor
}

fn curriculum(step: usize) -> String {
    GameData::built_in().puzzle.curriculum.steps[step].code.clone()
}

#[test]
fn the_first_three_steps_are_three_taps_each() {
    assert_eq!(taps(&["block1", ".move(\"left\")"]).text(), curriculum(0));
    assert_eq!(taps(&["door1", ".open()"]).text(), curriculum(1));
    assert_eq!(taps(&["gate1", ".stop()"]).text(), curriculum(2));
}

#[test]
fn curriculum_solutions_built_by_taps_are_the_text_a_keyboard_writes() {
    let cases: &[(usize, &[&str])] = &[
        (4, &["block1", ".move(\"up\")", "block1", ".move(\"up\")"]),
        (8, &["for", "3×", "block1", ".move(\"down\")", "}"]),
        (10, &["for", "2×", "block1", ".move(\"right\")", "block2", ".move(\"up\")", "}"]),
        (12, &["n =", "n = 3", "for", "n×", "block1", ".move(\"left\")", "}"]),
        (14, &["if", "if (gate1", "== true", "gate1", ".stop()", "else", "door1", ".open()", "}"]),
        (
            15,
            &[
                "block1",
                ".move(\"left\")",
                "if",
                "if (block1",
                "== \"left\"",
                "door1",
                ".open()",
                "else",
                "gate1",
                ".stop()",
                "}",
            ],
        ),
        (16, &["if", "if (block1", "!= \"start\"", "block1", ".move(\"left\")", "else", "door1", ".open()", "}"]),
        (17, &["while", "while (block1", "!= \"start\"", "block1", ".move(\"up\")", "}", "door1", ".open()"]),
        (18, &["while", "while (block1", "!= \"right\"", "block1", ".move(\"right\")", "}", "door1", ".open()"]),
        (
            19,
            &[
                "n =",
                "n = 2",
                "for",
                "n×",
                "statue1",
                ".rotate(\"right\")",
                "}",
                "while",
                "while (block1",
                "!= \"left\"",
                "block1",
                ".move(\"left\")",
                "}",
                "if",
                "if (gate1",
                "== true",
                "gate1",
                ".stop()",
                "else",
                "door1",
                ".open()",
                "}",
            ],
        ),
    ];
    for (step, labels) in cases {
        assert_eq!(taps(labels).text(), curriculum(*step), "curriculum step {step} by taps");
    }
    // "Slide the fire": a statue that moves is offered moves.
    let sliding = [object("statue1", CommandKind::Move), object("block1", CommandKind::Move)];
    let labels = ["for", "2×", "statue1", ".move(\"right\")", "}", "block1", ".move(\"up\")"];
    assert_eq!(taps_with(&sliding, &labels).text(), curriculum(11), "curriculum step 11 by taps");
}

#[test]
fn a_second_loop_counts_with_its_own_counter_and_a_second_variable_gets_its_own_name() {
    let text = taps(&["n =", "n = 2", "m =", "m = 3", "for", "n×", "}", "for", "m×", "}"]).text();
    assert_eq!(text, "n = 2;\nm = 3;\nfor (i = 0; i < n; i++) {\n}\nfor (j = 0; j < m; j++) {\n}");
}

#[test]
fn each_chip_undoes_as_one_step() {
    let mut editor = taps(&["for", "3×", "block1", ".move(\"down\")"]);
    assert_eq!(editor.text(), "for (i = 0; i < 3; i++) {\n    block1.move(\"down\");");
    let mut pad = ChipPad::default();
    pad.press(&Tap::Edit(Edit::Undo), &mut editor);
    assert_eq!(editor.text(), "for (i = 0; i < 3; i++) {\n    ", "the call is gone whole");
    pad.press(&Tap::Edit(Edit::Undo), &mut editor);
    assert_eq!(editor.text(), "", "and then the loop's line");
}

#[test]
fn a_statement_tapped_with_the_cursor_mid_line_goes_on_a_line_of_its_own() {
    let mut editor = taps(&["block1", ".move(\"up\")"]);
    let mut pad = ChipPad::default();
    for _ in 0..4 {
        pad.press(&Tap::Edit(Edit::Left), &mut editor);
    }
    let open = Tap::Write { text: "door1.open();".into(), opens: false };
    pad.press(&open, &mut editor);
    assert_eq!(editor.text(), "block1.move(\"up\");\ndoor1.open();", "the line is never split");
    // At the very start of a line, the statement goes above it.
    pad.press(&Tap::Edit(Edit::DocStart), &mut editor);
    pad.press(&Tap::Write { text: "gate1.stop();".into(), opens: false }, &mut editor);
    assert_eq!(editor.text(), "gate1.stop();\nblock1.move(\"up\");\ndoor1.open();");
}

#[test]
fn an_object_offers_only_the_calls_and_questions_it_takes() {
    let (pad, editor) = (ChipPad::default(), Editor::default());
    let labels = |pad: &ChipPad| pad.chips(&objects(), &editor).into_iter().map(|c| c.label).collect::<Vec<_>>();
    let door = ChipPad { stage: Stage::Call(object("door1", CommandKind::Open)) };
    assert_eq!(labels(&door), [".open()", "BACK"]);
    let plank = ChipPad { stage: Stage::Call(object("block1", CommandKind::Rotate)) };
    assert_eq!(labels(&plank), [".rotate(\"left\")", ".rotate(\"right\")", "BACK"]);
    let lever = ChipPad { stage: Stage::Ask(Test::If, object("lever1", CommandKind::Rotate)) };
    assert_eq!(labels(&lever), [".isMoving", ".position", "BACK"]);
    let line = labels(&pad);
    assert!(line.starts_with(&["block1".to_string(), "block2".into()]) && line.contains(&"n =".to_string()));
    // BACK returns to a new statement and writes nothing.
    let mut walked = ChipPad { stage: Stage::Loop };
    let mut untouched = Editor::default();
    let outcome = walked.press(&Tap::Go(Stage::Line), &mut untouched);
    assert_eq!((walked.stage, outcome, untouched.text()), (Stage::Line, Outcome::default(), String::new()));
}

#[test]
fn run_and_close_ask_the_panel_and_leave_the_text() {
    let mut editor = taps(&["gate1", ".stop()"]);
    let mut pad = ChipPad::default();
    assert_eq!(pad.press(&Tap::Run, &mut editor), Outcome { run: true, ..Outcome::default() });
    assert_eq!(pad.press(&Tap::Close, &mut editor), Outcome { close: true, ..Outcome::default() });
    assert_eq!(editor.text(), "gate1.stop();");
}

#[test]
fn variables_are_read_from_assignments_only() {
    assert_eq!(variables("n = 2;\nfor (i = 0; i < n; i++) {\n    m = 3;\n}\nn = 4;"), ["n", "m"]);
    assert!(variables("block1.move(\"up\");\nif (a == b) {").is_empty());
}

#[test]
fn a_level_with_worlds_gets_a_world_chip_that_asks_for_the_next() {
    assert_eq!(world_chip(0, 1), None, "one world: no chip");
    let chip = world_chip(1, 2).unwrap();
    assert_eq!(chip.label, "WORLD 2/2");
    let mut editor = Editor::default();
    let outcome = ChipPad::default().press(&chip.tap, &mut editor);
    assert_eq!(outcome, Outcome { world: true, ..Outcome::default() });
    assert!(editor.is_empty(), "it writes nothing");
}
