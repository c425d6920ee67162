//! Issue #51, 1: every command that writes `--out` (gen, explain, replay record, puzzle range,
//! lab range) writes through `seedfeast_lab::output`, run here as the real process against each
//! kind of thing the name can be. `explain --format png --out X` once wrote `X.<pid>.part` and
//! renamed it over X whatever X was: a FIFO, a device node (as root, `/dev/null` itself) or a
//! symbolic link became a regular file.

use crate::cli_process;

use std::path::{Path, PathBuf};
use std::process::Output;

use cli_process::{seedfeast, stderr};

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seedfeast-out-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A program `puzzle range` can build levels from.
const PROGRAM: &str = "for (i = 0; i < 2; i++) {\n    block1.move(\"left\");\n}\ndoor1.open();\n";

/// One command that writes `--out`: its name, its arguments writing to `out`, and how what it
/// writes starts (a PNG, JSON, or any text).
struct Writer {
    name: &'static str,
    args: Vec<String>,
    starts: &'static [u8],
}

/// Every writer, each writing to `out` (a name ending in `.png`, as `lab range` asks).
fn writers(dir: &Path, out: &Path) -> Vec<Writer> {
    let program = dir.join("program.txt");
    std::fs::write(&program, PROGRAM).unwrap();
    let (out, program) = (out.to_str().unwrap(), program.to_str().unwrap());
    let writer = |name, args: &[&str], starts| Writer {
        name,
        args: args.iter().map(|a| a.to_string()).chain(["--out".to_string(), out.to_string()]).collect(),
        starts,
    };
    vec![
        writer("gen png", &["gen", "maze", "--seed", "x", "--format", "png"], b"\x89PNG"),
        writer("gen json", &["gen", "runner", "--seed", "x", "--chunks", "2"], b"{"),
        writer("explain png", &["explain", "maze", "--seed", "x", "--format", "png", "--frames", "2"], b"\x89PNG"),
        writer("explain text", &["explain", "runner", "--seed", "x", "--chunks", "1"], b""),
        writer("replay record", &["replay", "record", "--mode", "maze", "--seed", "7", "--bot", "--seconds", "1"], b""),
        writer("puzzle range", &["puzzle", "range", "--code", program, "--seeds", "2"], b"\x89PNG"),
        writer("lab range", &["lab", "range", "--mode", "maze", "--seeds", "10", "--jobs", "1"], b"\x89PNG"),
    ]
}

fn run(writer: &Writer) -> Output {
    let args: Vec<&str> = writer.args.iter().map(String::as_str).collect();
    seedfeast(&args)
}

/// Checks that `written` is what `writer` writes: its start, and something.
fn is_its_output(writer: &Writer, written: &[u8]) {
    assert!(
        !written.is_empty() && written.starts_with(writer.starts),
        "{}: wrote {:?}",
        writer.name,
        &written[..written.len().min(16)]
    );
}

/// The names in `dir` that are left-over `.part` files.
fn parts_left(dir: &Path) -> Vec<String> {
    let names = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned());
    names.filter(|name| name.ends_with(".part")).collect()
}

#[test]
fn a_regular_file_is_replaced_whole_and_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("regular");
    let out = dir.join("target.png");
    for writer in writers(&dir, &out) {
        std::fs::write(&out, b"old").unwrap();
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
        let ran = run(&writer);
        assert!(ran.status.success(), "{}: {}", writer.name, stderr(&ran));
        is_its_output(&writer, &std::fs::read(&out).unwrap());
        assert_eq!(std::fs::metadata(&out).unwrap().permissions().mode() & 0o777, 0o640, "{}", writer.name);
        assert!(parts_left(&dir).is_empty(), "{}: {:?}", writer.name, parts_left(&dir));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_symlink_is_written_through_and_stays_a_link() {
    let dir = scratch("symlink");
    let (link, real) = (dir.join("link.png"), dir.join("real.png"));
    std::os::unix::fs::symlink("real.png", &link).unwrap();
    for writer in writers(&dir, &link) {
        std::fs::write(&real, b"old").unwrap();
        let ran = run(&writer);
        assert!(ran.status.success(), "{}: {}", writer.name, stderr(&ran));
        assert!(
            std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(),
            "{}: the link is kept",
            writer.name
        );
        assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("real.png"));
        is_its_output(&writer, &std::fs::read(&real).unwrap());
        assert!(parts_left(&dir).is_empty(), "{}: {:?}", writer.name, parts_left(&dir));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dangling_symlink_makes_the_file_it_names() {
    let dir = scratch("dangling");
    let (link, made) = (dir.join("link.png"), dir.join("made.png"));
    std::os::unix::fs::symlink("made.png", &link).unwrap();
    for writer in writers(&dir, &link) {
        let _ = std::fs::remove_file(&made);
        let ran = run(&writer);
        assert!(ran.status.success(), "{}: {}", writer.name, stderr(&ran));
        assert!(
            std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(),
            "{}: the link is kept",
            writer.name
        );
        is_its_output(&writer, &std::fs::read(&made).unwrap());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_is_written_through_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("fifo");
    let fifo = dir.join("fifo.png");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("skipped: mkfifo can't make a FIFO here");
        return;
    }
    for writer in writers(&dir, &fifo) {
        // The reader opens the FIFO (waiting for the writer) and reads to its end.
        let (sent, got) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let read = std::fs::read(&path);
            let _ = sent.send(read);
        });
        let ran = run(&writer);
        assert!(ran.status.success(), "{}: {}", writer.name, stderr(&ran));
        let read = got.recv_timeout(std::time::Duration::from_secs(30));
        let read = read.unwrap_or_else(|_| panic!("{}: nothing was written into the FIFO", writer.name)).unwrap();
        is_its_output(&writer, &read);
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "{}: still a FIFO", writer.name);
        assert!(parts_left(&dir).is_empty(), "{}: {:?}", writer.name, parts_left(&dir));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_is_refused_and_left_alone() {
    let dir = scratch("folder");
    let folder = dir.join("folder.png");
    std::fs::create_dir(&folder).unwrap();
    for writer in writers(&dir, &folder) {
        let ran = run(&writer);
        assert_eq!(ran.status.code(), Some(2), "{}: {}", writer.name, stderr(&ran));
        assert!(stderr(&ran).contains("is a folder"), "{}: {}", writer.name, stderr(&ran));
        assert!(folder.is_dir() && std::fs::read_dir(&folder).unwrap().next().is_none(), "{}", writer.name);
        assert!(parts_left(&dir).is_empty(), "{}: {:?}", writer.name, parts_left(&dir));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A device node like `/dev/null` (char 1,3), made beside the test's files: as root a writer
/// that renamed over its name replaced the system's `/dev/null`.
#[test]
fn a_device_node_is_written_through_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("device");
    let null = dir.join("null.png");
    let made = std::process::Command::new("mknod").arg(&null).args(["c", "1", "3"]).output();
    let usable = made.is_ok_and(|out| out.status.success()) && std::fs::write(&null, b"probe").is_ok();
    if !usable {
        eprintln!(
            "skipped: no device node can be made and written here (mknod needs root and a device cgroup that allows it)"
        );
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    for writer in writers(&dir, &null) {
        let ran = run(&writer);
        assert!(ran.status.success(), "{}: {}", writer.name, stderr(&ran));
        assert!(
            std::fs::symlink_metadata(&null).unwrap().file_type().is_char_device(),
            "{}: still a device",
            writer.name
        );
        assert!(parts_left(&dir).is_empty(), "{}: {:?}", writer.name, parts_left(&dir));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
