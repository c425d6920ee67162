//! A maze floor's walls and tiles painted into one picture, once a floor: wooden boards with a
//! dark seam, a ledge along each wall's top and a soft checker of floor tiles, each board and
//! tile shaded by the level's seed ([`Decor`]). One picture, like the Arena's floor, because a
//! sprite per board and tile cost the software renderer 40% more a frame than the flat walls did.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use seedfeast_procgen::maze::Grid;

use crate::feel::decor::Decor;
use crate::palette;

use super::CELL;

/// Texels a side of one cell (one a world unit).
const SIDE: usize = CELL as usize;
/// The ledge along a wall's top, and the seam between its two boards, in texels.
const LEDGE: usize = 6;
const SEAM: usize = 2;

/// The questions asked of a cell's [`Decor`].
const BOARD_TONE: u32 = 0;
const BOARD_ENDS: u32 = 10;
const BOARD_END_AT: u32 = 20;
const TILE_TONE: u32 = 30;

/// The picture of `grid` (top row first, as the maze's rows run), in sRGB bytes, RGBA.
pub fn paint(grid: &Grid, decor: &Decor) -> (u32, u32, Vec<u8>) {
    let (width, height) = (grid.width * SIDE, grid.height * SIDE);
    let mut rgba = vec![0u8; width * height * 4];
    for cy in 0..grid.height {
        for cx in 0..grid.width {
            let cell = (cx as u32, cy as u32);
            for ty in 0..SIDE {
                for tx in 0..SIDE {
                    let colour = if grid.is_open(cx, cy) {
                        floor_texel(decor, cell, (cx + cy) % 2 == 0)
                    } else {
                        wall_texel(decor, cell, tx, ty)
                    };
                    let at = ((cy * SIDE + ty) * width + cx * SIDE + tx) * 4;
                    rgba[at..at + 4].copy_from_slice(&[colour[0], colour[1], colour[2], 255]);
                }
            }
        }
    }
    (width as u32, height as u32, rgba)
}

/// [`paint`] as an image for a sprite.
pub fn image(grid: &Grid, decor: &Decor) -> Image {
    let (width, height, rgba) = paint(grid, decor);
    let mut image = Image::new(
        Extent3d { width, height, depth_or_array_layers: 1 },
        TextureDimension::D2,
        rgba,
        // The colours are sRGB already, as the sprites' were; the texture stores them so.
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    // Big floors are drawn zoomed out: blend rather than drop texels.
    image.sampler = ImageSampler::linear();
    image
}

fn bytes(colour: Color, tone: f32) -> [u8; 3] {
    let Srgba { red, green, blue, .. } = colour.to_srgba();
    [red, green, blue].map(|c| ((c * tone).clamp(0.0, 1.0) * 255.0).round() as u8)
}

/// A floor tile: a soft checker, each tile a shade of its own.
fn floor_texel(decor: &Decor, cell: (u32, u32), even: bool) -> [u8; 3] {
    let checker = if even { 0.975 } else { 0.955 };
    bytes(palette::SKY, checker + 0.02 * decor.unit(cell, TILE_TONE))
}

/// A wall: the ledge along its top, then two boards with a seam between them and below; about
/// one board in four ends inside the cell, at a place the seed picks.
fn wall_texel(decor: &Decor, cell: (u32, u32), tx: usize, ty: usize) -> [u8; 3] {
    const SEAM_TONE: f32 = 0.72;
    if ty < LEDGE {
        return bytes(palette::LEDGE_EDGE, 1.0);
    }
    let half = SIDE / 2;
    let row = u32::from(ty >= half);
    let in_board = ty % half;
    if in_board >= half - SEAM {
        return bytes(palette::GROUND, SEAM_TONE);
    }
    if decor.unit(cell, BOARD_ENDS + row) < 0.25 {
        let end = (SIDE as f32 * (0.15 + 0.7 * decor.unit(cell, BOARD_END_AT + row))) as usize;
        if (end..end + SEAM).contains(&tx) {
            return bytes(palette::GROUND, SEAM_TONE);
        }
    }
    bytes(palette::GROUND, 0.9 + 0.2 * decor.unit(cell, BOARD_TONE + row))
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
    fn the_same_floor_paints_the_same_and_another_seed_paints_otherwise() {
        let a = paint(&grid(), &Decor::new(1, 0));
        assert_eq!(a, paint(&grid(), &Decor::new(1, 0)));
        assert_ne!(a.2, paint(&grid(), &Decor::new(2, 0)).2);
        assert_ne!(a.2, paint(&grid(), &Decor::new(1, 1)).2, "another floor of the same run");
    }
}
