//! A `scores.ron` that is a symbolic link (a save kept in a synced folder, issue #51): saves,
//! repairs and setting aside go through it to the file it names, and the link stays a link.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use super::*;
use crate::Direction;

/// A save folder and, beside it, the "synced" folder the link points into; removed when dropped.
struct Folders(PathBuf);

impl Folders {
    fn new(name: &str) -> Folders {
        let root = std::env::temp_dir().join(format!("seedfeast-link-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("save")).unwrap();
        std::fs::create_dir_all(root.join("synced")).unwrap();
        Folders(root)
    }

    fn save_dir(&self) -> PathBuf {
        self.0.join("save")
    }

    fn link(&self) -> PathBuf {
        self.save_dir().join(FILE_NAME)
    }

    fn target(&self) -> PathBuf {
        self.0.join("synced/scores.ron")
    }

    /// Links `save/scores.ron` to `synced/scores.ron` (relative, as `ln -s` makes them).
    fn linked(self) -> Folders {
        symlink("../synced/scores.ron", self.link()).unwrap();
        self
    }
}

impl Drop for Folders {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink())
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn a_run(score: u64) -> SaveData {
    let mut data = SaveData::default();
    data.record("runner/124MP-ANQ6N", score, Direction::Higher);
    data
}

#[test]
fn a_linked_save_is_written_through_and_the_link_kept() {
    let folders = Folders::new("through").linked();
    let store = FileStore::new(folders.save_dir());
    store.save(&a_run(10)).unwrap();
    store.save(&a_run(20)).unwrap();
    assert!(is_link(&folders.link()), "scores.ron is still a link");
    let on_disk = crate::read_save_bytes(&std::fs::read(folders.target()).unwrap()).unwrap().data;
    assert_eq!(on_disk.best("runner/124MP-ANQ6N").map(|b| b.score), Some(20), "the synced file has the new best");
    assert_eq!(FileStore::new(folders.save_dir()).load().data, on_disk);
    assert_eq!(names(&folders.0.join("synced")), ["scores.ron"], "no temporary file is left beside the target");
    assert_eq!(names(&folders.save_dir()), [FILE_NAME, LOCK_NAME]);
}

#[test]
fn a_dangling_links_target_is_created() {
    let folders = Folders::new("dangling").linked();
    let store = FileStore::new(folders.save_dir());
    assert_eq!(store.load().note, LoadNote::Fresh);
    store.save(&a_run(7)).unwrap();
    assert!(is_link(&folders.link()));
    let on_disk = crate::read_save_bytes(&std::fs::read(folders.target()).unwrap()).unwrap().data;
    assert_eq!(on_disk, a_run(7));
}

#[test]
fn a_damaged_linked_save_is_repaired_through_the_link() {
    let folders = Folders::new("repair").linked();
    let damaged = "(version: 4, best: {\n    \"maze/A\": (score: 1, better: Higher),\n    \"maze/B\": (score: -1, better: Higher),\n})";
    std::fs::write(folders.target(), damaged).unwrap();
    let loaded = FileStore::new(folders.save_dir()).load();
    assert!(matches!(loaded.note, LoadNote::Repaired { .. }), "{:?}", loaded.note);
    assert!(is_link(&folders.link()));
    let repaired = std::fs::read_to_string(folders.target()).unwrap();
    assert!(repaired.contains("maze/A") && !repaired.contains("maze/B"), "{repaired}");
    let copy = folders.save_dir().join(format!("{FILE_NAME}.corrupt-1"));
    assert_eq!(std::fs::read_to_string(copy).unwrap(), damaged);
}

#[test]
fn a_linked_file_with_nothing_of_a_save_is_moved_aside_beside_itself() {
    let folders = Folders::new("aside").linked();
    std::fs::write(folders.target(), "not a save").unwrap();
    let loaded = FileStore::new(folders.save_dir()).load();
    let LoadNote::SetAside { moved_to, .. } = &loaded.note else { panic!("{:?}", loaded.note) };
    let aside = folders.0.join("synced/scores.ron.corrupt-1");
    // (Told as the link reads: `save/../synced/…`.)
    assert_eq!(std::fs::canonicalize(moved_to).unwrap(), std::fs::canonicalize(&aside).unwrap());
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "not a save");
    assert!(is_link(&folders.link()), "the link stays for the next save");
    FileStore::new(folders.save_dir()).save(&a_run(3)).unwrap();
    assert!(is_link(&folders.link()));
    assert!(std::fs::read_to_string(folders.target()).unwrap().contains("runner/124MP-ANQ6N"));
}

#[test]
fn a_link_to_a_pipe_or_a_folder_is_never_replaced() {
    let folders = Folders::new("pipe");
    std::fs::create_dir(folders.target()).unwrap();
    let folders = folders.linked();
    let store = FileStore::new(folders.save_dir());
    assert!(store.load().note.is_read_only());
    assert!(matches!(store.save(&a_run(1)), Err(SaveError::ReadOnly(_))));
    assert!(is_link(&folders.link()) && folders.target().is_dir());
}
