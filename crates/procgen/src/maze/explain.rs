//! What the Maze's generator says while it makes a floor ([`MazeStep`]): the floor's size and
//! intensity, the depth-first carve cell by cell with its backtracks, the loops knocked through
//! (the `loop_share` rule), the braid of dead ends, then where the start, the stars, the power-up,
//! the tokens and the pursuers go and why, and the pursuers' speed. Every cell and number is the
//! one the generator used; [`crate::maze::rebuild`] makes the floor again from these events alone.

use serde::Serialize;

use crate::maze::Cell;
use crate::trace::{Step, at};

/// Why the braid left a dead end as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BraidSkip {
    /// An earlier knock-out already opened it.
    NoLongerDeadEnd,
    /// The braid's chance (`share` below 1) passed it over.
    NotDrawn,
    /// No wall opens it into a loop (a corridor's end along a narrow grid, or a wall a loop made
    /// touch a third open cell).
    NoWall,
}

/// One decision of the Maze's generator, in the order made. Serialized with its rule's name in a
/// `rule` field (`{"rule": "carve", …}`); cells are `[x, y]` from the top-left.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum MazeStep {
    /// The floor: its size (walls everywhere to begin with) and the intensity it is made for, the
    /// shared curve at `floor / floors_per_step`.
    Floor { floor: u32, width: usize, height: usize, floors_per_step: f32, intensity: f32 },
    /// The depth-first search starts here, the first cell opened.
    CarveStart { cell: Cell },
    /// The search moves two cells from `from` to `to`, opening the wall between: a direction drawn
    /// uniformly among the `choices` unvisited neighbours (no draw when there is one).
    Carve { from: Cell, wall: Cell, to: Cell, choices: usize },
    /// `from` has no unvisited neighbour left: the search steps back to `to` (none: it is done).
    Backtrack { from: Cell, to: Option<Cell> },
    /// How many loops: round(`loop_share` × the inner walls), drawn from the `candidates`, the
    /// walls between two open cells in a line that touch no other.
    LoopTarget { loop_share: f32, inner_walls: usize, target: usize, candidates: usize },
    /// A wall knocked through between two open cells: one more cycle.
    Loop { wall: Cell, between: [Cell; 2] },
    /// A drawn wall that an earlier loop has made touch a third open cell: left standing.
    LoopSkipped { wall: Cell },
    /// The candidates ran out before the target.
    LoopsShort { made: usize, target: usize },
    /// The braid: each of the `dead_ends` (row-major) is opened with chance `share`.
    BraidStart { share: f32, dead_ends: usize },
    /// A dead end opened: the wall between it and `far`, an open cell two steps away, knocked out,
    /// drawn among `choices` walls (preferring a far cell that is a dead end too: `far_dead`).
    Braid { dead_end: Cell, wall: Cell, far: Cell, far_dead: bool, choices: usize },
    /// A dead end the braid left.
    BraidSkipped { dead_end: Cell, why: BraidSkip },
    /// The start: the first open cell in row-major order (of `open_cells`).
    Start { cell: Cell, open_cells: usize },
    /// A golden star: among the cells furthest from the start by path (`distance` steps), ties in
    /// row-major order; `rank` 0 is the furthest.
    Star { cell: Cell, distance: u32, rank: usize },
    /// The power-up: the middle of the row-major open cells (`open[middle]`), none when that is the
    /// start or a star.
    PowerUp { cell: Option<Cell>, middle: usize, open_cells: usize },
    /// The tokens: round(`token_share` × `open_cells`) = `wanted`, at most the cells not `reserved`
    /// (start, stars, power-up), drawn uniformly without replacement; row-major.
    Tokens { token_share: f32, open_cells: usize, reserved: usize, wanted: usize, cells: Vec<Cell> },
    /// How many pursuers: `hazards_min` to `hazards_max` by intensity, rounded (`wanted`), at most
    /// the `far_cells`, the open cells at least `min_distance` steps from the start (`count`).
    HazardRule {
        intensity: f32,
        hazards_min: u32,
        hazards_max: u32,
        wanted: usize,
        min_distance: u32,
        far_cells: usize,
        count: usize,
    },
    /// A pursuer's start: the far cell of rank `rank` = i × far cells / count (row-major), evenly spaced.
    Hazard { cell: Cell, rank: usize },
    /// The pursuers' speed, cells a second: `min` to `max` by intensity.
    PursuerSpeed { intensity: f32, min: f32, max: f32, speed: f32 },
}

impl Step for MazeStep {
    fn rule(&self) -> &'static str {
        match self {
            MazeStep::Floor { .. } => "floor",
            MazeStep::CarveStart { .. } => "carve-start",
            MazeStep::Carve { .. } => "carve",
            MazeStep::Backtrack { .. } => "backtrack",
            MazeStep::LoopTarget { .. } => "loop-target",
            MazeStep::Loop { .. } => "loop",
            MazeStep::LoopSkipped { .. } => "loop-skipped",
            MazeStep::LoopsShort { .. } => "loops-short",
            MazeStep::BraidStart { .. } => "braid-start",
            MazeStep::Braid { .. } => "braid",
            MazeStep::BraidSkipped { .. } => "braid-skipped",
            MazeStep::Start { .. } => "start",
            MazeStep::Star { .. } => "star",
            MazeStep::PowerUp { .. } => "power-up",
            MazeStep::Tokens { .. } => "tokens",
            MazeStep::HazardRule { .. } => "hazard-rule",
            MazeStep::Hazard { .. } => "hazard",
            MazeStep::PursuerSpeed { .. } => "pursuer-speed",
        }
    }

    fn weight(&self) -> usize {
        match self {
            MazeStep::Tokens { cells, .. } => 1 + cells.len(),
            _ => 1,
        }
    }

    fn caption(&self) -> String {
        match self {
            MazeStep::Floor { .. }
            | MazeStep::CarveStart { .. }
            | MazeStep::Carve { .. }
            | MazeStep::Backtrack { .. }
            | MazeStep::LoopTarget { .. }
            | MazeStep::Loop { .. }
            | MazeStep::LoopSkipped { .. }
            | MazeStep::LoopsShort { .. }
            | MazeStep::BraidStart { .. }
            | MazeStep::Braid { .. }
            | MazeStep::BraidSkipped { .. } => self.carve_caption(),
            MazeStep::Start { .. }
            | MazeStep::Star { .. }
            | MazeStep::PowerUp { .. }
            | MazeStep::Tokens { .. }
            | MazeStep::HazardRule { .. }
            | MazeStep::Hazard { .. }
            | MazeStep::PursuerSpeed { .. } => self.place_caption(),
        }
    }
}

impl MazeStep {
    /// The caption of a step of the carving: the floor, the search, its loops and its braids.
    fn carve_caption(&self) -> String {
        match self {
            MazeStep::Floor { floor, width, height, floors_per_step, intensity } => format!(
                "floor {floor}: {width} × {height} cells of wall; intensity {intensity:.2} (the curve at {floor} / \
                 {floors_per_step})"
            ),
            MazeStep::CarveStart { cell } => format!("carve: the search starts at {}", at(*cell)),
            MazeStep::Carve { from, wall, to, choices } => {
                let drawn =
                    if *choices == 1 { "the only way on".to_string() } else { format!("1 of {choices} ways on") };
                format!("carve: {} → {} through {} ({drawn})", at(*from), at(*to), at(*wall))
            }
            MazeStep::Backtrack { from, to: Some(to) } => {
                format!("backtrack: {} has no unvisited neighbour, back to {}", at(*from), at(*to))
            }
            MazeStep::Backtrack { from, to: None } => {
                format!("backtrack: {} has no unvisited neighbour and the search is done", at(*from))
            }
            MazeStep::LoopTarget { loop_share, inner_walls, target, candidates } => format!(
                "loops: {:.0}% of {inner_walls} inner walls = {target}, drawn from {candidates} walls between two \
                 open cells",
                loop_share * 100.0
            ),
            MazeStep::Loop { wall, between } => {
                format!("loop: {} knocked through, joining {} and {}", at(*wall), at(between[0]), at(between[1]))
            }
            MazeStep::LoopSkipped { wall } => {
                format!("loop: {} now touches a third open cell (an earlier loop): left standing", at(*wall))
            }
            MazeStep::LoopsShort { made, target } => {
                format!("loops: the candidates ran out at {made} of {target}")
            }
            MazeStep::BraidStart { share, dead_ends } => {
                format!("braid: {dead_ends} dead ends, each opened with chance {share}")
            }
            MazeStep::Braid { dead_end, wall, far, far_dead, choices } => {
                let far_dead = if *far_dead { ", a dead end too" } else { "" };
                format!(
                    "braid: dead end {} opened through {} to {}{far_dead} (1 of {choices})",
                    at(*dead_end),
                    at(*wall),
                    at(*far)
                )
            }
            MazeStep::BraidSkipped { dead_end, why } => {
                let why = match why {
                    BraidSkip::NoLongerDeadEnd => "no longer a dead end",
                    BraidSkip::NotDrawn => "passed over by the braid's chance",
                    BraidSkip::NoWall => "no wall opens it into a loop",
                };
                format!("braid: dead end {} left: {why}", at(*dead_end))
            }
            _ => unreachable!("only the carving's steps come here"),
        }
    }

    /// The caption of a step of the placement: the start, stars, power-up, tokens and pursuers.
    fn place_caption(&self) -> String {
        match self {
            MazeStep::Start { cell, open_cells } => {
                format!("start: {}, the first of {open_cells} open cells in row-major order", at(*cell))
            }
            MazeStep::Star { cell, distance, rank } => {
                format!("star {}: {}, {distance} steps from the start (furthest first)", rank + 1, at(*cell))
            }
            MazeStep::PowerUp { cell: Some(cell), middle, open_cells } => {
                format!("power-up: {}, the middle open cell ({middle} of {open_cells})", at(*cell))
            }
            MazeStep::PowerUp { cell: None, middle, open_cells } => {
                format!("power-up: none, the middle open cell ({middle} of {open_cells}) is the start or a star")
            }
            MazeStep::Tokens { token_share, open_cells, reserved, wanted, cells } => format!(
                "tokens: {:.0}% of {open_cells} open cells = {wanted}; {} placed at random on the {} cells left",
                token_share * 100.0,
                cells.len(),
                open_cells - reserved
            ),
            MazeStep::HazardRule { intensity, hazards_min, hazards_max, wanted, min_distance, far_cells, count } => {
                let fewer = if count < wanted { format!(" (only {count} fit)") } else { String::new() };
                format!(
                    "pursuers: {hazards_min} to {hazards_max} at intensity {intensity:.2} → {wanted}{fewer}, spaced \
                     evenly over the {far_cells} cells at least {min_distance} steps from the start"
                )
            }
            MazeStep::Hazard { cell, rank } => format!("pursuer: {}, far cell number {rank}", at(*cell)),
            MazeStep::PursuerSpeed { intensity, min, max, speed } => {
                format!("pursuer speed: {min} to {max} at intensity {intensity:.2} → {speed:.2} cells a second")
            }
            _ => unreachable!("only the placement's steps come here"),
        }
    }
}
