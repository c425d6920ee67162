//! Sound in the browser: each cue is a Web Audio buffer, played through one gain node that holds
//! the saved volume.
//!
//! Bevy's audio reaches the browser through cpal's script-processor backend and its own decoder
//! and mixer; for ten short clips Web Audio does all of that itself, and the web module is 0.2 MB
//! smaller without them. The page (`web/index.html`) resumes the audio context on the first key,
//! click or touch, as browsers require.

use bevy::prelude::*;
use std::cell::Cell;
use tracing::warn;
use wasm_bindgen::JsValue;

use web_sys::{
    AudioBuffer, AudioBufferSourceNode, AudioContext, AudioContextState, AudioScheduledSourceNode, GainNode,
};

use super::{Sfx, this_frames_cues, wav};
use crate::save::Save;

/// The page's audio: the context, the effects' volume, one buffer per cue in [`Sfx::ALL`] order,
/// and the level's music on a volume of its own (issue #34).
pub struct WebAudio {
    context: AudioContext,
    volume: GainNode,
    buffers: Vec<AudioBuffer>,
    music_volume: GainNode,
    music: Option<AudioBufferSourceNode>,
    /// The music's volume setting, and whether it is held silent (the game paused).
    music_level: Cell<f32>,
    music_held: Cell<bool>,
    /// A song was asked for since the music last stopped (started or not: one that failed is
    /// not tried again every frame).
    music_asked: bool,
}

fn js_text(error: JsValue) -> String {
    error.as_string().unwrap_or_else(|| format!("{error:?}"))
}

impl WebAudio {
    /// Opens an audio context and loads every cue into it.
    pub fn open() -> Result<Self, String> {
        let context = AudioContext::new().map_err(js_text)?;
        let volume = context.create_gain().map_err(js_text)?;
        volume.connect_with_audio_node(&context.destination()).map_err(js_text)?;
        let music_volume = context.create_gain().map_err(js_text)?;
        music_volume.connect_with_audio_node(&context.destination()).map_err(js_text)?;
        let buffers = Sfx::ALL
            .iter()
            .map(|cue| {
                let clip = wav::decode(cue.wav()).map_err(|error| format!("{cue:?}: {error}"))?;
                let buffer = context.create_buffer(1, clip.samples.len() as u32, clip.rate as f32).map_err(js_text)?;
                buffer.copy_to_channel(&clip.samples, 0).map_err(js_text)?;
                Ok(buffer)
            })
            .collect::<Result<_, String>>()?;
        Ok(Self {
            context,
            volume,
            buffers,
            music_volume,
            music: None,
            music_level: Cell::new(0.0),
            music_held: Cell::new(false),
            music_asked: false,
        })
    }

    /// Loops `samples` (mono, at `rate`) as the music, in place of any playing.
    pub(crate) fn play_music(&mut self, samples: &[f32], rate: u32, level: f32) {
        self.stop_music();
        self.music_asked = true;
        self.set_music_volume(level);
        let started = (|| -> Result<AudioBufferSourceNode, JsValue> {
            let buffer = self.context.create_buffer(1, samples.len() as u32, rate as f32)?;
            buffer.copy_to_channel(samples, 0)?;
            let source = self.context.create_buffer_source()?;
            source.set_buffer(Some(&buffer));
            source.set_loop(true);
            source.connect_with_audio_node(&self.music_volume)?;
            source.start()?;
            Ok(source)
        })();
        match started {
            Ok(source) => self.music = Some(source),
            Err(problem) => warn!("Couldn't play the music: {}", js_text(problem)),
        }
    }

    /// Whether this run's song was asked for already (playing, or failed and said so once).
    pub(crate) fn music_asked(&self) -> bool {
        self.music_asked
    }

    pub(crate) fn stop_music(&mut self) {
        self.music_asked = false;
        if let Some(source) = self.music.take() {
            // The scheduled node's `stop`: web-sys marks the buffer node's own one deprecated.
            let _ = AudioScheduledSourceNode::stop(&source);
        }
        self.music_held.set(false);
    }

    /// Silences the music while the game is paused, and brings it back.
    pub(crate) fn hold_music(&self, held: bool) {
        self.music_held.set(held);
        self.set_music_volume(self.music_level.get());
    }

    pub fn set_music_volume(&self, level: f32) {
        self.music_level.set(level);
        let gain = if self.music_held.get() { 0.0 } else { level };
        self.music_volume.gain().set_value(gain);
    }

    /// How many cues are loaded, for the page's self-check.
    pub fn cues(&self) -> usize {
        self.buffers.len()
    }

    fn play(&self, cue: Sfx) -> Result<(), JsValue> {
        if self.context.state() == AudioContextState::Suspended {
            // Refused until the player has pressed something; the page resumes it then.
            let _ = self.context.resume();
        }
        let source = self.context.create_buffer_source()?;
        source.set_buffer(Some(&self.buffers[cue.index()]));
        source.connect_with_audio_node(&self.volume)?;
        source.start()
    }
}

pub(crate) struct BrowserSoundPlugin;

impl Plugin for BrowserSoundPlugin {
    fn build(&self, app: &mut App) {
        match WebAudio::open() {
            Ok(audio) => {
                app.insert_non_send(audio).add_systems(PostUpdate, (apply_volume, play_sounds).chain());
            }
            // The game plays on in silence.
            Err(problem) => warn!("No sound in this browser: {problem}"),
        }
    }
}

/// The saved volume (none while muted) applies at once, to sounds already playing too.
fn apply_volume(data: Res<Save>, presentation: Res<crate::ui::shortcuts::Presentation>, audio: NonSend<WebAudio>) {
    if data.is_changed() || presentation.is_changed() {
        audio.volume.gain().set_value(presentation.volume(data.settings().volume()));
    }
}

fn play_sounds(mut cues: MessageReader<Sfx>, audio: NonSend<WebAudio>) {
    for cue in this_frames_cues(&mut cues) {
        if let Err(problem) = audio.play(cue) {
            warn!("Couldn't play {cue:?}: {}", js_text(problem));
        }
    }
}
