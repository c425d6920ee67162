//! Each level's own music: entering a run composes its mode's [`Style`](seedfeast_music::Style) from the level's music
//! stream (`Subsystem::music`, which no generator reads), renders it once and loops it at the
//! music's volume, apart from the effects'. It pauses with the game and stops when the run ends.
//! The desktop plays it through Bevy's audio; the browser through Web Audio, like the effects.

use std::sync::Arc;

use bevy::prelude::*;
use seedfeast_procgen::rng::{Subsystem, stream};

use crate::save::Save;
use crate::session::Session;
use crate::state::{Pause, Screen};
use crate::ui::shortcuts::Presentation;

/// The song of the level being played, rendered (kept while the same level is retried).
#[derive(Resource, Debug, Clone)]
pub struct LevelMusic {
    /// Which level it belongs to: the mode's key, the seed and the level.
    pub level: (&'static str, u64, u32),
    pub song: seedfeast_music::Song,
    pub samples: Arc<[f32]>,
}

/// Composes the music of the session's level.
pub fn compose_for(session: &Session) -> (seedfeast_music::Song, Vec<f32>) {
    let info = session.mode.info();
    let mut rng = stream(session.seed, Subsystem::music(info.spec.rng_stream), session.level.unwrap_or(0));
    let song = seedfeast_music::compose(&info.feel.music, &mut rng);
    let samples = seedfeast_music::render(&song);
    (song, samples)
}

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), compose_level_music);
    #[cfg(not(target_arch = "wasm32"))]
    desktop::add(app);
    #[cfg(target_arch = "wasm32")]
    browser::add(app);
}

fn compose_level_music(mut commands: Commands, session: Res<Session>, music: Option<Res<LevelMusic>>) {
    let level = (session.mode.key(), session.seed.0, session.level.unwrap_or(0));
    if music.is_some_and(|music| music.level == level) {
        return;
    }
    let (song, samples) = compose_for(&session);
    commands.insert_resource(LevelMusic { level, song, samples: samples.into() });
}

/// The music's volume now: the setting, or none while muted or paused.
fn music_volume(save: &Save, presentation: &Presentation) -> f32 {
    presentation.volume(save.settings().music_volume())
}

#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use std::sync::Arc;

    use bevy::audio::{AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;

    use super::{LevelMusic, Pause, Presentation, Save, Screen, music_volume};

    #[derive(Component)]
    pub(crate) struct MusicTrack;

    pub fn add(app: &mut App) {
        app.add_systems(Update, (keep_playing.run_if(in_state(Screen::Playing)), follow_settings))
            .add_systems(OnEnter(Pause::Paused), |sinks: Query<&AudioSink, With<MusicTrack>>| {
                sinks.iter().for_each(AudioSink::pause)
            })
            .add_systems(OnExit(Pause::Paused), |sinks: Query<&AudioSink, With<MusicTrack>>| {
                sinks.iter().for_each(AudioSink::play)
            });
    }

    /// Starts the level's song when a run has none playing (each run starts it from the top; the
    /// track goes when the run's screen does).
    fn keep_playing(
        mut commands: Commands,
        music: Option<Res<LevelMusic>>,
        sources: Option<ResMut<Assets<AudioSource>>>,
        save: Res<Save>,
        presentation: Res<Presentation>,
        tracks: Query<(), With<MusicTrack>>,
    ) {
        // No audio (the headless tests): nothing to play.
        let (Some(music), Some(mut sources)) = (music, sources) else { return };
        if !tracks.is_empty() {
            return;
        }
        let bytes = seedfeast_music::wav::encode(&music.samples, seedfeast_music::RATE);
        let source = sources.add(AudioSource { bytes: Arc::from(bytes) });
        let volume = Volume::Linear(music_volume(&save, &presentation));
        commands.spawn((
            MusicTrack,
            AudioPlayer(source),
            PlaybackSettings::LOOP.with_volume(volume),
            DespawnOnExit(Screen::Playing),
        ));
    }

    fn follow_settings(
        save: Res<Save>,
        presentation: Res<Presentation>,
        mut sinks: Query<&mut AudioSink, With<MusicTrack>>,
    ) {
        if save.is_changed() || presentation.is_changed() {
            for mut sink in &mut sinks {
                sink.set_volume(Volume::Linear(music_volume(&save, &presentation)));
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use bevy::prelude::*;

    use super::{LevelMusic, Pause, Presentation, Save, Screen, music_volume};
    use crate::sound::browser::WebAudio;

    pub fn add(app: &mut App) {
        app.add_systems(Update, (start_music.run_if(in_state(Screen::Playing)), follow_settings))
            .add_systems(OnExit(Screen::Playing), |audio: Option<NonSendMut<WebAudio>>| {
                if let Some(mut audio) = audio {
                    audio.stop_music();
                }
            })
            .add_systems(OnEnter(Pause::Paused), |audio: Option<NonSend<WebAudio>>| {
                if let Some(audio) = audio {
                    audio.hold_music(true);
                }
            })
            .add_systems(OnExit(Pause::Paused), |audio: Option<NonSend<WebAudio>>| {
                if let Some(audio) = audio {
                    audio.hold_music(false);
                }
            });
    }

    fn start_music(
        music: Option<Res<LevelMusic>>,
        audio: Option<NonSendMut<WebAudio>>,
        save: Res<Save>,
        presentation: Res<Presentation>,
    ) {
        let (Some(music), Some(mut audio)) = (music, audio) else { return };
        if !audio.music_asked() {
            audio.play_music(&music.samples, seedfeast_music::RATE, music_volume(&save, &presentation));
        }
    }

    fn follow_settings(save: Res<Save>, presentation: Res<Presentation>, audio: Option<NonSend<WebAudio>>) {
        if let Some(audio) = audio.filter(|_| save.is_changed() || presentation.is_changed()) {
            audio.set_music_volume(music_volume(&save, &presentation));
        }
    }
}
