//! Sound effects: gameplay writes a [`Sfx`] message when something happens; in a window each cue
//! plays at the player's volume. Headless apps (tests) get the messages and no audio device.
//!
//! The WAVs live in `assets/sounds` (made by `scripts/make-sounds.py`) and are compiled into the
//! binary, so they play from any folder and in the browser without a fetch. The desktop plays them
//! through Bevy's audio (`desktop`); the browser through Web Audio (`browser`).

#[cfg(target_arch = "wasm32")]
pub mod browser;
#[cfg(not(target_arch = "wasm32"))]
mod desktop;
pub mod wav;

use bevy::prelude::*;

use crate::ui::menu::MenuChosen;

/// Something worth hearing.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sfx {
    Jump,
    Flap,
    Eat,
    /// A star, or a pursuer eaten while the chilli lasts.
    Bonus,
    PowerUp,
    /// A life lost, a fork, a wall.
    Hit,
    Gate,
    /// A maze floor or arena wave cleared.
    Clear,
    GameOver,
    Click,
}

impl Sfx {
    pub const ALL: [Sfx; 10] = [
        Sfx::Jump,
        Sfx::Flap,
        Sfx::Eat,
        Sfx::Bonus,
        Sfx::PowerUp,
        Sfx::Hit,
        Sfx::Gate,
        Sfx::Clear,
        Sfx::GameOver,
        Sfx::Click,
    ];

    /// The cue's place in [`Sfx::ALL`] (and in a player's table of loaded sounds).
    pub fn index(self) -> usize {
        Sfx::ALL.iter().position(|cue| *cue == self).unwrap_or(0)
    }

    /// The cue's WAV file, as compiled into the binary.
    pub fn wav(self) -> &'static [u8] {
        match self {
            Sfx::Jump => include_bytes!("../../assets/sounds/jump.wav"),
            Sfx::Flap => include_bytes!("../../assets/sounds/flap.wav"),
            Sfx::Eat => include_bytes!("../../assets/sounds/eat.wav"),
            Sfx::Bonus => include_bytes!("../../assets/sounds/bonus.wav"),
            Sfx::PowerUp => include_bytes!("../../assets/sounds/power.wav"),
            Sfx::Hit => include_bytes!("../../assets/sounds/hit.wav"),
            Sfx::Gate => include_bytes!("../../assets/sounds/gate.wav"),
            Sfx::Clear => include_bytes!("../../assets/sounds/clear.wav"),
            Sfx::GameOver => include_bytes!("../../assets/sounds/over.wav"),
            Sfx::Click => include_bytes!("../../assets/sounds/click.wav"),
        }
    }
}

/// This frame's cues, each at most once and in the order first heard (three tokens eaten in one
/// frame are one "eat").
pub(crate) fn this_frames_cues(cues: &mut MessageReader<Sfx>) -> Vec<Sfx> {
    let mut heard = Vec::new();
    for cue in cues.read() {
        if !heard.contains(cue) {
            heard.push(*cue);
        }
    }
    heard
}

/// A run's end is heard as it happens, at the start of its death beat, not half a second later
/// when the game-over card comes.
fn sound_the_end(over: Res<crate::run::RunOver>, mut sounded: Local<bool>, mut sfx: MessageWriter<Sfx>) {
    if over.decided && !*sounded {
        sfx.write(Sfx::GameOver);
    }
    *sounded = over.decided;
}

pub(crate) struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Sfx>().add_systems(Update, sound_the_end).add_observer(
            |_: On<MenuChosen>, mut sfx: MessageWriter<Sfx>| {
                sfx.write(Sfx::Click);
            },
        );
        #[cfg(not(target_arch = "wasm32"))]
        app.add_plugins(desktop::DesktopSoundPlugin);
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(browser::BrowserSoundPlugin);
    }
}
