//! Placeholder.
use super::level::Dungeon;
pub const MAX_PICTURE_SIDE: usize = 4096;
pub fn draw_ascii(d: &Dungeon) -> String {
    d.rows().join("\n")
}
pub fn to_rgb(_d: &Dungeon, _px: usize) -> (u32, u32, Vec<u8>) {
    (0, 0, Vec::new())
}
