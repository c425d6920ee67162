//! A maze floor's walls and tiles painted into one picture, once a floor: wooden boards with a
//! dark seam, a ledge along each wall's top and a soft checker of floor tiles, each board and
//! tile shaded by the level's seed ([`Decor`]). One picture, like the Arena's floor, because a
//! sprite per board and tile cost the software renderer 40% more a frame than the flat walls did.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use seedfeast_procgen::maze::Grid;

use crate::feel::decor::Decor;
use crate::palette;
use crate::pixels::rgba_image;

use super::CELL;

/// Texels a side of one cell at most (one a world unit).
const SIDE: usize = CELL as usize;
/// The picture's longest side at most, in texels. Many GPUs take no texture over 4096 a side;
/// 2048 keeps the biggest floor a tuning allows (201 cells a side) at 10 texels a cell, 16 MB.
const MAX_SIDE: usize = 2048;
/// The ledge along a wall's top and the seam under each board, as fractions of a cell.
const LEDGE: f32 = 6.0 / CELL;
const SEAM: f32 = 2.0 / CELL;
const SEAM_TONE: f32 = 0.72;

/// The questions asked of a cell's [`Decor`].
const BOARD_TONE: u32 = 0;
const BOARD_ENDS: u32 = 10;
const BOARD_END_AT: u32 = 20;
const TILE_TONE: u32 = 30;

/// Texels a side of one cell for `grid`: a full world unit each, fewer for floors so big that
/// the picture would pass [`MAX_SIDE`].
pub(crate) fn texels_per_cell(grid: &Grid) -> usize {
    (MAX_SIDE / grid.width.max(grid.height).max(1)).clamp(1, SIDE)
}

/// The picture of `grid` (top row first, as the maze's rows run), in sRGB bytes, RGBA.
pub fn paint(grid: &Grid, decor: &Decor) -> (u32, u32, Vec<u8>) {
    let side = texels_per_cell(grid);
    let (width, height) = (grid.width * side, grid.height * side);
    let mut rgba = vec![255u8; width * height * 4];
    for cy in 0..grid.height {
        for cx in 0..grid.width {
            let cell = (cx as u32, cy as u32);
            // Each cell's look is worked out once, then its texels are filled row by row.
            let rows: Vec<Row> = if grid.is_open(cx, cy) {
                vec![Row::Plain(floor_colour(decor, cell, (cx + cy) % 2 == 0)); side]
            } else {
                wall_rows(decor, cell, side)
            };
            for (ty, row) in rows.iter().enumerate() {
                for tx in 0..side {
                    let colour = match *row {
                        Row::Plain(colour) => colour,
                        Row::Board { colour, end } => {
                            if end.is_some_and(|end| (end..end + seam(side)).contains(&tx)) {
                                bytes(palette::GROUND, SEAM_TONE)
                            } else {
                                colour
                            }
                        }
                    };
                    let at = ((cy * side + ty) * width + cx * side + tx) * 4;
                    rgba[at..at + 3].copy_from_slice(&colour);
                }
            }
        }
    }
    (width as u32, height as u32, rgba)
}

/// [`paint`] as an image for a sprite (kept on the GPU only: nothing reads it back).
pub fn image(grid: &Grid, decor: &Decor) -> Image {
    let (width, height, rgba) = paint(grid, decor);
    // Big floors are drawn zoomed out: blend rather than drop texels.
    rgba_image(width, height, rgba, ImageSampler::linear(), RenderAssetUsages::RENDER_WORLD)
}

/// One row of texels across a cell.
#[derive(Clone, Copy)]
enum Row {
    Plain([u8; 3]),
    /// A board's row, with a board end (a seam) at this texel, if the board ends in the cell.
    Board {
        colour: [u8; 3],
        end: Option<usize>,
    },
}

fn seam(side: usize) -> usize {
    ((SEAM * side as f32).round() as usize).max(1)
}

fn bytes(colour: Color, tone: f32) -> [u8; 3] {
    let Srgba { red, green, blue, .. } = colour.to_srgba();
    [red, green, blue].map(|c| ((c * tone).clamp(0.0, 1.0) * 255.0).round() as u8)
}

/// A floor tile: a soft checker, each tile a shade of its own.
fn floor_colour(decor: &Decor, cell: (u32, u32), even: bool) -> [u8; 3] {
    let checker = if even { 0.975 } else { 0.955 };
    bytes(palette::SKY, checker + 0.02 * decor.unit(cell, TILE_TONE))
}

/// A wall's rows: the ledge along its top, then two equal boards, each with a seam below it and
/// a shade of its own; about one board in four ends inside the cell, where the seed says.
fn wall_rows(decor: &Decor, cell: (u32, u32), side: usize) -> Vec<Row> {
    let ledge = ((LEDGE * side as f32).round() as usize).min(side);
    let board = (side - ledge) / 2;
    let seam = seam(side);
    (0..side)
        .map(|ty| {
            if ty < ledge {
                return Row::Plain(bytes(palette::LEDGE_EDGE, 1.0));
            }
            let (row, within) = (((ty - ledge) / board.max(1)).min(1) as u32, (ty - ledge) % board.max(1));
            if within + seam >= board || ty + seam >= side {
                return Row::Plain(bytes(palette::GROUND, SEAM_TONE));
            }
            let colour = bytes(palette::GROUND, 0.9 + 0.2 * decor.unit(cell, BOARD_TONE + row));
            let end = (decor.unit(cell, BOARD_ENDS + row) < 0.25)
                .then(|| (side as f32 * (0.15 + 0.7 * decor.unit(cell, BOARD_END_AT + row))) as usize);
            Row::Board { colour, end }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5 × 3 grid: walls round one open row.
    fn grid() -> Grid {
        Grid::from_rows(&["#####", "#...#", "#####"])
    }

    fn texel(picture: &(u32, u32, Vec<u8>), x: usize, y: usize) -> [u8; 3] {
        let at = (y * picture.0 as usize + x) * 4;
        [picture.2[at], picture.2[at + 1], picture.2[at + 2]]
    }

    #[test]
    fn walls_are_dark_and_floors_pale_cell_by_cell() {
        let picture = paint(&grid(), &Decor::new(9, 0));
        assert_eq!((picture.0, picture.1), (5 * CELL as u32, 3 * CELL as u32));
        let light = |c: [u8; 3]| c.iter().map(|&v| u32::from(v)).sum::<u32>();
        for cy in 0..3 {
            for cx in 0..5 {
                // The middle of the cell's lower board, or of its tile.
                let c = texel(&picture, cx * SIDE + 5, cy * SIDE + SIDE * 3 / 4);
                let open = cy == 1 && (1..4).contains(&cx);
                assert_eq!(light(c) > 600, open, "cell ({cx}, {cy}): {c:?}");
            }
        }
        // A wall's top is its ledge.
        assert_eq!(texel(&picture, 2, 1), bytes(palette::LEDGE_EDGE, 1.0));
    }

    #[test]
    fn the_biggest_floors_fit_a_texture_and_still_show_boards_and_seams() {
        let big = Grid::walls(201, 120);
        let picture = paint(&big, &Decor::new(4, 0));
        assert_eq!((picture.0, picture.1), (201 * 10, 120 * 10), "10 texels a cell, within 2,048");
        // Down one wall cell: the ledge, then boards and the seams between and below them.
        let column: Vec<[u8; 3]> = (0..10).map(|y| texel(&picture, 5, 40 + y)).collect();
        let ledge = bytes(palette::LEDGE_EDGE, 1.0);
        let seam = bytes(palette::GROUND, SEAM_TONE);
        assert_eq!(column[0], ledge);
        assert!(column.contains(&seam) && column.iter().any(|c| *c != seam && *c != ledge), "{column:?}");
    }

    #[test]
    fn the_same_floor_paints_the_same_and_another_seed_paints_otherwise() {
        let a = paint(&grid(), &Decor::new(1, 0));
        assert_eq!(a, paint(&grid(), &Decor::new(1, 0)));
        assert_ne!(a.2, paint(&grid(), &Decor::new(2, 0)).2);
        assert_ne!(a.2, paint(&grid(), &Decor::new(1, 1)).2, "another floor of the same run");
    }
}
