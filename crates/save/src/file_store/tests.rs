//! The file store under faults: every case loses nothing and tells the player. Faults a root
//! user can't cause with chmod (permission denied, EIO, a full disk, a read-only folder) are
//! injected through [`FaultyFs`]; the rest (a newer file, a huge one, a folder, a device, a
//! named pipe) are made for real.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::*;
use crate::fs::faulty::{Call, Faults, FaultyFs};
use crate::{Best, Direction, JumpKey, LoadNote, Mended, ReadOnly, SaveError};

/// A fresh folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("seedfeast-save-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
    fn file(&self) -> PathBuf {
        self.0.join(FILE_NAME)
    }
    fn write(&self, text: impl AsRef<[u8]>) {
        std::fs::write(self.file(), text).unwrap();
    }
    fn bytes(&self) -> Vec<u8> {
        std::fs::read(self.file()).unwrap()
    }
    /// The folder's names, sorted (without the lock file, which is always allowed).
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != LOCK_NAME)
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn faulty(scratch: &Scratch, faults: Faults) -> (Arc<FaultyFs>, FileStore) {
    let fs = Arc::new(FaultyFs::new(faults));
    (fs.clone(), FileStore::with_fs(&scratch.0, fs))
}

const V2: &str = "(version: 2, best: {\"runner/124MP-ANQ6N\": 300, \"maze/1D76J-BVX2Y\": 90}, \
                  daily_best: {\"maze/2026-11-29\": 50}, settings: (volume: 0.3, jump_key: Z))";

fn higher(score: u64) -> Option<Best> {
    Some(Best::new(score, Direction::Higher))
}

fn a_run(score: u64) -> SaveData {
    let mut data = SaveData::default();
    data.record("arena/NEW", score, Direction::Higher);
    data
}

/// The player-facing message of a read-only load, checked to name the cause.
fn read_only_message(note: &LoadNote, cause: &str) -> String {
    assert!(note.is_read_only(), "{note:?}");
    let message = note.message().expect("the player is told");
    assert!(message.contains(cause), "{message:?} should mention {cause:?}");
    assert!(message.contains("nothing will be saved over it"), "{message}");
    message
}

#[test]
fn round_trip_merges_and_leaves_no_temporary_file() {
    let scratch = Scratch::new("round");
    let store = FileStore::new(scratch.0.join("nested/folder"));
    assert_eq!(store.load(), Loaded { data: SaveData::default(), note: LoadNote::Fresh });
    let mut data = SaveData::default();
    data.record("runner/124MP-ANQ6N", 300, Direction::Higher);
    data.settings_mut().set_volume(0.3, 10);
    data = store.save(&data).unwrap();
    data.record("maze/1D76J-BVX2Y", 90, Direction::Higher);
    data = store.save(&data).unwrap();
    let loaded = store.load();
    assert_eq!(loaded.data, data);
    assert_eq!(loaded.note, LoadNote::Loaded { from_version: VERSION, mended: vec![] });
    assert_eq!(std::fs::read_dir(store.dir()).unwrap().count(), 2, "only scores.ron and its lock");
}

#[test]
fn a_second_window_that_only_changes_the_volume_keeps_the_first_windows_best() {
    let scratch = Scratch::new("windows");
    let (one, two) = (FileStore::new(&scratch.0), FileStore::new(&scratch.0));
    let mut first = one.load().data;
    let mut second = two.load().data;
    first.record("runner/124MP-ANQ6N", 900, Direction::Higher);
    one.save(&first).unwrap();
    second.settings_mut().set_volume(0.2, 50);
    let merged = two.save(&second).unwrap();
    assert_eq!(merged.best("runner/124MP-ANQ6N"), higher(900), "the second window picks up the first's best");
    let on_disk = one.load().data;
    assert_eq!((on_disk.best("runner/124MP-ANQ6N"), on_disk.settings().volume()), (higher(900), 0.2));
}

#[test]
fn old_files_load_and_are_upgraded_on_the_next_save() {
    let scratch = Scratch::new("old");
    let store = FileStore::new(&scratch.0);
    for (text, version) in [("(best: {\"runner/124MP-ANQ6N\": 77})", 1), (V2, 2)] {
        scratch.write(text);
        let loaded = store.load();
        assert_eq!(loaded.note, LoadNote::Loaded { from_version: version, mended: vec![] });
        assert_eq!(loaded.note.message(), None);
        // Saving nothing new still upgrades the file.
        let merged = store.save(&SaveData::default()).unwrap();
        assert_eq!(merged, loaded.data);
        let text = String::from_utf8(scratch.bytes()).unwrap();
        assert!(text.contains("version: 4"), "{text}");
        assert_eq!(store.load().data, loaded.data);
    }
    assert_eq!(store.load().data.best("maze/1D76J-BVX2Y"), higher(90));
}

#[test]
fn a_save_with_nothing_new_does_not_rewrite_the_file() {
    use std::os::unix::fs::MetadataExt;
    let scratch = Scratch::new("idle");
    let store = FileStore::new(&scratch.0);
    let data = store.save(&a_run(5)).unwrap();
    let inode = std::fs::metadata(scratch.file()).unwrap().ino();
    assert_eq!(store.save(&data).unwrap(), data);
    assert_eq!(std::fs::metadata(scratch.file()).unwrap().ino(), inode);
}

#[test]
fn a_file_with_nothing_of_a_save_is_set_aside_never_over_an_earlier_one() {
    let scratch = Scratch::new("corrupt");
    let store = FileStore::new(&scratch.0);
    scratch.write("{best: 12,, oops");
    let loaded = store.load();
    assert_eq!(loaded.data, SaveData::default());
    let LoadNote::SetAside { moved_to, .. } = &loaded.note else { panic!("{:?}", loaded.note) };
    assert!(moved_to.ends_with("scores.ron.corrupt-1"), "{moved_to}");
    assert!(loaded.note.message().unwrap().contains("kept as"));
    assert_eq!(std::fs::read_to_string(moved_to).unwrap(), "{best: 12,, oops");
    scratch.write([0xff, 0xfe, 0x00]);
    let LoadNote::SetAside { moved_to: second, reason } = store.load().note else { panic!() };
    assert!(second.ends_with("scores.ron.corrupt-2") && reason.contains("not text"), "{second} {reason}");
    // Play goes on and saves normally.
    store.save(&a_run(3)).unwrap();
    assert_eq!(scratch.names(), ["scores.ron", "scores.ron.corrupt-1", "scores.ron.corrupt-2"]);
}

#[test]
fn a_damaged_file_that_cant_be_moved_is_left_and_never_saved_over() {
    let scratch = Scratch::new("corrupt-stuck");
    let damaged = "(best: {\"runner/x\": 12,, oops";
    scratch.write(damaged);
    let (fs, store) = faulty(&scratch, Faults { rename: Some(libc::EROFS), ..Faults::default() });
    let note = store.load().note;
    let message = read_only_message(&note, "couldn't be moved aside");
    assert!(message.contains("Read-only file system"), "{message}");
    let error = store.save(&a_run(1)).unwrap_err();
    assert!(matches!(error, SaveError::ReadOnly(ReadOnly::Corrupt { .. })), "{error:?}");
    assert!(error.to_string().starts_with("Your scores weren't saved"), "{error}");
    assert_eq!(scratch.bytes(), damaged.as_bytes());
    assert_eq!(scratch.names(), ["scores.ron"]);
    // Nor is it moved without the lock.
    fs.set(Faults { lock: Some(libc::EIO), ..Faults::default() });
    read_only_message(&store.load().note, "couldn't be locked: Input/output error");
    assert_eq!(scratch.bytes(), damaged.as_bytes());
}

#[test]
fn with_999_damaged_files_already_set_aside_the_store_goes_read_only() {
    let scratch = Scratch::new("corrupt-full");
    for n in 1..=MAX_SET_ASIDE {
        std::fs::write(scratch.0.join(format!("scores.ron.corrupt-{n}")), "old").unwrap();
    }
    scratch.write("garbage");
    let store = FileStore::new(&scratch.0);
    read_only_message(&store.load().note, "are all taken");
    assert!(matches!(store.save(&a_run(1)), Err(SaveError::ReadOnly(ReadOnly::Corrupt { .. }))));
    assert_eq!(scratch.bytes(), b"garbage");
}

#[test]
fn an_unreadable_file_is_left_alone_and_merged_once_it_reads_again() {
    let scratch = Scratch::new("unreadable");
    scratch.write(V2);
    for (code, words) in [(libc::EACCES, "Permission denied"), (libc::EIO, "Input/output error")] {
        let (fs, store) = faulty(&scratch, Faults { read: Some(code), ..Faults::default() });
        let loaded = store.load();
        assert_eq!(loaded.data, SaveData::default());
        read_only_message(&loaded.note, words);
        let error = store.save(&a_run(7)).unwrap_err();
        assert!(matches!(error, SaveError::ReadOnly(ReadOnly::Unreadable { .. })), "{error:?}");
        assert!(error.to_string().contains(words), "{error}");
        assert_eq!(scratch.bytes(), V2.as_bytes(), "never renamed nor overwritten");
        assert_eq!(scratch.names(), ["scores.ron"]);
        // Readable again: this session's best joins the old ones.
        fs.set(Faults::default());
        let merged = store.save(&a_run(7)).unwrap();
        assert_eq!((merged.best("runner/124MP-ANQ6N"), merged.best("arena/NEW")), (higher(300), higher(7)));
        scratch.write(V2);
    }
}

#[test]
fn a_newer_version_is_refused_and_never_downgraded() {
    let scratch = Scratch::new("newer");
    let newer = "(version: 5, best: {\"runner/124MP-ANQ6N\": (score: 1, better: Higher, ghost: \"x\")})";
    scratch.write(newer);
    let store = FileStore::new(&scratch.0);
    let message = read_only_message(&store.load().note, "newer Seedfeast (format 5");
    assert!(message.contains("update the game"), "{message}");
    let error = store.save(&a_run(1)).unwrap_err();
    assert_eq!(error, SaveError::ReadOnly(ReadOnly::Newer { at: store.path().display().to_string(), version: 5 }));
    assert_eq!(scratch.bytes(), newer.as_bytes());
    assert_eq!(scratch.names(), ["scores.ron"]);
}

#[test]
fn an_unknown_setting_falls_back_without_touching_the_scores() {
    let scratch = Scratch::new("unknown-key");
    scratch.write("(version: 2, best: {\"runner/124MP-ANQ6N\": 300}, settings: (volume: 0.3, jump_key: Shift))");
    let store = FileStore::new(&scratch.0);
    let loaded = store.load();
    assert_eq!(loaded.data.best("runner/124MP-ANQ6N"), higher(300));
    assert_eq!((loaded.data.settings().volume(), loaded.data.settings().jump_key()), (0.3, JumpKey::SpaceUpW));
    assert_eq!(
        loaded.note,
        LoadNote::Loaded { from_version: 2, mended: vec![Mended::JumpKey { found: "Shift".into() }] }
    );
    assert!(loaded.note.message().unwrap().contains("\"Shift\" is unknown"));
    assert_eq!(scratch.names(), ["scores.ron"], "nothing set aside");
    store.save(&loaded.data).unwrap();
    assert_eq!(store.load().note, LoadNote::Loaded { from_version: VERSION, mended: vec![] });
}

#[test]
fn a_huge_file_is_refused_without_reading_it() {
    let scratch = Scratch::new("huge");
    // Sparse: 5 GiB of size, no disk used.
    let file = std::fs::File::create(scratch.file()).unwrap();
    file.set_len(5 << 30).unwrap();
    let store = FileStore::new(&scratch.0);
    // Not read: this thread reads a few KiB at most (the folder, /proc), not 5 GiB or 4 MiB.
    #[cfg(target_os = "linux")]
    let before = crate::test_support::thread_bytes_read();
    read_only_message(&store.load().note, "5120.0 MiB, more than the 4 MiB");
    assert!(matches!(store.save(&a_run(1)), Err(SaveError::ReadOnly(ReadOnly::TooLarge { .. }))));
    #[cfg(target_os = "linux")]
    {
        let read = crate::test_support::thread_bytes_read() - before;
        assert!(read < 64 * 1024, "{read} bytes were read");
    }
    assert_eq!(std::fs::metadata(scratch.file()).unwrap().len(), 5 << 30);
    // Just over the cap is refused too.
    file.set_len(MAX_SAVE_BYTES as u64 + 1).unwrap();
    assert!(store.load().note.is_read_only());
}

/// Runs `work` on a thread and fails (instead of hanging the suite) if it takes over 5 s.
fn within_seconds<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(work()));
    receive.recv_timeout(Duration::from_secs(5)).expect("blocked: no answer within 5 s")
}

#[test]
fn a_folder_a_device_or_a_pipe_in_the_files_place_is_refused_without_blocking() {
    let scratch = Scratch::new("special");
    let store = FileStore::new(&scratch.0);
    std::fs::create_dir(scratch.file()).unwrap();
    read_only_message(&store.load().note, "is a folder");
    assert!(matches!(store.save(&a_run(1)), Err(SaveError::ReadOnly(ReadOnly::NotAFile { .. }))));
    std::fs::remove_dir(scratch.file()).unwrap();

    std::os::unix::fs::symlink("/dev/zero", scratch.file()).unwrap();
    let probe = store.clone();
    let note = within_seconds(move || probe.load().note);
    read_only_message(&note, "is a device");
    let probe = store.clone();
    assert!(matches!(within_seconds(move || probe.save(&a_run(1))), Err(SaveError::ReadOnly(_))));
    assert!(std::fs::symlink_metadata(scratch.file()).unwrap().file_type().is_symlink(), "the link is left");
    std::fs::remove_file(scratch.file()).unwrap();

    match std::process::Command::new("mkfifo").arg(scratch.file()).status() {
        Ok(status) if status.success() => {
            let probe = store.clone();
            let note = within_seconds(move || probe.load().note);
            read_only_message(&note, "is a named pipe");
            let probe = store.clone();
            assert!(matches!(within_seconds(move || probe.save(&a_run(1))), Err(SaveError::ReadOnly(_))));
        }
        other => eprintln!("skipping the named pipe: mkfifo unavailable ({other:?})"),
    }
}

#[test]
fn a_full_disk_fails_the_save_and_keeps_the_old_file() {
    let scratch = Scratch::new("full");
    scratch.write(V2);
    let (_, store) = faulty(&scratch, Faults { write_after: Some(10), ..Faults::default() });
    let error = store.save(&a_run(1)).unwrap_err();
    let SaveError::Failed { action, .. } = &error else { panic!("{error:?}") };
    assert_eq!(action, "write");
    let message = error.to_string();
    assert!(message.contains("No space left on device") && message.contains("previous save is intact"), "{message}");
    assert_eq!(scratch.bytes(), V2.as_bytes());
    assert_eq!(scratch.names(), ["scores.ron"], "the half-written temporary file is gone");
}

#[test]
fn the_new_file_is_synced_before_the_rename_and_the_folder_after_it() {
    let scratch = Scratch::new("fsync");
    scratch.write(V2);
    let (fs, store) = faulty(&scratch, Faults::default());
    store.save(&a_run(1)).unwrap();
    let calls = fs.calls();
    let Some(Call::Create(temporary)) = calls.iter().find(|c| matches!(c, Call::Create(_))) else {
        panic!("no file was created: {calls:?}")
    };
    assert!(temporary.file_name().unwrap().to_string_lossy().starts_with(TEMP_PREFIX), "{temporary:?}");
    // The whole text reaches the temporary file and is fsynced; only then is it renamed over the
    // save, and then the folder (holding the rename) is fsynced.
    let written = scratch.bytes().len();
    assert_eq!(
        calls,
        [
            Call::Create(temporary.clone()),
            Call::Write(temporary.clone(), written),
            Call::SyncFile(temporary.clone()),
            Call::Rename(temporary.clone(), scratch.file()),
            Call::SyncDir(scratch.0.clone()),
        ]
    );
    assert_eq!(store.load().data.best("arena/NEW"), higher(1));
}

#[test]
fn a_file_that_cant_be_synced_is_never_renamed_over_the_save() {
    let scratch = Scratch::new("fsync-fails");
    scratch.write(V2);
    let (fs, store) = faulty(&scratch, Faults { sync_file: Some(libc::EIO), ..Faults::default() });
    let error = store.save(&a_run(1)).unwrap_err();
    let SaveError::Failed { action, .. } = &error else { panic!("{error:?}") };
    assert_eq!(action, "write");
    assert!(error.to_string().contains("previous save is intact"), "{error}");
    let calls = fs.calls();
    assert!(!calls.iter().any(|c| matches!(c, Call::Rename(..) | Call::SyncDir(_))), "{calls:?}");
    assert!(matches!(calls.last(), Some(Call::Remove(_))), "the temporary file is removed: {calls:?}");
    assert_eq!(scratch.bytes(), V2.as_bytes());
    assert_eq!(scratch.names(), ["scores.ron"]);
}

#[test]
fn a_read_only_folder_fails_the_save_and_keeps_the_old_file() {
    let scratch = Scratch::new("read-only");
    scratch.write(V2);
    for faults in [
        Faults { write: Some(libc::EROFS), ..Faults::default() },
        Faults { rename: Some(libc::EACCES), ..Faults::default() },
        Faults { create_dir: Some(libc::EROFS), ..Faults::default() },
        Faults { lock: Some(libc::EROFS), ..Faults::default() },
    ] {
        let (_, store) = faulty(&scratch, faults.clone());
        let error = store.save(&a_run(1)).unwrap_err();
        assert!(matches!(error, SaveError::Failed { .. }), "{faults:?}: {error:?}");
        assert!(error.to_string().contains("The previous save is intact"), "{error}");
        assert_eq!(scratch.bytes(), V2.as_bytes(), "{faults:?}");
        assert_eq!(scratch.names(), ["scores.ron"], "{faults:?}");
        // Loading still works: reading needs no writing.
        assert_eq!(store.load().data.best("runner/124MP-ANQ6N"), higher(300));
    }
}

#[test]
fn a_folder_that_cant_be_flushed_is_reported_unless_it_cant_be_flushed_at_all() {
    let scratch = Scratch::new("sync-dir");
    let (fs, store) = faulty(&scratch, Faults { sync_dir: Some(libc::EIO), ..Faults::default() });
    let error = store.save(&a_run(1)).unwrap_err();
    assert!(matches!(error, SaveError::FolderNotFlushed { .. }), "{error:?}");
    assert!(error.to_string().contains("were written"), "{error}");
    assert_eq!(store.load().data.best("arena/NEW"), higher(1), "the new file is in place");
    fs.set(Faults { sync_dir: Some(libc::EINVAL), ..Faults::default() });
    store.save(&a_run(2)).unwrap();
}

#[test]
fn a_lock_held_too_long_fails_the_save_without_writing() {
    let scratch = Scratch::new("busy");
    scratch.write(V2);
    let held = RealFs.try_lock(&scratch.0.join(LOCK_NAME)).unwrap().expect("free");
    let store = FileStore::new(&scratch.0).with_lock_wait(Duration::from_millis(100));
    let error = store.save(&a_run(1)).unwrap_err();
    assert!(matches!(error, SaveError::Busy { .. }), "{error:?}");
    assert!(error.to_string().contains("another Seedfeast"), "{error}");
    // A damaged file isn't set aside without the lock either.
    scratch.write("garbage");
    read_only_message(&store.load().note, "another Seedfeast holds its lock");
    assert_eq!(scratch.bytes(), b"garbage");
    drop(held);
    assert!(matches!(store.load().note, LoadNote::SetAside { .. }));
}

#[test]
fn a_file_damaged_after_loading_is_not_saved_over() {
    let scratch = Scratch::new("damaged-later");
    let store = FileStore::new(&scratch.0);
    store.save(&a_run(1)).unwrap();
    scratch.write("(version: 3, best: {oops");
    assert!(matches!(store.save(&a_run(2)), Err(SaveError::ReadOnly(ReadOnly::Corrupt { .. }))));
    assert_eq!(scratch.bytes(), b"(version: 3, best: {oops");
}

#[test]
fn temporary_files_of_a_crashed_game_are_swept() {
    let scratch = Scratch::new("sweep");
    std::fs::write(scratch.0.join("scores.ron.tmp-99999-0-0"), "half").unwrap();
    std::fs::write(scratch.0.join("notes.txt"), "mine").unwrap();
    FileStore::new(&scratch.0).save(&a_run(1)).unwrap();
    assert_eq!(scratch.names(), ["notes.txt", "scores.ron"]);
}
