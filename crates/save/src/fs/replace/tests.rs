//! What [`replace_file`] does with each kind of thing a path can name.

use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};

use super::*;

/// A fresh folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("seedfeast-replace-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn at(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names in the folder, sorted: no `.part` may be left.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(&self.0).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).unwrap().file_type().is_symlink()
}

#[test]
fn a_missing_file_is_created_and_a_regular_one_replaced_keeping_its_permissions() {
    let scratch = Scratch::new("regular");
    let path = scratch.at("out.png");
    assert_eq!(replace_file(&path, b"one").unwrap(), path);
    assert_eq!(std::fs::read(&path).unwrap(), b"one");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    replace_file(&path, b"two").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"two");
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
    assert_eq!(scratch.names(), ["out.png"]);
}

#[test]
fn a_link_is_written_through_to_its_target_and_stays_a_link() {
    let scratch = Scratch::new("link");
    std::fs::create_dir(scratch.at("synced")).unwrap();
    let real = scratch.at("synced/scores.ron");
    std::fs::write(&real, "old").unwrap();
    // A relative link, and a link to that link.
    symlink("synced/scores.ron", scratch.at("link")).unwrap();
    symlink(scratch.at("link"), scratch.at("link-to-link")).unwrap();
    assert_eq!(replace_file(&scratch.at("link"), b"new").unwrap(), scratch.at("synced/scores.ron"));
    assert_eq!(std::fs::read(&real).unwrap(), b"new");
    replace_file(&scratch.at("link-to-link"), b"newer").unwrap();
    assert_eq!(std::fs::read(&real).unwrap(), b"newer");
    assert!(is_link(&scratch.at("link")) && is_link(&scratch.at("link-to-link")), "the links are kept");
    assert_eq!(scratch.names(), ["link", "link-to-link", "synced"]);
    let synced: Vec<_> = std::fs::read_dir(scratch.at("synced")).unwrap().collect();
    assert_eq!(synced.len(), 1, "the .part was beside the target, and is gone");
}

#[test]
fn a_dangling_links_target_is_created() {
    let scratch = Scratch::new("dangling");
    symlink(scratch.at("not-yet"), scratch.at("link")).unwrap();
    replace_file(&scratch.at("link"), b"made").unwrap();
    assert_eq!(std::fs::read(scratch.at("not-yet")).unwrap(), b"made");
    assert!(is_link(&scratch.at("link")));
}

#[test]
fn folders_pipes_devices_and_loops_are_refused_saying_what_and_where() {
    let scratch = Scratch::new("refused");
    std::fs::create_dir(scratch.at("folder")).unwrap();
    let fifo = scratch.at("fifo");
    let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: mkfifo reads the NUL-terminated path it is given.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    symlink("/dev/null", scratch.at("null-link")).unwrap();
    symlink("loop-b", scratch.at("loop-a")).unwrap();
    symlink("loop-a", scratch.at("loop-b")).unwrap();
    for (name, says) in [
        ("folder", "is a folder"),
        ("fifo", "is a named pipe"),
        ("null-link", "(a link to /dev/null) is a device"),
        ("loop-a", "symbolic links in a row"),
    ] {
        let path = scratch.at(name);
        let error = replace_file(&path, b"x").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidInput, "{name}");
        let message = error.to_string();
        assert!(message.contains(&path.display().to_string()) && message.contains(says), "{name}: {message}");
    }
    let error = replace_file(Path::new("/dev/null"), b"x").unwrap_err().to_string();
    assert!(error.contains("/dev/null is a device"), "{error}");
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device(), "/dev/null is untouched");
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(scratch.names(), ["fifo", "folder", "loop-a", "loop-b", "null-link"], "no .part is left");
}

#[test]
fn a_part_file_or_link_left_at_the_part_name_is_never_written_through() {
    let scratch = Scratch::new("stale-part");
    std::fs::write(scratch.at("victim"), "keep").unwrap();
    let pid = std::process::id();
    symlink(scratch.at("victim"), scratch.at(format!("out.{pid}.part").as_str())).unwrap();
    replace_file(&scratch.at("out"), b"written").unwrap();
    assert_eq!(std::fs::read(scratch.at("out")).unwrap(), b"written");
    assert_eq!(std::fs::read(scratch.at("victim")).unwrap(), b"keep");
}
