//! Writing a file someone named on the command line (`--out`), the one way every writer does it
//! (`seedfeast gen`, `explain`, `replay record`, `puzzle range`, `lab range`; issue #51):
//!
//! - a regular file, or a name not taken yet, is written whole beside it as `NAME.<pid>.part`
//!   and renamed over it once finished, so a failed run never leaves half a file under the name
//!   (its permissions are kept);
//! - a symbolic link is followed: its target is written (as above, the `.part` beside the
//!   target), and the link stays a link, dangling or not;
//! - a FIFO or a character device (a named pipe, `/dev/null`, a terminal, `/dev/stdout`) is
//!   written straight through, as a shell's `>` writes it, and never replaced;
//! - a folder, a block device (a disk) or a socket is refused with the reason, nothing written.
//!
//! Renaming a finished file over the name once replaced whatever the name was: a FIFO, a device
//! node (as root, `/dev/null` itself) or a link became a regular file.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A path as a message shows it: hidden characters escaped, one longer than any real path cut.
pub fn shown_path(path: &Path) -> String {
    seedfeast_procgen::shown::shown_at_most(&path.to_string_lossy(), 400)
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
    /// A regular file, or a name not taken (at the end of any links): written whole beside it.
    File { real: PathBuf, permissions: Option<fs::Permissions> },
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
        Destination::File { real, permissions } => write_beside(&real, permissions, &shown, write),
    }
}

/// Writes `real` through a `.part` file beside it, renamed over it once whole.
fn write_beside(
    real: &Path,
    permissions: Option<fs::Permissions>,
    shown: &str,
    write: impl FnOnce(&mut dyn Write) -> Result<(), String>,
) -> Result<(), OutError> {
    // This run's own name: another run's `.part`, or a file of that name, is left alone, and
    // `create_new` never follows a link planted under it.
    let mut part = real.as_os_str().to_owned();
    part.push(format!(".{}.part", std::process::id()));
    let part = PathBuf::from(part);
    let file = OpenOptions::new().write(true).create_new(true).open(&part).map_err(|e| {
        OutError::Failed(format!(
            "can't write {shown}: the file it is written into first, {} beside it, can't be made: {e}",
            shown_path(&part)
        ))
    })?;
    let mut out = Watched::new(BufWriter::new(file));
    let written = write(&mut out).and_then(|()| out.flush().map_err(|e| e.to_string()));
    let result = out.outcome(written, shown).and_then(|()| {
        if let Some(permissions) = permissions {
            // The file keeps what it allowed (a script's 0755, a private 0600).
            let _ = fs::set_permissions(&part, permissions);
        }
        // Something other than a file may have taken the name while this one was written.
        if let Ok(now) = fs::symlink_metadata(real)
            && !now.is_file()
        {
            return Err(OutError::Refused(format!(
                "{shown} stopped being a file while it was written; nothing written"
            )));
        }
        fs::rename(&part, real).map_err(|e| cannot(shown, &e))
    });
    if result.is_err() {
        let _ = fs::remove_file(&part);
    }
    result
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
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return new_file(path, &shown),
        Err(error) => return Err(OutError::Failed(format!("can't write {shown}: {error}"))),
    };
    let kind = metadata.file_type();
    if kind.is_file() {
        // The `.part` goes beside the real file, so the rename replaces the target, not a link.
        let real = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        return Ok(Destination::File { real, permissions: Some(metadata.permissions()) });
    }
    if kind.is_dir() {
        return refuse("is a folder: give a file name");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
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

/// The name at the end of `path`'s links, when nothing is there yet (a new name, or a link
/// whose target is missing): a file made there, in a folder that must exist.
fn new_file(path: &Path, shown: &str) -> Result<Destination, OutError> {
    let mut real = path.to_path_buf();
    // As many links as Linux follows before it gives up (ELOOP).
    for _ in 0..40 {
        match fs::symlink_metadata(&real) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = fs::read_link(&real).map_err(|e| OutError::Failed(format!("can't write {shown}: {e}")))?;
                real = real.parent().map_or_else(|| target.clone(), |folder| folder.join(&target));
            }
            Ok(_) => return Err(OutError::Failed(format!("can't write {shown}: it changed while it was looked at"))),
            Err(_) => {
                let folder = real.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new("."));
                if !folder.is_dir() {
                    let what = if real == path { "its folder" } else { "the folder its link points into" };
                    return Err(OutError::Refused(format!("{shown}: {what} doesn't exist")));
                }
                return Ok(Destination::File { real, permissions: None });
            }
        }
    }
    Err(OutError::Refused(format!("{shown}: too many links, one after another")))
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
    fn a_character_device_is_written_through() {
        // /dev/null is one on every Unix: written, and still there after.
        write_bytes(Path::new("/dev/null"), b"nothing").unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    }
}
