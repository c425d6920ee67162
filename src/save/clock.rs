//! The wall clock the save's change stamps come from (never used by generation).

/// Milliseconds since the Unix epoch (0 if the clock is before it).
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// Milliseconds since the Unix epoch, from the browser (`SystemTime::now` panics there).
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}
