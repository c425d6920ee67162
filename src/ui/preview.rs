//! The seed screen's preview: a thumbnail of the level the typed text makes for the chosen mode
//! (with nothing typed, of the seed *Play this seed* plays), drawn by the mode's generator with
//! the same picture renderer as `seedfeast gen MODE --format png`, from the small request the
//! generator offers for previews ([`Generator::preview_request`]).
//!
//! Typing redraws it once the text has rested for [`DEBOUNCE_SECONDS`] of game time; until then
//! the old picture stays. Text that plays no level (a mistyped code) shows the reason instead.
//! Everything runs on the main thread in a few milliseconds, so it works the same in the browser.
//!
//! [`Generator::preview_request`]: seedfeast_procgen::generate::Generate::preview_request

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use seedfeast_procgen::generator::Picture;
use seedfeast_procgen::{DataSet, Seed};

use crate::data::GameData;
use crate::palette;
use crate::session::{Mode, Session};
use crate::ui::seed_entry::SeedEntry;

/// The box a preview is scaled into, in UI pixels (the aspect is kept).
pub const PREVIEW_BOX: Vec2 = Vec2::new(420.0, 240.0);
/// How long typed text rests before the preview is redrawn, in seconds of game time.
pub const DEBOUNCE_SECONDS: f32 = 0.25;

/// The preview box's words while the typed text plays no level (the seed screen says why).
pub const NO_PREVIEW: &str = "No level to preview";

/// What a preview is of: a mode, and the seed the text plays or why it plays none.
pub(crate) type PreviewOf = (Mode, Result<Seed, String>);

/// What the preview shows, and what it is waiting to show.
#[derive(Resource, Default)]
pub struct SeedPreview {
    /// What the screen asks for now, and for how many seconds it has asked unchanged.
    wanted: Option<PreviewOf>,
    rested: f32,
    /// What is drawn.
    pub shown: Option<PreviewOf>,
    /// The picture, as an image (RGBA, the generator's pixels unchanged); none for a problem.
    pub image: Option<Image>,
    /// Why there is no picture: the typed text's problem, or the generator's.
    pub problem: Option<String>,
    /// How many times it has been drawn since the screen opened.
    pub draws: u32,
}

/// The seed the screen would play: the typed text's, or with nothing typed the session's.
pub(crate) fn wanted_seed(entry: &SeedEntry, session: &Session) -> Result<Seed, String> {
    if entry.text.trim().is_empty() {
        Ok(session.seed)
    } else {
        entry.session_for(session.mode).map(|taken| taken.seed)
    }
}

/// The preview picture of `seed` in `mode`: the generator's preview request, generated and drawn.
pub(crate) fn preview_picture(data: &DataSet, mode: Mode, seed: Seed) -> Result<Picture, String> {
    let generator = mode.generator();
    let request = generator.preview_request(seed, mode.variant());
    generator.generate(data, &request).and_then(|level| level.picture()).map_err(|error| error.to_string())
}

/// The size a picture is shown at: the largest that fits [`PREVIEW_BOX`], its aspect kept.
pub(crate) fn shown_size(width: u32, height: u32) -> Vec2 {
    let size = Vec2::new(width.max(1) as f32, height.max(1) as f32);
    (size * (PREVIEW_BOX / size).min_element()).round()
}

/// A picture as a Bevy image: its pixels unchanged (opaque RGBA), sampled nearest-neighbour when
/// it is blown up (so its pixels stay crisp squares), smoothed when it is shrunk into the box
/// (where picking the nearest pixel would drop thin lines such as the tunnel's gates).
pub(crate) fn picture_image(picture: &Picture) -> Image {
    let rgba: Vec<u8> = picture.rgb.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect();
    let shrunk = shown_size(picture.width, picture.height).x < picture.width as f32;
    let sampler = if shrunk { ImageSampler::linear() } else { ImageSampler::nearest() };
    crate::pixels::rgba_image(picture.width, picture.height, rgba, sampler, RenderAssetUsages::default())
}

/// Starts a fresh preview when the seed screen opens.
pub(crate) fn reset_preview(mut preview: ResMut<SeedPreview>) {
    *preview = SeedPreview::default();
}

/// Follows what the screen would play and redraws the preview: at once when nothing is typed
/// (the screen opening, a new random seed, the daily challenge, a paste), and once typed text has
/// rested for [`DEBOUNCE_SECONDS`].
pub(crate) fn track_preview(
    time: Res<Time>,
    entry: Res<SeedEntry>,
    session: Res<Session>,
    data: Option<Res<GameData>>,
    mut preview: ResMut<SeedPreview>,
) {
    let wanted = (session.mode, wanted_seed(&entry, &session));
    // Waiting is not a change: the screen is updated only when something is drawn.
    let waiting = preview.bypass_change_detection();
    if waiting.wanted.as_ref() != Some(&wanted) {
        waiting.wanted = Some(wanted.clone());
        waiting.rested = 0.0;
    } else {
        waiting.rested += time.delta_secs();
    }
    if waiting.shown.as_ref() == Some(&wanted) {
        return;
    }
    let typing = !entry.text.trim().is_empty();
    if typing && waiting.rested < DEBOUNCE_SECONDS {
        return;
    }
    let drawn = match (&wanted.1, data) {
        (Ok(seed), Some(data)) => preview_picture(&data, wanted.0, *seed),
        (Ok(_), None) => Err("the game data is missing".to_string()),
        (Err(problem), _) => Err(problem.clone()),
    };
    match drawn {
        Ok(picture) => {
            preview.image = Some(picture_image(&picture));
            preview.problem = None;
        }
        Err(problem) => {
            preview.image = None;
            preview.problem = Some(problem);
        }
    }
    preview.shown = Some(wanted);
    preview.draws += 1;
}

/// The preview's picture on screen.
#[derive(Component)]
pub struct PreviewImage;
/// The line above the preview: the mode and the seed shown.
#[derive(Component)]
pub struct PreviewLabel;
/// Why there is no picture, in the box instead of one.
#[derive(Component)]
pub struct PreviewProblem;

/// The framed preview box with its label, for the seed screen.
pub(crate) fn spawn_preview(parent: &mut ChildSpawnerCommands, mode: Mode) {
    parent.spawn((
        PreviewLabel,
        Text::new(format!("{} preview", mode.name())),
        TextFont::from_font_size(20.0),
        TextColor(palette::TEXT_DIM),
    ));
    parent
        .spawn((
            Node {
                width: px(PREVIEW_BOX.x + 16.0),
                height: px(PREVIEW_BOX.y + 16.0),
                padding: UiRect::all(px(6)),
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(10)),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(palette::PREVIEW_BACK),
            BorderColor::all(palette::PREVIEW_FRAME),
        ))
        .with_children(|frame| {
            frame.spawn((
                PreviewImage,
                ImageNode::default(),
                Node { width: px(0), height: px(0), ..default() },
                Visibility::Hidden,
            ));
            frame.spawn((
                PreviewProblem,
                Node { position_type: PositionType::Absolute, max_width: px(PREVIEW_BOX.x - 24.0), ..default() },
                Text::new(""),
                TextFont::from_font_size(22.0),
                TextColor(palette::PREVIEW_PROBLEM),
                TextLayout::justify(Justify::Center),
            ));
        });
}

/// Puts the drawn preview on screen (the image into the assets, when there is a renderer).
pub(crate) fn show_preview(
    preview: Res<SeedPreview>,
    images: Option<ResMut<Assets<Image>>>,
    mut picture: Query<(&mut ImageNode, &mut Node, &mut Visibility), With<PreviewImage>>,
    mut label: Query<&mut Text, (With<PreviewLabel>, Without<PreviewProblem>)>,
    mut problem: Query<&mut Text, (With<PreviewProblem>, Without<PreviewLabel>)>,
) {
    if !preview.is_changed() {
        return;
    }
    let Some((mode, seed)) = &preview.shown else { return };
    let handle = match (&preview.image, images) {
        (Some(image), Some(mut images)) => Some(images.add(image.clone())),
        (Some(_), None) => Some(Handle::default()),
        (None, _) => None,
    };
    for (mut node_image, mut node, mut visibility) in &mut picture {
        match (&handle, &preview.image) {
            (Some(handle), Some(image)) => {
                let size = shown_size(image.width(), image.height());
                node_image.image = handle.clone();
                node.width = px(size.x);
                node.height = px(size.y);
                *visibility = Visibility::Inherited;
            }
            _ => *visibility = Visibility::Hidden,
        }
    }
    for mut text in &mut label {
        text.0 = match seed {
            Ok(seed) => format!("{} preview: {}", mode.name(), seed.code()),
            Err(_) => format!("{} preview", mode.name()),
        };
    }
    for mut text in &mut problem {
        text.0 = match (seed, &preview.problem) {
            // The typed text's reason is on the line under it already: said once.
            (Err(_), _) => NO_PREVIEW.to_string(),
            (Ok(_), problem) => problem.clone().unwrap_or_default(),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_fit_the_box_keeping_their_shape() {
        // Smaller than the box: blown up to fit it.
        assert_eq!(shown_size(208, 112), Vec2::new(420.0, 226.0));
        assert_eq!(shown_size(252, 180), Vec2::new(336.0, 240.0));
        // Larger: shrunk to fit, aspect kept.
        assert_eq!(shown_size(840, 160), Vec2::new(420.0, 80.0));
        assert_eq!(shown_size(282, 462), Vec2::new(146.0, 240.0));
        let picture = Picture { width: 2, height: 1, rgb: vec![1, 2, 3, 4, 5, 6] };
        let image = picture_image(&picture);
        assert_eq!(image.data.as_deref(), Some(&[1, 2, 3, 255, 4, 5, 6, 255][..]));
        assert_eq!((image.width(), image.height()), (2, 1));
        assert_eq!(image.sampler, ImageSampler::nearest(), "blown up: crisp pixels");
        let wide = Picture { width: 1_000, height: 10, rgb: vec![0; 30_000] };
        assert_eq!(picture_image(&wide).sampler, ImageSampler::linear(), "shrunk: smoothed");
    }
}
