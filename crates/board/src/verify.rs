//! Re-playing submitted runs: the game binary's own `seedfeast replay verify`, run as a child
//! process per run, on a bounded pool of threads behind a bounded queue (a full queue is an
//! answer, "busy, retry", never a growing backlog). A child process rather than the game as a
//! library keeps Bevy out of the server's build, and a re-play that crashes, hangs or eats memory
//! out of the server's process: a stuck one is killed at its deadline.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

/// What a re-play came to: the figures `replay verify` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub score: u64,
    pub steps: u64,
    pub state: u64,
}

/// The game binary that re-plays runs, and the data it reads.
#[derive(Clone, Debug)]
pub struct Game {
    pub binary: PathBuf,
    pub assets: Option<PathBuf>,
}

/// What a replay must match to be re-played by this game: `replay rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub generator_version: u8,
    pub rules: u32,
}

/// Longer than any re-play of the longest run takes: 30 s, and 5 ms a step (a release build takes
/// well under 1 ms a step, a debug build about 1).
fn deadline(steps: usize) -> Duration {
    Duration::from_secs(30) + Duration::from_millis(5 * steps as u64)
}

impl Game {
    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(&self.binary);
        command.args(args);
        if let Some(assets) = &self.assets {
            command.arg("--assets").arg(assets);
        }
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        command
    }

    /// Asks the game what a replay must match (at start-up: a server that can't ask doesn't start).
    pub fn rules(&self) -> Result<Rules, String> {
        let (code, stdout, stderr) = run(self.command(&["replay", "rules"]), Duration::from_secs(60))
            .map_err(|e| format!("can't run the game binary {}: {e}", self.binary.display()))?;
        if code != Some(0) {
            return Err(format!("{} replay rules failed: {}", self.binary.display(), last_line(&stderr)));
        }
        let doc: serde_json::Value =
            serde_json::from_str(&stdout).map_err(|e| format!("replay rules printed {stdout:?}: {e}"))?;
        let generator_version = doc["generator_version"].as_u64().and_then(|v| u8::try_from(v).ok());
        let rules = doc["rules"].as_str().and_then(|r| u32::from_str_radix(r, 16).ok());
        match (generator_version, rules) {
            (Some(generator_version), Some(rules)) => Ok(Rules { generator_version, rules }),
            _ => Err(format!("replay rules printed {stdout:?}, not {{\"generator_version\",\"rules\"}}")),
        }
    }

    /// Re-plays one code: its outcome, or why it can't be played.
    pub fn verify(&self, code: &str, steps: usize) -> Result<Outcome, String> {
        let (exit, stdout, stderr) = run(self.command(&["replay", "verify", "--code", code]), deadline(steps))
            .map_err(|e| format!("the server can't re-play runs now ({e})"))?;
        match exit {
            // 1: it played, to other figures than it claims; the caller compares them.
            Some(0 | 1) => parse_outcome(&stdout),
            Some(2) => Err(last_line(&stderr).trim_start_matches("error: ").to_string()),
            None => Err("the run's re-play took too long and was stopped".into()),
            Some(other) => Err(format!("the game failed re-playing this run (exit {other}): {}", last_line(&stderr))),
        }
    }
}

fn last_line(text: &str) -> &str {
    text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message")
}

/// `{"mode","seed","score","steps","final_state_hash"}` as `replay verify` prints it.
fn parse_outcome(stdout: &str) -> Result<Outcome, String> {
    let doc: serde_json::Value =
        serde_json::from_str(stdout.trim()).map_err(|e| format!("replay verify printed something else ({e})"))?;
    let state = doc["final_state_hash"].as_str().and_then(|h| u64::from_str_radix(h, 16).ok());
    match (doc["score"].as_u64(), doc["steps"].as_u64(), state) {
        (Some(score), Some(steps), Some(state)) => Ok(Outcome { score, steps, state }),
        _ => Err(format!("replay verify printed {doc}, without score, steps and hash")),
    }
}

/// Runs a command to its end or its deadline (then kills it): the exit code (`None` when killed)
/// and what it printed. Output is read on threads so a chatty child never blocks on a full pipe.
fn run(mut command: Command, limit: Duration) -> std::io::Result<(Option<i32>, String, String)> {
    let mut child = command.spawn()?;
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut pipe) = pipe {
                // A bounded read: a re-play prints one line; more is a bug, not a reason to grow.
                let _ = pipe.by_ref().take(1 << 20).read_to_string(&mut text);
            }
            text
        })
    };
    let out = reader(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let err = reader(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let (stdout, stderr) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
    Ok((status.and_then(|s| s.code()), stdout, stderr))
}

type Answer = Result<Outcome, String>;

struct Job {
    code: String,
    steps: usize,
    answer: oneshot::Sender<Answer>,
}

/// The pool. Cloning shares it.
#[derive(Clone)]
pub struct Verifier {
    jobs: SyncSender<Job>,
    waiting: Arc<AtomicUsize>,
    capacity: usize,
}

/// The queue is full: come back later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

impl Verifier {
    /// Starts `workers` threads sharing a queue of at most `queue` runs waiting.
    pub fn start(workers: usize, queue: usize, game: Game) -> Result<Verifier, String> {
        let (jobs, inbox) = sync_channel::<Job>(queue);
        let inbox = Arc::new(Mutex::new(inbox));
        let waiting = Arc::new(AtomicUsize::new(0));
        for index in 0..workers.max(1) {
            let (inbox, waiting, game) = (Arc::clone(&inbox), Arc::clone(&waiting), game.clone());
            std::thread::Builder::new()
                .name(format!("verify-{index}"))
                .spawn(move || work(&inbox, &waiting, &game))
                .map_err(|e| format!("can't start a verification thread: {e}"))?;
        }
        Ok(Verifier { jobs, waiting, capacity: queue })
    }

    /// Queues a replay code of `steps` steps; the answer arrives on the receiver.
    pub fn submit(&self, code: String, steps: usize) -> Result<oneshot::Receiver<Answer>, Busy> {
        let (answer, receiver) = oneshot::channel();
        self.waiting.fetch_add(1, Ordering::SeqCst);
        match self.jobs.try_send(Job { code, steps, answer }) {
            Ok(()) => Ok(receiver),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                self.waiting.fetch_sub(1, Ordering::SeqCst);
                Err(Busy)
            }
        }
    }

    /// Runs queued or being re-played now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

fn work(inbox: &Mutex<Receiver<Job>>, waiting: &AtomicUsize, game: &Game) {
    loop {
        // The lock is held only while taking a job, never while re-playing one.
        let job = match inbox.lock() {
            Ok(inbox) => inbox.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        let Ok(job) = job else { return };
        let answer = game.verify(&job.code, job.steps);
        waiting.fetch_sub(1, Ordering::SeqCst);
        let _ = job.answer.send(answer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_are_read_from_verifys_line() {
        let line =
            r#"{"mode":"runner","seed":"324MP-ANQ6H","score":12,"steps":600,"final_state_hash":"00000000000000ff"}"#;
        assert_eq!(parse_outcome(line), Ok(Outcome { score: 12, steps: 600, state: 255 }));
        assert!(parse_outcome("{}").is_err());
        assert!(parse_outcome("not json").is_err());
    }

    #[test]
    fn a_child_past_its_deadline_is_killed() {
        let mut command = Command::new("sleep");
        command.arg("30").stdout(Stdio::piped()).stderr(Stdio::piped());
        let (exit, _, _) = run(command, Duration::from_millis(200)).unwrap();
        assert_eq!(exit, None);
    }

    #[test]
    fn a_missing_game_binary_is_a_clear_error() {
        let game = Game { binary: "/nonexistent/seedfeast".into(), assets: None };
        assert!(game.rules().unwrap_err().contains("can't run the game binary"));
    }
}
