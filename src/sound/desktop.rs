//! Sound on the desktop: each cue is a Bevy [`AudioSource`], played at the saved volume.

use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSource, GlobalVolume, PlaybackSettings, Volume};
use bevy::prelude::*;

use super::{Sfx, this_frames_cues};
use crate::save::Save;
use crate::ui::shortcuts::Presentation;

/// One loaded source per cue, in [`Sfx::ALL`] order; present only where audio exists.
#[derive(Resource)]
struct SfxBank(Vec<Handle<AudioSource>>);

pub(crate) struct DesktopSoundPlugin;

impl Plugin for DesktopSoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, load_sounds).add_systems(PostUpdate, (apply_mute, play_sounds).chain());
    }
}

fn load_sounds(mut commands: Commands, sources: Option<ResMut<Assets<AudioSource>>>) {
    let Some(mut sources) = sources else { return };
    let handles = Sfx::ALL.iter().map(|cue| sources.add(AudioSource { bytes: Arc::from(cue.wav()) })).collect();
    commands.insert_resource(SfxBank(handles));
}

/// Muting silences everything at once, music and effects, sounds already playing included.
fn apply_mute(data: Res<Save>, presentation: Res<Presentation>, volume: Option<ResMut<GlobalVolume>>) {
    if let Some(mut volume) = volume.filter(|_| data.is_changed() || presentation.is_changed()) {
        volume.volume = Volume::Linear(presentation.volume(1.0));
    }
}

/// Each cue plays at the effects' saved volume (none while muted); the music has its own
/// (`feel::music`); the global volume is only the mute.
fn play_sounds(
    mut commands: Commands,
    mut cues: MessageReader<Sfx>,
    bank: Option<Res<SfxBank>>,
    data: Res<Save>,
    presentation: Res<Presentation>,
) {
    let cues = this_frames_cues(&mut cues);
    if let Some(bank) = bank {
        let volume = Volume::Linear(presentation.volume(data.settings().volume()));
        for cue in cues {
            commands.spawn((AudioPlayer(bank.0[cue.index()].clone()), PlaybackSettings::DESPAWN.with_volume(volume)));
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::audio::{Decodable, Source};

    use super::*;
    use crate::sound::wav;

    /// Every cue decodes with Bevy's decoder as one short, audible channel, and to the same samples
    /// as the browser's reader (`wav::decode`), so both platforms play the same sound.
    #[test]
    fn every_cue_decodes_the_same_on_both_players() {
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

            let ours = wav::decode(cue.wav()).unwrap_or_else(|error| panic!("{cue:?}: {error}"));
            assert_eq!(ours.rate, 22_050, "{cue:?}");
            assert_eq!(ours.samples.len(), samples.len(), "{cue:?} length");
            for (i, (a, b)) in ours.samples.iter().zip(&samples).enumerate() {
                assert!((a - b).abs() < 1e-6, "{cue:?} sample {i}: ours {a}, Bevy's {b}");
            }
        }
    }
}
