//! The maze grid: one flat, row-major buffer of open/wall cells, with the searches the generator,
//! the validator and the game's pursuers share.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::maze::Cell;

/// Distance marker for open cells a search never reached, in the flat buffers.
pub(crate) const UNREACHED: u32 = u32::MAX;
/// Distance marker for walls in the flat buffers: never reached either.
pub(crate) const WALL: u32 = u32::MAX - 1;

/// A rectangle of cells, each a wall (`#`) or open (`.`); `(0, 0)` is the top-left cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub width: usize,
    pub height: usize,
    /// Row-major: cell (x, y) is at `y * width + x`.
    open: Vec<bool>,
}

impl Grid {
    /// A grid of walls only: what carving starts from.
    pub fn walls(width: usize, height: usize) -> Grid {
        Grid { width, height, open: vec![false; width * height] }
    }

    /// Parses rows of `#` (wall) and anything else (open), as [`Grid::rows`] writes them.
    /// Rows shorter than the first are padded with walls.
    ///
    /// ```
    /// use seedfeast_procgen::maze::Grid;
    /// let grid = Grid::from_rows(&["###", "#.#", "###"]);
    /// assert_eq!(grid.open_cells(), vec![(1, 1)]);
    /// assert_eq!(grid.rows(), ["###", "#.#", "###"]);
    /// ```
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Grid {
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let mut grid = Grid::walls(width, rows.len());
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.as_ref().chars().take(width).enumerate() {
                grid.set_open((x, y), ch != '#');
            }
        }
        grid
    }

    /// The row-major index of a cell (which must lie inside the grid).
    pub fn index(&self, (x, y): Cell) -> usize {
        y * self.width + x
    }

    /// The cell at a row-major index.
    pub fn cell(&self, index: usize) -> Cell {
        (index % self.width, index / self.width)
    }

    pub fn contains(&self, (x, y): Cell) -> bool {
        x < self.width && y < self.height
    }

    /// True for an open cell; cells outside the grid are walls.
    pub fn is_open(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height && self.open[y * self.width + x]
    }

    /// Opens or walls a cell.
    ///
    /// # Panics
    /// When the cell lies outside the grid.
    pub fn set_open(&mut self, cell: Cell, open: bool) {
        assert!(self.contains(cell), "cell {cell:?} outside a {}x{} grid", self.width, self.height);
        let i = self.index(cell);
        self.open[i] = open;
    }

    /// True on the outermost ring of cells.
    pub(crate) fn is_border(&self, (x, y): Cell) -> bool {
        x == 0 || y == 0 || x + 1 == self.width || y + 1 == self.height
    }

    pub fn open_count(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }

    /// Every open cell, in row-major order (top row first, left to right).
    pub fn open_cells(&self) -> Vec<Cell> {
        self.open.iter().enumerate().filter(|&(_, &o)| o).map(|(i, _)| self.cell(i)).collect()
    }

    /// The open cells next to `cell` (up, right, down, left; never diagonal), in that order.
    ///
    /// ```
    /// use seedfeast_procgen::maze::Grid;
    /// let grid = Grid::from_rows(&["#.#", "...", "###"]);
    /// assert_eq!(grid.neighbours((1, 1)).collect::<Vec<_>>(), [(1, 0), (2, 1), (0, 1)]);
    /// ```
    pub fn neighbours(&self, (x, y): Cell) -> impl Iterator<Item = Cell> + '_ {
        let candidates = [
            (y > 0).then(|| (x, y.wrapping_sub(1))),
            Some((x + 1, y)),
            Some((x, y + 1)),
            (x > 0).then(|| (x.wrapping_sub(1), y)),
        ];
        candidates.into_iter().flatten().filter(|&(nx, ny)| self.is_open(nx, ny))
    }

    /// Steps from `from` to every cell over open 4-neighbours (breadth-first), row-major;
    /// `None` for walls and cells out of reach. All `None` when `from` is not open.
    ///
    /// ```
    /// use seedfeast_procgen::maze::Grid;
    /// let grid = Grid::from_rows(&["...", "#.#", "#.."]);
    /// let d = grid.distances_from((0, 0));
    /// assert_eq!(d[grid.index((2, 2))], Some(4));
    /// assert_eq!(d[grid.index((0, 1))], None);
    /// ```
    pub fn distances_from(&self, from: Cell) -> Vec<Option<u32>> {
        let flat = if self.contains(from) { self.bfs(self.index(from)) } else { vec![UNREACHED; self.open.len()] };
        flat.into_iter().map(|d| (d < WALL).then_some(d)).collect()
    }

    /// A shortest path over open cells, both ends included; `None` when either end is a wall or
    /// no path exists. Among equally short paths, the one whose first differing step comes
    /// earliest in up, right, down, left order. This is what pursuers follow.
    ///
    /// ```
    /// use seedfeast_procgen::maze::Grid;
    /// let grid = Grid::from_rows(&["#####", "#...#", "#.#.#", "#...#", "#####"]);
    /// let path = grid.path((1, 1), (3, 3)).unwrap();
    /// assert_eq!(path, [(1, 1), (2, 1), (3, 1), (3, 2), (3, 3)]);
    /// assert_eq!(grid.path((1, 1), (0, 0)), None);
    /// ```
    pub fn path(&self, from: Cell, to: Cell) -> Option<Vec<Cell>> {
        if !self.is_open(from.0, from.1) || !self.is_open(to.0, to.1) {
            return None;
        }
        // Search backwards from `to`, so each cell's distance to `to` is known; then walk
        // forwards from `from`, always taking the first neighbour one step closer.
        let dist = self.bfs_until(self.index(to), Some(self.index(from)));
        let mut at = from;
        let mut remaining = dist[self.index(from)];
        if remaining == UNREACHED {
            return None;
        }
        let mut path = Vec::with_capacity(remaining as usize + 1);
        path.push(at);
        while remaining > 0 {
            at = self
                .neighbours(at)
                .find(|&n| dist[self.index(n)] == remaining - 1)
                .expect("a breadth-first distance always has a neighbour one step closer");
            remaining -= 1;
            path.push(at);
        }
        Some(path)
    }

    /// The grid as text rows, top to bottom: `#` wall, `.` open.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|y| {
                self.open[y * self.width..(y + 1) * self.width].iter().map(|&o| if o { '.' } else { '#' }).collect()
            })
            .collect()
    }

    /// Flat breadth-first distances from a row-major index: [`WALL`] on walls, [`UNREACHED`] on
    /// open cells out of reach (everywhere when `from` is not open).
    pub(crate) fn bfs(&self, from: usize) -> Vec<u32> {
        self.bfs_until(from, None)
    }

    /// As [`Grid::bfs`], stopping once `stop` has its distance (cells further stay unreached).
    fn bfs_until(&self, from: usize, stop: Option<usize>) -> Vec<u32> {
        let (w, h) = (self.width, self.height);
        let open = &self.open;
        if from >= open.len() || !open[from] {
            return vec![UNREACHED; open.len()];
        }
        // Walls and distances share one buffer, so looking at a neighbour is one memory access:
        // a breadth-first frontier is scattered over the whole maze, and on a big floor each
        // look is a cache miss.
        let mut dist: Vec<u32> = open.iter().map(|&o| if o { UNREACHED } else { WALL }).collect();
        dist[from] = 0;
        // When the border is all wall (every carved maze of 3×3 and up), each open cell has all
        // four neighbours inside the grid: plain index steps, no coordinates, no division.
        let sealed = self.border_is_wall();
        // A flat queue of row-major indices, walked level by level so a cell's own distance is
        // never read back.
        let mut queue: Vec<u32> = Vec::with_capacity(1024);
        queue.push(from as u32);
        let (mut head, mut level, mut level_end) = (0, 0u32, 1);
        while head < queue.len() {
            if head == level_end {
                level += 1;
                level_end = queue.len();
            }
            let i = queue[head] as usize;
            head += 1;
            if stop == Some(i) {
                break;
            }
            let next = level + 1;
            let mut visit = |ni: usize| {
                if dist[ni] == UNREACHED {
                    dist[ni] = next;
                    queue.push(ni as u32);
                }
            };
            if sealed {
                visit(i - w);
                visit(i + 1);
                visit(i + w);
                visit(i - 1);
            } else {
                let (x, y) = (i % w, i / w);
                if y > 0 {
                    visit(i - w);
                }
                if x + 1 < w {
                    visit(i + 1);
                }
                if y + 1 < h {
                    visit(i + w);
                }
                if x > 0 {
                    visit(i - 1);
                }
            }
        }
        dist
    }

    /// Breadth-first search from a row-major index that records the order cells are reached in
    /// rather than a distance per cell: the working set is one byte a cell, so it stays in cache
    /// on a 1001×1001 floor, and the loop has no data-dependent branch.
    pub(crate) fn bfs_levels(&self, from: usize) -> Levels {
        let mut unvisited = self.open.clone();
        if from >= unvisited.len() || !unvisited[from] {
            return Levels { order: Vec::new(), ends: Vec::new(), unvisited };
        }
        let w = self.width;
        let sealed = self.border_is_wall();
        // Every slot up to the number of open cells may be written: each look writes the
        // neighbour at `tail` and only advances `tail` when the neighbour was new.
        let mut order = vec![0u32; self.open_count() + 1];
        order[0] = from as u32;
        unvisited[from] = false;
        let (mut head, mut tail, mut level_end) = (0, 1, 1);
        let mut ends = Vec::new();
        while head < tail {
            if head == level_end {
                ends.push(level_end as u32);
                level_end = tail;
            }
            let i = order[head] as usize;
            head += 1;
            let mut look = |ni: usize| {
                let new = unvisited[ni];
                unvisited[ni] = false;
                order[tail] = ni as u32;
                tail += usize::from(new);
            };
            if sealed {
                look(i - w);
                look(i + 1);
                look(i + w);
                look(i - 1);
            } else {
                let (x, y) = (i % w, i / w);
                if y > 0 {
                    look(i - w);
                }
                if x + 1 < w {
                    look(i + 1);
                }
                if y + 1 < self.height {
                    look(i + w);
                }
                if x > 0 {
                    look(i - 1);
                }
            }
        }
        ends.push(tail as u32);
        order.truncate(tail);
        Levels { order, ends, unvisited }
    }

    /// True when no cell of the outer ring is open.
    fn border_is_wall(&self) -> bool {
        let (w, h) = (self.width, self.height);
        let open = &self.open;
        let rows = !open[..w].iter().any(|&o| o) && !open[(h - 1) * w..].iter().any(|&o| o);
        rows && (0..h).all(|y| !open[y * w] && !open[y * w + w - 1])
    }

    /// The raw row-major buffer, for carving, loops and placement.
    pub(crate) fn cells_mut(&mut self) -> &mut [bool] {
        &mut self.open
    }

    pub(crate) fn cells(&self) -> &[bool] {
        &self.open
    }
}

/// A breadth-first search as the order cells were reached in.
pub(crate) struct Levels {
    /// Row-major indices in the order reached: distance 0 (the start) first.
    pub order: Vec<u32>,
    /// `ends[d]`: one past the last cell at distance `d` in `order`.
    pub ends: Vec<u32>,
    /// True for the open cells never reached.
    pub unvisited: Vec<bool>,
}

impl Serialize for Grid {
    /// `{ "width", "height", "rows": ["#.#", …] }`: readable, and what the CLI prints.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Grid", 3)?;
        state.serialize_field("width", &self.width)?;
        state.serialize_field("height", &self.height)?;
        state.serialize_field("rows", &self.rows())?;
        state.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_agree_on_a_small_maze() {
        let grid = Grid::from_rows(&["#######", "#.....#", "#.###.#", "#...#.#", "#######"]);
        let d = grid.distances_from((1, 1));
        assert_eq!(d[grid.index((3, 3))], Some(4));
        assert_eq!(d[grid.index((5, 3))], Some(6));
        let path = grid.path((3, 3), (5, 3)).unwrap();
        assert_eq!(path.len(), 11);
        assert!(path.windows(2).all(|p| p[0].0.abs_diff(p[1].0) + p[0].1.abs_diff(p[1].1) == 1));
        assert_eq!(grid.path((3, 3), (3, 3)), Some(vec![(3, 3)]));
        assert!(grid.distances_from((0, 0)).iter().all(Option::is_none));
        assert!(grid.distances_from((99, 0)).iter().all(Option::is_none));
    }

    #[test]
    fn neighbours_stop_at_the_edges() {
        let grid = Grid::from_rows(&["..", ".."]);
        assert_eq!(grid.neighbours((0, 0)).collect::<Vec<_>>(), [(1, 0), (0, 1)]);
        assert_eq!(grid.neighbours((1, 1)).collect::<Vec<_>>(), [(1, 0), (0, 1)]);
        assert!(grid.is_border((1, 1)) && !grid.is_open(2, 0));
    }
}
