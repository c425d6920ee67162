//! The code editor's keys, selection, undo and what it shows, without Bevy.

use super::*;

fn typed(editor: &mut Editor, text: &str) {
    for c in text.chars() {
        match c {
            '\n' => editor.apply(Edit::Newline),
            '}' => {
                editor.dedent_for_closing();
                editor.apply(Edit::Type("}".into()))
            }
            c => editor.apply(Edit::Type(c.to_string())),
        };
    }
}

fn at(editor: &Editor) -> (usize, usize) {
    (editor.cursor().line, editor.cursor().col)
}

#[test]
fn typing_inserts_at_the_cursor() {
    let mut e = Editor::default();
    assert!(e.is_empty());
    typed(&mut e, "door1.open();");
    assert_eq!(e.text(), "door1.open();");
    assert_eq!(at(&e), (0, 13));
    for _ in 0..7 {
        e.apply(Edit::Left);
    }
    typed(&mut e, "X");
    assert_eq!(e.text(), "door1.Xopen();");
    assert_eq!(at(&e), (0, 7));
}

#[test]
fn backspace_and_delete_join_lines_at_their_ends() {
    let mut e = Editor::new("ab\ncd");
    e.place_cursor(1, 0);
    assert!(e.apply(Edit::Backspace));
    assert_eq!((e.text(), at(&e)), ("abcd".to_string(), (0, 2)));
    assert!(e.apply(Edit::Delete));
    assert_eq!(e.text(), "abd");
    e.apply(Edit::End);
    assert!(!e.apply(Edit::Delete), "nothing after the end");
    e.apply(Edit::DocStart);
    assert!(!e.apply(Edit::Backspace), "nothing before the start");
    e.set_text("x\ny");
    e.place_cursor(0, 1);
    assert!(e.apply(Edit::Delete));
    assert_eq!(e.text(), "xy");
}

#[test]
fn backspace_in_indentation_goes_back_a_whole_stop() {
    let mut e = Editor::new("        a");
    e.place_cursor(0, 8);
    e.apply(Edit::Backspace);
    assert_eq!(e.text(), "    a");
    e.place_cursor(0, 6);
    e.apply(Edit::Backspace);
    assert_eq!(e.text(), "    ", "after text, one character");
}

#[test]
fn arrows_cross_lines_and_remember_the_column() {
    let mut e = Editor::new("long line here\nab\nanother long line");
    e.place_cursor(0, 10);
    e.apply(Edit::Down);
    assert_eq!(at(&e), (1, 2), "clamped to the short line");
    e.apply(Edit::Down);
    assert_eq!(at(&e), (2, 10), "back to the column it aimed for");
    e.apply(Edit::Down);
    assert_eq!(at(&e), (2, 17), "down on the last line: its end");
    e.apply(Edit::Up);
    e.apply(Edit::Up);
    e.apply(Edit::Up);
    assert_eq!(at(&e), (0, 0), "up on the first line: its start");
    e.apply(Edit::Left);
    assert_eq!(at(&e), (0, 0));
    e.apply(Edit::End);
    e.apply(Edit::Right);
    assert_eq!(at(&e), (1, 0), "right at a line's end: the next line");
    e.apply(Edit::Left);
    assert_eq!(at(&e), (0, 14), "left at a line's start: the previous line's end");
}

#[test]
fn home_goes_to_the_code_then_the_margin_and_end_to_the_end() {
    let mut e = Editor::new("    block1.move(\"up\");");
    e.place_cursor(0, 12);
    e.apply(Edit::Home);
    assert_eq!(at(&e), (0, 4));
    e.apply(Edit::Home);
    assert_eq!(at(&e), (0, 0));
    e.apply(Edit::Home);
    assert_eq!(at(&e), (0, 4));
    e.apply(Edit::End);
    assert_eq!(at(&e), (0, 22));
    e.set_text("a\nbc\nd");
    e.apply(Edit::DocStart);
    assert_eq!(at(&e), (0, 0));
    e.apply(Edit::DocEnd);
    assert_eq!(at(&e), (2, 1));
}

#[test]
fn newline_indents_blocks_and_closing_braces_step_out() {
    let mut e = Editor::default();
    typed(&mut e, "for (i = 0; i < 3; i++) {\nblock1.move(\"down\");\n}\ndoor1.open();");
    assert_eq!(e.text(), "for (i = 0; i < 3; i++) {\n    block1.move(\"down\");\n}\ndoor1.open();");
    // Enter between braces opens an indented line between them.
    let mut e = Editor::new("if (gate1.isMoving == true) {}");
    e.place_cursor(0, 29);
    e.apply(Edit::Newline);
    assert_eq!(e.text(), "if (gate1.isMoving == true) {\n    \n}");
    assert_eq!(at(&e), (1, 4));
    // Enter splits a line, carrying its indentation.
    let mut e = Editor::new("    a b");
    e.place_cursor(0, 5);
    e.apply(Edit::Newline);
    assert_eq!(e.text(), "    a\n    b");
    assert_eq!(at(&e), (1, 4));
}

#[test]
fn tab_indents_to_the_next_stop() {
    let mut e = Editor::new("ab");
    e.place_cursor(0, 1);
    e.apply(Edit::Indent);
    assert_eq!(e.text(), "a   b");
    assert_eq!(at(&e), (0, 4));
}

#[test]
fn paste_keeps_lines_and_cleans_the_rest() {
    let mut e = Editor::new("x");
    e.place_cursor(0, 0);
    assert!(e.apply(Edit::Paste("n = 3;\r\nfor (i = 0; i < n; i++) {\r\n\tblock1.move(\"left\");\r}\u{7}".into())));
    assert_eq!(e.text(), "n = 3;\nfor (i = 0; i < n; i++) {\n    block1.move(\"left\");\n}x");
    assert_eq!(at(&e), (3, 1), "the cursor after the pasted text");
    // Typed text never breaks a line.
    e.apply(Edit::Type("a\nb".into()));
    assert_eq!(e.lines()[3], "}a bx");
}

#[test]
fn the_limits_hold() {
    let mut e = Editor::new(&"a".repeat(MAX_CHARS + 50));
    assert_eq!(e.len(), MAX_CHARS + 50, "a loaded text is kept whole");
    let mut e2 = Editor::default();
    e2.apply(Edit::Paste("b".repeat(MAX_CHARS + 50)));
    assert_eq!(e2.len(), MAX_CHARS);
    assert!(!e2.apply(Edit::Type("c".into())), "full");
    e.set_text("");
    e.apply(Edit::Paste("\n".repeat(MAX_LINES + 10)));
    assert_eq!(e.lines().len(), MAX_LINES);
    assert!(!e.apply(Edit::Newline));
}

#[test]
fn undo_and_redo_step_through_changes_and_typing_undoes_as_one() {
    let mut e = Editor::default();
    typed(&mut e, "door1");
    typed(&mut e, ".open();");
    e.apply(Edit::Newline);
    typed(&mut e, "gate1.stop();");
    assert!(e.apply(Edit::Undo));
    assert_eq!(e.text(), "door1.open();\n");
    assert!(e.apply(Edit::Undo));
    assert_eq!(e.text(), "door1.open();");
    assert!(e.apply(Edit::Redo));
    assert_eq!(e.text(), "door1.open();\n");
    assert!(e.apply(Edit::Undo) && e.apply(Edit::Undo));
    assert_eq!(e.text(), "");
    assert!(!e.apply(Edit::Undo), "nothing left to undo");
    e.apply(Edit::Redo);
    typed(&mut e, "x");
    assert!(!e.apply(Edit::Redo), "a new change drops the redo steps");
}

#[test]
fn wide_characters_count_as_one_column() {
    let mut e = Editor::default();
    typed(&mut e, "// café ünïcode");
    e.apply(Edit::Home);
    e.apply(Edit::Home);
    for _ in 0..7 {
        e.apply(Edit::Right);
    }
    e.apply(Edit::Backspace);
    assert_eq!(e.text(), "// caf ünïcode");
    assert_eq!(at(&e), (0, 6));
}

#[test]
fn the_revision_moves_with_any_change() {
    let mut e = Editor::new("ab");
    let r = e.revision();
    e.apply(Edit::Left);
    assert!(e.revision() > r);
    let r = e.revision();
    e.apply(Edit::Delete);
    assert!(e.revision() > r);
    let r = e.revision();
    e.apply(Edit::Home);
    e.apply(Edit::End);
    e.apply(Edit::End);
    assert_eq!(e.revision(), r + 2, "a key that changes nothing doesn't redraw");
}

#[test]
fn underlines_cover_the_word_at_the_error() {
    assert_eq!(underline_span("dor1.open();", 0), 4);
    assert_eq!(underline_span("block1.move(\"lft\");", 12), 5);
    assert_eq!(underline_span("door1.open()", 12), 1, "past the end: one cell");
    assert_eq!(underline_span("a = ;", 4), 1);
}
