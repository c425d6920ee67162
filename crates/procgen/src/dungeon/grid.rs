//! The tile grid generation draws on, and the breadth-first search it walks with.

use std::collections::VecDeque;

use super::level::{Cell, Tile};

/// A row-major grid of tiles, all wall to begin with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub tiles: Vec<Tile>,
}

impl Canvas {
    pub fn new(width: usize, height: usize) -> Canvas {
        Canvas { width, height, tiles: vec![Tile::Wall; width * height] }
    }

    pub fn get(&self, (x, y): Cell) -> Tile {
        if x < self.width && y < self.height { self.tiles[y * self.width + x] } else { Tile::Wall }
    }

    pub fn set(&mut self, (x, y): Cell, tile: Tile) {
        if x < self.width && y < self.height {
            self.tiles[y * self.width + x] = tile;
        }
    }

    /// The in-grid 4-neighbours of `cell`: east, west, south, north.
    pub fn neighbours(&self, (x, y): Cell) -> impl Iterator<Item = Cell> + use<> {
        let (w, h) = (self.width, self.height);
        [
            (x + 1 < w).then(|| (x + 1, y)),
            x.checked_sub(1).map(|x| (x, y)),
            (y + 1 < h).then(|| (x, y + 1)),
            y.checked_sub(1).map(|y| (x, y)),
        ]
        .into_iter()
        .flatten()
    }

    /// Steps from `from` to the nearest cell where `goal` holds, moving only onto cells where
    /// `pass` holds (the goal cell itself need not pass); `None` if none can be reached. Each cell
    /// is visited at most once, so the search is bounded by the grid.
    pub fn distance_to(&self, from: Cell, pass: impl Fn(Cell) -> bool, goal: impl Fn(Cell) -> bool) -> Option<usize> {
        if goal(from) {
            return Some(0);
        }
        let mut seen = vec![false; self.width * self.height];
        seen[from.1 * self.width + from.0] = true;
        let mut queue = VecDeque::from([(from, 0usize)]);
        while let Some((cell, d)) = queue.pop_front() {
            for next in self.neighbours(cell) {
                let i = next.1 * self.width + next.0;
                if seen[i] {
                    continue;
                }
                seen[i] = true;
                if goal(next) {
                    return Some(d + 1);
                }
                if pass(next) {
                    queue.push_back((next, d + 1));
                }
            }
        }
        None
    }
}
