//! The curriculum (`assets/puzzle/curriculum.ron`): the ladder of solution programs the mode
//! walks through, by learning goal, each with a title and a hint. Step `k`'s level comes from
//! its code and the seed (the seed picks the variation; `k` keeps steps apart).

use serde::{Deserialize, Serialize};

use crate::Seed;
use crate::puzzle::generate::{GenOptions, generate};
use crate::puzzle::grammar::field_error;
use crate::puzzle::level::PuzzleLevel;
use crate::puzzle::parse;
use crate::puzzle::summary::{GenError, summarize};
use crate::tuning::{FieldError, Tuning};

/// The shipped curriculum, compiled in.
pub const CURRICULUM_RON: &str = include_str!("../../../../assets/puzzle/curriculum.ron");
/// Where it lives under `assets/`.
pub(crate) const CURRICULUM_PATH: &str = "puzzle/curriculum.ron";
/// The most steps a curriculum may have.
pub const MAX_STEPS: usize = 500;

/// What a step teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Goal {
    Sequence,
    Repetition,
    Variables,
    Conditions,
    WhileLoops,
}

impl Goal {
    /// In words, for the game's hint line.
    pub const fn describe(self) -> &'static str {
        match self {
            Goal::Sequence => "sequence: commands run in order",
            Goal::Repetition => "repetition: for loops",
            Goal::Variables => "variables: a name for a number",
            Goal::Conditions => "conditions: if and else",
            Goal::WhileLoops => "while loops: repeat until",
        }
    }
}

/// One rung of the ladder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub title: String,
    pub goal: Goal,
    pub hint: String,
    /// The solution the level is generated from.
    pub code: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Curriculum {
    pub steps: Vec<Step>,
}

impl Curriculum {
    /// Checks every step: it has a title and a hint, and its code parses and runs (so a level
    /// can be generated from it). The message starts with `steps` and names the step.
    pub fn validate(&self) -> Result<(), String> {
        if self.steps.is_empty() || self.steps.len() > MAX_STEPS {
            return Err(format!("steps: {} steps, must be 1..={MAX_STEPS}", self.steps.len()));
        }
        for (k, s) in self.steps.iter().enumerate() {
            if s.title.trim().is_empty() || s.hint.trim().is_empty() {
                return Err(format!("steps: step {k} needs a title and a hint"));
            }
            let program = parse(&s.code).map_err(|e| format!("steps: step {k} \"{}\": code {e}", s.title))?;
            let objects = summarize(&program).map_err(|e| format!("steps: step {k} \"{}\": code {e}", s.title))?;
            if objects.is_empty() {
                return Err(format!("steps: step {k} \"{}\": the code uses no object", s.title));
            }
        }
        Ok(())
    }

    /// The step `k` (wrapping, so any number is a step).
    pub fn step(&self, k: u32) -> &Step {
        &self.steps[k as usize % self.steps.len()]
    }

    /// The level of step `k` for `seed`.
    ///
    /// ```
    /// use seedfeast_procgen::Seed;
    /// use seedfeast_procgen::puzzle::{curriculum::Curriculum, run};
    /// let curriculum = Curriculum::default();
    /// let level = curriculum.level(3, Seed(9)).unwrap();
    /// assert_eq!(level.level, 3);
    /// assert!(run(&level, &curriculum.step(3).code).unwrap().solved);
    /// ```
    pub fn level(&self, k: u32, seed: Seed) -> Result<PuzzleLevel, GenError> {
        generate(&self.step(k).code, seed, &GenOptions { level: k, ..GenOptions::default() })
    }
}

impl Tuning for Curriculum {
    const PATH: &'static str = CURRICULUM_PATH;
    const BUILT_IN: &'static str = CURRICULUM_RON;

    /// A refused step points at the line of its title.
    fn check(&self) -> Result<(), FieldError> {
        self.validate().map_err(|message| {
            let error = field_error(&message);
            match self.steps.iter().find(|s| message.contains(&format!("\"{}\"", s.title))) {
                Some(step) => error.marked(format!("\"{}\"", step.title)),
                None => error,
            }
        })
    }
}

impl Default for Curriculum {
    /// The shipped curriculum, compiled in.
    fn default() -> Self {
        Self::built_in()
    }
}
