//! A best score with its direction: most modes rank higher scores first, the code puzzle ranks
//! fewest statements and fastest time, so every kept best says which way is better.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

/// Which way a score improves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// More is better (points). Every best saved before format 3 is of this kind.
    #[default]
    Higher,
    /// Less is better (statements used, milliseconds taken).
    Lower,
}

/// One kept best: the score and the direction it was ranked by.
///
/// Written as `(score: 300, better: Higher)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Best {
    pub score: u64,
    pub better: Direction,
}

impl Best {
    pub fn new(score: u64, better: Direction) -> Best {
        Best { score, better }
    }

    /// Whether `score` would beat this best (ties don't).
    pub fn beaten_by(self, score: u64) -> bool {
        match self.better {
            Direction::Higher => score > self.score,
            Direction::Lower => score < self.score,
        }
    }

    /// The merge order: a total order whose maximum is the better best, so that merging by it is
    /// commutative, associative and idempotent.
    ///
    /// Two bests of one key should always share a direction; if a bug or a hand edit makes them
    /// disagree, the `Higher` one wins (it is what every older file meant) rather than the merge
    /// depending on which copy came first.
    fn merge_rank(self) -> (u8, u64) {
        match self.better {
            Direction::Higher => (1, self.score),
            // Lower is better: invert so that the maximum is the smallest score.
            Direction::Lower => (0, u64::MAX - self.score),
        }
    }

    /// The better of two bests for the same key. Two bests of one key should always share a
    /// direction; if they don't (a bug, a hand edit), the `Higher` one wins, so the answer never
    /// depends on which copy came first.
    pub fn merged(self, other: Best) -> Best {
        match self.merge_rank().cmp(&other.merge_rank()) {
            Ordering::Less => other,
            Ordering::Equal | Ordering::Greater => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_better_best_wins_by_direction() {
        let high = |s| Best::new(s, Direction::Higher);
        let low = |s| Best::new(s, Direction::Lower);
        assert_eq!(high(3).merged(high(7)), high(7));
        assert_eq!(high(7).merged(high(3)), high(7));
        assert_eq!(low(3).merged(low(7)), low(3));
        assert_eq!(low(7).merged(low(3)), low(3));
        assert_eq!(low(0).merged(low(u64::MAX)), low(0));
        // Mixed directions: one deterministic answer whichever comes first.
        assert_eq!(low(1).merged(high(0)), high(0));
        assert_eq!(high(0).merged(low(1)), high(0));
        assert!(high(5).beaten_by(6) && !high(5).beaten_by(5));
        assert!(low(5).beaten_by(4) && !low(5).beaten_by(5));
    }
}
