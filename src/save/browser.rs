//! The browser's localStorage as the save's key-value storage.

use seedfeast_save::TextStorage;

/// localStorage, looked up on each call (its handle can't be shared across threads).
pub struct LocalStorage;

impl LocalStorage {
    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .ok_or("no browser window")?
            .local_storage()
            .map_err(|e| format!("localStorage is not allowed here ({e:?})"))?
            .ok_or_else(|| "this browser has no localStorage".to_string())
    }
}

impl TextStorage for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        Self::storage()?.get_item(key).map_err(|e| format!("can't read {key} ({e:?})"))
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        Self::storage()?.set_item(key, value).map_err(|e| format!("can't write {key} ({e:?}); is storage full?"))
    }
    fn remove(&self, key: &str) -> Result<(), String> {
        Self::storage()?.remove_item(key).map_err(|e| format!("can't remove {key} ({e:?})"))
    }
}
