//! The tile grid generation draws on.

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
}
