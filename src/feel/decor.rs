//! Decoration drawn from a level's own seed: a tile's shade, a crack here, pebbles there. A
//! [`Decor`] is a pure function of the seed, the stage and the tile's place, so the same level
//! always looks the same (on every machine, in every replay), while nothing the game reads or
//! hashes ever calls it: it picks pictures, never rules.

use seedfeast_procgen::rng::splitmix64;

/// The pictures' numbers for one stage of one level (a maze floor, a dungeon).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decor {
    key: u64,
}

impl Decor {
    /// `seed`: the level's seed; `stage`: which floor, wave or dungeon of the run it is.
    pub fn new(seed: u64, stage: u32) -> Decor {
        // A fixed salt keeps these numbers apart from any stream the generators draw from a seed.
        let mut state = seed ^ 0xDEC0_4A7E_0000_0000 ^ u64::from(stage).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Decor { key: splitmix64(&mut state) }
    }

    /// A number in [0, 1) for the tile at `(x, y)` and the question `what` (a shade, a crack, …):
    /// different questions of one tile give unrelated answers.
    pub fn unit(&self, (x, y): (u32, u32), what: u32) -> f32 {
        let mut state = self.key ^ (u64::from(x) << 40) ^ (u64::from(y) << 16) ^ u64::from(what);
        (splitmix64(&mut state) >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A choice of `0..count` for the tile at `(x, y)` and the question `what`.
    pub fn pick(&self, at: (u32, u32), what: u32, count: u32) -> u32 {
        ((self.unit(at, what) * count as f32) as u32).min(count.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_level_looks_the_same_and_another_seed_or_stage_looks_otherwise() {
        let tiles: Vec<(u32, u32)> = (0..40).flat_map(|x| (0..30).map(move |y| (x, y))).collect();
        let look = |decor: Decor| tiles.iter().map(|&t| decor.unit(t, 1)).collect::<Vec<_>>();
        let first = look(Decor::new(42, 0));
        assert_eq!(first, look(Decor::new(42, 0)), "the same seed and stage, the same pictures");
        for other in [Decor::new(43, 0), Decor::new(42, 1)] {
            let differ = first.iter().zip(look(other)).filter(|(a, b)| *a != b).count();
            assert!(differ > tiles.len() * 9 / 10, "only {differ} of {} tiles changed", tiles.len());
        }
    }

    #[test]
    fn numbers_spread_over_the_unit_range_and_questions_are_unrelated() {
        let decor = Decor::new(7, 3);
        let mut buckets = [0u32; 10];
        let mut same = 0;
        for x in 0..100 {
            for y in 0..100 {
                let u = decor.unit((x, y), 0);
                assert!((0.0..1.0).contains(&u));
                buckets[(u * 10.0) as usize] += 1;
                same += u32::from(decor.pick((x, y), 0, 4) == decor.pick((x, y), 1, 4));
            }
        }
        // 10,000 draws: each tenth holds about 1,000.
        assert!(buckets.iter().all(|&n| (850..1150).contains(&n)), "{buckets:?}");
        // Two unrelated choices of four agree about a quarter of the time.
        assert!((2200..2800).contains(&same), "{same}");
        assert_eq!(decor.pick((1, 1), 0, 1), 0);
    }
}
