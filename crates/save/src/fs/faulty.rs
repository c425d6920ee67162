//! A file system that fails on command, for tests: the real one, except for the calls given an
//! error. Tests run as root, where chmod can't make a file unreadable or a folder read-only, so
//! these faults are injected instead. It also records the calls that make a save durable
//! ([`Call`]), so tests can check their order.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::{FileLock, Fs, NewFile, ReadOutcome, RealFs};

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
    /// Fsyncing the temporary file fails (EIO: the data may not have reached the disk).
    pub sync_file: Option<i32>,
    pub rename: Option<i32>,
    pub sync_dir: Option<i32>,
}

/// A call that writes, moves or flushes, in the order made (successful or not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Call {
    Create(PathBuf),
    /// Bytes written to a created file (as many as reached it).
    Write(PathBuf, usize),
    /// A created file's fsync.
    SyncFile(PathBuf),
    Rename(PathBuf, PathBuf),
    Remove(PathBuf),
    SyncDir(PathBuf),
}

#[derive(Debug, Default)]
pub(crate) struct FaultyFs {
    faults: Arc<Mutex<Faults>>,
    calls: Arc<Mutex<Vec<Call>>>,
}

impl FaultyFs {
    pub fn new(faults: Faults) -> FaultyFs {
        FaultyFs { faults: Arc::new(Mutex::new(faults)), calls: Arc::default() }
    }

    /// Every recorded call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    fn record(&self, call: Call) {
        self.calls.lock().unwrap().push(call);
    }

    pub fn set(&self, faults: Faults) {
        *self.faults.lock().unwrap() = faults;
    }

    fn fault(&self, pick: impl Fn(&Faults) -> Option<i32>) -> io::Result<()> {
        fault(&self.faults, pick)
    }
}

fn fault(faults: &Mutex<Faults>, pick: impl Fn(&Faults) -> Option<i32>) -> io::Result<()> {
    match pick(&faults.lock().unwrap()) {
        Some(code) => Err(io::Error::from_raw_os_error(code)),
        None => Ok(()),
    }
}

/// A real new file whose writes and fsync are recorded, and fail on command.
struct RecordedFile {
    file: Box<dyn NewFile>,
    path: PathBuf,
    faults: Arc<Mutex<Faults>>,
    calls: Arc<Mutex<Vec<Call>>>,
}

impl NewFile for RecordedFile {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let limit = self.faults.lock().unwrap().write_after;
        let written = limit.map_or(bytes.len(), |limit| limit.min(bytes.len()));
        let result = self.file.write_all(&bytes[..written]);
        self.calls.lock().unwrap().push(Call::Write(self.path.clone(), written));
        result?;
        // At the limit the disk is full (ENOSPC).
        if limit.is_some() {
            return Err(io::Error::from_raw_os_error(libc::ENOSPC));
        }
        Ok(())
    }

    fn sync_all(&mut self) -> io::Result<()> {
        self.calls.lock().unwrap().push(Call::SyncFile(self.path.clone()));
        fault(&self.faults, |f| f.sync_file)?;
        self.file.sync_all()
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
    fn create_new(&self, path: &Path) -> io::Result<Box<dyn NewFile>> {
        self.record(Call::Create(path.to_path_buf()));
        self.fault(|f| f.write)?;
        Ok(Box::new(RecordedFile {
            file: RealFs.create_new(path)?,
            path: path.to_path_buf(),
            faults: self.faults.clone(),
            calls: self.calls.clone(),
        }))
    }
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        self.record(Call::Rename(from.to_path_buf(), to.to_path_buf()));
        self.fault(|f| f.rename)?;
        RealFs.rename(from, to)
    }
    fn remove_file(&self, path: &Path) -> io::Result<()> {
        self.record(Call::Remove(path.to_path_buf()));
        RealFs.remove_file(path)
    }
    fn exists(&self, path: &Path) -> io::Result<bool> {
        RealFs.exists(path)
    }
    fn sync_dir(&self, dir: &Path) -> io::Result<()> {
        self.record(Call::SyncDir(dir.to_path_buf()));
        self.fault(|f| f.sync_dir)?;
        RealFs.sync_dir(dir)
    }
    fn list_dir(&self, dir: &Path) -> io::Result<Vec<String>> {
        RealFs.list_dir(dir)
    }
}
