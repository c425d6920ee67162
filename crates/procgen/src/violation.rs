//! One broken promise, as every validator reports it: the rule's name, where it broke (a chunk,
//! a gate, a room …, when the level has such parts) and what was found.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub rule: &'static str,
    pub detail: String,
    /// The part of the level it broke at, as (what, number): `("chunk", 3)`, `("gate", 41)`.
    pub at: Option<(&'static str, usize)>,
}

impl Violation {
    /// A broken rule of the level as a whole.
    pub fn new(rule: &'static str, detail: impl Into<String>) -> Violation {
        Violation { rule, detail: detail.into(), at: None }
    }

    /// A broken rule at one numbered part of the level.
    pub fn at(part: &'static str, index: usize, rule: &'static str, detail: impl Into<String>) -> Violation {
        Violation { rule, detail: detail.into(), at: Some((part, index)) }
    }

    /// The index of the part it broke at, if any.
    pub fn index(&self) -> Option<usize> {
        self.at.map(|(_, index)| index)
    }
}

impl fmt::Display for Violation {
    /// `chunk 3: gap: gap at 120 is 300 wide, allowed 280`, or `stars: …` for the whole level.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((part, index)) = self.at {
            write!(f, "{part} {index}: ")?;
        }
        write!(f, "{}: {}", self.rule, self.detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_where_and_what() {
        assert_eq!(Violation::at("gate", 4, "shift", "too far").to_string(), "gate 4: shift: too far");
        assert_eq!(Violation::new("stars", "two").to_string(), "stars: two");
        assert_eq!(Violation::at("chunk", 7, "gap", "x").index(), Some(7));
    }
}
