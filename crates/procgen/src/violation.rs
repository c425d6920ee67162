//! One broken promise, as the maze and arena validators report it: the rule's name and what
//! was found. (The Runner and tunnel validators add the chunk or gate it happened at.)

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub rule: &'static str,
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.detail)
    }
}
