//! Pictures painted in code, as Bevy images: opaque sRGB bytes, top row first. A leaf module (it
//! imports no other of the game's), so the UI and the modes' visuals can both use it.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// RGBA bytes as an image for a sprite or a UI node: a floor painted once (the Arena's, the
/// maze's) or a level's preview.
pub(crate) fn rgba_image(
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    sampler: ImageSampler,
    usage: RenderAssetUsages,
) -> Image {
    let mut image = Image::new(
        Extent3d { width, height, depth_or_array_layers: 1 },
        TextureDimension::D2,
        rgba,
        // The colours are sRGB already, as the sprites' are; the texture stores them so.
        TextureFormat::Rgba8UnormSrgb,
        usage,
    );
    image.sampler = sampler;
    image
}
