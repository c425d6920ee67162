//! One fixed step's input, the only input gameplay reads, and its packing into a replay word.

use bevy::prelude::*;

use crate::input::{Actions, Dir};

/// What the player did in one fixed step.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepInput {
    /// Jump or flap pressed.
    pub jump: bool,
    /// The explore modes' use key pressed.
    pub act: bool,
    /// The explore modes' second key pressed.
    pub alt: bool,
    /// A direction pressed (the grid modes turn on it).
    pub steer: Option<Dir>,
    /// The direction held, each axis -1, 0 or 1: one of eight directions or none, whatever the
    /// device (a stick is snapped to eight in [`crate::input::quantised`]).
    pub axis: IVec2,
}

/// -1, 0 or 1: which way a snapped axis points.
fn sign(v: f32) -> i32 {
    if v > 0.1 {
        1
    } else if v < -0.1 {
        -1
    } else {
        0
    }
}

/// Bits a packed step uses; a word with others set is not one this build wrote.
const USED_BITS: u16 = 0x03ff;

impl StepInput {
    /// This frame's actions as a step's input.
    pub(crate) fn from_actions(actions: &Actions) -> StepInput {
        StepInput {
            jump: actions.jump,
            act: actions.act,
            alt: actions.alt,
            steer: actions.steer,
            axis: IVec2::new(sign(actions.move_axis.x), sign(actions.move_axis.y)),
        }
    }

    /// A direction held (a stick's or a bot's), snapped to one of eight or none.
    pub fn held(direction: Vec2) -> IVec2 {
        crate::input::snapped_axis(direction)
    }

    /// Adds a later frame's input: presses accumulate, the newest direction pressed and held win.
    pub fn add(&mut self, later: &StepInput) {
        self.jump |= later.jump;
        self.act |= later.act;
        self.alt |= later.alt;
        if later.steer.is_some() {
            self.steer = later.steer;
        }
        self.axis = later.axis;
    }

    /// The held direction as a vector of length 1 (or 0).
    pub(crate) fn axis_vec(&self) -> Vec2 {
        self.axis.as_vec2().normalize_or_zero()
    }

    /// Ten bits: jump, act, alt, the steer (0 none, 1–4) and the axis (each of x and y as 0, 1
    /// or 2 for -1, 0 and 1, in base 3).
    pub(crate) fn pack(&self) -> u16 {
        let steer = match self.steer {
            None => 0,
            Some(Dir::Up) => 1,
            Some(Dir::Down) => 2,
            Some(Dir::Left) => 3,
            Some(Dir::Right) => 4,
        };
        let axis = (self.axis.x.clamp(-1, 1) + 1) * 3 + (self.axis.y.clamp(-1, 1) + 1);
        u16::from(self.jump) | u16::from(self.act) << 1 | u16::from(self.alt) << 2 | steer << 3 | (axis as u16) << 6
    }

    /// A packed step back, or why the word is not one this build writes.
    pub fn unpack(word: u16) -> Result<StepInput, String> {
        if word & !USED_BITS != 0 {
            return Err(format!("the input word {word:#06x} uses bits this version doesn't know"));
        }
        let steer = match (word >> 3) & 0b111 {
            0 => None,
            1 => Some(Dir::Up),
            2 => Some(Dir::Down),
            3 => Some(Dir::Left),
            4 => Some(Dir::Right),
            other => {
                return Err(format!("the input word {word:#06x} steers in direction {other}, which doesn't exist"));
            }
        };
        let axis = (word >> 6) & 0b1111;
        if axis > 8 {
            return Err(format!("the input word {word:#06x} holds direction {axis}, which doesn't exist"));
        }
        Ok(StepInput {
            jump: word & 1 != 0,
            act: word & 2 != 0,
            alt: word & 4 != 0,
            steer,
            axis: IVec2::new(axis as i32 / 3 - 1, axis as i32 % 3 - 1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_packs_and_unpacks_and_nothing_is_zero_but_no_input() {
        let steers = [None, Some(Dir::Up), Some(Dir::Down), Some(Dir::Left), Some(Dir::Right)];
        let mut seen = std::collections::BTreeSet::new();
        for bits in 0..8u8 {
            for steer in steers {
                for x in -1..=1 {
                    for y in -1..=1 {
                        let input = StepInput {
                            jump: bits & 1 != 0,
                            act: bits & 2 != 0,
                            alt: bits & 4 != 0,
                            steer,
                            axis: IVec2::new(x, y),
                        };
                        let word = input.pack();
                        assert_eq!(StepInput::unpack(word), Ok(input));
                        assert!(seen.insert(word), "two inputs share {word}");
                    }
                }
            }
        }
        assert_eq!(StepInput::default().pack(), 4 << 6, "no input: the centre of the axis grid");
    }

    #[test]
    fn words_this_build_never_writes_are_refused() {
        assert!(StepInput::unpack(0x0400).unwrap_err().contains("bits"));
        assert!(StepInput::unpack(5 << 3).unwrap_err().contains("steers"));
        assert!(StepInput::unpack(9 << 6).unwrap_err().contains("holds"));
    }

    #[test]
    fn presses_between_steps_add_up_and_the_newest_direction_wins() {
        let mut latch = StepInput { jump: true, steer: Some(Dir::Left), axis: IVec2::new(-1, 0), ..default() };
        latch.add(&StepInput { act: true, steer: None, axis: IVec2::new(0, 1), ..default() });
        assert_eq!(
            latch,
            StepInput { jump: true, act: true, steer: Some(Dir::Left), axis: IVec2::new(0, 1), ..default() }
        );
        assert!((latch.axis_vec().length() - 1.0).abs() < 1e-6);
    }
}
