//! The save crate's integration tests, as one test binary: boards' outboxes, writers racing on
//! one file, damaged saves degrading per entry, and settings from later versions.

mod boards;
mod concurrent_writers;
mod degrade;
mod later_settings;
