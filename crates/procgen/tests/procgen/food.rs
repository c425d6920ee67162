//! The food table (`assets/food.ron`) is strict: a weight that is NaN or infinite, which no
//! range comparison catches by itself, is refused with the file, line and entry.

use seedfeast_procgen::{FoodTable, Tuning};

const FILE: &str = "assets/food.ron";

fn load_error(text: &str) -> String {
    FoodTable::from_ron(text, FILE).unwrap_err().to_string()
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn the_shipped_table_loads() {
    FoodTable::from_ron(seedfeast_procgen::assets::FOOD_RON, FILE).unwrap();
}

#[test]
fn a_weight_that_is_not_a_finite_number_is_refused_with_file_line_and_entry() {
    let shipped = seedfeast_procgen::assets::FOOD_RON;
    // The errors point at the line of the `entries` list (the entry is named in the message).
    let line = line_of(shipped, "entries:");
    for (entry, kind, weight) in
        [(0, "Apple", "weight: 40.0"), (2, "Donut", "weight: 16.0"), (4, "Cake", "weight: 4.0")]
    {
        for bad in ["NaN", "inf", "-inf"] {
            let error = load_error(&shipped.replacen(weight, &format!("weight: {bad}"), 1));
            let expected = format!("{FILE}:{line}: entries[{entry}] ({kind}): weight {bad} must be a number");
            assert!(error.starts_with(&expected), "{weight} -> {bad}: {error}");
        }
    }
    // Zero, negative and absurd weights too.
    for bad in ["0.0", "-1.0", "1e30"] {
        let error = load_error(&shipped.replacen("weight: 40.0", &format!("weight: {bad}"), 1));
        assert!(error.starts_with(&format!("{FILE}:{line}: entries[0] (Apple): weight")), "{bad}: {error}");
    }
}
