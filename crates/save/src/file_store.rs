//! The save as a file in a folder (the OS data folder on desktop): `scores.ron`, with
//! `scores.ron.lock` beside it.
//!
//! Saving, under an exclusive lock on `scores.ron.lock` (so two games never interleave):
//! re-read `scores.ron`, merge this game's copy into it, write the result to a unique temporary
//! file in the same folder, fsync it, rename it over `scores.ron`, fsync the folder. A file that
//! can't be merged with (unreadable, newer, damaged, not a file, too large) is never written
//! over by a save. Loading (under the lock, after reading it again) repairs a file damaged in
//! places: it copies it whole to `scores.ron.corrupt-N` first, then writes what could be read
//! over it the same atomic way. A file with nothing of a save in it is moved aside; every other
//! unusable file is left alone.
//!
//! A `scores.ron` that is a symbolic link (a save kept in a synced folder) is written through
//! (issue #51): the temporary file goes beside the file the link names and is renamed over it,
//! so the link stays a link; a dangling link's file is created. A file with nothing of a save in
//! it is moved aside beside itself, as `<its name>.corrupt-N`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::fs::{FileLock, Fs, ReadOutcome, RealFs};
use crate::outcome::dropped_summary;
use crate::{
    LeftOut, LoadNote, Loaded, MAX_SAVE_BYTES, ParseError, Parsed, ReadOnly, SaveData, SaveError, Saved, VERSION,
    read_save_bytes,
};

/// The save's file name inside its folder.
pub const FILE_NAME: &str = "scores.ron";
/// The lock file's name: never removed (removing a lock file lets two games lock two files).
pub const LOCK_NAME: &str = "scores.ron.lock";
/// Temporary files are `scores.ron.tmp-<pid>-<counter>-<nanos>`.
const TEMP_PREFIX: &str = "scores.ron.tmp-";
/// How many `scores.ron.corrupt-N` may pile up before setting aside gives up (read-only then).
pub const MAX_SET_ASIDE: u32 = 999;
/// How long a save waits for another game's lock before giving up: long enough for any real
/// save (milliseconds), short enough that a hung window can't freeze this one.
const LOCK_WAIT: Duration = Duration::from_secs(5);

/// Makes temporary names unique within this process (the pid makes them unique across).
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// The save in a folder on disk.
#[derive(Clone)]
pub struct FileStore {
    dir: PathBuf,
    fs: Arc<dyn Fs>,
    /// Whether stale temporary files (from a game that crashed mid-save) were cleared yet.
    swept: Arc<AtomicBool>,
    /// [`LOCK_WAIT`], shorter in tests.
    lock_wait: Duration,
}

impl std::fmt::Debug for FileStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FileStore({})", self.dir.display())
    }
}

/// What is stored, classified.
enum Found {
    Missing,
    Usable(Parsed),
    /// Read, but damaged in places ([`Parsed::dropped`]): may be repaired, keeping these bytes.
    Damaged(Parsed, Vec<u8>),
    /// Read, but nothing of a save: may be set aside.
    Corrupt(String),
    /// There but unusable, and to be left alone.
    Unusable(ReadOnly),
}

impl FileStore {
    /// The save in `dir` (created on the first save).
    pub fn new(dir: impl Into<PathBuf>) -> FileStore {
        FileStore::with_fs(dir, Arc::new(RealFs))
    }

    pub(crate) fn with_fs(dir: impl Into<PathBuf>, fs: Arc<dyn Fs>) -> FileStore {
        FileStore { dir: dir.into(), fs, swept: Arc::new(AtomicBool::new(false)), lock_wait: LOCK_WAIT }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `dir/scores.ron`.
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    fn at(&self) -> String {
        self.path().display().to_string()
    }

    fn examine(&self) -> Found {
        let at = self.at();
        match self.fs.read_bounded(&self.path(), MAX_SAVE_BYTES) {
            Ok(ReadOutcome::Missing) => Found::Missing,
            Ok(ReadOutcome::Bytes(bytes)) => match read_save_bytes(&bytes) {
                Ok(parsed) if parsed.dropped.is_empty() => Found::Usable(parsed),
                Ok(parsed) => Found::Damaged(parsed, bytes),
                Err(ParseError::Newer { version }) => Found::Unusable(ReadOnly::Newer { at, version }),
                Err(ParseError::Corrupt { reason }) => Found::Corrupt(reason),
            },
            Ok(ReadOutcome::NotAFile(kind)) => Found::Unusable(ReadOnly::NotAFile { at, kind: kind.to_string() }),
            Ok(ReadOutcome::TooLarge(bytes)) => Found::Unusable(ReadOnly::TooLarge { at, bytes }),
            Err(error) => Found::Unusable(ReadOnly::Unreadable { at, error: error.to_string() }),
        }
    }

    /// Loads the save. Never fails and never blocks for long: whatever is found, the game gets
    /// data to play with and a note for the player (see [`LoadNote`]).
    pub fn load(&self) -> Loaded {
        match self.examine() {
            Found::Missing => fresh(LoadNote::Fresh),
            Found::Usable(parsed) => loaded(parsed),
            Found::Unusable(why) => fresh(LoadNote::ReadOnly(why)),
            Found::Damaged(parsed, _) => self.locked(dropped_summary(&parsed.dropped), parsed.data),
            Found::Corrupt(reason) => self.locked(reason, SaveData::default()),
        }
    }

    /// Repairs or sets aside what [`FileStore::load`] found damaged, under the lock and after
    /// reading it again: another game may have just replaced it with a good one. If the lock
    /// can't be had, the file is left alone, read-only, and play goes on with `readable`.
    fn locked(&self, reason: String, readable: SaveData) -> Loaded {
        let kept = |why_kept: String| Loaded {
            data: readable.clone(),
            note: LoadNote::ReadOnly(ReadOnly::Corrupt { at: self.at(), reason: reason.clone(), why_kept }),
        };
        let _lock = match self.lock() {
            Ok(lock) => lock,
            Err(SaveError::Busy { .. }) => return kept("another Seedfeast holds its lock".into()),
            Err(SaveError::Failed { error, .. }) => return kept(format!("its folder couldn't be locked: {error}")),
            Err(error) => return kept(error.to_string()),
        };
        match self.examine() {
            Found::Corrupt(reason) => self.set_aside(reason),
            Found::Damaged(parsed, bytes) => self.repair(parsed, &bytes),
            Found::Missing => fresh(LoadNote::Fresh),
            Found::Usable(parsed) => loaded(parsed),
            Found::Unusable(why) => fresh(LoadNote::ReadOnly(why)),
        }
    }

    /// Under the lock: copies the damaged file whole to the first free `scores.ron.corrupt-N`,
    /// then writes what could be read of it over it (atomically, as a save does). At every
    /// moment the folder holds the old file or the repaired one, and the copy exists before the
    /// old file is replaced. Any failure leaves the file as it was, read-only, and removes the
    /// copy this call made.
    fn repair(&self, parsed: Parsed, bytes: &[u8]) -> Loaded {
        let reason = dropped_summary(&parsed.dropped);
        let kept = |why_kept: String| Loaded {
            data: parsed.data.clone(),
            note: LoadNote::ReadOnly(ReadOnly::Corrupt { at: self.at(), reason: reason.clone(), why_kept }),
        };
        // What could be read is all there is to keep: nothing of it is news to protect.
        let (data, text, left_out) = match crate::format::checked_text_noting(parsed.data.clone(), &parsed.data) {
            Ok(fitted) => fitted,
            Err(error) => return kept(format!("the repaired save couldn't be made: {error}")),
        };
        let copy = match self.keep_copy(bytes) {
            Ok(copy) => copy,
            Err(why) => return kept(why),
        };
        let target = self.fs.write_target(&self.path()).map_err(|error| (self.path(), error));
        let folder = target.as_ref().map_or_else(|_| self.dir.clone(), |target| self.folder_of(target));
        let replaced = target.and_then(|target| {
            let temporary = self.write_temporary(&folder, text.as_bytes())?;
            self.fs.rename(&temporary, &target).map_err(|error| {
                let _ = self.fs.remove_file(&temporary);
                (target, error)
            })
        });
        if let Err((at, error)) = replaced {
            let _ = self.fs.remove_file(&copy);
            return kept(format!("the repaired save couldn't be written to {}: {error}", at.display()));
        }
        // Best effort, as for setting aside: losing the rename in a power cut only brings the
        // damaged file back, to be repaired again (its copy is already on disk).
        let _ = self.fs.sync_dir(&folder);
        let kept_as = copy.display().to_string();
        let mut dropped = parsed.dropped;
        if !left_out.is_empty() {
            dropped.push(crate::outcome::left_out_dropped(&left_out));
        }
        Loaded { data, note: LoadNote::Repaired { dropped, kept_as, mended: parsed.mended } }
    }

    /// Writes `bytes` to the first free `scores.ron.corrupt-N` (created new, so that no earlier
    /// copy is ever written over) and fsyncs it and the folder. The error says why not.
    fn keep_copy(&self, bytes: &[u8]) -> Result<PathBuf, String> {
        for n in 1..=MAX_SET_ASIDE {
            let copy = self.dir.join(format!("{FILE_NAME}.corrupt-{n}"));
            match self.write_synced(&copy, bytes) {
                // The copy's name must be on disk before the original is replaced (a folder
                // that can't be flushed at all, InvalidInput, is as durable as it gets).
                Ok(()) => match self.fs.sync_dir(&self.dir) {
                    Err(error) if error.kind() != std::io::ErrorKind::InvalidInput => {
                        let _ = self.fs.remove_file(&copy);
                        return Err(format!("can't flush {}: {error}", self.dir.display()));
                    }
                    _ => return Ok(copy),
                },
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(error) => {
                    let _ = self.fs.remove_file(&copy);
                    return Err(format!("can't copy it to {}: {error}", copy.display()));
                }
            }
        }
        Err(format!("{FILE_NAME}.corrupt-1 to -{MAX_SET_ASIDE} are all taken"))
    }

    /// Under the lock: moves a file with nothing of a save in it to the first free
    /// `scores.ron.corrupt-N`.
    fn set_aside(&self, reason: String) -> Loaded {
        let kept = |why_kept: String| {
            fresh(LoadNote::ReadOnly(ReadOnly::Corrupt { at: self.at(), reason: reason.clone(), why_kept }))
        };
        // Through a link, the file it names is moved aside, beside itself (a rename can't cross
        // file systems), and the link stays for the next save to write through.
        let path = match self.fs.write_target(&self.path()) {
            Ok(target) => target,
            Err(error) => return kept(format!("can't follow {}: {error}", self.at())),
        };
        let (folder, name) = (self.folder_of(&path), path.file_name().map(|n| n.to_string_lossy().into_owned()));
        let name = name.unwrap_or_else(|| FILE_NAME.to_string());
        for n in 1..=MAX_SET_ASIDE {
            let aside = folder.join(format!("{name}.corrupt-{n}"));
            match self.fs.exists(&aside) {
                Ok(true) => continue,
                Ok(false) => {}
                Err(error) => return kept(format!("can't check {}: {error}", aside.display())),
            }
            if let Err(error) = self.fs.rename(&path, &aside) {
                return kept(format!("can't rename it to {}: {error}", aside.display()));
            }
            // Best effort: the rename is done; losing it in a power cut only brings the damaged
            // file back, to be set aside again.
            let _ = self.fs.sync_dir(&folder);
            return fresh(LoadNote::SetAside { reason, moved_to: aside.display().to_string() });
        }
        kept(format!("{FILE_NAME}.corrupt-1 to -{MAX_SET_ASIDE} are all taken"))
    }

    #[cfg(test)]
    pub(crate) fn with_lock_wait(mut self, wait: Duration) -> FileStore {
        self.lock_wait = wait;
        self
    }

    /// Takes the lock beside the save, waiting up to [`LOCK_WAIT`]. `Ok(None)` where the file
    /// system can't lock at all (then saves go on unlocked: the merge still protects all but a
    /// simultaneous save).
    fn lock(&self) -> Result<Option<FileLock>, SaveError> {
        let path = self.dir.join(LOCK_NAME);
        let started = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            match self.fs.try_lock(&path) {
                Ok(Some(lock)) => return Ok(Some(lock)),
                Ok(None) if started.elapsed() < self.lock_wait => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(16));
                }
                Ok(None) => {
                    let waited_ms = started.elapsed().as_millis() as u64;
                    return Err(SaveError::Busy { at: path.display().to_string(), waited_ms });
                }
                Err(error) if error.kind() == std::io::ErrorKind::Unsupported => return Ok(None),
                Err(error) => {
                    let (action, at, error) = ("lock".into(), path.display().to_string(), error.to_string());
                    return Err(SaveError::Failed { action, at, error });
                }
            }
        }
    }

    /// Merges `data` into what is stored and writes the result atomically; returns the merged
    /// save, which holds other games' bests too (play on with it).
    ///
    /// Never writes over a stored save it couldn't read and parse ([`SaveError::ReadOnly`]); on
    /// any failure the stored save is intact and no temporary file is left.
    pub fn save(&self, data: &SaveData) -> Result<SaveData, SaveError> {
        self.save_telling(data).map(|saved| saved.data)
    }

    /// [`FileStore::save`], also telling what had to be left out to stay within the bound
    /// ([`Saved::left_out`]: the player must be told).
    pub fn save_telling(&self, data: &SaveData) -> Result<Saved, SaveError> {
        let failed = |action: &str, at: &Path, error: std::io::Error| SaveError::Failed {
            action: action.to_string(),
            at: at.display().to_string(),
            error: error.to_string(),
        };
        self.fs.create_dir_all(&self.dir).map_err(|e| failed("create the folder", &self.dir, e))?;
        let _lock = self.lock()?;
        if !self.swept.swap(true, Ordering::Relaxed) {
            self.sweep_temporaries();
        }
        let (stored, up_to_date) = match self.examine() {
            Found::Missing => (SaveData::default(), false),
            Found::Usable(parsed) => {
                let up_to_date = parsed.from_version == VERSION && parsed.mended.is_empty();
                (parsed.data, up_to_date)
            }
            Found::Corrupt(reason) => return Err(damaged_since_loading(self.at(), reason)),
            Found::Damaged(parsed, _) => {
                return Err(damaged_since_loading(self.at(), dropped_summary(&parsed.dropped)));
            }
            Found::Unusable(why) => return Err(SaveError::ReadOnly(why)),
        };
        let merged = stored.merge(data);
        if up_to_date && merged == stored {
            // Nothing new: the file already says all of it.
            return Ok(Saved { data: merged, left_out: LeftOut::default() });
        }
        let (merged, text, left_out) = crate::format::checked_text_noting(merged, &stored)?;
        let path = self.path();
        let target = self.fs.write_target(&path).map_err(|e| failed("write to", &path, e))?;
        let folder = self.folder_of(&target);
        let temporary = self.write_temporary(&folder, text.as_bytes()).map_err(|(at, e)| failed("write", &at, e))?;
        if let Err(error) = self.fs.rename(&temporary, &target) {
            let _ = self.fs.remove_file(&temporary);
            return Err(failed("replace", &target, error));
        }
        if let Err(error) = self.fs.sync_dir(&folder) {
            // Some file systems can't fsync a folder at all: the rename is as durable as it gets.
            if error.kind() != std::io::ErrorKind::InvalidInput {
                let (at, error) = (folder.display().to_string(), error.to_string());
                return Err(SaveError::FolderNotFlushed { at, error });
            }
        }
        Ok(Saved { data: merged, left_out })
    }

    /// The folder `target` is in (the save's own, unless `scores.ron` is a link to elsewhere):
    /// where its temporary file goes, since a rename can't cross file systems.
    fn folder_of(&self, target: &Path) -> PathBuf {
        target.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(&self.dir).to_path_buf()
    }

    /// Writes and fsyncs a new temporary file in `folder`; removes it again if that fails.
    fn write_temporary(&self, folder: &Path, bytes: &[u8]) -> Result<PathBuf, (PathBuf, std::io::Error)> {
        let mut attempts = 0;
        loop {
            let temporary = folder.join(temporary_name());
            match self.write_synced(&temporary, bytes) {
                Ok(()) => return Ok(temporary),
                // A stale file of a dead game with the same pid: take the next name (a few
                // times only, so a file system that always says "exists" can't hang the game).
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists && attempts < 8 => attempts += 1,
                Err(error) => {
                    // Only a file this call created may be removed; "exists" means it didn't.
                    if error.kind() != std::io::ErrorKind::AlreadyExists {
                        let _ = self.fs.remove_file(&temporary);
                    }
                    return Err((temporary, error));
                }
            }
        }
    }

    /// Creates `path`, writes `bytes` and fsyncs it: its data is on disk before the rename makes
    /// it the save (otherwise a power cut can leave a renamed but empty file). The handle is
    /// closed on return, before any rename.
    fn write_synced(&self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let mut file = self.fs.create_new(path)?;
        file.write_all(bytes)?;
        file.sync_all()
    }

    /// Removes temporary files left by a game that died mid-save. Only under the lock: every
    /// live game writes its temporary file while holding it, so none of these is in use.
    fn sweep_temporaries(&self) {
        for name in self.fs.list_dir(&self.dir).unwrap_or_default() {
            if name.starts_with(TEMP_PREFIX) {
                let _ = self.fs.remove_file(&self.dir.join(name));
            }
        }
    }
}

/// `scores.ron.tmp-<pid>-<counter>-<nanos>`: the pid separates processes, the counter threads
/// and saves of one process, the clock a pid reused after a crash.
fn temporary_name() -> String {
    let count = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    format!("{TEMP_PREFIX}{}-{count}-{nanos:08x}", std::process::id())
}

/// A file damaged after this game loaded it: the player hasn't been told what it lost, so it is
/// not repaired by a save.
fn damaged_since_loading(at: String, reason: String) -> SaveError {
    let why_kept = "damaged saves are repaired or set aside only when the game starts".to_string();
    SaveError::ReadOnly(ReadOnly::Corrupt { at, reason, why_kept })
}

fn fresh(note: LoadNote) -> Loaded {
    Loaded { data: SaveData::default(), note }
}

fn loaded(parsed: Parsed) -> Loaded {
    Loaded { data: parsed.data, note: LoadNote::Loaded { from_version: parsed.from_version, mended: parsed.mended } }
}

#[cfg(all(test, unix))]
mod link_tests;
#[cfg(all(test, unix))]
mod repair_tests;
#[cfg(all(test, unix))]
mod tests;
