//! A Maze floor made again from its trace alone ([`rebuild_floor`]): no generator, no random
//! stream and no tuning, only the events. The grid starts as walls and opens exactly the cells the
//! carve, the loops and the braid name; each opening is checked against its rule's shape (a carve
//! moves two cells from an open cell through the wall between, a loop or braid opens a wall), so
//! an altered trace makes a different floor or says which event does not fit.

use crate::generate::Picture;
use crate::maze::explain::MazeStep;
use crate::maze::{Cell, Grid, MazeFloor};
use crate::trace::{ReplayError, Step, same_number};

/// The floor `events` describe.
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, trace::Recorder};
/// use seedfeast_procgen::maze::{MazeTuning, generate_floor_traced, rebuild_floor};
/// let mut trace = Recorder::new();
/// let floor = generate_floor_traced(&MazeTuning::default(), &IntensityCurve::default(), Seed(7), 3, &mut trace);
/// assert_eq!(rebuild_floor(trace.events()), Ok(floor));
/// ```
pub fn rebuild_floor(events: &[MazeStep]) -> Result<MazeFloor, ReplayError> {
    let (floor, placed) = lay_floor(events)?;
    let floor = floor.ok_or_else(|| ReplayError::new(events.len(), "no `floor` event"))?;
    match placed {
        (false, _) => Err(ReplayError::new(events.len(), "no `start` event")),
        (_, false) => Err(ReplayError::new(events.len(), "no `pursuer-speed` event")),
        _ => Ok(floor),
    }
}

/// The floor as far as `events` (a prefix of a trace, for `explain --format png`) have made it,
/// `cell_px` pixels a cell; the start is drawn once placed.
pub fn sketch_floor(events: &[MazeStep], cell_px: usize) -> Result<Picture, ReplayError> {
    let (floor, (started, _)) = lay_floor(events)?;
    let floor = floor.ok_or_else(|| ReplayError::new(events.len(), "no `floor` event"))?;
    Ok(Picture::from_parts(crate::maze::render::rgb(&floor, cell_px, started)))
}

/// The floor the events lay, if one was begun, and whether the start and the pursuers' speed
/// were placed.
fn lay_floor(events: &[MazeStep]) -> Result<(Option<MazeFloor>, (bool, bool)), ReplayError> {
    let mut floor: Option<MazeFloor> = None;
    let mut placed = (false, false);
    for (at, event) in events.iter().enumerate() {
        let fail = |reason: String| ReplayError::new(at, reason);
        if let MazeStep::Floor { floor: number, width, height, intensity, .. } = *event {
            if floor.is_some() {
                return Err(fail("a second `floor` event".into()));
            }
            floor = Some(blank_floor(number, width, height, intensity));
            continue;
        }
        let Some(floor) = &mut floor else {
            return Err(fail(format!("a `{}` event before the `floor`", event.rule())));
        };
        match event {
            MazeStep::Floor { .. } => unreachable!("handled above"),
            MazeStep::CarveStart { .. } | MazeStep::Carve { .. } | MazeStep::Loop { .. } | MazeStep::Braid { .. } => {
                open_way(floor, event).map_err(fail)?
            }
            MazeStep::Start { .. }
            | MazeStep::Star { .. }
            | MazeStep::PowerUp { .. }
            | MazeStep::Tokens { .. }
            | MazeStep::Hazard { .. }
            | MazeStep::PursuerSpeed { .. } => place_on(floor, &mut placed, at, event)?,
            // Narration of what the events above do: nothing to lay.
            MazeStep::Backtrack { .. }
            | MazeStep::LoopTarget { .. }
            | MazeStep::LoopSkipped { .. }
            | MazeStep::LoopsShort { .. }
            | MazeStep::BraidStart { .. }
            | MazeStep::BraidSkipped { .. }
            | MazeStep::HazardRule { .. } => {}
        }
    }
    Ok((floor, placed))
}

/// Opens the cells a carve step, a loop or a braid names, once checked against its shape.
fn open_way(floor: &mut MazeFloor, event: &MazeStep) -> Result<(), String> {
    let grid = &mut floor.grid;
    match event {
        MazeStep::CarveStart { cell } => {
            inside(grid, *cell)?;
            grid.set_open(*cell, true);
        }
        MazeStep::Carve { from, wall, to, .. } => {
            carve_step(grid, *from, *wall, *to)?;
            grid.set_open(*wall, true);
            grid.set_open(*to, true);
        }
        MazeStep::Loop { wall, .. } => {
            knock(grid, *wall)?;
            grid.set_open(*wall, true);
            floor.loops.push(*wall);
        }
        MazeStep::Braid { wall, .. } => {
            knock(grid, *wall)?;
            grid.set_open(*wall, true);
            floor.braids.push(*wall);
        }
        _ => unreachable!("only the carve, the loops and the braids come here"),
    }
    Ok(())
}

/// Places what a placement event (event `at`) names on an open cell, or the pursuers' speed;
/// `placed` records whether the start and the speed have come.
fn place_on(floor: &mut MazeFloor, placed: &mut (bool, bool), at: usize, event: &MazeStep) -> Result<(), ReplayError> {
    let fail = |reason: String| ReplayError::new(at, reason);
    let grid = &floor.grid;
    match event {
        MazeStep::Start { cell, .. } => {
            open_cell(grid, *cell).map_err(fail)?;
            floor.start = *cell;
            placed.0 = true;
        }
        MazeStep::Star { cell, .. } => {
            open_cell(grid, *cell).map_err(fail)?;
            floor.stars.push(*cell);
        }
        MazeStep::PowerUp { cell, .. } => {
            if let Some(cell) = cell {
                open_cell(grid, *cell).map_err(fail)?;
            }
            floor.power_up = *cell;
        }
        MazeStep::Tokens { cells, .. } => {
            for &cell in cells {
                open_cell(grid, cell).map_err(fail)?;
            }
            floor.tokens.clone_from(cells);
        }
        MazeStep::Hazard { cell, .. } => {
            open_cell(grid, *cell).map_err(fail)?;
            floor.hazards.push(*cell);
        }
        MazeStep::PursuerSpeed { intensity, min, max, speed } => {
            same_number(at, "the intensity", *intensity, floor.intensity)?;
            // The tuning's line from min to max, written as the tuning writes it so the bits agree.
            let t = intensity.clamp(0.0, 1.0);
            same_number(at, "the pursuers' speed", *speed, min + (max - min) * t)?;
            floor.pursuer_speed = *speed;
            placed.1 = true;
        }
        _ => unreachable!("only the placement's events come here"),
    }
    Ok(())
}

fn blank_floor(floor: u32, width: usize, height: usize, intensity: f32) -> MazeFloor {
    MazeFloor {
        floor,
        intensity,
        grid: Grid::walls(width, height),
        start: (0, 0),
        tokens: Vec::new(),
        stars: Vec::new(),
        hazards: Vec::new(),
        power_up: None,
        loops: Vec::new(),
        braids: Vec::new(),
        pursuer_speed: 0.0,
    }
}

fn inside(grid: &Grid, cell: Cell) -> Result<(), String> {
    if grid.contains(cell) {
        Ok(())
    } else {
        Err(format!("({}, {}) lies outside the {} × {} grid", cell.0, cell.1, grid.width, grid.height))
    }
}

/// Things are placed on open cells only.
fn open_cell(grid: &Grid, cell: Cell) -> Result<(), String> {
    inside(grid, cell)?;
    if grid.is_open(cell.0, cell.1) { Ok(()) } else { Err(format!("({}, {}) is a wall", cell.0, cell.1)) }
}

/// A loop or a braid opens a wall.
fn knock(grid: &Grid, wall: Cell) -> Result<(), String> {
    inside(grid, wall)?;
    if grid.is_open(wall.0, wall.1) {
        return Err(format!("({}, {}) is already open", wall.0, wall.1));
    }
    Ok(())
}

/// The carve's move: from an open cell, two cells in a straight line to a cell not yet opened,
/// through the wall between them.
fn carve_step(grid: &Grid, from: Cell, wall: Cell, to: Cell) -> Result<(), String> {
    for cell in [from, wall, to] {
        inside(grid, cell)?;
    }
    let in_line = (from.0 == to.0 && from.1.abs_diff(to.1) == 2) || (from.1 == to.1 && from.0.abs_diff(to.0) == 2);
    if !in_line || wall != ((from.0 + to.0) / 2, (from.1 + to.1) / 2) {
        return Err(format!("{from:?} → {to:?} through {wall:?} is not a move two cells in a line"));
    }
    if !grid.is_open(from.0, from.1) {
        return Err(format!("the carve moves from {from:?}, which it has not reached"));
    }
    if grid.is_open(to.0, to.1) || grid.is_open(wall.0, wall.1) {
        return Err(format!("the carve moves to {to:?} through {wall:?}, which are already open"));
    }
    Ok(())
}
