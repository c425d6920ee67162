//! Feel (issue #34): what the game does on screen and in the ears beyond its rules. Particles and
//! score pop-ups when something happens, a shake and a short freeze on a hit, a flash on a lost
//! life or a cleared stage, a banner that opens each stage, fades between screens, characters
//! that squash and lean ([`puppet`]), backdrops that scroll at their own depth ([`parallax`]) and
//! each level's own music ([`music`]).
//!
//! All of it reads what the game already says (the [`Sfx`](crate::sound::Sfx) messages, the run's
//! score and stage, where the [`Avatar`](crate::replay::Avatar) is) and runs in `Update` and
//! `PostUpdate`, never in the fixed step: it can't change a level, a run, a replay or a hash. Its
//! randomness is a stream of its own ([`FxRng`]). Reduced motion (a setting) turns off the shake,
//! the flashes and the parallax.

pub mod banner;
pub mod decor;
pub mod fade;
pub mod music;
pub mod parallax;
pub mod particles;
pub mod puppet;
pub mod reactions;
pub mod shake;

use bevy::prelude::*;

use crate::save::Save;

/// Whether the player asked for a still screen (the setting, read each frame it changes).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Motion {
    pub reduced: bool,
}

/// The effects' own random numbers (SplitMix64): never a gameplay stream, never the clock.
#[derive(Resource, Debug)]
pub struct FxRng(u64);

impl Default for FxRng {
    fn default() -> Self {
        FxRng(0x5EED_FEE1)
    }
}

impl FxRng {
    pub(crate) fn next_u64(&mut self) -> u64 {
        seedfeast_procgen::rng::splitmix64(&mut self.0)
    }

    /// A float in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A float in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// Everything above, for the windowed game (and the headless tests that check it).
pub fn plugin(app: &mut App) {
    app.init_resource::<Motion>().init_resource::<FxRng>().add_systems(PreUpdate, read_motion);
    // Called, not added as plugins, so the tests can add the effects to an app already running.
    for part in [
        particles::plugin,
        reactions::plugin,
        shake::plugin,
        banner::plugin,
        fade::plugin,
        puppet::plugin,
        parallax::plugin,
        music::plugin,
    ] {
        part(app);
    }
}

fn read_motion(save: Res<Save>, mut motion: ResMut<Motion>) {
    let reduced = save.settings().reduced_motion();
    if motion.reduced != reduced {
        motion.reduced = reduced;
    }
}
