//! What a determinism digest is made of: the seeds every digest covers, and the [`Feed`] each
//! generator writes the levels of a seed into (see [`crate::digest`] for the digest itself).
//!
//! Levels are fed to 64-bit FNV-1a field by field, floats by their exact bits, so the digest
//! changes if any value changes in its last bit.

use crate::Seed;
use crate::seed::fnv1a64;

/// The seeds every digest covers: small, large, text-derived and daily.
pub fn digest_seeds() -> Vec<Seed> {
    vec![Seed(0), Seed(1), Seed(42), Seed((1 << 40) - 1), Seed::from_text("pizza party"), Seed::daily(2026, 1, 1)]
}

/// Collects values for FNV-1a.
#[derive(Default)]
pub struct Feed(Vec<u8>);

impl Feed {
    pub fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub fn f32(&mut self, v: f32) {
        self.0.extend_from_slice(&v.to_bits().to_le_bytes());
    }
    /// A length-prefixed string.
    pub fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }
    pub fn finish(&self) -> u64 {
        fnv1a64(&self.0)
    }
}
