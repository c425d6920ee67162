//! Nothing here: the benches under `benches/` are this crate.
