//! Counts in words a player reads: "1 step", "2 steps", never "1 steps".

/// `n` and the noun, singular for exactly one: `counted(1, "statement", "statements")` is
/// "1 statement".
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A unit named in the plural (`steps`, `floors`, `m`) for `whole` of it: the singular for one
/// (`1 floor`), and units that are no plural (`m`) as they are.
pub(crate) fn unit_for(whole: u64, plural: &str) -> &str {
    match plural.strip_suffix('s') {
        Some(one) if whole == 1 && !one.is_empty() => one,
        _ => plural,
    }
}

/// `1240` as `1,240` (procgen's grouping, which the lab and the command line share).
pub use seedfeast_procgen::generate::thousands;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u32, "statement", "statements"), "1 statement");
        assert_eq!(counted(0u32, "statement", "statements"), "0 statements");
        assert_eq!(counted(2usize as u64, "life", "lives"), "2 lives");
        assert_eq!(counted(1u32, "life", "lives"), "1 life");
        assert_eq!(unit_for(1, "steps"), "step");
        assert_eq!(unit_for(1, "dungeons"), "dungeon");
        assert_eq!(unit_for(2, "steps"), "steps");
        assert_eq!(unit_for(0, "floors"), "floors");
        assert_eq!(unit_for(1, "m"), "m");
        assert_eq!(unit_for(1, "s"), "s");
    }
}
