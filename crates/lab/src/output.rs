//! Writing a file someone named on the command line (`--out`), the one way every writer does it
//! (`seedfeast gen`, `explain`, `replay record`, `puzzle range`, `lab range`; issue #51):
//!
//! - a regular file, or a name not taken yet, is replaced by [`seedfeast_save::replace_file_with`],
//!   the same helper the save uses: written whole beside it as `NAME.<pid>.part`, fsynced and
//!   renamed over it once finished, so a failed run never leaves half a file under the name (its
//!   permissions are kept);
//! - a symbolic link is followed by [`seedfeast_save::write_target`]: its target is written (as
//!   above, the `.part` beside the target), and the link stays a link, dangling or not;
//! - a FIFO or a character device (a named pipe, `/dev/null`, a terminal, `/dev/stdout`) is
//!   written straight through, as a shell's `>` or `cp` writes it, and never replaced;
//! - a folder, a block device (a disk) or a socket is refused with the reason, nothing written.
//!
//! Only the third point is this module's own: it is the command line's policy. The save refuses
//! pipes and devices, since a save must be a file it can read back; a tool writes through them so
//! that `--out /dev/null` or a FIFO to a viewer works. Neither ever *replaces* something that is
//! not a regular file: renaming a finished file over the name once turned a FIFO, a device node
//! (as root, `/dev/null` itself) or a link into a regular file.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A path as a message shows it: hidden characters escaped, one longer than any real path cut.
pub fn shown_path(path: &Path) -> String {
    seedfeast_procgen::shown::shown_at_most(&path.to_string_lossy(), 400)
}

/// An error's text as a message shows it: the save's messages name paths unescaped.
fn shown_error(error: &io::Error) -> String {
    seedfeast_procgen::shown::shown_at_most(&error.to_string(), 1000)
}

/// Why a file was not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutError {
    /// The name can't take a file (a folder, a disk, a missing folder): a usage mistake, exit 2.
    Refused(String),
    /// The reader of a FIFO closed it early, as `| head` does: nothing more to say, exit 0.
    Closed,
    /// Writing failed part-way (a full disk, no permission): exit 1.
    Failed(String),
}

impl fmt::Display for OutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutError::Refused(why) | OutError::Failed(why) => f.write_str(why),
            OutError::Closed => f.write_str("the reader closed the pipe"),
        }
    }
}

/// Where the bytes for a name go.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Destination {
    /// A regular file, or a name not taken (at the end of any links): replaced by the save's
    /// helper. `target` is where the links end, for the message when that fails.
    File { target: PathBuf },
    /// A FIFO or a character device: written through, as it is.
    Stream,
}

/// Whether `path` can take a file, without writing anything: for a command to refuse a bad
/// `--out` before the work it would write (a recording, a sweep).
pub fn check(path: &Path) -> Result<(), OutError> {
    destination(path).map(drop)
}

/// Writes `bytes` to `path` as the module says.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), OutError> {
    write_with(path, |out| out.write_all(bytes).map_err(|e| e.to_string()))
}

/// Writes to `path` what `write` writes, as the module says. `write` may turn write errors into
/// its own text (an encoder does): the first error the file itself gave is what is reported, so
/// a closed pipe is still [`OutError::Closed`] and a full disk names the file.
pub fn write_with(path: &Path, write: impl FnOnce(&mut dyn Write) -> Result<(), String>) -> Result<(), OutError> {
    let shown = shown_path(path);
    match destination(path)? {
        Destination::Stream => {
            let file = OpenOptions::new().write(true).open(path).map_err(|e| cannot(&shown, &e))?;
            let mut out = Watched::new(BufWriter::new(file));
            let written = write(&mut out).and_then(|()| out.flush().map_err(|e| e.to_string()));
            out.outcome(written, &shown)
        }
        Destination::File { target } => replace(path, &target, &shown, write),
    }
}

/// Replaces the regular file (or new name) at the end of `path`'s links through the save's
/// helper, reporting what `write` met as [`write_with`] says.
fn replace(
    path: &Path,
    target: &Path,
    shown: &str,
    write: impl FnOnce(&mut dyn Write) -> Result<(), String>,
) -> Result<(), OutError> {
    // The helper only carries an `io::Error`; the writer's own outcome (an encoder's text, the
    // file's first error) is kept here and wins over the stand-in error it is turned into.
    let mut met = None;
    let replaced = seedfeast_save::replace_file_with(path, |file| {
        let mut out = Watched::new(BufWriter::new(file));
        let written = write(&mut out).and_then(|()| out.flush().map_err(|e| e.to_string()));
        out.outcome(written, shown).map_err(|error| {
            met = Some(error);
            io::Error::other("the file wasn't written whole")
        })
    });
    match (met, replaced) {
        (Some(error), _) => Err(error),
        (None, Ok(_)) => Ok(()),
        // The helper's message names the file it wrote; a link's own name is said first.
        (None, Err(error)) if target == path => Err(OutError::Failed(shown_error(&error))),
        (None, Err(error)) => Err(OutError::Failed(format!("{shown} is a link: {}", shown_error(&error)))),
    }
}

fn cannot(shown: &str, error: &io::Error) -> OutError {
    if error.kind() == io::ErrorKind::BrokenPipe {
        OutError::Closed
    } else {
        OutError::Failed(format!("can't write {shown}: {error}"))
    }
}

/// What `path` names once every link is followed, and whether it can take a file.
fn destination(path: &Path) -> Result<Destination, OutError> {
    let shown = shown_path(path);
    let refuse = |why: &str| Err(OutError::Refused(format!("{shown} {why}")));
    if path.as_os_str().is_empty() {
        return Err(OutError::Refused("an empty name can't take a file: give a file name".into()));
    }
    // The kernel follows the links, magic ones (`/dev/stdout`, `/proc/self/fd/1`) included.
    let kind = match fs::metadata(path) {
        Ok(metadata) => metadata.file_type(),
        // Nothing there yet, a link loop, or a link the kernel can't follow: the save's helper
        // says which, or where the new file goes.
        Err(_) => return new_file(path, &shown),
    };
    if kind.is_file() {
        return new_file(path, &shown);
    }
    if kind.is_dir() {
        return refuse("is a folder: give a file name");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        // The command line's own policy (see the module's docs): written through, never replaced.
        if kind.is_fifo() || kind.is_char_device() {
            return Ok(Destination::Stream);
        }
        if kind.is_block_device() {
            return refuse("is a block device (a disk): give a file name");
        }
        if kind.is_socket() {
            return refuse("is a socket: give a file name");
        }
    }
    refuse("is not a file: give a file name")
}

/// The regular file, or the missing name, at the end of `path`'s links (found by the save's
/// [`seedfeast_save::write_target`]), in a folder that must exist.
fn new_file(path: &Path, shown: &str) -> Result<Destination, OutError> {
    let target = match seedfeast_save::write_target(path) {
        Ok(target) => target,
        // A loop, or something other than a file at the end of the links: the name can't take
        // a file, a usage mistake.
        Err(error) if error.kind() == io::ErrorKind::InvalidInput => {
            return Err(OutError::Refused(shown_error(&error)));
        }
        Err(error) => return Err(OutError::Failed(format!("can't write {shown}: {}", shown_error(&error)))),
    };
    let folder = target.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        let what = if target == path { "its folder" } else { "the folder its link points into" };
        return Err(OutError::Refused(format!("{shown}: {what} doesn't exist")));
    }
    Ok(Destination::File { target })
}

/// A writer that keeps the first error its writes met, so a caller whose encoder turns errors
/// into text still learns that the reader went away or the disk filled up.
pub struct Watched<W: Write> {
    inner: W,
    error: Option<io::Error>,
}

impl<W: Write> Watched<W> {
    pub fn new(inner: W) -> Watched<W> {
        Watched { inner, error: None }
    }

    /// The write error met, if any: a closed pipe as [`OutError::Closed`], another as a failure
    /// writing `shown`; else `written`'s own error, if any.
    pub fn outcome(&mut self, written: Result<(), String>, shown: &str) -> Result<(), OutError> {
        match (self.error.take(), written) {
            (Some(error), _) => Err(cannot(shown, &error)),
            (None, Err(why)) => Err(OutError::Failed(why)),
            (None, Ok(())) => Ok(()),
        }
    }

    fn keep<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        if let Err(error) = &result
            && self.error.is_none()
        {
            self.error = Some(io::Error::new(error.kind(), error.to_string()));
        }
        result
    }
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let result = self.inner.write(bytes);
        self.keep(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.inner.flush();
        self.keep(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("seedfeast-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_new_name_and_a_regular_file_are_written_whole_and_no_part_is_left() {
        let dir = scratch("regular");
        let path = dir.join("out.txt");
        write_bytes(&path, b"first").unwrap();
        write_bytes(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "only the file: no .part left");
        let failed = write_with(&path, |out| {
            out.write_all(b"half").unwrap();
            Err("the encoder gave up".into())
        });
        assert_eq!(failed, Err(OutError::Failed("the encoder gave up".into())));
        assert_eq!(fs::read(&path).unwrap(), b"second", "a failed write leaves the file as it was");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn links_are_written_through_and_folders_refused() {
        let dir = scratch("links");
        fs::write(dir.join("real.txt"), b"old").unwrap();
        std::os::unix::fs::symlink("real.txt", dir.join("link")).unwrap();
        std::os::unix::fs::symlink("sub/new.txt", dir.join("dangling")).unwrap();
        fs::create_dir(dir.join("sub")).unwrap();
        write_bytes(&dir.join("link"), b"new").unwrap();
        write_bytes(&dir.join("dangling"), b"made").unwrap();
        assert!(fs::symlink_metadata(dir.join("link")).unwrap().file_type().is_symlink());
        assert!(fs::symlink_metadata(dir.join("dangling")).unwrap().file_type().is_symlink());
        assert_eq!(fs::read(dir.join("real.txt")).unwrap(), b"new");
        assert_eq!(fs::read(dir.join("sub/new.txt")).unwrap(), b"made");
        let refused = write_bytes(&dir.join("sub"), b"x");
        assert!(matches!(&refused, Err(OutError::Refused(why)) if why.contains("is a folder")), "{refused:?}");
        let nowhere = check(&dir.join("no/such/folder.txt"));
        assert!(matches!(&nowhere, Err(OutError::Refused(why)) if why.contains("doesn't exist")), "{nowhere:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_loop_is_refused_as_a_usage_mistake_and_nothing_is_written() {
        // It once reached the kernel's "too many levels of symbolic links" as a failed write
        // (exit 1) instead of a name that can't take a file (exit 2).
        let dir = scratch("loop");
        std::os::unix::fs::symlink("b", dir.join("a")).unwrap();
        std::os::unix::fs::symlink("a", dir.join("b")).unwrap();
        let refused = write_bytes(&dir.join("a"), b"x");
        assert!(
            matches!(&refused, Err(OutError::Refused(why)) if why.contains("symbolic links in a row")),
            "{refused:?}"
        );
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2, "only the two links: no .part left");
    }

    #[cfg(unix)]
    #[test]
    fn a_character_device_is_written_through() {
        // /dev/null is one on every Unix: written, and still there after.
        write_bytes(Path::new("/dev/null"), b"nothing").unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    }
}
