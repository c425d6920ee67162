//! [`Store`]: where the save lives, chosen once at start-up (a folder on desktop,
//! localStorage in the browser, nothing in tests).

use std::sync::Arc;

#[cfg(not(target_arch = "wasm32"))]
use crate::FileStore;
use crate::{KeyedStore, Loaded, SaveData, SaveError, Saved, TextStorage};

/// Where the save lives.
#[derive(Clone, Debug)]
pub enum Store {
    /// A folder on disk (the OS data folder on desktop).
    #[cfg(not(target_arch = "wasm32"))]
    Folder(FileStore),
    /// An entry of key-value storage: the browser's localStorage, or a map in tests.
    Keyed(KeyedStore),
    /// Keeps nothing (tests, or a system with nowhere to keep data): loads fresh, saves succeed
    /// and return the data as given.
    Memory,
}

impl Store {
    /// The save in `dir/scores.ron`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn folder(dir: impl Into<std::path::PathBuf>) -> Store {
        Store::Folder(FileStore::new(dir))
    }

    /// The save under [`crate::STORAGE_KEY`] in `storage`.
    pub fn keyed(storage: Arc<dyn TextStorage>) -> Store {
        Store::Keyed(KeyedStore::new(storage))
    }

    /// Loads the save; never fails (see [`crate::LoadNote`] for what the player is told).
    pub fn load(&self) -> Loaded {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Store::Folder(store) => store.load(),
            Store::Keyed(store) => store.load(),
            Store::Memory => Loaded { data: SaveData::default(), note: crate::LoadNote::Fresh },
        }
    }

    /// Merges `data` into what is stored and writes it; returns the merged save to play on with.
    /// (The game saves with [`Store::save_telling`], so a save at its bound is never silent
    /// about a best it had to leave out.)
    pub fn save(&self, data: &SaveData) -> Result<SaveData, SaveError> {
        self.save_telling(data).map(|saved| saved.data)
    }

    /// [`Store::save`], also telling the bests, daily bests and waiting runs a save at its bound
    /// had to leave out ([`Saved::message`] says it to the player).
    pub fn save_telling(&self, data: &SaveData) -> Result<Saved, SaveError> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Store::Folder(store) => store.save_telling(data),
            Store::Keyed(store) => store.save_telling(data),
            Store::Memory => Ok(Saved { data: data.clone(), left_out: crate::LeftOut::default() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Direction, LoadNote, MapStorage};

    #[test]
    fn stores_can_be_shared_across_threads() {
        // The game keeps its store in a Bevy resource: it must be Send + Sync + 'static.
        fn shareable<T: Send + Sync + 'static>() {}
        shareable::<Store>();
        shareable::<SaveData>();
    }

    #[test]
    fn memory_keeps_nothing_and_keyed_keeps_everything() {
        let mut data = SaveData::default();
        data.record("maze/A", 3, Direction::Higher);
        assert_eq!(Store::Memory.save(&data), Ok(data.clone()));
        assert_eq!(Store::Memory.load().note, LoadNote::Fresh);
        let keyed = Store::keyed(Arc::new(MapStorage::default()));
        keyed.save(&data).unwrap();
        assert_eq!(keyed.load().data, data);
    }
}
