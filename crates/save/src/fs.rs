//! The few file-system calls the file store makes, behind a small trait so that tests can inject
//! the faults a root-run test can't cause for real (permission denied, EIO, a full disk, a
//! read-only folder). [`RealFs`] is the one the game uses.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// What reading the save found, when reading didn't fail.
#[derive(Debug)]
pub(crate) enum ReadOutcome {
    Missing,
    Bytes(Vec<u8>),
    /// Not a regular file: "a folder", "a named pipe", "a device", …
    NotAFile(&'static str),
    /// Larger than the cap (its size, or at least cap + 1 if it grew while read).
    TooLarge(u64),
}

/// A held exclusive lock; released when dropped (closing the file releases it).
#[derive(Debug)]
pub(crate) struct FileLock(#[allow(dead_code, reason = "held only to keep the lock")] File);

pub(crate) trait Fs: Send + Sync {
    /// Reads a regular file of at most `cap` bytes, without blocking on a pipe or reading a
    /// device: the type is checked on the open handle before any byte is read.
    fn read_bounded(&self, path: &Path, cap: usize) -> io::Result<ReadOutcome>;
    fn create_dir_all(&self, dir: &Path) -> io::Result<()>;
    /// Takes the exclusive lock on `path` (created if missing) if it is free: `Ok(None)` when
    /// another handle holds it.
    fn try_lock(&self, path: &Path) -> io::Result<Option<FileLock>>;
    /// Creates `path`, which must not exist, for writing. The store writes it and fsyncs it
    /// through the handle (so that a test's file system sees each step).
    fn create_new(&self, path: &Path) -> io::Result<Box<dyn NewFile>>;
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()>;
    fn remove_file(&self, path: &Path) -> io::Result<()>;
    /// Whether anything (even a broken link) is at `path`.
    fn exists(&self, path: &Path) -> io::Result<bool>;
    /// Flushes the folder's entries (the rename) to disk.
    fn sync_dir(&self, dir: &Path) -> io::Result<()>;
    /// The names in `dir`.
    fn list_dir(&self, dir: &Path) -> io::Result<Vec<String>>;
    /// Where a write to `path` goes: `path`, or a symbolic link's target ([`replace::write_target`]).
    fn write_target(&self, path: &Path) -> io::Result<PathBuf> {
        replace::write_target(path)
    }
}

/// A file being written by the store; closed when dropped.
pub(crate) trait NewFile {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// Flushes the file's data to disk (fsync).
    fn sync_all(&mut self) -> io::Result<()>;
}

impl NewFile for File {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        Write::write_all(self, bytes)
    }

    fn sync_all(&mut self) -> io::Result<()> {
        File::sync_all(self)
    }
}

/// The real file system.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RealFs;

/// What a file type is, in words: "a named pipe", "a device", "a folder", ….
pub(crate) fn kind_of(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() { "a folder" } else { "not a regular file" }
}

impl Fs for RealFs {
    fn read_bounded(&self, path: &Path, cap: usize) -> io::Result<ReadOutcome> {
        let mut options = OpenOptions::new();
        options.read(true);
        // Non-blocking, so that opening a named pipe returns at once instead of waiting for a
        // writer (regular files ignore the flag).
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
        let file = match options.open(path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(ReadOutcome::Missing),
            Err(error) => return Err(error),
        };
        // Checked on the open handle, not the path: what is read is what was checked.
        let meta = file.metadata()?;
        if !meta.is_file() {
            return Ok(ReadOutcome::NotAFile(kind_of(meta.file_type())));
        }
        if meta.len() > cap as u64 {
            return Ok(ReadOutcome::TooLarge(meta.len()));
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        // At most one byte past the cap, even if the file grows while being read.
        file.take(cap as u64 + 1).read_to_end(&mut bytes)?;
        if bytes.len() > cap {
            return Ok(ReadOutcome::TooLarge(bytes.len() as u64));
        }
        Ok(ReadOutcome::Bytes(bytes))
    }

    fn create_dir_all(&self, dir: &Path) -> io::Result<()> {
        std::fs::create_dir_all(dir)
    }

    fn try_lock(&self, path: &Path) -> io::Result<Option<FileLock>> {
        let file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(FileLock(file))),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(error)) => Err(error),
        }
    }

    fn create_new(&self, path: &Path) -> io::Result<Box<dyn NewFile>> {
        Ok(Box::new(OpenOptions::new().write(true).create_new(true).open(path)?))
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    fn remove_file(&self, path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }

    fn exists(&self, path: &Path) -> io::Result<bool> {
        match std::fs::symlink_metadata(path) {
            Ok(_) => Ok(true),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(error) => Err(error),
        }
    }

    fn sync_dir(&self, dir: &Path) -> io::Result<()> {
        // Unix can open a folder and fsync it, which makes a rename inside it durable. Windows
        // can't open folders this way; its rename (MoveFileEx) is as durable as it gets there.
        #[cfg(unix)]
        {
            File::open(dir)?.sync_all()
        }
        #[cfg(not(unix))]
        {
            let _ = dir;
            Ok(())
        }
    }

    fn list_dir(&self, dir: &Path) -> io::Result<Vec<String>> {
        std::fs::read_dir(dir)?
            .map(|entry| entry.map(|entry| entry.file_name().to_string_lossy().into_owned()))
            .collect()
    }
}

#[cfg(all(test, unix))]
pub(crate) mod faulty;
pub(crate) mod replace;
