//! A real `seedfeast-board` process on 127.0.0.1 and a small client for it. The database is a
//! fresh SQLite file, or `$SEEDFEAST_BOARD_TEST_DB` (a PostgreSQL URL: scripts/board-postgres.sh).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use seedfeast_procgen::replay::Replay;
use serde_json::Value;

/// A secret of the length the game makes.
pub fn secret(player: &str) -> String {
    format!("{player:-<16}-0123456789abcdef")
}

/// The database every server of one test shares.
pub struct Database {
    pub url: String,
    pub _dir: Option<tempfile::TempDir>,
}

impl Database {
    pub fn fresh() -> Database {
        match std::env::var("SEEDFEAST_BOARD_TEST_DB") {
            Ok(url) if !url.is_empty() => Database { url, _dir: None },
            _ => {
                let dir = tempfile::tempdir().expect("a temporary folder");
                let url = format!("sqlite:{}", dir.path().join("board.db").display());
                Database { url, _dir: Some(dir) }
            }
        }
    }

    pub fn is_sqlite(&self) -> bool {
        self.url.starts_with("sqlite:")
    }
}

/// A running server; killed when dropped (and what it logged printed, when a test failed).
pub struct Server {
    pub child: Child,
    pub base: String,
    /// The server's stderr, read as it comes (bounded), unless the test sent it elsewhere.
    log: Arc<Mutex<Vec<u8>>>,
}

/// The most of a server's log a test keeps to show when it fails.
const LOG_KEPT: usize = 64 * 1024;

impl Server {
    pub fn start(db: &Database, extra: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_seedfeast-board"));
        command.stderr(Stdio::piped());
        Server::spawn(command, db, extra)
    }

    /// The server with every file it writes capped at `kib` KiB (RLIMIT_FSIZE through bash's
    /// `ulimit -f`, with SIGXFSZ ignored so that a write past the cap fails instead of killing the
    /// process): as far as the database can tell, a full disk. (A real one, ENOSPC, needs a
    /// small filesystem to mount, which a test can't count on.)
    ///
    /// Its log (stderr) goes to `log`, a file opened to append: pass one already past the cap to
    /// see the server answer while it can't log, as under CI, whose log file is far past it.
    #[cfg(unix)]
    pub fn start_with_files_capped(db: &Database, kib: u64, log: &Path) -> Server {
        let mut bash = Command::new("bash");
        bash.arg("-c").arg(format!("trap '' XFSZ; ulimit -f {kib}; exec \"$0\" \"$@\""));
        bash.arg(env!("CARGO_BIN_EXE_seedfeast-board"));
        let file = std::fs::OpenOptions::new().create(true).append(true).open(log).expect("the log file opens");
        bash.stderr(file);
        Server::spawn(bash, db, &[])
    }

    fn spawn(mut command: Command, db: &Database, extra: &[&str]) -> Server {
        let mut child = command
            .args(["serve", "--db", &db.url, "--listen", "127.0.0.1:0", "--workers", "2"])
            .arg("--game")
            .arg(game_binary())
            .args(extra)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let log = Arc::new(Mutex::new(Vec::new()));
        if let Some(mut stderr) = child.stderr.take() {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(read @ 1..) = stderr.read(&mut chunk) {
                    let mut kept = log.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    let room = LOG_KEPT.saturating_sub(kept.len());
                    kept.extend_from_slice(&chunk[..read.min(room)]);
                }
            });
        }
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("the server says where it listens");
        let base = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, base, log }
    }

    /// What the server has logged so far (its stderr, when the test kept it).
    pub fn log(&self) -> String {
        String::from_utf8_lossy(&self.log.lock().unwrap_or_else(|poisoned| poisoned.into_inner())).into_owned()
    }

    /// Stops it as a crash would: SIGKILL, no shutdown.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn agent() -> ureq::Agent {
        ureq::Agent::config_builder().http_status_as_error(false).build().into()
    }

    /// POSTs a body; the status, the headers' Retry-After and the JSON answer.
    pub fn post_raw(&self, path: &str, body: &[u8]) -> (u16, Option<String>, Value) {
        let mut response = Server::agent()
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .send(body)
            .expect("the server answers");
        let retry = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(String::from);
        let text = response.body_mut().read_to_string().unwrap_or_default();
        let json = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text:?}"));
        (response.status().as_u16(), retry, json)
    }

    /// POSTs `bytes` bytes the way a careless client does: all of it, whatever the server says
    /// first. Raw TCP, since the server answers 413 and closes before reading it all (a
    /// client writing on gets a broken pipe, then reads the answer). The status and the body.
    pub fn post_oversized(&self, path: &str, bytes: usize) -> (u16, String) {
        use std::io::{Read, Write};
        let host = self.base.trim_start_matches("http://");
        let mut stream = std::net::TcpStream::connect(host).expect("the server listens");
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {bytes}\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).expect("the head is taken");
        let chunk = vec![b'x'; 64 * 1024];
        let mut sent = 0;
        while sent < bytes && stream.write_all(&chunk[..chunk.len().min(bytes - sent)]).is_ok() {
            sent += chunk.len();
        }
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer).to_string();
        let status = answer.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        (status, answer)
    }

    pub fn submit(&self, replay: &str, name: &str, secret: &str) -> (u16, Value) {
        let body = serde_json::json!({ "replay": replay, "name": name, "secret": secret }).to_string();
        let (status, _, json) = self.post_raw("/api/v1/runs", body.as_bytes());
        (status, json)
    }

    /// GETs a path: the status and the body as text.
    pub fn get(&self, path: &str) -> (u16, String) {
        let mut response = Server::agent().get(format!("{}{path}", self.base)).call().expect("the server answers");
        (response.status().as_u16(), response.body_mut().read_to_string().unwrap_or_default())
    }

    pub fn get_json(&self, path: &str) -> (u16, Value) {
        let (status, text) = self.get(path);
        (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text:?}")))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!("the server at {} logged:\n{}", self.base, self.log());
        }
    }
}

/// The game binary the server re-plays runs with: `$SEEDFEAST_GAME`, else `seedfeast` in the
/// target folder these tests run from (`cargo test --workspace` builds it; so does
/// `cargo build --bin seedfeast`).
pub fn game_binary() -> PathBuf {
    if let Some(path) = std::env::var_os("SEEDFEAST_GAME") {
        return path.into();
    }
    let exe = std::env::current_exe().expect("the test's own path");
    // target/debug/deps/boards-… → target/debug/seedfeast
    let game = exe.parent().and_then(|deps| deps.parent()).expect("a target folder").join("seedfeast");
    assert!(game.is_file(), "no game binary at {}: build it first (cargo build --bin seedfeast)", game.display());
    game
}

/// What `replay verify` says a run came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub score: u64,
    pub steps: u64,
}

/// The reference bot's run of `mode` on the seed `text` for at most `seconds`, recorded by the
/// game binary (`replay record --bot`), with the figures it reached.
pub fn bot_run(mode: &str, text: &str, seconds: u32) -> (Replay, Outcome) {
    let out = Command::new(game_binary())
        .args(["replay", "record", "--mode", mode, "--seed", text, "--bot", "--seconds", &seconds.to_string()])
        .output()
        .expect("the game runs");
    assert!(out.status.success(), "replay record: {}", String::from_utf8_lossy(&out.stderr));
    let code = String::from_utf8(out.stdout).unwrap();
    let replay = Replay::decode(code.trim()).expect("the game's own code decodes");
    let verify = Command::new(game_binary()).args(["replay", "verify", "--code", code.trim()]).output().unwrap();
    let doc: Value = serde_json::from_slice(&verify.stdout).expect("verify prints JSON");
    let outcome = Outcome { score: doc["score"].as_u64().unwrap(), steps: doc["steps"].as_u64().unwrap() };
    (replay, outcome)
}
