//! Test helpers: a small deterministic random generator (no dependency needed for this) and
//! random save states for the property tests.

use crate::{Direction, JumpKey, SaveData, Stamped, Waiting};

/// SplitMix64: tiny, fast, and good enough to pick test cases reproducibly.
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// 0..n (0 when n is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// A random but valid save state. Keys, codes and stamps come from small pools so that states
/// overlap and tie often: the interesting cases for a merge.
pub(crate) fn random_state(rng: &mut Rng) -> SaveData {
    let mut data = SaveData::default();
    add_bests(&mut data, rng);
    add_settings(&mut data, rng);
    add_history(&mut data, rng);
    add_favourites(&mut data, rng);
    add_boards(&mut data, rng);
    // Issue #34's settings, from a generator of their own so the states above stay as they were
    // (the property tests count cases that depend on them).
    add_issue_34_settings(&mut data, &mut Rng::new(rng.0 ^ 0x5EED_F00D));
    // The rest of issue #29's, from one more of their own for the same reason.
    add_issue_29_settings(&mut data, &mut Rng::new(rng.0 ^ 0xB077_0C0D));
    data
}

/// Texts for the settings and board runs that hold one.
const TEXTS: [&str; 4] = ["", "Ann", "Bo", "http://127.0.0.1:8080"];

/// The modes played seeds and favourites are under.
const MODES: [&str; 3] = ["maze", "runner", "puzzle"];

/// A stamp from the small pool.
fn stamp(rng: &mut Rng) -> u64 {
    rng.below(6)
}

/// Up to 7 bests and daily bests, now and then in the wrong direction.
fn add_bests(data: &mut SaveData, rng: &mut Rng) {
    let keys = ["runner/A", "runner/B", "maze/A", "puzzle/A/time_ms", "puzzle/A/statements", "arena/C"];
    let scores = [0, 1, 2, 3, 5, 8, 100, u64::MAX];
    for _ in 0..rng.below(8) {
        let key = *rng.pick(&keys);
        // Mostly the key's own direction; now and then the other one, as a bug might write.
        let natural = if key.starts_with("puzzle") { Direction::Lower } else { Direction::Higher };
        let better = if rng.below(8) == 0 { flip(natural) } else { natural };
        let score = *rng.pick(&scores);
        if rng.below(3) == 0 {
            data.record_daily(key, score, better);
        } else {
            data.record(key, score, better);
        }
    }
}

/// The volume, jump key, board address and player name, each set two times in three.
fn add_settings(data: &mut SaveData, rng: &mut Rng) {
    if rng.below(3) != 0 {
        let at = stamp(rng);
        data.settings.volume = crate::Stamped { value: *rng.pick(&[0.0, 0.1, 0.5, 0.8, 1.0]), at };
    }
    if rng.below(3) != 0 {
        let at = stamp(rng);
        data.settings.jump_key = crate::Stamped { value: *rng.pick(&JumpKey::ALL), at };
    }
    if rng.below(3) != 0 {
        let at = stamp(rng);
        data.settings.board = Stamped { value: rng.pick(&TEXTS).to_string(), at };
    }
    if rng.below(3) != 0 {
        let at = stamp(rng);
        data.settings.player_name = Stamped { value: rng.pick(&TEXTS[..3]).to_string(), at };
    }
}

/// Up to 59 played seeds, capped as the history keeps them.
fn add_history(data: &mut SaveData, rng: &mut Rng) {
    for _ in 0..rng.below(60) {
        let mode = *rng.pick(&MODES);
        let code = format!("C{:02}", rng.below(30));
        let origin = rng.pick(&[None, Some("pizza"), Some("soup")]).map(str::to_string);
        let played_at = rng.below(40);
        data.history.entry(mode.into()).or_default().insert(code, crate::SeedPlay { played_at, origin });
    }
    data.history.values_mut().for_each(crate::merge::cap_history);
}

/// Up to 5 favourites, starred or not.
fn add_favourites(data: &mut SaveData, rng: &mut Rng) {
    for _ in 0..rng.below(6) {
        let mode = *rng.pick(&MODES);
        let code = format!("C{:02}", rng.below(5));
        let favourite = crate::Favourite { starred: rng.below(2) == 0, at: stamp(rng) };
        data.favourites.entry(mode.into()).or_default().insert(code, favourite);
    }
}

/// Board servers: secrets with tied stamps and none at all, runs both unsent and answered under
/// the same codes, with tied stamps.
fn add_boards(data: &mut SaveData, rng: &mut Rng) {
    let servers = ["https://scores.example.org", "http://127.0.0.1:8080"];
    for _ in 0..rng.below(4) {
        let board = data.boards.entry(rng.pick(&servers).to_string()).or_default();
        if rng.below(2) == 0 {
            board.secret = rng.pick(&["", "s1", "s2"]).to_string();
            board.made_at = stamp(rng);
        }
        for _ in 0..rng.below(6) {
            let code = format!("R{}", rng.below(6));
            let name = rng.pick(&TEXTS[..3]).to_string();
            let sent_at = if rng.below(2) == 0 { Some(stamp(rng)) } else { None };
            board.waiting.insert(code, Waiting { name, queued_at: stamp(rng), sent_at });
        }
    }
}

/// Issue #34's settings: the music volume and reduced motion, each set two times in three.
fn add_issue_34_settings(data: &mut SaveData, own: &mut Rng) {
    if own.below(3) != 0 {
        let at = stamp(own);
        data.settings.music_volume = Stamped { value: own.below(11) as f32 / 10.0, at };
    }
    if own.below(3) != 0 {
        let at = stamp(own);
        data.settings.reduced_motion = Stamped { value: own.below(2) == 1, at };
    }
}

/// The rest of issue #29's settings: the gamepad's buttons and the colours, each set two times
/// in three.
fn add_issue_29_settings(data: &mut SaveData, more: &mut Rng) {
    if more.below(3) != 0 {
        let at = stamp(more);
        let choices = ["RightTrigger", "LeftTrigger", "East", "South"];
        let (action, button) = (crate::Action::ALL[more.below(8) as usize], choices[more.below(4) as usize]);
        // A taken button is refused: then every action is on its default.
        let buttons = crate::Bindings::default().bound(action, button, crate::Defaults::Buttons).unwrap_or_default();
        data.settings.buttons = Stamped { value: buttons, at };
    }
    if more.below(3) != 0 {
        let at = stamp(more);
        data.settings.colours = Stamped { value: crate::Colours::ALL[more.below(2) as usize], at };
    }
}

fn flip(direction: Direction) -> Direction {
    match direction {
        Direction::Higher => Direction::Lower,
        Direction::Lower => Direction::Higher,
    }
}

/// Processor time this thread has used so far. Tests bound work with it, not with the clock: on a
/// loaded machine a thread waits for a core, and a limit on the clock's time failed there
/// (issue #44) though the work itself was as small as ever.
#[cfg(unix)]
pub(crate) fn thread_cpu_time() -> std::time::Duration {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec into the pointer it is given.
    let result = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(result, 0, "clock_gettime: {}", std::io::Error::last_os_error());
    std::time::Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Bytes this thread has read so far through read(2) and its kin (`rchar` in Linux's
/// /proc/thread-self/io; other tests' threads don't count). Reading that file adds a few hundred.
#[cfg(target_os = "linux")]
pub(crate) fn thread_bytes_read() -> u64 {
    let io = std::fs::read_to_string("/proc/thread-self/io").expect("/proc/thread-self/io is readable");
    io.lines().find_map(|line| line.strip_prefix("rchar: ")).and_then(|n| n.trim().parse().ok()).expect("an rchar line")
}
