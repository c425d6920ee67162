//! The board server as players and forgers meet it: a real process on 127.0.0.1 with a real
//! database (SQLite here; PostgreSQL when scripts/board-postgres.sh sets SEEDFEAST_BOARD_TEST_DB).
//! Each test plays its own seed, so tests sharing one database never share a board.

mod support;

use seedfeast_procgen::replay::Replay;
use support::{Database, Server, bot_run, secret};

#[test]
fn a_bots_run_is_replayed_ranked_and_shown() {
    let db = Database::fresh();
    let server = Server::start(&db, &[]);
    let (long, long_outcome) = bot_run("runner", "board ranks", 20);
    let (short, short_outcome) = bot_run("runner", "board ranks", 8);
    assert!(long_outcome.score > short_outcome.score, "the test needs two scores");
    let seed = long.seed.code().to_string();

    let (status, answer) = server.submit(&short.encode(), "Bea", &secret("bea"));
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["board"], format!("runner/{seed}"));
    assert_eq!(answer["score"], short_outcome.score);
    assert_eq!(answer["steps"], short_outcome.steps);
    assert_eq!(answer["rank"], 1);

    let (status, answer) = server.submit(&long.encode(), "Ana", &secret("ana"));
    assert_eq!((status, &answer["rank"]), (201, &serde_json::json!(1)), "{answer}");

    let (status, board) = server.get_json(&format!("/api/v1/boards/runner/{seed}?limit=10"));
    assert_eq!(status, 200);
    let entries = board["entries"].as_array().unwrap();
    let names: Vec<_> = entries.iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ana", "Bea"]);
    assert_eq!(entries[0]["score"], long_outcome.score);
    assert_eq!(entries[1]["rank"], 2);

    let (status, around) = server.get_json(&format!("/api/v1/boards/runner/{seed}?limit=1&around=2"));
    assert_eq!(status, 200);
    assert_eq!(around["entries"][0]["name"], "Bea");

    let (status, replay) = server.get_json(&format!("/api/v1/boards/runner/{seed}/entries/1/replay"));
    assert_eq!((status, replay["replay"].as_str()), (200, Some(long.encode().as_str())));

    let (status, page) = server.get(&format!("/b/runner/{seed}"));
    assert_eq!(status, 200);
    let (ana, bea) = (page.find(">Ana<").expect("Ana on the page"), page.find(">Bea<").expect("Bea on the page"));
    assert!(ana < bea, "ranked in order");
    assert!(page.contains("Race this ghost"));
}

#[test]
fn a_better_run_replaces_a_players_best_and_a_worse_one_does_not() {
    let db = Database::fresh();
    let server = Server::start(&db, &[]);
    let (long, long_outcome) = bot_run("runner", "board best", 20);
    let (short, short_outcome) = bot_run("runner", "board best", 8);
    let me = secret("me");
    let (_, first) = server.submit(&short.encode(), "Me", &me);
    assert_eq!((first["kept"].as_bool(), &first["best"]), (Some(true), &serde_json::json!(short_outcome.score)));
    let (_, better) = server.submit(&long.encode(), "Me", &me);
    assert_eq!((better["kept"].as_bool(), &better["best"]), (Some(true), &serde_json::json!(long_outcome.score)));
    let (status, worse) = server.submit(&short.encode(), "Me", &me);
    assert_eq!(status, 201);
    assert_eq!((worse["kept"].as_bool(), &worse["best"]), (Some(false), &serde_json::json!(long_outcome.score)));
    assert_eq!(worse["score"], short_outcome.score, "the answer gives this run's re-played score");
    let (_, board) = server.get_json(&format!("/api/v1/boards/runner/{}", long.seed.code()));
    assert_eq!(board["entries"].as_array().unwrap().len(), 1, "one entry per player");
    assert_eq!(board["entries"][0]["score"], long_outcome.score);
}

#[test]
fn edited_claims_are_never_stored() {
    let db = Database::fresh();
    let server = Server::start(&db, &[]);
    let (run, outcome) = bot_run("maze", "board forged", 10);
    let me = secret("forger");
    // Each edit re-encodes, so its checksum is right: anyone can do that.
    let mut score = run.clone();
    score.score += 500;
    let mut state = run.clone();
    state.state ^= 1;
    let mut steps = run.clone();
    steps.inputs.truncate(steps.inputs.len() / 2);
    for (what, forged) in [("score", score), ("state hash", state), ("steps", steps)] {
        let (status, answer) = server.submit(&forged.encode(), "Forger", &me);
        assert_eq!(status, 422, "an edited {what} was taken: {answer}");
        assert!(answer["error"].as_str().unwrap().contains("play out to"), "{what}: {answer}");
    }
    let (_, board) = server.get_json(&format!("/api/v1/boards/maze/{}", run.seed.code()));
    assert_eq!(board["entries"], serde_json::json!([]), "nothing stored");
    let (status, honest) = server.submit(&run.encode(), "Forger", &me);
    assert_eq!((status, &honest["score"]), (201, &serde_json::json!(outcome.score)));
}

#[test]
fn refusals_say_why() {
    let db = Database::fresh();
    let server = Server::start(&db, &[]);
    let (run, _) = bot_run("arena", "board refusals", 3);
    let me = secret("me");
    let error = |(status, answer): (u16, serde_json::Value)| (status, answer["error"].as_str().unwrap().to_string());

    let mut rules = run.clone();
    rules.rules ^= 1;
    let (status, message) = error(server.submit(&rules.encode(), "Me", &me));
    assert_eq!(status, 422);
    assert!(message.contains("other rules"), "{message}");

    let code = run.encode();
    let (status, message) = error(server.submit(&code[..code.len() - 6], "Me", &me));
    assert_eq!(status, 422);
    assert!(message.starts_with("bad replay code"), "{message}");

    let puzzle = Replay { mode: "puzzle".into(), ..run.clone() };
    let (status, message) = error(server.submit(&puzzle.encode(), "Me", &me));
    assert_eq!(status, 422);
    assert!(message.contains("can't be replayed"), "{message}");

    let (status, message) = error(server.submit(&code, "<script>", &me));
    assert_eq!(status, 422);
    assert!(message.contains("name"), "{message}");

    let (status, message) = error(server.submit(&code, "Me", "short"));
    assert_eq!(status, 422);
    assert!(message.contains("secret"), "{message}");

    let (status, answer) = server.post_oversized("/api/v1/runs", 1 << 20);
    assert_eq!(status, 413, "{answer}");
    assert!(answer.contains("longer than"), "{answer}");

    let (status, _, answer) = server.post_raw("/api/v1/runs", b"{\"replay\": 1}");
    assert_eq!(status, 400, "{answer}");

    let (status, answer) = server.get_json("/api/v1/boards/runner/NOT-A-CODE!");
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = server.get_json("/api/v1/boards/puzzle/324MP-ANQ6H");
    assert_eq!(status, 404, "{answer}");
    let (status, answer) = server.get_json("/api/v1/boards/runner/324MP-ANQ6H?limit=100000");
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = server.get_json("/nowhere");
    assert_eq!(status, 404, "{answer}");
}

#[test]
fn the_same_replay_is_re_played_once() {
    let db = Database::fresh();
    let server = Server::start(&db, &[]);
    let (run, _) = bot_run("tunnel", "board cached", 5);
    let code = run.encode();
    assert_eq!(server.submit(&code, "One", &secret("one")).0, 201);
    assert_eq!(server.submit(&code, "Two", &secret("two")).0, 201);
    let (_, metrics) = server.get("/metrics");
    assert!(metrics.contains("seedfeast_board_replays_total{how=\"cached\"} 1"), "{metrics}");
    assert!(metrics.contains("seedfeast_board_submissions_total{result=\"accepted\"} 2"), "{metrics}");
}

#[test]
fn an_address_is_limited_by_the_steps_it_has_re_played() {
    let db = Database::fresh();
    // 600 steps a minute: one 8-second run (480 steps) fits, a second does not.
    let server = Server::start(&db, &["--steps-per-minute", "600"]);
    let (first, _) = bot_run("runner", "board limited a", 8);
    let (second, _) = bot_run("runner", "board limited b", 8);
    assert_eq!(server.submit(&first.encode(), "Me", &secret("me")).0, 201);
    let body = serde_json::json!({ "replay": second.encode(), "name": "Me", "secret": secret("me") }).to_string();
    let (status, retry, answer) = server.post_raw("/api/v1/runs", body.as_bytes());
    assert_eq!(status, 429, "{answer}");
    let wait: u64 = retry.expect("a Retry-After").parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
}

#[test]
fn answered_runs_survive_a_kill_and_two_servers_share_one_database() {
    let db = Database::fresh();
    let first = Server::start(&db, &[]);
    let second = Server::start(&db, &[]);
    let (run, outcome) = bot_run("food-tunnel", "board shared", 5);
    let (status, _) = first.submit(&run.encode(), "Kept", &secret("kept"));
    assert_eq!(status, 201);
    let path = format!("/api/v1/boards/food-tunnel/{}", run.seed.code());
    let (_, seen) = second.get_json(&path);
    assert_eq!(seen["entries"][0]["name"], "Kept", "the other instance sees it");
    first.kill();
    second.kill();
    let again = Server::start(&db, &[]);
    let (_, board) = again.get_json(&path);
    assert_eq!(board["entries"][0]["score"], outcome.score, "the run answered 201 is still there");
    assert_eq!(again.get("/healthz").0, 200);
}

#[test]
fn a_database_that_cannot_be_written_answers_503_and_reads_go_on() {
    let db = Database::fresh();
    if !db.is_sqlite() {
        return; // A read-only PostgreSQL is a role's grant; the SQLite file shows the same path.
    }
    let (kept, _) = bot_run("runner", "board read-only a", 4);
    let (refused, _) = bot_run("runner", "board read-only b", 4);
    let writable = Server::start(&db, &[]);
    assert_eq!(writable.submit(&kept.encode(), "Kept", &secret("kept")).0, 201);
    writable.kill();
    let read_only = Database { url: format!("{}?mode=ro", db.url), ..Database::fresh() };
    let server = Server::start(&read_only, &[]);
    let body = serde_json::json!({ "replay": refused.encode(), "name": "Late", "secret": secret("late") }).to_string();
    let (status, retry, answer) = server.post_raw("/api/v1/runs", body.as_bytes());
    assert_eq!(status, 503, "{answer}");
    assert!(retry.is_some(), "a 503 says when to retry");
    assert!(answer["error"].as_str().unwrap().contains("database"), "{answer}");
    let (status, board) = server.get_json(&format!("/api/v1/boards/runner/{}", kept.seed.code()));
    assert_eq!((status, &board["entries"][0]["name"]), (200, &serde_json::json!("Kept")));
}

#[cfg(unix)]
#[test]
fn a_full_disk_answers_503_and_reads_go_on() {
    let db = Database::fresh();
    if !db.is_sqlite() {
        return; // PostgreSQL's disk is the database server's; the SQLite file shows the path.
    }
    let (kept, _) = bot_run("runner", "board full disk", 4);
    let first = Server::start(&db, &[]);
    assert_eq!(first.submit(&kept.encode(), "Kept", &secret("kept")).0, 201);
    // Killed, so its write-ahead log stays as it is; the next server may write a few KiB more.
    first.kill();
    let path = db.url.trim_start_matches("sqlite:");
    let written: u64 =
        ["", "-wal"].iter().map(|end| std::fs::metadata(format!("{path}{end}")).map_or(0, |m| m.len())).max().unwrap();
    let cap_kib = written / 1024 + 4;
    // The server's log is a file already past the cap, as CI's is: every line it logs fails to
    // be written, and must fail quietly (a panic there dropped the connection: issue #44).
    let log = db._dir.as_ref().map_or_else(std::env::temp_dir, |dir| dir.path().to_path_buf()).join("server.log");
    std::fs::write(&log, vec![b'#'; (cap_kib as usize + 1) * 1024]).expect("the log file is written");
    let server = Server::start_with_files_capped(&db, cap_kib, &log);
    let mut statuses = Vec::new();
    for i in 0..6 {
        let (run, _) = bot_run("runner", &format!("board full disk {i}"), 4);
        let body = serde_json::json!({ "replay": run.encode(), "name": format!("Late {i}"), "secret": secret("late") });
        let (status, retry, answer) = server.post_raw("/api/v1/runs", body.to_string().as_bytes());
        statuses.push(status);
        if status == 503 {
            assert!(retry.is_some(), "a 503 says when to retry");
            assert!(answer["error"].as_str().unwrap().contains("database"), "{answer}");
            break;
        }
        assert_eq!(status, 201, "{answer}");
    }
    assert_eq!(statuses.last(), Some(&503), "the disk never filled: {statuses:?}");
    let (status, board) = server.get_json(&format!("/api/v1/boards/runner/{}", kept.seed.code()));
    assert_eq!((status, &board["entries"][0]["name"]), (200, &serde_json::json!("Kept")), "reads go on");
    assert_eq!(server.get("/healthz").0, 200, "the server is still up");
}
