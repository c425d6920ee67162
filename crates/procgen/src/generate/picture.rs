//! A level as a picture: RGB pixels, and the bound every picture is held to.

use crate::generate::{Opt, RequestError};

/// The most pixels a picture may hold: 16 Mpx is 48 MB of RGB, so a `gen … --format png` stays
/// far under half a gigabyte with the PNG encoder's buffers (and a 4001 × 4001 maze still gets a
/// pixel a cell).
pub const MAX_PICTURE_PIXELS: u64 = 16 * 1024 * 1024;

/// An RGB8 picture, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

impl Picture {
    pub(crate) fn from_parts((width, height, rgb): (u32, u32, Vec<u8>)) -> Picture {
        Picture { width, height, rgb }
    }
}

/// Refuses a picture of `width × height` pixels over [`MAX_PICTURE_PIXELS`], saying the largest
/// request that fits: the picture grows with `option` (set to `count`) in width, so about
/// `count × allowed / pixels` of it fit; nine tenths of that, as pieces differ in width.
pub fn check_picture_size(
    width: u64,
    height: u64,
    what: &str,
    (option, count): (Opt, u64),
) -> Result<(), RequestError> {
    let pixels = width.saturating_mul(height);
    if pixels > MAX_PICTURE_PIXELS {
        let largest = (u128::from(count) * u128::from(MAX_PICTURE_PIXELS) * 9 / 10 / u128::from(pixels)).max(1);
        return Err(RequestError(format!(
            "a picture of {what} would be {width}x{height} pixels, more than the {MAX_PICTURE_PIXELS} allowed: \
             the largest that fits is about --{} {largest} (or use --format json)",
            option.flag()
        )));
    }
    Ok(())
}
