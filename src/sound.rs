//! Sound effects: gameplay writes a [`Sfx`] message when something happens; in a window each cue
//! plays at the player's volume. Headless apps (tests) get the messages and no audio device.
//!
//! The WAVs live in `assets/sounds` (made by `scripts/make-sounds.py`) and are compiled into the
//! binary, so they play from any folder and in the browser without a fetch.

use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSource, GlobalVolume, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::save::SaveData;
use crate::state::Screen;
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

    fn wav(self) -> &'static [u8] {
        match self {
            Sfx::Jump => include_bytes!("../assets/sounds/jump.wav"),
            Sfx::Flap => include_bytes!("../assets/sounds/flap.wav"),
            Sfx::Eat => include_bytes!("../assets/sounds/eat.wav"),
            Sfx::Bonus => include_bytes!("../assets/sounds/bonus.wav"),
            Sfx::PowerUp => include_bytes!("../assets/sounds/power.wav"),
            Sfx::Hit => include_bytes!("../assets/sounds/hit.wav"),
            Sfx::Gate => include_bytes!("../assets/sounds/gate.wav"),
            Sfx::Clear => include_bytes!("../assets/sounds/clear.wav"),
            Sfx::GameOver => include_bytes!("../assets/sounds/over.wav"),
            Sfx::Click => include_bytes!("../assets/sounds/click.wav"),
        }
    }
}

/// One loaded source per cue, in [`Sfx::ALL`] order; present only where audio exists.
#[derive(Resource)]
struct SfxBank(Vec<Handle<AudioSource>>);

pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Sfx>()
            .add_systems(Startup, load_sounds)
            .add_systems(OnEnter(Screen::GameOver), |mut sfx: MessageWriter<Sfx>| {
                sfx.write(Sfx::GameOver);
            })
            .add_systems(PostUpdate, (apply_volume, play_sounds).chain())
            .add_observer(|_: On<MenuChosen>, mut sfx: MessageWriter<Sfx>| {
                sfx.write(Sfx::Click);
            });
    }
}

fn load_sounds(mut commands: Commands, sources: Option<ResMut<Assets<AudioSource>>>) {
    let Some(mut sources) = sources else { return };
    let handles = Sfx::ALL.iter().map(|cue| sources.add(AudioSource { bytes: Arc::from(cue.wav()) })).collect();
    commands.insert_resource(SfxBank(handles));
}

/// The saved volume applies to every sound started after it changes.
fn apply_volume(data: Res<SaveData>, volume: Option<ResMut<GlobalVolume>>) {
    if let Some(mut volume) = volume.filter(|_| data.is_changed()) {
        volume.volume = Volume::Linear(data.settings.volume);
    }
}

/// Plays this frame's cues, each at most once (three tokens eaten in one frame are one "eat").
fn play_sounds(mut commands: Commands, mut cues: MessageReader<Sfx>, bank: Option<Res<SfxBank>>) {
    let mut played = [false; Sfx::ALL.len()];
    for cue in cues.read() {
        let index = Sfx::ALL.iter().position(|c| c == cue).unwrap_or(0);
        if let Some(bank) = bank.as_ref().filter(|_| !played[index]) {
            commands.spawn((AudioPlayer(bank.0[index].clone()), PlaybackSettings::DESPAWN));
        }
        played[index] = true;
    }
}

#[cfg(test)]
mod tests {
    use bevy::audio::{Decodable, Source};

    use super::*;

    /// Every cue decodes with the decoder the game plays it through, as one short, audible channel.
    #[test]
    fn every_cue_decodes_to_an_audible_mono_clip() {
        for cue in Sfx::ALL {
            let source = AudioSource { bytes: Arc::from(cue.wav()) };
            let decoder = source.decoder();
            assert_eq!(u16::from(decoder.channels()), 1, "{cue:?} is mono");
            assert_eq!(u32::from(decoder.sample_rate()), 22_050, "{cue:?} sample rate");
            let samples: Vec<f32> = decoder.collect();
            let seconds = samples.len() as f32 / 22_050.0;
            assert!((0.02..=1.0).contains(&seconds), "{cue:?} lasts {seconds} s");
            let peak = samples.iter().fold(0.0_f32, |peak, s| peak.max(s.abs()));
            // The quietest cues (square waves at a fifth of full scale) peak near 0.12; 8-bit noise is 1/128.
            assert!(peak > 0.1, "{cue:?} peaks at only {peak}");
        }
    }
}
