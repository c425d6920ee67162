//! Repairing a save damaged in places: the original is copied whole (and flushed) before the
//! repaired save replaces it, and any failure leaves the file as it was, with no copy behind.

use std::path::PathBuf;
use std::sync::Arc;

use super::*;
use crate::fs::faulty::{Call, Faults, FaultyFs};
use crate::{Best, Direction};

/// Two good bests and a score of -1 between them.
const DAMAGED: &str = "(version: 3, best: {\n    \"maze/A\": (score: 1, better: Higher),\n    \
                       \"maze/B\": (score: -1, better: Higher),\n    \"maze/C\": (score: 3, better: Higher),\n})";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seedfeast-repair-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(FILE_NAME), DAMAGED).unwrap();
    dir
}

fn names(dir: &PathBuf) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != LOCK_NAME)
        .collect();
    names.sort();
    names
}

fn the_good_two(data: &SaveData) -> bool {
    data.best("maze/A") == Some(Best::new(1, Direction::Higher))
        && data.best("maze/C") == Some(Best::new(3, Direction::Higher))
        && data.bests().len() == 2
}

#[test]
fn the_copy_is_on_disk_before_the_repaired_save_replaces_the_original() {
    let dir = scratch("order");
    std::fs::write(dir.join("scores.ron.corrupt-1"), "an earlier one").unwrap();
    let fs = Arc::new(FaultyFs::new(Faults::default()));
    let store = FileStore::with_fs(&dir, fs.clone());
    let loaded = store.load();
    assert!(the_good_two(&loaded.data), "{loaded:?}");
    let LoadNote::Repaired { dropped, kept_as, .. } = &loaded.note else { panic!("{:?}", loaded.note) };
    assert_eq!(dropped.len(), 1);
    assert!(kept_as.ends_with("scores.ron.corrupt-2"), "the earlier copy is never written over: {kept_as}");
    assert_eq!(std::fs::read_to_string(dir.join("scores.ron.corrupt-1")).unwrap(), "an earlier one");
    assert_eq!(std::fs::read_to_string(kept_as).unwrap(), DAMAGED);
    let copy = PathBuf::from(kept_as);
    let calls = fs.calls();
    let Some(Call::Create(temporary)) = calls.iter().rfind(|c| matches!(c, Call::Create(_))) else { panic!() };
    let written = std::fs::read(dir.join(FILE_NAME)).unwrap().len();
    assert_eq!(
        calls,
        [
            Call::Create(dir.join("scores.ron.corrupt-1")), // taken: skipped
            Call::Create(copy.clone()),
            Call::Write(copy.clone(), DAMAGED.len()),
            Call::SyncFile(copy),
            Call::SyncDir(dir.clone()),
            Call::Create(temporary.clone()),
            Call::Write(temporary.clone(), written),
            Call::SyncFile(temporary.clone()),
            Call::Rename(temporary.clone(), dir.join(FILE_NAME)),
            Call::SyncDir(dir.clone()),
        ]
    );
    assert!(the_good_two(&store.load().data));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_repair_that_fails_leaves_the_file_and_no_copy_and_plays_with_what_was_read() {
    for (name, faults, words) in [
        ("create", Faults { write: Some(libc::EROFS), ..Faults::default() }, "Read-only file system"),
        ("full", Faults { write_after: Some(10), ..Faults::default() }, "No space left on device"),
        ("rename", Faults { rename: Some(libc::EACCES), ..Faults::default() }, "Permission denied"),
        ("flush", Faults { sync_dir: Some(libc::EIO), ..Faults::default() }, "Input/output error"),
        ("lock", Faults { lock: Some(libc::EIO), ..Faults::default() }, "couldn't be locked"),
    ] {
        let dir = scratch(name);
        let store = FileStore::with_fs(&dir, Arc::new(FaultyFs::new(faults)));
        let loaded = store.load();
        assert!(the_good_two(&loaded.data), "{name}: {loaded:?}");
        assert!(loaded.note.is_read_only(), "{name}: {:?}", loaded.note);
        let message = loaded.note.message().unwrap();
        assert!(message.contains(words) && message.contains("the best \"maze/B\""), "{name}: {message}");
        // Never saved over (read-only, or the lock still fails).
        assert!(store.save(&loaded.data).is_err(), "{name}");
        assert_eq!(std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(), DAMAGED, "{name}");
        assert_eq!(names(&dir), ["scores.ron"], "{name}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
