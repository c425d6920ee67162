//! The game's colours: a warm picnic palette with enough contrast to read at a glance, and the
//! [`Scheme`] of the things that play differently, standard or colour-safe (issue #29).

use bevy::prelude::*;
use seedfeast_procgen::FoodKind;
use seedfeast_save::Colours;

pub(crate) const SKY: Color = Color::srgb(0.996, 0.937, 0.851);
pub(crate) const SKY_FAR: Color = Color::srgb(0.98, 0.85, 0.72);
pub(crate) const GROUND: Color = Color::srgb(0.44, 0.27, 0.17);
pub(crate) const FROSTING: Color = Color::srgb(0.96, 0.55, 0.66);
/// The Runner's ledges (and, in [`Scheme::STANDARD`], the Maze's crumbs).
pub(crate) const LEDGE: Color = Color::srgb(0.87, 0.64, 0.35);
pub(crate) const LEDGE_EDGE: Color = Color::srgb(0.70, 0.46, 0.22);
/// The Runner's forks and the chef in [`Scheme::STANDARD`]: draw with the [`Scheme`] resource.
pub(crate) const HAZARD: Color = Color::srgb(0.52, 0.56, 0.62);
pub(crate) const PLAYER: Color = Color::srgb(0.16, 0.62, 0.60);
pub(crate) const PLAYER_CHEEK: Color = Color::srgb(0.98, 0.62, 0.55);
pub(crate) const EYE: Color = Color::WHITE;
pub(crate) const PUPIL: Color = Color::srgb(0.12, 0.1, 0.1);

pub(crate) const TEXT: Color = Color::srgb(0.27, 0.16, 0.10);
pub(crate) const TEXT_DIM: Color = Color::srgb(0.55, 0.42, 0.33);
pub(crate) const TEXT_ERROR: Color = Color::srgb(0.78, 0.12, 0.12);
pub(crate) const ACCENT: Color = Color::srgb(0.91, 0.33, 0.27);
pub const PANEL: Color = Color::srgba(1.0, 0.98, 0.94, 0.94);
pub(crate) const BUTTON: Color = Color::srgb(0.98, 0.88, 0.74);
pub(crate) const BUTTON_SELECTED: Color = Color::srgb(0.96, 0.56, 0.36);
/// The seed preview's frame and the mat behind its picture.
pub(crate) const PREVIEW_FRAME: Color = Color::srgb(0.80, 0.62, 0.45);
pub(crate) const PREVIEW_BACK: Color = Color::srgb(0.30, 0.20, 0.14);
/// Why there is no preview, on the preview's dark mat.
pub(crate) const PREVIEW_PROBLEM: Color = Color::srgb(1.0, 0.74, 0.62);
pub(crate) const OVERLAY: Color = Color::srgba(0.2, 0.1, 0.05, 0.55);
/// Under the game-over card: the overlay's tint, light enough that the ended run shows through.
pub(crate) const SCENE_VEIL: Color = Color::srgba(0.2, 0.1, 0.05, 0.25);

/// The colours of the things that play differently (issue #29): the chef, and what must be told
/// apart from the chef, from the floor or from each other (hazards, pursuers in each state, food,
/// exits, pressed plates, door and world states). The Colours setting picks one
/// (`visuals::read_scheme` mirrors it into this resource); everything else looks the same either
/// way, and each piece reads the scheme as it spawns. Settings open only from the title, so
/// nothing on the playfield needs recolouring when it changes.
///
/// [`Scheme::STANDARD`] is the game's own look, pixel for pixel. [`Scheme::COLOUR_SAFE`] keeps
/// every such pair at ΔE76 ≥ 20 or |ΔL*| ≥ 15 in normal vision and under simulated protanopia,
/// deuteranopia and tritanopia (`palette/tests.rs` checks each pair). It draws on Okabe and Ito's
/// colour-blind-safe set and keeps the warm look: the chef is the one cool colour, as before.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Scheme {
    /// The chef in every mode (the ghost copies it), and the chef's dot on the dungeon's minimap.
    pub player: Color,
    /// The Flying tunnel's bird, against the night and against the sunset.
    pub flyer: Color,
    /// The Runner's forks (the same shape as nothing else, but the same colour as the chef in
    /// deuteranopia, in the standard scheme).
    pub fork: Color,
    /// The Maze's crumbs, apart from its stars.
    pub crumb: Color,
    /// A Maze pot on the hunt (body and lid); one waiting its turn is this at `pot_waiting_alpha`.
    pub pot: Color,
    /// How opaque a waiting pot is drawn.
    pub pot_waiting_alpha: f32,
    /// A Maze pot scared by the chilli: the chef can eat it, so it must never pass for a hunter.
    pub pot_scared: Color,
    /// The Arena's hot pans, body and handle (the glow ring keeps its colour).
    pub pan: Color,
    /// The Food Tunnel's pancake stacks and their browned edges, against the sunset.
    pub pancake: Color,
    /// The line between two pancakes of a stack.
    pub pancake_edge: Color,
    /// Cake and pizza, the two foods that sank into the pale sky and blanket.
    pub cake: Color,
    /// The pizza slice (its crust and pepperoni keep their colours).
    pub pizza: Color,
    /// The dungeon's pressed plates and solved stations.
    pub lit: Color,
    /// The dungeon minimap's bridge doors, open and locked.
    pub map_open: Color,
    /// A bridge door still locked, on the minimap.
    pub map_locked: Color,
    /// The Code puzzle's exit, open (a disc) and shut (a door).
    pub exit_open: Color,
    /// The exit's door while it is shut.
    pub exit_shut: Color,
    /// A Code-puzzle plate pressed down.
    pub plate_pressed: Color,
    /// Code-puzzle water, apart from the chef who must not walk in.
    pub water: Color,
    /// The Code puzzle's world chips: the last run solved that world, or failed there.
    pub world_passed: Color,
    /// A world chip where the last run failed.
    pub world_failed: Color,
}

impl Scheme {
    /// The game's own colours, exactly as drawn before the setting existed.
    pub const STANDARD: Scheme = Scheme {
        player: PLAYER,
        flyer: Color::srgb(0.98, 0.74, 0.22),
        fork: HAZARD,
        crumb: LEDGE,
        pot: Color::srgb(0.35, 0.36, 0.42),
        pot_waiting_alpha: 0.4,
        pot_scared: Color::srgb(0.45, 0.6, 0.95),
        pan: Color::srgb(0.25, 0.25, 0.28),
        pancake: Color::srgb(0.93, 0.73, 0.42),
        pancake_edge: Color::srgb(0.74, 0.48, 0.22),
        cake: Color::srgb(1.0, 0.97, 0.90),
        pizza: Color::srgb(0.98, 0.74, 0.22),
        lit: Color::srgb(0.98, 0.78, 0.22),
        map_open: Color::srgb_u8(90, 200, 90),
        map_locked: Color::srgb_u8(230, 60, 50),
        exit_open: Color::srgb(0.45, 0.85, 0.45),
        exit_shut: Color::srgb(0.33, 0.20, 0.13),
        plate_pressed: Color::srgb(0.45, 0.85, 0.5),
        water: Color::srgb(0.33, 0.62, 0.86),
        world_passed: Color::srgb(0.20, 0.42, 0.22),
        world_failed: Color::srgb(0.55, 0.17, 0.14),
    };

    /// Apart for protanopia, deuteranopia and tritanopia alike. Lightness does most of the work
    /// (dark iron pots and pans, a light pressed plate), Okabe and Ito's hues the rest.
    pub const COLOUR_SAFE: Scheme = Scheme {
        // Okabe–Ito blue: mid-dark, so it shows on the pale floors and the night sky alike.
        player: Color::srgb_u8(0, 114, 178),
        flyer: Color::srgb_u8(0, 114, 178),
        // Darker steel than the chef's blue.
        fork: Color::srgb(0.40, 0.42, 0.47),
        // Toasted crumbs, darker than the gold stars.
        crumb: Color::srgb(0.62, 0.40, 0.20),
        // Cast iron, near black; waiting, faded less, so it still shows on the floor.
        pot: Color::srgb(0.14, 0.13, 0.16),
        pot_waiting_alpha: 0.65,
        // Okabe–Ito orange: hot from the chilli.
        pot_scared: Color::srgb_u8(230, 159, 0),
        // Black iron.
        pan: Color::srgb(0.08, 0.08, 0.09),
        // Buckwheat pancakes, dark on the sunset (butter and syrup keep theirs).
        pancake: Color::srgb(0.55, 0.32, 0.14),
        pancake_edge: Color::srgb(0.38, 0.21, 0.09),
        // Honey sponge and a more baked slice: they show on the pale sky and blanket.
        cake: Color::srgb(0.78, 0.55, 0.30),
        pizza: Color::srgb(0.90, 0.55, 0.12),
        // Cream light, far lighter than an unpressed plate.
        lit: Color::srgb(1.0, 0.96, 0.80),
        // Okabe–Ito sky blue and vermillion.
        map_open: Color::srgb_u8(86, 180, 233),
        map_locked: Color::srgb_u8(213, 94, 0),
        // Okabe–Ito bluish green (the white arrow stays); shut, darker than any wall.
        exit_open: Color::srgb_u8(0, 158, 115),
        exit_shut: Color::srgb(0.20, 0.12, 0.08),
        // Okabe–Ito yellow, lighter than the metal.
        plate_pressed: Color::srgb_u8(240, 228, 66),
        // Lighter than the chef's blue.
        water: Color::srgb(0.42, 0.72, 0.93),
        // Dark blue and burnt orange; the chips' light text reads on both.
        world_passed: Color::srgb_u8(0, 90, 140),
        world_failed: Color::srgb(0.62, 0.30, 0.0),
    };

    /// The scheme a setting asks for.
    pub fn of(colours: Colours) -> Scheme {
        match colours {
            Colours::Standard => Scheme::STANDARD,
            Colours::ColourSafe => Scheme::COLOUR_SAFE,
        }
    }

    /// The main colour of each food.
    pub fn food(&self, kind: FoodKind) -> Color {
        match kind {
            FoodKind::Apple => Color::srgb(0.86, 0.16, 0.16),
            FoodKind::Cherry => Color::srgb(0.62, 0.05, 0.18),
            FoodKind::Donut => Color::srgb(0.96, 0.48, 0.70),
            FoodKind::Pizza => self.pizza,
            FoodKind::Cake => self.cake,
        }
    }

    /// A Maze pot waiting its turn at the hunt: faded, since it catches no one.
    pub fn pot_waiting(&self) -> Color {
        self.pot.with_alpha(self.pot_waiting_alpha)
    }
}

impl Default for Scheme {
    fn default() -> Self {
        Scheme::STANDARD
    }
}

#[cfg(test)]
mod tests;
