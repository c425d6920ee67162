//! The tile grid generation draws on.

use super::explain::Carving;
use super::level::{Cell, Tile};

/// A row-major grid of tiles, all wall to begin with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub tiles: Vec<Tile>,
    /// Every write and what it was for, kept only when a trace listens (issue #33).
    journal: Option<Journal>,
}

/// The writes of a traced generation, in order, each with the carving it was part of.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Journal {
    now: Carving,
    writes: Vec<(Carving, Cell, Tile)>,
}

impl Canvas {
    pub fn new(width: usize, height: usize) -> Canvas {
        Canvas { width, height, tiles: vec![Tile::Wall; width * height], journal: None }
    }

    /// A canvas that keeps every write, for a traced generation.
    pub fn journaled(width: usize, height: usize) -> Canvas {
        let journal = Journal { now: Carving::Chamber { room: 0, zone: 0 }, writes: Vec::new() };
        Canvas { journal: Some(journal), ..Canvas::new(width, height) }
    }

    /// Names what the writes from here on are for (nothing when no trace listens).
    pub fn mark(&mut self, carving: Carving) {
        if let Some(journal) = &mut self.journal {
            journal.now = carving;
        }
    }

    /// The journal's writes grouped by carving, in order (empty for a canvas not journaled).
    pub fn carvings(&self) -> Vec<(Carving, Vec<(Cell, Tile)>)> {
        let mut groups: Vec<(Carving, Vec<(Cell, Tile)>)> = Vec::new();
        for &(carving, cell, tile) in self.journal.iter().flat_map(|j| &j.writes) {
            match groups.last_mut() {
                Some((last, cells)) if *last == carving => cells.push((cell, tile)),
                _ => groups.push((carving, vec![(cell, tile)])),
            }
        }
        groups
    }

    pub fn get(&self, (x, y): Cell) -> Tile {
        if x < self.width && y < self.height { self.tiles[y * self.width + x] } else { Tile::Wall }
    }

    pub fn set(&mut self, (x, y): Cell, tile: Tile) {
        if x < self.width && y < self.height {
            self.tiles[y * self.width + x] = tile;
            if let Some(journal) = &mut self.journal {
                journal.writes.push((journal.now, (x, y), tile));
            }
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
}
