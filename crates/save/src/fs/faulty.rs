//! A file system that fails on command, for tests: the real one, except for the calls given an
//! error. Tests run as root, where chmod can't make a file unreadable or a folder read-only, so
//! these faults are injected instead.

use std::io::{self, Write};
use std::path::Path;
use std::sync::Mutex;

use super::{FileLock, Fs, ReadOutcome, RealFs};

/// Which calls fail, each with an OS error number (`libc::EACCES`, `libc::EIO`, …).
#[derive(Clone, Debug, Default)]
pub(crate) struct Faults {
    pub read: Option<i32>,
    pub create_dir: Option<i32>,
    pub lock: Option<i32>,
    /// Creating the temporary file fails.
    pub write: Option<i32>,
    /// Writing the temporary file fails after this many bytes, like a full disk (ENOSPC).
    pub write_after: Option<usize>,
    pub rename: Option<i32>,
    pub sync_dir: Option<i32>,
}

#[derive(Debug, Default)]
pub(crate) struct FaultyFs {
    faults: Mutex<Faults>,
}

impl FaultyFs {
    pub fn new(faults: Faults) -> FaultyFs {
        FaultyFs { faults: Mutex::new(faults) }
    }

    pub fn set(&self, faults: Faults) {
        *self.faults.lock().unwrap() = faults;
    }

    fn fault(&self, pick: impl Fn(&Faults) -> Option<i32>) -> io::Result<()> {
        match pick(&self.faults.lock().unwrap()) {
            Some(code) => Err(io::Error::from_raw_os_error(code)),
            None => Ok(()),
        }
    }
}

impl Fs for FaultyFs {
    fn read_bounded(&self, path: &Path, cap: usize) -> io::Result<ReadOutcome> {
        // A missing file stays missing: the fault is about reading one that is there.
        if std::fs::symlink_metadata(path).is_ok() {
            self.fault(|f| f.read)?;
        }
        RealFs.read_bounded(path, cap)
    }
    fn create_dir_all(&self, dir: &Path) -> io::Result<()> {
        self.fault(|f| f.create_dir)?;
        RealFs.create_dir_all(dir)
    }
    fn try_lock(&self, path: &Path) -> io::Result<Option<FileLock>> {
        self.fault(|f| f.lock)?;
        RealFs.try_lock(path)
    }
    fn write_new(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        self.fault(|f| f.write)?;
        let Some(limit) = self.faults.lock().unwrap().write_after else { return RealFs.write_new(path, bytes) };
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
        file.write_all(&bytes[..limit.min(bytes.len())])?;
        Err(io::Error::from_raw_os_error(libc::ENOSPC))
    }
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        self.fault(|f| f.rename)?;
        RealFs.rename(from, to)
    }
    fn remove_file(&self, path: &Path) -> io::Result<()> {
        RealFs.remove_file(path)
    }
    fn exists(&self, path: &Path) -> io::Result<bool> {
        RealFs.exists(path)
    }
    fn sync_dir(&self, dir: &Path) -> io::Result<()> {
        self.fault(|f| f.sync_dir)?;
        RealFs.sync_dir(dir)
    }
    fn list_dir(&self, dir: &Path) -> io::Result<Vec<String>> {
        RealFs.list_dir(dir)
    }
}
