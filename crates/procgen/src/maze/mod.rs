//! The Maze: floors carved by a randomized depth-first search, opened up by a few loops and a
//! braid of their dead ends, and dressed with tokens, golden stars, pursuers and a power-up.
//!
//! - [`grid`]: the cells and the searches on them (distances, pursuers' paths);
//! - [`carve`](mod@carve): the perfect maze, its loops and the braid; [`place`](mod@place): what stands where;
//! - [`tuning`]: the designer numbers; [`validate`]: re-checks every promise;
//! - [`render`]: text and RGB pictures for designers and tests;
//! - [`explain`]: the events the generator narrates; [`rebuild`]: the floor made from them alone.
//!
//! Each floor draws from its own two streams, `MazeCarve` and `MazePlacement`, indexed by the
//! floor number: floor 7 of a code is the same for everyone, whatever was played before it, and
//! a change to placement never moves a wall.

pub mod carve;
pub mod explain;
pub mod grid;
pub mod level;
pub mod place;
pub mod rebuild;
pub mod render;
pub mod tuning;
pub mod validate;

use serde::Serialize;

pub use carve::{add_loops, add_loops_traced, braid, braid_traced, carve, carve_start, carve_traced, loop_target};
pub use explain::MazeStep;
pub use grid::Grid;
pub use place::{Placement, STARS, place, place_traced};
pub use rebuild::{rebuild_floor, sketch_floor};
pub use render::{draw_ascii, to_rgb};
pub use tuning::MazeTuning;
pub use validate::{Violation, validate_floor};

use crate::Seed;
use crate::intensity::IntensityCurve;
use crate::rng::{Subsystem, stream};
use crate::trace::{NoTrace, Trace};

/// A grid position: (x = column, y = row), from the top-left. Serializes as `[x, y]`.
pub type Cell = (usize, usize);

/// One generated floor: the grid and everything on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MazeFloor {
    pub floor: u32,
    /// The intensity the floor was made for (from the shared curve).
    pub intensity: f32,
    /// Serialized as `{ "width", "height", "rows" }`.
    pub grid: Grid,
    pub start: Cell,
    pub tokens: Vec<Cell>,
    pub stars: Vec<Cell>,
    /// Where the pursuers start.
    pub hazards: Vec<Cell>,
    pub power_up: Option<Cell>,
    /// The walls knocked out to make loops, in the order they were knocked out.
    pub loops: Vec<Cell>,
    /// The walls knocked out after the loops to open dead ends (the braid), in order.
    pub braids: Vec<Cell>,
    /// Pursuer speed on this floor, cells / s.
    pub pursuer_speed: f32,
}

impl MazeFloor {
    /// The grid as text, top to bottom: `#` wall, `.` open.
    pub fn rows(&self) -> Vec<String> {
        self.grid.rows()
    }
}

/// Floor `floor` of `seed`: carve, add loops, braid dead ends, place. The tuning should be valid
/// ([`MazeTuning::validate`]); a width or height of 0 is read as 1 so nothing panics, and the
/// validator then reports the size.
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, maze::{MazeTuning, generate_floor, validate_floor}};
/// let (tuning, curve) = (MazeTuning::default(), IntensityCurve::default());
/// let floor = generate_floor(&tuning, &curve, Seed(7), 3);
/// assert_eq!((floor.grid.width, floor.grid.height, floor.start), (21, 15, (1, 1)));
/// assert_eq!(floor.stars.len(), 3);
/// assert!(validate_floor(&tuning, &floor).is_empty());
/// assert_eq!(floor, generate_floor(&tuning, &curve, Seed(7), 3));
/// assert_ne!(floor.grid, generate_floor(&tuning, &curve, Seed(7), 4).grid);
/// ```
pub fn generate_floor(tuning: &MazeTuning, curve: &IntensityCurve, seed: Seed, floor: u32) -> MazeFloor {
    generate_floor_traced(tuning, curve, seed, floor, &mut NoTrace)
}

/// [`generate_floor`], narrating every decision to `trace`: the same floor, bit for bit.
pub fn generate_floor_traced<T: Trace<MazeStep>>(
    tuning: &MazeTuning,
    curve: &IntensityCurve,
    seed: Seed,
    floor: u32,
    trace: &mut T,
) -> MazeFloor {
    let (width, height) = (tuning.width.max(1), tuning.height.max(1));
    let intensity = tuning.intensity_at(curve, floor);
    trace.note(|| MazeStep::Floor { floor, width, height, floors_per_step: tuning.floors_per_step, intensity });
    let mut carve_rng = stream(seed, Subsystem::MazeCarve, floor);
    let mut grid = carve_traced(width, height, &mut carve_rng, trace);
    let loops = add_loops_traced(&mut grid, tuning.loop_share, &mut carve_rng, trace);
    let braids = braid_traced(&mut grid, tuning.braid, &mut carve_rng, trace);
    let mut place_rng = stream(seed, Subsystem::MazePlacement, floor);
    let placed = place_traced(&grid, tuning, intensity, &mut place_rng, trace);
    let pursuer_speed = tuning.pursuer_speed_at(intensity);
    trace.note(|| MazeStep::PursuerSpeed {
        intensity,
        min: tuning.pursuer_speed_min,
        max: tuning.pursuer_speed_max,
        speed: pursuer_speed,
    });
    MazeFloor {
        floor,
        intensity,
        grid,
        start: placed.start,
        tokens: placed.tokens,
        stars: placed.stars,
        hazards: placed.hazards,
        power_up: placed.power_up,
        loops,
        braids,
        pursuer_speed,
    }
}
