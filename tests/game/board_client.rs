//! The game's side of score boards (issue #31), played headlessly with real keys against a
//! stand-in board on 127.0.0.1 that answers what a real one would and records what it was sent
//! (the real server's own suite is `crates/board/tests`; the browser test is e2e-board.sh):
//! *Submit to board* sends the run's replay, name and secret and shows the rank and the rows
//! around it; a name is asked for first when there is none; an unreachable board keeps the run
//! in the save and the outbox sends it once the board is back; a refusal is final and said; the
//! settings take a board's address and refuse a bad one; the seed screen shows the top three. A
//! run kept under another spelling of the board's address goes once, under the kept secret, and
//! the outbox backs off and keeps to its cap (issue #51).

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use common::{menu_app, press, screen, type_text};
use seedfeast::replay::LastReplay;
use seedfeast::save::Save;
use seedfeast::state::Screen;
use seedfeast::ui::board_card::BoardLine;
use seedfeast::ui::board_top::TopThreeLine;
use seedfeast::ui::menu::{MenuAction, MenuChosen, MenuCursor};
use seedfeast::ui::text_prompt::{PromptFor, TextPrompt};
use seedfeast_procgen::Seed;
use seedfeast_procgen::runner::RunnerConfig;

/// What the stand-in board was sent: the request line and the body.
type Heard = Arc<Mutex<Vec<(String, String)>>>;

/// A board on 127.0.0.1 that gives these answers in turn, one connection each.
fn stand_in(listener: TcpListener, answers: Vec<(u16, String)>) -> Heard {
    let heard: Heard = Arc::default();
    let log = heard.clone();
    std::thread::spawn(move || {
        for (status, body) in answers {
            let Ok((stream, _)) = listener.accept() else { return };
            let request = read_request(&stream);
            log.lock().unwrap().push(request);
            let mut stream = stream;
            let _ = write!(
                stream,
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    heard
}

fn read_request(stream: &TcpStream) -> (String, String) {
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let mut length = 0;
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).unwrap();
        if header.trim().is_empty() {
            break;
        }
        if let Some(value) = header.to_ascii_lowercase().strip_prefix("content-length:") {
            length = value.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    (line.trim().to_string(), String::from_utf8(body).unwrap())
}

fn board_at(listener: &TcpListener) -> String {
    format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port())
}

/// A Runner run nobody plays, ended, with `board` and `name` in the settings.
fn game_over(board: &str, name: &str) -> App {
    let mut app = common::runner_app(Seed(5), RunnerConfig::default());
    let mut save = app.world_mut().resource_mut::<Save>();
    save.settings_mut().set_board(board, 1);
    save.settings_mut().set_player_name(name, 1);
    for _ in 0..3_000 {
        app.update();
        if screen(&app) == Screen::GameOver {
            app.update();
            return app;
        }
    }
    panic!("the run never ended");
}

fn line<C: Component>(app: &mut App) -> String {
    let mut query = app.world_mut().query_filtered::<&Text, With<C>>();
    query.single(app.world()).map(|t| t.0.clone()).unwrap_or_default()
}

/// Updates until `done` holds (the answer comes on another thread), or fails saying `what`.
fn until(app: &mut App, what: &str, done: impl Fn(&mut App) -> bool) {
    for _ in 0..1_000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what} never happened; the board line says {:?}", line::<BoardLine>(app));
}

fn enter(app: &mut App) {
    press(app, KeyCode::Enter, Key::Enter, None);
}

/// The board's answer to a ranked run of `Seed(5)` in the Runner.
fn ranked() -> String {
    let code = Seed(5).code();
    format!(r#"{{"board":"runner/{code}","rank":2,"score":0,"steps":300,"best":0,"kept":true}}"#)
}
const ROWS: &str = r#"{"board":"runner/X","entries":[{"rank":1,"name":"Bea","score":1300,"steps":9,"at":1},{"rank":2,"name":"May","score":0,"steps":3,"at":2}]}"#;

#[test]
fn submit_sends_the_replay_and_shows_the_rank_and_the_rows_around_it() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let board = board_at(&listener);
    let heard = stand_in(listener, vec![(201, ranked()), (200, ROWS.into())]);
    let mut app = game_over(&board, "May");
    // Retry, New seed, Copy, Share, then Submit to board.
    for _ in 0..4 {
        press(&mut app, KeyCode::ArrowDown, Key::ArrowDown, None);
    }
    assert_eq!(app.world().resource::<MenuCursor>().0, 4);
    enter(&mut app);
    until(&mut app, "the rows", |app| line::<BoardLine>(app).contains("Bea"));
    let shown = line::<BoardLine>(&mut app);
    assert!(shown.starts_with("Rank 2 on the board"), "{shown}");
    assert!(shown.contains("1. Bea  1,300  \u{b7}  [2. May  0]"), "the player's row is marked: {shown}");

    let heard = heard.lock().unwrap().clone();
    assert_eq!(heard[0].0, "POST /api/v1/runs HTTP/1.1");
    let sent: serde_json::Value = serde_json::from_str(&heard[0].1).unwrap();
    let replay = app.world().resource::<LastReplay>().0.encode();
    assert_eq!(sent["replay"], replay.as_str());
    assert_eq!(sent["name"], "May");
    let secret = sent["secret"].as_str().unwrap();
    assert_eq!(secret.len(), 32);
    let save = app.world().resource::<Save>();
    assert_eq!(save.board_secret(&board), Some(secret), "the secret is kept for this board");
    assert!(save.waiting_runs().is_empty(), "a ranked run is off the queue");
    let code = Seed(5).code().to_string();
    assert_eq!(heard[1].0, format!("GET /api/v1/boards/runner/{code}?limit=5&around=2 HTTP/1.1"));
}

#[test]
fn an_unreachable_board_keeps_the_run_and_the_outbox_sends_it_later() {
    // A port nothing listens on (taken, then let go).
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let board = format!("http://127.0.0.1:{port}");
    let mut app = game_over(&board, "May");
    app.world_mut().trigger(MenuChosen(MenuAction::SubmitToBoard));
    until(&mut app, "the refusal to connect", |app| line::<BoardLine>(app).starts_with("Not sent"));
    assert!(line::<BoardLine>(&mut app).contains("kept"), "{}", line::<BoardLine>(&mut app));
    let waiting = app.world().resource::<Save>().waiting_runs();
    assert_eq!(waiting.len(), 1);
    assert_eq!((waiting[0].0.as_str(), waiting[0].2.name.as_str()), (board.as_str(), "May"));

    // The board comes back; the next visit to the title screen sends what waits.
    let listener = TcpListener::bind(("127.0.0.1", port)).unwrap();
    let heard = stand_in(listener, vec![(201, ranked())]);
    press(&mut app, KeyCode::Escape, Key::Escape, None);
    assert_eq!(screen(&app), Screen::Title);
    until(&mut app, "the kept run's sending", |app| app.world().resource::<Save>().waiting_runs().is_empty());
    let sent: serde_json::Value = serde_json::from_str(&heard.lock().unwrap()[0].1).unwrap();
    assert_eq!(sent["replay"], waiting[0].1.as_str());
}

#[test]
fn a_name_is_asked_for_first_and_a_refusal_is_final() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let board = board_at(&listener);
    let heard = stand_in(listener, vec![(422, r#"{"error":"the replay's rules are not this board's"}"#.into())]);
    let mut app = game_over(&board, "");
    app.world_mut().trigger(MenuChosen(MenuAction::SubmitToBoard));
    app.update();
    assert_eq!(app.world().resource::<TextPrompt>().open, Some(PromptFor::NameThenSubmit));
    type_text(&mut app, "<b>");
    enter(&mut app);
    let note = app.world().resource::<TextPrompt>().note.clone();
    assert!(note.contains("can't hold '<'"), "{note}");
    assert!(heard.lock().unwrap().is_empty(), "nothing is sent before a name is taken");
    for _ in 0..3 {
        press(&mut app, KeyCode::Backspace, Key::Backspace, None);
    }
    type_text(&mut app, "Bea");
    enter(&mut app);
    assert_eq!(app.world().resource::<TextPrompt>().open, None);
    assert_eq!(screen(&app), Screen::GameOver, "Enter on the prompt chose no menu item");
    until(&mut app, "the refusal", |app| line::<BoardLine>(app).starts_with("The board refused"));
    assert!(line::<BoardLine>(&mut app).contains("rules are not this board's"));
    let save = app.world().resource::<Save>();
    assert_eq!(save.settings().player_name(), "Bea");
    assert!(save.waiting_runs().is_empty(), "a refused run isn't kept to be refused again");
}

#[test]
fn settings_take_a_boards_address_and_refuse_a_bad_one() {
    let mut app = menu_app();
    app.world_mut().trigger(MenuChosen(MenuAction::Settings));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Settings);
    app.world_mut().trigger(MenuChosen(MenuAction::BoardAddress));
    app.update();
    type_text(&mut app, "bad host");
    enter(&mut app);
    let note = app.world().resource::<TextPrompt>().note.clone();
    assert!(note.contains("not a server name"), "{note}");
    for _ in 0.."bad host".len() {
        press(&mut app, KeyCode::Backspace, Key::Backspace, None);
    }
    type_text(&mut app, "127.0.0.1:8080");
    enter(&mut app);
    assert_eq!(app.world().resource::<Save>().settings().board(), "http://127.0.0.1:8080");
    assert_eq!(screen(&app), Screen::Settings, "typing and Enter didn't leave the screen");
    let mut labels = app.world_mut().query::<&Text>();
    let labels: Vec<String> = labels.iter(app.world()).map(|t| t.0.clone()).collect();
    assert!(labels.iter().any(|l| l == "Board: 127.0.0.1:8080"), "{labels:?}");

    // Empty turns the board off.
    app.world_mut().trigger(MenuChosen(MenuAction::BoardAddress));
    app.update();
    for _ in 0.."http://127.0.0.1:8080".len() {
        press(&mut app, KeyCode::Backspace, Key::Backspace, None);
    }
    enter(&mut app);
    assert_eq!(app.world().resource::<Save>().settings().board(), "");
}

#[test]
fn the_seed_screen_shows_the_boards_top_three() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let board = board_at(&listener);
    let heard = stand_in(listener, vec![(200, ROWS.into())]);
    let mut app = menu_app();
    app.world_mut().resource_mut::<Save>().settings_mut().set_board(&board, 1);
    app.world_mut().trigger(MenuChosen(MenuAction::Start));
    app.update();
    app.world_mut().trigger(MenuChosen(MenuAction::ChooseMode(common::mode("maze"))));
    app.update();
    assert_eq!(screen(&app), Screen::SeedSelect);
    until(&mut app, "the top three", |app| line::<TopThreeLine>(app).contains("Bea"));
    let code = app.world().resource::<seedfeast::session::Session>().seed.code().to_string();
    assert_eq!(heard.lock().unwrap()[0].0, format!("GET /api/v1/boards/maze/{code}?limit=3 HTTP/1.1"));
    assert!(line::<TopThreeLine>(&mut app).contains("1. Bea  1,300"));
}

/// A headless game on its title screen over `storage` (its save), as at start-up.
fn game_over_storage(storage: &Arc<seedfeast::save::MapStorage>) -> App {
    use bevy::time::TimeUpdateStrategy;
    let mut app = seedfeast::headless_app(seedfeast::Launch {
        data: Ok(seedfeast::data::GameData::built_in()),
        start: None,
        save: seedfeast::save::SaveStore::keyed(storage.clone()),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    app
}

/// Issue #51 item 2: a run kept under `http://127.0.0.1:PORT/` or `HTTP://127.0.0.1:PORT` (as an
/// older game, or a hand, wrote it) was marked sent under the normal spelling and so stayed
/// waiting: the game posted it some 30 times a second, each with a new secret. It goes once now,
/// under the secret kept for that board, and is off the queue.
#[test]
fn a_run_waiting_under_any_spelling_of_the_address_is_sent_once() {
    use seedfeast::save::{STORAGE_KEY, TextStorage};
    const SECRET: &str = "KeptSecretKeptSecretKeptSecret42";
    for spelling in ["http://127.0.0.1:{port}/", "HTTP://127.0.0.1:{port}", "127.0.0.1:{port}//"] {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let spelled = spelling.replace("{port}", &port.to_string());
        // Enough answers for a flood to show: each connection gets a ranked answer.
        let heard = stand_in(listener, vec![(201, ranked()); 40]);
        let mut data = seedfeast::save::SaveData::default();
        data.record("runner/A", 1, seedfeast_save::Direction::Higher);
        let board = format!(
            "boards: {{{spelled:?}: (secret: {SECRET:?}, made_at: 3, waiting: {{\"CODE\": (name: \"Ann\", \
             queued_at: 5, sent_at: None)}})}}"
        );
        let text = seedfeast_save::encode_save(&data).unwrap().replace("boards: {}", &board);
        let storage = Arc::new(seedfeast::save::MapStorage::default());
        storage.set(STORAGE_KEY, &text).unwrap();
        let mut app = game_over_storage(&storage);
        until(&mut app, "the kept run's sending", |app| app.world().resource::<Save>().waiting_runs().is_empty());
        // Two more seconds of frames: a run left waiting would be sent again and again.
        for _ in 0..200 {
            app.update();
            std::thread::sleep(Duration::from_millis(10));
        }
        let heard = heard.lock().unwrap().clone();
        assert_eq!(heard.len(), 1, "{spelled}: sent once, not {} times", heard.len());
        let sent: serde_json::Value = serde_json::from_str(&heard[0].1).unwrap();
        assert_eq!((sent["replay"].as_str(), sent["secret"].as_str()), (Some("CODE"), Some(SECRET)), "{spelled}");
        let save = app.world().resource::<Save>();
        let normal = format!("http://127.0.0.1:{port}");
        assert_eq!(save.boards().keys().collect::<Vec<_>>(), [&normal], "{spelled}: one board, one key");
        assert_eq!(save.board_secret(&normal), Some(SECRET), "{spelled}: the same secret");
        let stored = storage.get(STORAGE_KEY).unwrap().unwrap();
        assert!(!stored.contains(&spelled) || spelled == normal, "{spelled}: saved under the normal form");
    }
}

#[test]
fn the_outbox_backs_off_after_every_failure_and_sends_at_most_six_a_minute() {
    use seedfeast::board::pace::{FIRST_BACK_OFF, LONGEST_BACK_OFF, Pace, SENDS_PER_MINUTE};
    let mut pace = Pace::default();
    assert!(pace.ready(0.0));
    // Each failure waits longer: 1, 2, 4, 8 minutes, then a quarter of an hour at most.
    let mut now = 0.0;
    for wait in [FIRST_BACK_OFF, 120.0, 240.0, 480.0, LONGEST_BACK_OFF, LONGEST_BACK_OFF] {
        pace.sent(now);
        pace.failed(now);
        assert!(!pace.ready(now + wait - 1.0), "still waiting {wait} s after a failure");
        now += wait;
        assert!(pace.ready(now), "ready {wait} s after");
    }
    // A final answer resets the back-off; however fast the answers, at most six go a minute.
    pace.answered(now);
    let start = now;
    let mut sends = 0;
    while now < start + 60.0 {
        if pace.ready(now) {
            pace.sent(now);
            pace.answered(now);
            sends += 1;
        }
        now += 1.0 / 30.0;
    }
    assert_eq!(sends, SENDS_PER_MINUTE);
    assert!(pace.ready(start + 60.0), "the next minute has room again");
}
