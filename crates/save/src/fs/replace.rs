//! Replacing a file whatever its path names (issue #51): a save, or a tool's `--out`. Writing to
//! a new file beside the old one and renaming it over is atomic, but a rename replaces whatever
//! is at the path: a symbolic link becomes a regular file (a synced folder's save is cut off
//! from it), and `/dev/null` or a named pipe becomes a regular file too. So:
//!
//! - a **regular file** is replaced (atomically, keeping its permissions);
//! - a **symbolic link** is followed, link by link, to its target, and the target is replaced:
//!   the `.part` file is written beside the target (a rename can't cross file systems), and the
//!   link stays a link; a dangling link's target is created;
//! - **anything else** (a folder, a named pipe, a device, a socket) is refused with an error
//!   saying what it is and where, before any byte is written.
//!
//! This is the one helper every writer uses (issue #51): the save, and every tool's `--out`
//! (`seedfeast_lab::output`). Their policy differs on purpose for pipes and devices: the save
//! refuses them, since a save must be a file it can read back, while a tool writes straight
//! through them as `cp` does (`--out /dev/null`, a FIFO to a viewer), outside this helper.
//! Neither ever *replaces* something that is not a regular file.
//!
//! A link swapped between the check and the rename is not guarded against: the folder's owner
//! could do anything to the file anyway.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// How many links in a row are followed before giving up (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Where writing to `path` really goes: `path` itself when nothing or a regular file is there,
/// or the file a symbolic link at `path` names, followed link by link (a relative link is read
/// from its own folder; a dangling link gives the missing target, to be created).
///
/// Errors (kind `InvalidInput`, the message naming the path and what is there): a folder, a
/// named pipe, a device or a socket at `path` or at the end of its links; more than 40 links in
/// a row. Errors reading the path's metadata are returned as they are.
pub fn write_target(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&at) {
            Ok(meta) => meta,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(at),
            Err(error) => return Err(error),
        };
        let kind = meta.file_type();
        if kind.is_file() {
            return Ok(at);
        }
        if !kind.is_symlink() {
            return Err(refused(path, &at, super::kind_of(kind)));
        }
        let link = std::fs::read_link(&at)?;
        at = match at.parent() {
            Some(folder) if link.is_relative() => folder.join(link),
            _ => link,
        };
    }
    let message = format!("{}: more than {MAX_LINKS} symbolic links in a row (a loop?)", path.display());
    Err(io::Error::new(io::ErrorKind::InvalidInput, message))
}

fn refused(path: &Path, at: &Path, kind: &str) -> io::Error {
    let through = if at == path { String::new() } else { format!(" (a link to {})", at.display()) };
    let message = format!("{}{through} is {kind}, not a regular file: only a regular file is replaced", path.display());
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// Replaces the file at `path` (see [`write_target`] for links and what is refused) with
/// `bytes`; returns the path of the file written (the link's target, for a link).
pub fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    replace_file_with(path, |file| file.write_all(bytes))
}

/// [`replace_file`] with the contents written by `write`: into `<target>.<pid>.part` beside the
/// real target (created new, never through a link left there), fsynced, given the old file's
/// permissions, renamed over the target, and the folder fsynced. On any failure the `.part` is
/// removed and the target is as it was.
pub fn replace_file_with(path: &Path, write: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<PathBuf> {
    let target = write_target(path)?;
    let (part, mut file) = new_part(&target)?;
    let written = write(&mut file)
        .and_then(|()| keep_permissions(&target, &file))
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            std::fs::rename(&part, &target)
        });
    if let Err(error) = written {
        let _ = std::fs::remove_file(&part);
        return Err(io::Error::new(error.kind(), format!("can't write {}: {error}", target.display())));
    }
    // Best effort: some file systems can't flush a folder; the rename is as durable as it gets.
    #[cfg(unix)]
    if let Some(folder) = target.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        let _ = File::open(folder).and_then(|folder| folder.sync_all());
    }
    Ok(target)
}

/// A new `<target>.<pid>.part` (or `.<pid>-<n>.part` past a stale one), created exclusively: a
/// link or file someone left at that name is never written through.
fn new_part(target: &Path) -> io::Result<(PathBuf, File)> {
    let name = target.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let pid = std::process::id();
    let mut last = None;
    for n in 0..8 {
        let suffix = if n == 0 { format!("{pid}") } else { format!("{pid}-{n}") };
        let part = target.with_file_name(format!("{name}.{suffix}.part"));
        match OpenOptions::new().write(true).create_new(true).open(&part) {
            Ok(file) => return Ok((part, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last = Some(error),
            Err(error) => {
                // Said as the target's failure first: the player named the target, not the part.
                let said = format!("can't write {}: can't create {}: {error}", target.display(), part.display());
                return Err(io::Error::new(error.kind(), said));
            }
        }
    }
    let error = last.unwrap_or_else(|| io::Error::from(io::ErrorKind::AlreadyExists));
    Err(io::Error::new(
        error.kind(),
        format!("can't write {}: can't create a .part file beside it: {error}", target.display()),
    ))
}

/// Gives the new file the old one's permissions, if there was one (a file the player made
/// read-only for others stays so).
fn keep_permissions(target: &Path, file: &File) -> io::Result<()> {
    match std::fs::metadata(target) {
        Ok(meta) => file.set_permissions(meta.permissions()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}

#[cfg(all(test, unix))]
mod tests;
