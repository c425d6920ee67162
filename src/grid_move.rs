//! Movement on a grid of cells, for any mode played on one (the maze's player and pursuers): glide
//! from cell centre to cell centre, choosing a direction only at centres. A turn asked for early
//! is kept until it is possible. Which cells are open is the caller's business: a predicate.

/// A grid position: (x = column, y = row), from the top-left.
pub type Cell = (usize, usize);

/// The four directions, in screen terms (up is towards row 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Left, Dir::Down, Dir::Right];

    pub(crate) fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The direction from one cell to a 4-neighbour.
    pub fn between(from: Cell, to: Cell) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| step(from, *d) == Some(to))
    }
}

/// The cell one step away, if it is on the grid's coordinates (open or not).
pub fn step(cell: Cell, dir: Dir) -> Option<Cell> {
    let (dx, dy) = dir.delta();
    Some((cell.0.checked_add_signed(dx)?, cell.1.checked_add_signed(dy)?))
}

/// Whether moving from `cell` towards `dir` enters a cell `open` accepts.
pub fn can_move(open: &impl Fn(Cell) -> bool, cell: Cell, dir: Dir) -> bool {
    step(cell, dir).is_some_and(open)
}

/// Something moving on the grid: it has left `cell` towards `dir` and covered `progress` (0..1) of
/// the way to the next centre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mover {
    pub cell: Cell,
    pub dir: Option<Dir>,
    pub progress: f32,
    /// Cells per second.
    pub speed: f32,
}

impl Mover {
    pub fn at(cell: Cell, speed: f32) -> Mover {
        Mover { cell, dir: None, progress: 0.0, speed }
    }

    /// Where it is, in cells (fractional while moving).
    pub fn position(&self) -> (f32, f32) {
        let (x, y) = (self.cell.0 as f32, self.cell.1 as f32);
        match self.dir {
            Some(dir) => {
                let (dx, dy) = dir.delta();
                (x + dx as f32 * self.progress, y + dy as f32 * self.progress)
            }
            None => (x, y),
        }
    }

    /// The cell it is closest to.
    pub fn nearest_cell(&self) -> Cell {
        match self.dir {
            Some(dir) if self.progress >= 0.5 => step(self.cell, dir).unwrap_or(self.cell),
            _ => self.cell,
        }
    }

    /// Advances by `dt` seconds. At each cell centre reached, `choose` picks the next direction
    /// (given the cell and the direction it arrived with); a reverse is allowed at any time.
    /// Bounded: at most one cell centre per call at sane speeds, never more than 8.
    pub fn advance(
        &mut self,
        open: &impl Fn(Cell) -> bool,
        dt: f32,
        mut choose: impl FnMut(Cell, Option<Dir>) -> Option<Dir>,
    ) {
        let mut budget = self.speed * dt;
        for _ in 0..8 {
            match self.dir {
                None => {
                    self.dir = choose(self.cell, None).filter(|d| can_move(open, self.cell, *d));
                    if self.dir.is_none() {
                        return;
                    }
                }
                Some(dir) => {
                    let left = 1.0 - self.progress;
                    if budget < left {
                        self.progress += budget;
                        return;
                    }
                    budget -= left;
                    self.cell = step(self.cell, dir).expect("moving only into open cells");
                    self.progress = 0.0;
                    self.dir = choose(self.cell, Some(dir)).filter(|d| can_move(open, self.cell, *d));
                    if self.dir.is_none() {
                        return;
                    }
                }
            }
        }
    }

    /// Turns around on the spot, between two centres.
    pub fn reverse(&mut self) {
        if let Some(dir) = self.dir
            && let Some(next) = step(self.cell, dir)
        {
            self.cell = next;
            self.progress = 1.0 - self.progress;
            self.dir = Some(dir.opposite());
        }
    }
}

/// The player's rule at a centre: take the buffered turn if open, else keep going if open.
pub(crate) fn player_choice(
    open: &impl Fn(Cell) -> bool,
    cell: Cell,
    arrived: Option<Dir>,
    wanted: Option<Dir>,
) -> Option<Dir> {
    wanted.filter(|d| can_move(open, cell, *d)).or(arrived.filter(|d| can_move(open, cell, *d)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::Seed;
    use seedfeast_procgen::maze::{Grid, carve};
    use seedfeast_procgen::rng::{Subsystem, stream};

    fn maze() -> Grid {
        carve(11, 11, &mut stream(Seed(4), Subsystem::MazeCarve, 0))
    }

    fn open(grid: &Grid) -> impl Fn(Cell) -> bool + '_ {
        |(x, y)| x < grid.width && y < grid.height && grid.is_open(x, y)
    }

    #[test]
    fn movers_stay_on_open_cells_and_stop_at_walls() {
        let grid = maze();
        let start = grid.open_cells()[0];
        let mut mover = Mover::at(start, 5.0);
        let wanted = Dir::ALL.into_iter().find(|d| can_move(&open(&grid), start, *d)).unwrap();
        for _ in 0..600 {
            mover.advance(&open(&grid), 1.0 / 60.0, |cell, arrived| {
                player_choice(&open(&grid), cell, arrived, Some(wanted))
            });
            assert!(grid.is_open(mover.cell.0, mover.cell.1));
        }
        assert_eq!(mover.dir, None, "ran into a wall and stopped");
        assert!(!can_move(&open(&grid), mover.cell, wanted));
    }

    #[test]
    fn a_buffered_turn_waits_for_an_opening() {
        let grid = maze();
        let start = grid.open_cells()[0];
        let ahead = Dir::ALL.into_iter().find(|d| can_move(&open(&grid), start, *d)).unwrap();
        let mut mover = Mover::at(start, 4.0);
        mover.advance(&open(&grid), 0.01, |c, a| player_choice(&open(&grid), c, a, Some(ahead)));
        assert_eq!(mover.dir, Some(ahead));
        // Ask for a perpendicular turn; it happens at the first centre where it is open.
        let turn = match ahead {
            Dir::Left | Dir::Right => Dir::Down,
            Dir::Up | Dir::Down => Dir::Right,
        };
        let mut turned_at = None;
        for _ in 0..600 {
            mover.advance(&open(&grid), 1.0 / 60.0, |c, a| {
                let choice = player_choice(&open(&grid), c, a, Some(turn));
                if choice == Some(turn) && turned_at.is_none() {
                    turned_at = Some(c);
                }
                choice
            });
        }
        if let Some(cell) = turned_at {
            assert!(can_move(&open(&grid), cell, turn));
        }
    }

    #[test]
    fn reversing_keeps_the_position() {
        let grid = maze();
        let start = grid.open_cells()[0];
        let dir = Dir::ALL.into_iter().find(|d| can_move(&open(&grid), start, *d)).unwrap();
        let mut mover = Mover { cell: start, dir: Some(dir), progress: 0.3, speed: 1.0 };
        let before = mover.position();
        mover.reverse();
        let after = mover.position();
        assert!((before.0 - after.0).abs() < 1e-5 && (before.1 - after.1).abs() < 1e-5);
        assert_eq!(mover.dir, Some(dir.opposite()));
    }
}
