//! The settings section as read: each value leniently ([`RawSettings`]), then checked and mended
//! into [`Settings`] ([`settings_from`]), every change told as a [`Mended`].

use serde::Deserialize;

use super::Mended;
use super::lenient::{KeyName, Lenient, RawBindings};
use crate::settings::{DEFAULT_MUSIC_VOLUME, DEFAULT_VOLUME, Stamped, clamp_volume, cut_chars};
use crate::{BOARD_ADDRESS_MAX_CHARS, Bindings, Colours, Defaults, JumpKey, PLAYER_NAME_MAX_CHARS, Settings, TextSize};

/// The settings as read, each value leniently: what [`settings_from`] checks and mends.
#[derive(Default, Deserialize)]
pub(super) struct RawSettings {
    #[serde(default)]
    pub(super) volume: Stamped<Lenient<f32>>,
    #[serde(default)]
    pub(super) jump_key: Stamped<Lenient<JumpKey>>,
    #[serde(default)]
    pub(super) keys: Stamped<Lenient<RawBindings>>,
    #[serde(default)]
    pub(super) fullscreen: Stamped<Lenient<bool>>,
    #[serde(default)]
    pub(super) muted: Stamped<Lenient<bool>>,
    #[serde(default)]
    pub(super) text_size: Stamped<Lenient<TextSize>>,
    #[serde(default)]
    pub(super) board: Stamped<Lenient<String>>,
    #[serde(default)]
    pub(super) player_name: Stamped<Lenient<String>>,
    #[serde(default)]
    pub(super) music_volume: Stamped<Lenient<f32>>,
    #[serde(default)]
    pub(super) reduced_motion: Stamped<Lenient<bool>>,
    #[serde(default)]
    pub(super) buttons: Stamped<Lenient<RawBindings>>,
    #[serde(default)]
    pub(super) colours: Stamped<Lenient<Colours>>,
}

/// A volume as read: kept (clamped to 0..=1, keeping its stamp, and said so), or `None` for
/// the default when missing or unusable (said so unless missing).
fn volume_from(
    read: Stamped<Lenient<f32>>,
    default: f32,
    mend: impl Fn(String, f32) -> Mended,
    mended: &mut Vec<Mended>,
) -> Option<Stamped<f32>> {
    match read.value {
        Lenient::Known(found) => match clamp_volume(found) {
            Some(now) => {
                if now != found {
                    mended.push(mend(found.to_string(), now));
                }
                Some(Stamped { value: now, at: read.at })
            }
            None => {
                mended.push(mend(found.to_string(), default));
                None
            }
        },
        Lenient::Unknown(found) => {
            mended.push(mend(found, default));
            None
        }
        Lenient::Missing => None,
    }
}

/// Stamped settings as read, checked and mended.
pub(super) fn settings_from(raw: RawSettings, mended: &mut Vec<Mended>) -> Settings {
    let RawSettings {
        volume,
        jump_key,
        keys,
        fullscreen,
        muted,
        text_size,
        board,
        player_name,
        music_volume,
        reduced_motion,
        buttons,
        colours,
    } = raw;
    let mut settings = Settings::default();
    let effects = |found, now| Mended::Volume { found, now };
    if let Some(volume) = volume_from(volume, DEFAULT_VOLUME, effects, mended) {
        settings.volume = volume;
    }
    let music = |found, now| Mended::MusicVolume { found, now };
    if let Some(volume) = volume_from(music_volume, DEFAULT_MUSIC_VOLUME, music, mended) {
        settings.music_volume = volume;
    }
    if let Some(key) = known_from(jump_key, |found| Mended::JumpKey { found }, mended) {
        settings.jump_key = key;
    }
    if let Some(on) = known_from(fullscreen, back_to("fullscreen", "off"), mended) {
        settings.fullscreen = on;
    }
    if let Some(on) = known_from(muted, back_to("muted", "off"), mended) {
        settings.muted = on;
    }
    if let Some(on) = known_from(reduced_motion, back_to("reduced motion", "off"), mended) {
        settings.reduced_motion = on;
    }
    if let Some(size) = known_from(text_size, back_to("text size", "Normal"), mended) {
        settings.text_size = size;
    }
    let board_cut = "cut to its first 200 characters";
    settings.board = bounded_text(board, ("board address", "off", board_cut), BOARD_ADDRESS_MAX_CHARS, mended);
    let name_cut = "cut to its first 20 characters";
    settings.player_name = bounded_text(player_name, ("player name", "empty", name_cut), PLAYER_NAME_MAX_CHARS, mended);
    if let Some(value) = known_from(colours, back_to("colours", "Standard"), mended) {
        settings.colours = value;
    }
    bindings_into(&mut settings, keys, buttons, mended);
    settings
}

/// A setting of a few known values as read: kept with its stamp, or `None` for the default when
/// missing or unusable (said so through `mend` unless missing).
fn known_from<T>(
    read: Stamped<Lenient<T>>,
    mend: impl FnOnce(String) -> Mended,
    mended: &mut Vec<Mended>,
) -> Option<Stamped<T>> {
    match read.value {
        Lenient::Known(value) => Some(Stamped { value, at: read.at }),
        Lenient::Unknown(found) => {
            mended.push(mend(found));
            None
        }
        Lenient::Missing => None,
    }
}

/// How an unusable setting `name` is told: back to `now`, its default.
fn back_to(name: &'static str, now: &'static str) -> impl FnOnce(String) -> Mended {
    move |found| Mended::Setting { name, found, now }
}

/// The chosen keys, then the chosen buttons, as read: each kept when there are any to read.
fn bindings_into(
    settings: &mut Settings,
    keys: Stamped<Lenient<RawBindings>>,
    buttons: Stamped<Lenient<RawBindings>>,
    mended: &mut Vec<Mended>,
) {
    let keyboard = Device {
        setting: "keys",
        all_default: "every action on its default key",
        not_a_name: "not a key's name",
        defaults: settings.key_defaults(),
        mend: |found, why| Mended::Key { found, why },
    };
    if let Some(bindings) = bindings_from(keys, &keyboard, mended) {
        settings.keys = bindings;
    }
    let pad = Device {
        setting: "buttons",
        all_default: "every action on its default button",
        not_a_name: "not a button's name",
        defaults: Defaults::Buttons,
        mend: |found, why| Mended::Button { found, why },
    };
    if let Some(bindings) = bindings_from(buttons, &pad, mended) {
        settings.buttons = bindings;
    }
}

/// A text setting as read: text over `max_chars` characters is cut (and told, as `cut`),
/// anything but text is back to `""` (told as `empty`), as if never set.
fn bounded_text(
    raw: Stamped<Lenient<String>>,
    (name, empty, cut_note): (&'static str, &'static str, &'static str),
    max_chars: usize,
    mended: &mut Vec<Mended>,
) -> Stamped<String> {
    match raw.value {
        Lenient::Known(text) => {
            let cut = cut_chars(&text, max_chars);
            if cut.len() < text.len() {
                let found = format!("{:?}…", cut_chars(&text, 40));
                mended.push(Mended::Setting { name, found, now: cut_note });
            }
            Stamped { value: cut.to_string(), at: raw.at }
        }
        Lenient::Unknown(found) => {
            mended.push(Mended::Setting { name, found, now: empty });
            Stamped::unchanged(String::new())
        }
        Lenient::Missing => Stamped::unchanged(String::new()),
    }
}

/// What tells the keyboard's chosen keys and the gamepad's chosen buttons apart as they are read.
struct Device<M> {
    setting: &'static str,
    all_default: &'static str,
    not_a_name: &'static str,
    defaults: Defaults,
    mend: M,
}

/// The chosen keys (or buttons) that can be used: each entry on its own, and no two actions on
/// one key. `None` when there were none to read, or they weren't a map (said so).
fn bindings_from(
    raw: Stamped<Lenient<RawBindings>>,
    device: &Device<impl Fn(String, &'static str) -> Mended>,
    mended: &mut Vec<Mended>,
) -> Option<Stamped<Bindings>> {
    let Device { setting, all_default, not_a_name, defaults, mend } = device;
    let defaults = *defaults;
    let entries = match raw.value {
        Lenient::Known(entries) => entries,
        Lenient::Unknown(found) => {
            mended.push(Mended::Setting { name: setting, found, now: all_default });
            return None;
        }
        Lenient::Missing => return None,
    };
    let mut bindings = Bindings::default();
    let mut seen = Vec::new();
    for (action, key) in entries {
        match (action, key) {
            (Lenient::Known(action), Lenient::Known(KeyName(key))) if !defaults.names(&key) => {
                mended.push(mend(format!("{key} for {}", action.name()), not_a_name));
                seen.push(action);
            }
            (Lenient::Known(action), Lenient::Known(KeyName(key))) => {
                if seen.contains(&action) {
                    mended.push(mend(format!("{} for {}", key, action.name()), "listed twice"));
                } else if key != defaults.of(action) {
                    bindings.0.insert(action, key);
                }
                seen.push(action);
            }
            (Lenient::Known(action), Lenient::Unknown(found)) => {
                mended.push(mend(format!("{found} for {}", action.name()), not_a_name));
            }
            (Lenient::Unknown(found), _) => mended.push(mend(format!("for {found}"), "no such action")),
            (_, Lenient::Missing) | (Lenient::Missing, _) => {}
        }
    }
    for (action, key) in bindings.without_clashes(defaults) {
        mended.push(mend(format!("{key} for {}", action.name()), defaults.clash_reason(&key)));
    }
    Some(Stamped { value: bindings, at: raw.at })
}
