//! Two games saving into one folder at once, as threads and as processes, 500 rounds each: no
//! best is lost, and every setting, star and history entry ends as its last change.
//!
//! The process test re-runs this test binary (`std::env::current_exe()`) with
//! `writer_child --exact` and the `SEEDFEAST_SAVE_WRITER` variable naming the writer's role;
//! without that variable `writer_child` does nothing, so a normal run just passes it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use seedfeast_save::{Best, Direction, FileStore, HISTORY_PER_MODE, JumpKey};

const ROUNDS: u64 = 500;
const CHILD_ENV: &str = "SEEDFEAST_SAVE_WRITER";

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as u64
}

/// Every change one writer made, with the stamp it got: what the end state is checked against.
#[derive(Default)]
struct Log {
    volumes: Vec<(u64, f32)>,
    keys: Vec<(u64, JumpKey)>,
    stars: Vec<(String, u64, bool)>,
    plays: Vec<(String, u64)>,
}

impl Log {
    fn to_text(&self) -> String {
        let mut lines = Vec::new();
        lines.extend(self.volumes.iter().map(|(at, v)| format!("volume {at} {v}")));
        lines.extend(self.keys.iter().map(|(at, k)| format!("key {at} {}", k.name())));
        lines.extend(self.stars.iter().map(|(code, at, s)| format!("star {code} {at} {s}")));
        lines.extend(self.plays.iter().map(|(code, at)| format!("play {code} {at}")));
        lines.join("\n")
    }

    fn from_text(text: &str) -> Log {
        let mut log = Log::default();
        for line in text.lines() {
            let words: Vec<&str> = line.split(' ').collect();
            match words[..] {
                ["volume", at, v] => log.volumes.push((at.parse().unwrap(), v.parse().unwrap())),
                ["key", at, k] => log.keys.push((at.parse().unwrap(), JumpKey::from_name(k).unwrap())),
                ["star", code, at, s] => log.stars.push((code.into(), at.parse().unwrap(), s.parse().unwrap())),
                ["play", code, at] => log.plays.push((code.into(), at.parse().unwrap())),
                _ => panic!("bad log line {line:?}"),
            }
        }
        log
    }
}

/// The scores writer `id` records in `round`: deterministic, so the test can recompute them.
fn scores(id: u64, round: u64) -> [(String, u64, Direction, bool); 4] {
    [
        ("runner/SHARED".into(), round * 2 + id, Direction::Higher, false),
        ("puzzle/SHARED/time_ms".into(), 1_000_000 - (round * 2 + id), Direction::Lower, false),
        (format!("maze/W{id}-{}", round % 10), round, Direction::Higher, false),
        (format!("maze/D{}", round % 7), (round * 31 + id * 17) % 1_000, Direction::Higher, true),
    ]
}

/// One game: each round records scores, changes one setting or star, plays a seed, and saves,
/// playing on with the merged save as the game does.
fn write_rounds(dir: &Path, id: u64) -> Log {
    let store = FileStore::new(dir);
    let mut data = store.load().data;
    let mut log = Log::default();
    for round in 0..ROUNDS {
        for (key, score, better, daily) in scores(id, round) {
            if daily {
                data.record_daily(&key, score, better);
            } else {
                data.record(&key, score, better);
            }
        }
        let now = now_ms();
        match round % 3 {
            0 => {
                data.settings_mut().set_volume(((round + id) % 11) as f32 / 10.0, now);
                let v = data.settings().volume_stamped();
                log.volumes.push((v.at, v.value));
            }
            1 => {
                data.settings_mut().cycle_jump_key(1 + id as i32, now);
                let k = data.settings().jump_key_stamped();
                log.keys.push((k.at, k.value));
            }
            _ => {
                let code = format!("F{}", round % 4);
                data.set_favourite("maze", &code, (round / 3 + id).is_multiple_of(2), now);
                log.stars.push((
                    code.clone(),
                    data.all_favourites()["maze"][&code].at,
                    data.is_favourite("maze", &code),
                ));
            }
        }
        let code = format!("C{id}-{}", round % 25);
        data.played("runner", &code, None, now);
        log.plays.push((code.clone(), data.histories()["runner"][&code].played_at));
        data = store.save(&data).unwrap_or_else(|e| panic!("writer {id}, round {round}: {e}"));
    }
    log
}

/// The end state holds every best and, for each setting, star and seed, its last change.
fn check(dir: &Path, logs: &[Log]) {
    let loaded = FileStore::new(dir).load();
    assert!(!loaded.note.is_read_only(), "{:?}", loaded.note);
    let end = loaded.data;
    let mut expected: BTreeMap<(bool, String), Best> = BTreeMap::new();
    for id in 0..logs.len() as u64 {
        for round in 0..ROUNDS {
            for (key, score, better, daily) in scores(id, round) {
                let new = Best::new(score, better);
                expected.entry((daily, key)).and_modify(|b| *b = b.merged(new)).or_insert(new);
            }
        }
    }
    for ((daily, key), best) in &expected {
        let kept = if *daily { end.daily_best(key) } else { end.best(key) };
        assert_eq!(kept, Some(*best), "best {key} lost");
    }
    assert_eq!(end.best("runner/SHARED"), Some(Best::new(ROUNDS * 2 - 1, Direction::Higher)));
    assert_eq!(end.best("puzzle/SHARED/time_ms"), Some(Best::new(1_000_000 - (ROUNDS * 2 - 1), Direction::Lower)));

    // Last change = highest stamp (the merge's tie-break on equal stamps: the larger value).
    let volume = logs.iter().flat_map(|l| &l.volumes).max_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    assert_eq!(Some((end.settings().volume_stamped().at, end.settings().volume())), volume.copied());
    let key = logs.iter().flat_map(|l| &l.keys).max();
    assert_eq!(Some((end.settings().jump_key_stamped().at, end.settings().jump_key())), key.copied());
    let mut stars: BTreeMap<&str, (u64, bool)> = BTreeMap::new();
    for (code, at, starred) in logs.iter().flat_map(|l| &l.stars) {
        let entry = stars.entry(code).or_insert((*at, *starred));
        *entry = (*entry).max((*at, *starred));
    }
    for (code, (at, starred)) in stars {
        let kept = end.all_favourites()["maze"][code];
        assert_eq!((kept.at, kept.starred), (at, starred), "star {code}");
    }
    let mut plays: BTreeMap<&str, u64> = BTreeMap::new();
    for (code, at) in logs.iter().flat_map(|l| &l.plays) {
        let newest = plays.entry(code).or_insert(*at);
        *newest = (*newest).max(*at);
    }
    let mut newest: Vec<(u64, &str)> = plays.into_iter().map(|(code, at)| (at, code)).collect();
    newest.sort_by(|a, b| b.cmp(a));
    newest.truncate(HISTORY_PER_MODE);
    let history: Vec<(u64, &str)> = end.history("runner").into_iter().map(|(code, p)| (p.played_at, code)).collect();
    assert_eq!(history, newest);
    // Nothing left behind but the save and its lock.
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.retain(|n| !n.starts_with("writer-"));
    names.sort();
    assert_eq!(names, ["scores.ron", "scores.ron.lock"]);
}

/// A fresh folder in memory (`/dev/shm`) where there is one: these tests are about locking and
/// merging, and on a real disk each save's two fsyncs cost ~11 ms here, which would make 2,000
/// saves take over 20 s. The fsyncs still run; the fault tests use the real temp folder.
fn scratch(name: &str) -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() { shm.to_path_buf() } else { std::env::temp_dir() };
    let dir = base.join(format!("seedfeast-save-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn two_threads_lose_no_best() {
    let dir = scratch("threads");
    let logs: Vec<Log> = std::thread::scope(|scope| {
        let writers: Vec<_> = (0..2)
            .map(|id| {
                scope.spawn({
                    let dir = &dir;
                    move || write_rounds(dir, id)
                })
            })
            .collect();
        writers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    check(&dir, &logs);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_processes_lose_no_best() {
    let dir = scratch("processes");
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..2)
        .map(|id| {
            Command::new(&exe)
                .args([&writer_child_name(), "--exact", "--nocapture", "--test-threads", "1"])
                .env(CHILD_ENV, format!("{id}:{}", dir.display()))
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success(), "a writer process failed");
    }
    let logs: Vec<Log> = (0..2)
        .map(|id| Log::from_text(&std::fs::read_to_string(dir.join(format!("writer-{id}.log"))).unwrap()))
        .collect();
    assert!(logs.iter().all(|log| log.plays.len() == ROUNDS as usize), "every writer ran all its rounds");
    check(&dir, &logs);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `writer_child`'s name as the test harness knows it: its module path without the crate's name
/// (`concurrent_writers::writer_child`), so `--exact` finds it in whatever binary holds it.
fn writer_child_name() -> String {
    let module = module_path!().split_once("::").map_or("", |(_crate, module)| module);
    if module.is_empty() { "writer_child".into() } else { format!("{module}::writer_child") }
}

/// A writer process's body: runs only when `two_processes_lose_no_best` starts this binary
/// with `SEEDFEAST_SAVE_WRITER=<id>:<folder>`; otherwise it returns at once.
#[test]
fn writer_child() {
    let Ok(role) = std::env::var(CHILD_ENV) else { return };
    let (id, dir) = role.split_once(':').expect("<id>:<folder>");
    let id: u64 = id.parse().unwrap();
    let dir = Path::new(dir);
    let log = write_rounds(dir, id);
    std::fs::write(dir.join(format!("writer-{id}.log")), log.to_text()).unwrap();
}
