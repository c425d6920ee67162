//! Which food appears: a weighted table with a pity rule, so a rare food is never withheld forever.
//!
//! An entry with `pity: Some(n)` appears at least once in every `n` consecutive picks. When a
//! pity entry's slack (picks it may still miss) falls below the number of pity entries, the
//! entry with the least slack is forced. Loading requires `n > number of pity entries`, which
//! makes the rule always satisfiable: a forced entry's slack resets to `n − 1 ≥ p`, so within
//! the `p` picks a critical entry has left, at most `p − 1` others can go before it.

use serde::{Deserialize, Serialize};

use crate::rng::GenRng;
use crate::tuning::{FieldError, Tuning};

/// The foods of every mode. New kinds go at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FoodKind {
    Apple,
    Cherry,
    Donut,
    Pizza,
    Cake,
}

impl FoodKind {
    /// The food's letter in every text view of a level: `a`pple, `c`herry, `d`onut, `p`izza and
    /// a capital `K` for the rare cake, so it stands out.
    pub fn letter(self) -> char {
        match self {
            FoodKind::Apple => 'a',
            FoodKind::Cherry => 'c',
            FoodKind::Donut => 'd',
            FoodKind::Pizza => 'p',
            FoodKind::Cake => 'K',
        }
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FoodEntry {
    pub kind: FoodKind,
    pub weight: f32,
    pub points: u32,
    #[serde(default)]
    pub pity: Option<u32>,
}

/// The most points one food may be worth: what keeps every run's score far inside a `u32`.
pub(crate) const MAX_POINTS: u32 = 10_000;

/// The weighted table, as in `assets/food.ron`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FoodTable {
    pub entries: Vec<FoodEntry>,
}

impl FoodTable {
    pub fn validate(&self) -> Result<(), FieldError> {
        if self.entries.is_empty() {
            return Err(FieldError::new("entries", "the table needs at least one food"));
        }
        let pity_entries = self.entries.iter().filter(|e| e.pity.is_some()).count() as u32;
        for (i, entry) in self.entries.iter().enumerate() {
            let field = format!("entries[{i}] ({:?})", entry.kind);
            if !(entry.weight.is_finite() && entry.weight > 0.0 && entry.weight <= 1e6) {
                return Err(FieldError::new(
                    field,
                    format!("weight {} must be a number in (0, 1000000]", entry.weight),
                ));
            }
            // With the longest run's steps (36,000) and one food a step at most, this keeps any
            // run's score inside a u32 (issue #28: 100,000,000 points validated, then overflowed).
            if entry.points > MAX_POINTS {
                return Err(FieldError::new(field, format!("points {} must be at most {MAX_POINTS}", entry.points)));
            }
            if self.entries[..i].iter().any(|e| e.kind == entry.kind) {
                return Err(FieldError::new(field, "is listed twice"));
            }
            if let Some(n) = entry.pity
                && n <= pity_entries
            {
                return Err(FieldError::new(
                    field,
                    format!("pity {n} must be above the number of pity entries ({pity_entries})"),
                ));
            }
        }
        Ok(())
    }

    pub fn points(&self, kind: FoodKind) -> u32 {
        self.entries.iter().find(|e| e.kind == kind).map_or(0, |e| e.points)
    }
}

impl Tuning for FoodTable {
    const PATH: &'static str = "food.ron";
    const BUILT_IN: &'static str = include_str!("../../../assets/food.ron");

    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }
}

impl Default for FoodTable {
    /// The shipped data , compiled in.
    fn default() -> Self {
        Self::built_in()
    }
}

/// Draws foods from a table, keeping the pity counters.
#[derive(Clone, Debug)]
pub struct FoodPicker {
    table: FoodTable,
    weights: Vec<f32>,
    /// Picks since each entry last appeared.
    since_seen: Vec<u32>,
}

impl FoodPicker {
    pub fn new(table: FoodTable) -> FoodPicker {
        let weights = table.entries.iter().map(|e| e.weight).collect();
        let since_seen = vec![0; table.entries.len()];
        FoodPicker { table, weights, since_seen }
    }

    pub fn pick(&mut self, rng: &mut impl GenRng) -> FoodKind {
        self.pick_why(rng).0
    }

    /// As [`FoodPicker::pick`], and why: the entry's pity (`Some(n)`: at least one in every `n`
    /// picks) when that rule forced it, `None` when the weights drew it.
    pub(crate) fn pick_why(&mut self, rng: &mut impl GenRng) -> (FoodKind, Option<u32>) {
        let pity_entries = self.table.entries.iter().filter(|e| e.pity.is_some()).count() as u32;
        let most_urgent = self
            .table
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.pity.map(|n| (n - 1 - self.since_seen[i].min(n - 1), i)))
            .filter(|&(slack, _)| slack < pity_entries)
            .min();
        let (chosen, pity) = match most_urgent {
            Some((_, i)) => (i, self.table.entries[i].pity),
            None => (rng.weighted(&self.weights), None),
        };
        for (i, count) in self.since_seen.iter_mut().enumerate() {
            *count = if i == chosen { 0 } else { *count + 1 };
        }
        (self.table.entries[chosen].kind, pity)
    }
}

/// Checks the pity rule over a sequence of picks: returns each (kind, pick index) where `kind`
/// had been missing for more than its pity allows.
pub fn pity_violations(table: &FoodTable, picks: &[FoodKind]) -> Vec<(FoodKind, usize)> {
    let mut violations = Vec::new();
    for entry in &table.entries {
        let Some(n) = entry.pity else { continue };
        let mut missing = 0;
        for (index, &kind) in picks.iter().enumerate() {
            missing = if kind == entry.kind { 0 } else { missing + 1 };
            if missing >= n {
                violations.push((entry.kind, index));
                missing = 0;
            }
        }
    }
    violations
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;
    use crate::rng::{Subsystem, stream};

    fn table(ron: &str) -> FoodTable {
        FoodTable::from_ron(ron, "test.ron").unwrap()
    }

    #[test]
    fn pity_holds_over_many_seeds_even_for_very_rare_food() {
        let tables = [
            FoodTable::default(),
            table("(entries: [(kind: apple, weight: 1000.0, points: 1), (kind: cake, weight: 0.001, points: 9, pity: Some(2))])"),
            table(
                "(entries: [(kind: apple, weight: 1000.0, points: 1), (kind: cake, weight: 0.001, points: 9, pity: Some(4)),
                  (kind: pizza, weight: 0.001, points: 9, pity: Some(4)), (kind: donut, weight: 0.001, points: 9, pity: Some(5))])",
            ),
        ];
        for table in &tables {
            for seed in 0..2_000 {
                let mut rng = stream(Seed(seed), Subsystem::RunnerFood, 0);
                let mut picker = FoodPicker::new(table.clone());
                let picks: Vec<FoodKind> = (0..200).map(|_| picker.pick(&mut rng)).collect();
                assert_eq!(pity_violations(table, &picks), vec![], "seed {seed}");
            }
        }
    }

    #[test]
    fn the_checker_catches_a_withheld_food() {
        let table = table(
            "(entries: [(kind: apple, weight: 1.0, points: 1), (kind: cake, weight: 1.0, points: 9, pity: Some(3))])",
        );
        let picks = [FoodKind::Cake, FoodKind::Apple, FoodKind::Apple, FoodKind::Apple];
        assert_eq!(pity_violations(&table, &picks), vec![(FoodKind::Cake, 3)]);
    }

    #[test]
    fn weights_shape_the_mix() {
        let table = table("(entries: [(kind: apple, weight: 3.0, points: 1), (kind: cake, weight: 1.0, points: 9)])");
        let mut rng = stream(Seed(3), Subsystem::RunnerFood, 0);
        let mut picker = FoodPicker::new(table);
        let apples = (0..40_000).filter(|_| picker.pick(&mut rng) == FoodKind::Apple).count();
        assert!((29_000..31_000).contains(&apples), "{apples}");
    }

    #[test]
    fn impossible_tables_are_refused() {
        let error = FoodTable::from_ron(
            "(entries: [(kind: apple, weight: 1.0, points: 1, pity: Some(2)), (kind: cake, weight: 1.0, points: 9, pity: Some(2))])",
            "food.ron",
        )
        .unwrap_err();
        assert!(error.to_string().contains("entries[0] (Apple): pity 2"), "{error}");
        let error = FoodTable::from_ron("(entries: [(kind: bagel, weight: 1.0, points: 1)])", "food.ron").unwrap_err();
        assert!(error.to_string().starts_with("food.ron:1:"), "{error}");
        assert!(FoodTable::from_ron("(entries: [(kind: apple, weight: 0.0, points: 1)])", "f").is_err());
        // Issue #28, 3: points that validated and then overflowed the Runner's score.
        let error = FoodTable::from_ron("(entries: [(kind: apple, weight: 1.0, points: 100000000)])", "food.ron")
            .unwrap_err()
            .to_string();
        assert!(error.contains("points 100000000 must be at most 10000"), "{error}");
        assert!(FoodTable::from_ron("(entries: [(kind: apple, weight: 1.0, points: 10000)])", "f").is_ok());
    }
}
