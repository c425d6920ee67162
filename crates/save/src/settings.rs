//! The player's settings, each value carrying the stamp of its last change so that two windows
//! that change different settings (or the same one) merge to the latest change.

use serde::{Deserialize, Serialize};

use crate::{Action, BOARD_ADDRESS_MAX_CHARS, Bindings, Defaults, JumpKey, KeyRefused, PLAYER_NAME_MAX_CHARS};

/// A value and the time of its last change (milliseconds since the Unix epoch, from the caller).
///
/// Written as `(value: …, at: …)`. `at: 0` means "never changed": the default value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Stamped<T> {
    pub value: T,
    #[serde(default)]
    pub at: u64,
}

impl<T> Stamped<T> {
    /// A value nobody has changed yet.
    pub const fn unchanged(value: T) -> Stamped<T> {
        Stamped { value, at: 0 }
    }

    /// Records a change made at `now_ms`.
    ///
    /// The stamp is at least one past the previous one, not just `now_ms`: a change made after
    /// seeing a value must win over it even when this machine's clock is behind the one that
    /// wrote it (another computer sharing the folder, a clock set back). So "last change" means
    /// the last one in the order the player could see, whatever the clocks say.
    pub fn change(&mut self, value: T, now_ms: u64) {
        self.at = now_ms.max(self.at.saturating_add(1));
        self.value = value;
    }
}

/// How large the game's text is drawn (issue #29).
///
/// Saved by variant name; a name this version doesn't know falls back to [`TextSize::Normal`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TextSize {
    #[default]
    Normal,
    Large,
}

impl TextSize {
    /// Every choice, in the order the settings screen cycles through them.
    pub const ALL: [TextSize; 2] = [TextSize::Normal, TextSize::Large];

    pub fn name(self) -> &'static str {
        match self {
            TextSize::Normal => "Normal",
            TextSize::Large => "Large",
        }
    }

    pub fn from_name(name: &str) -> Option<TextSize> {
        Self::ALL.into_iter().find(|size| size.name() == name)
    }

    /// The next (`steps` > 0) or previous choice, wrapping around.
    pub fn cycled(self, steps: i32) -> TextSize {
        let count = Self::ALL.len() as i32;
        let at = Self::ALL.iter().position(|s| *s == self).unwrap_or(0) as i32;
        Self::ALL[(at + steps).rem_euclid(count) as usize]
    }
}

/// The colours things that play differently are drawn in (issue #29): the game's own, or a
/// palette chosen to stay apart for players with any of the common colour-vision deficiencies.
///
/// Saved by variant name; a name this version doesn't know falls back to [`Colours::Standard`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colours {
    #[default]
    Standard,
    /// Safe for protanopia, deuteranopia and tritanopia.
    ColourSafe,
}

impl Colours {
    /// Every choice, in the order the settings screen cycles through them.
    pub const ALL: [Colours; 2] = [Colours::Standard, Colours::ColourSafe];

    /// The variant's name as the save file writes it.
    pub fn name(self) -> &'static str {
        match self {
            Colours::Standard => "Standard",
            Colours::ColourSafe => "ColourSafe",
        }
    }

    /// The settings screen's name for it.
    pub fn label(self) -> &'static str {
        match self {
            Colours::Standard => "Standard",
            Colours::ColourSafe => "Colour-safe",
        }
    }

    pub fn from_name(name: &str) -> Option<Colours> {
        Self::ALL.into_iter().find(|colours| colours.name() == name)
    }
}

/// The default volume of the sound effects.
pub const DEFAULT_VOLUME: f32 = 0.8;
/// The default volume of the music: under the effects, which carry the game's information.
pub const DEFAULT_MUSIC_VOLUME: f32 = 0.5;

/// Everything the settings screen changes. Read with the getters, change with the setters (each
/// call is a change stamped with the `now_ms` it is given, even when the value stays the same:
/// the player's last action wins).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settings {
    pub(crate) volume: Stamped<f32>,
    pub(crate) jump_key: Stamped<JumpKey>,
    // Added after format 3 was first written: optional when read (an older file has none), and
    // written after the older settings so that a file cut short loses the newest first.
    pub(crate) keys: Stamped<Bindings>,
    pub(crate) fullscreen: Stamped<bool>,
    pub(crate) muted: Stamped<bool>,
    pub(crate) text_size: Stamped<TextSize>,
    // Added with format 4 (issue #31), after the others for the same reason.
    /// The score board server's address (`"https://scores.example.org"`), `""` for off.
    pub(crate) board: Stamped<String>,
    /// The name the player's runs go to the board under, `""` until they choose one.
    pub(crate) player_name: Stamped<String>,
    // Added with issue #34 (feel), after the others; no new format, as with issue #29's settings.
    /// The music's volume, 0 to 1, apart from the effects' (`volume`).
    pub(crate) music_volume: Stamped<f32>,
    /// No screen shake, flashes or parallax, for players who need a still screen.
    pub(crate) reduced_motion: Stamped<bool>,
    // Added with the rest of issue #29, after the others; no new format either.
    /// The gamepad buttons the player chose, by action.
    pub(crate) buttons: Stamped<Bindings>,
    pub(crate) colours: Stamped<Colours>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: Stamped::unchanged(DEFAULT_VOLUME),
            jump_key: Stamped::unchanged(JumpKey::default()),
            keys: Stamped::unchanged(Bindings::default()),
            fullscreen: Stamped::unchanged(false),
            muted: Stamped::unchanged(false),
            text_size: Stamped::unchanged(TextSize::Normal),
            board: Stamped::unchanged(String::new()),
            player_name: Stamped::unchanged(String::new()),
            music_volume: Stamped::unchanged(DEFAULT_MUSIC_VOLUME),
            reduced_motion: Stamped::unchanged(false),
            buttons: Stamped::unchanged(Bindings::default()),
            colours: Stamped::unchanged(Colours::Standard),
        }
    }
}

impl Settings {
    /// The sound effects' volume, 0 to 1.
    pub fn volume(&self) -> f32 {
        self.volume.value
    }

    /// Which keys jump and flap.
    pub fn jump_key(&self) -> JumpKey {
        self.jump_key.value
    }

    /// The volume with the stamp of its last change.
    pub fn volume_stamped(&self) -> Stamped<f32> {
        self.volume
    }

    /// The jump key with the stamp of its last change.
    pub fn jump_key_stamped(&self) -> Stamped<JumpKey> {
        self.jump_key
    }

    /// Sets the volume (clamped to 0..=1; a NaN is ignored).
    pub fn set_volume(&mut self, volume: f32, now_ms: u64) {
        if let Some(volume) = clamp_volume(volume) {
            self.volume.change(volume, now_ms);
        }
    }

    /// Turns the volume up (`steps` > 0) or down, staying within 0..=1 on whole tenths (divided,
    /// not multiplied by 0.1, so the file says 0.9 rather than 0.90000004).
    pub fn nudge_volume(&mut self, steps: i32, now_ms: u64) {
        let tenths = (self.volume.value * 10.0).round() as i32;
        let volume = tenths.saturating_add(steps).clamp(0, 10) as f32 / 10.0;
        self.volume.change(volume, now_ms);
    }

    pub fn set_jump_key(&mut self, key: JumpKey, now_ms: u64) {
        self.jump_key.change(key, now_ms);
    }

    /// Moves to the next (`steps` > 0) or previous jump key choice.
    pub fn cycle_jump_key(&mut self, steps: i32, now_ms: u64) {
        self.set_jump_key(self.jump_key.value.cycled(steps), now_ms);
    }

    /// The keys the player chose for actions (see [`Settings::key`] for every action's key).
    pub fn bindings(&self) -> &Bindings {
        &self.keys.value
    }

    /// The chosen keys with the stamp of their last change.
    pub fn keys_stamped(&self) -> &Stamped<Bindings> {
        &self.keys
    }

    /// The key that does `action` now: the player's, or its default.
    pub fn key(&self, action: Action) -> &str {
        self.keys.value.key(action, self.key_defaults())
    }

    /// Where the keys' defaults come from (the jump's follows the jump key preset).
    pub fn key_defaults(&self) -> Defaults {
        Defaults::Keys(self.jump_key.value)
    }

    /// Gives `action` the key named `key`, unless another action has it (the player must move
    /// that one first: two actions on one key would do both at once).
    pub fn bind_key(&mut self, action: Action, key: &str, now_ms: u64) -> Result<(), KeyRefused> {
        let keys = self.keys.value.bound(action, key, self.key_defaults())?;
        self.keys.change(keys, now_ms);
        Ok(())
    }

    /// Every action back on its default key.
    pub fn reset_keys(&mut self, now_ms: u64) {
        self.keys.change(Bindings::default(), now_ms);
    }

    /// The gamepad buttons the player chose for actions (see [`Settings::button`]).
    pub fn pad_bindings(&self) -> &Bindings {
        &self.buttons.value
    }

    /// The chosen buttons with the stamp of their last change.
    pub fn buttons_stamped(&self) -> &Stamped<Bindings> {
        &self.buttons
    }

    /// The gamepad button that does `action` now: the player's, or its default.
    pub fn button(&self, action: Action) -> &str {
        self.buttons.value.key(action, Defaults::Buttons)
    }

    /// Gives `action` the gamepad button named `button`, unless another action has it.
    pub fn bind_button(&mut self, action: Action, button: &str, now_ms: u64) -> Result<(), KeyRefused> {
        let buttons = self.buttons.value.bound(action, button, Defaults::Buttons)?;
        self.buttons.change(buttons, now_ms);
        Ok(())
    }

    /// Every action back on its default gamepad button.
    pub fn reset_buttons(&mut self, now_ms: u64) {
        self.buttons.change(Bindings::default(), now_ms);
    }

    /// The colours things that play differently are drawn in.
    pub fn colours(&self) -> Colours {
        self.colours.value
    }

    pub fn set_colours(&mut self, colours: Colours, now_ms: u64) {
        self.colours.change(colours, now_ms);
    }

    pub fn colours_stamped(&self) -> Stamped<Colours> {
        self.colours
    }

    pub fn fullscreen(&self) -> bool {
        self.fullscreen.value
    }

    pub fn set_fullscreen(&mut self, on: bool, now_ms: u64) {
        self.fullscreen.change(on, now_ms);
    }

    pub fn muted(&self) -> bool {
        self.muted.value
    }

    pub fn set_muted(&mut self, on: bool, now_ms: u64) {
        self.muted.change(on, now_ms);
    }

    pub fn text_size(&self) -> TextSize {
        self.text_size.value
    }

    pub fn set_text_size(&mut self, size: TextSize, now_ms: u64) {
        self.text_size.change(size, now_ms);
    }

    /// The stamped values of the settings added with remapping, for tests and the merge.
    pub fn fullscreen_stamped(&self) -> Stamped<bool> {
        self.fullscreen
    }

    pub fn muted_stamped(&self) -> Stamped<bool> {
        self.muted
    }

    pub fn text_size_stamped(&self) -> Stamped<TextSize> {
        self.text_size
    }

    /// The score board server's address, `""` when the board is off (the default).
    pub fn board(&self) -> &str {
        &self.board.value
    }

    /// Sets the board server's address (`""` turns the board off), cut to
    /// [`BOARD_ADDRESS_MAX_CHARS`] characters. The game checks that it is an address; this crate
    /// only keeps it.
    pub fn set_board(&mut self, address: &str, now_ms: u64) {
        self.board.change(cut_chars(address, BOARD_ADDRESS_MAX_CHARS).to_string(), now_ms);
    }

    pub fn board_stamped(&self) -> &Stamped<String> {
        &self.board
    }

    /// The name the player's runs are sent under, `""` until they choose one.
    pub fn player_name(&self) -> &str {
        &self.player_name.value
    }

    /// Sets the player's name for the boards, cut to [`PLAYER_NAME_MAX_CHARS`] characters. The
    /// game decides which names it accepts; this crate only bounds their length.
    pub fn set_player_name(&mut self, name: &str, now_ms: u64) {
        self.player_name.change(cut_chars(name, PLAYER_NAME_MAX_CHARS).to_string(), now_ms);
    }

    pub fn player_name_stamped(&self) -> &Stamped<String> {
        &self.player_name
    }

    /// The music's volume, 0 to 1.
    pub fn music_volume(&self) -> f32 {
        self.music_volume.value
    }

    pub fn music_volume_stamped(&self) -> Stamped<f32> {
        self.music_volume
    }

    /// Turns the music up (`steps` > 0) or down on whole tenths, as [`Settings::nudge_volume`].
    pub fn nudge_music_volume(&mut self, steps: i32, now_ms: u64) {
        let tenths = (self.music_volume.value * 10.0).round() as i32;
        self.music_volume.change(tenths.saturating_add(steps).clamp(0, 10) as f32 / 10.0, now_ms);
    }

    /// Sets the music's volume (clamped to 0..=1; a NaN is ignored).
    pub fn set_music_volume(&mut self, volume: f32, now_ms: u64) {
        if let Some(volume) = clamp_volume(volume) {
            self.music_volume.change(volume, now_ms);
        }
    }

    /// Whether the player asked for a still screen: no shake, flashes or parallax.
    pub fn reduced_motion(&self) -> bool {
        self.reduced_motion.value
    }

    pub fn set_reduced_motion(&mut self, on: bool, now_ms: u64) {
        self.reduced_motion.change(on, now_ms);
    }

    pub fn reduced_motion_stamped(&self) -> Stamped<bool> {
        self.reduced_motion
    }
}

/// `text`'s first `max_chars` characters (all of it when shorter): cut on a character boundary.
pub(crate) fn cut_chars(text: &str, max_chars: usize) -> &str {
    match text.char_indices().nth(max_chars) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

/// A volume within 0..=1, or `None` for a NaN. (Adding 0.0 turns -0.0 into 0.0, so the file never
/// says "-0.0" and equal volumes compare equal bit for bit in the merge's tie-break.)
pub(crate) fn clamp_volume(volume: f32) -> Option<f32> {
    if volume.is_nan() { None } else { Some(volume.clamp(0.0, 1.0) + 0.0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_stays_in_range_on_tenths() {
        let mut settings = Settings::default();
        settings.nudge_volume(5, 10);
        assert_eq!(settings.volume(), 1.0);
        settings.nudge_volume(-3, 11);
        assert_eq!(settings.volume(), 0.7);
        settings.nudge_volume(-20, 12);
        assert_eq!(settings.volume(), 0.0);
        settings.nudge_volume(i32::MAX, 13);
        assert_eq!(settings.volume(), 1.0);
        settings.set_volume(f32::NAN, 14);
        assert_eq!(settings.volume_stamped(), Stamped { value: 1.0, at: 13 });
        settings.set_volume(-3.0, 15);
        assert_eq!(settings.volume(), 0.0);
        settings.set_volume(f32::INFINITY, 16);
        assert_eq!(settings.volume(), 1.0);
    }

    #[test]
    fn the_music_volume_is_its_own_and_stays_in_range() {
        let mut settings = Settings::default();
        assert_eq!((settings.volume(), settings.music_volume()), (DEFAULT_VOLUME, DEFAULT_MUSIC_VOLUME));
        settings.nudge_music_volume(-2, 5);
        assert_eq!((settings.volume(), settings.music_volume()), (DEFAULT_VOLUME, 0.3), "the effects keep theirs");
        settings.nudge_music_volume(i32::MIN, 6);
        assert_eq!(settings.music_volume(), 0.0);
        settings.set_music_volume(f32::NAN, 7);
        assert_eq!(settings.music_volume_stamped(), Stamped { value: 0.0, at: 6 });
        settings.set_music_volume(4.0, 8);
        assert_eq!(settings.music_volume(), 1.0);
        assert!(!settings.reduced_motion());
        settings.set_reduced_motion(true, 9);
        assert_eq!(settings.reduced_motion_stamped(), Stamped { value: true, at: 9 });
    }

    #[test]
    fn buttons_are_bound_apart_from_keys_and_reset_on_their_own() {
        let mut settings = Settings::default();
        assert_eq!((settings.key(Action::Jump), settings.button(Action::Jump)), ("Space", "South"));
        settings.bind_key(Action::Jump, "KeyZ", 1).unwrap();
        // The keys and the buttons are two sets: the jump's new key frees no button.
        settings.bind_button(Action::Use, "LeftTrigger", 2).unwrap();
        assert_eq!(settings.bind_button(Action::Second, "South", 3), Err(KeyRefused::Taken(Action::Jump)));
        assert_eq!(settings.buttons_stamped().at, 2, "a refused button changes nothing");
        settings.bind_button(Action::Second, "RightTrigger", 4).unwrap();
        settings.reset_buttons(5);
        assert_eq!((settings.key(Action::Jump), settings.button(Action::Second)), ("KeyZ", "North"));
        assert_eq!(
            settings.bind_button(Action::Jump, "KeyZ", 6),
            Err(KeyRefused::NotAKey),
            "a key's name is no button"
        );
        assert!(settings.pad_bindings().is_empty());
        assert_eq!(settings.colours(), Colours::Standard);
        settings.set_colours(Colours::ColourSafe, 7);
        assert_eq!(settings.colours_stamped(), Stamped { value: Colours::ColourSafe, at: 7 });
        for colours in Colours::ALL {
            assert_eq!(Colours::from_name(colours.name()), Some(colours));
            assert_eq!(ron::to_string(&colours).unwrap(), colours.name());
        }
    }

    #[test]
    fn a_change_always_moves_the_stamp_forward_even_with_a_clock_behind() {
        let mut settings = Settings::default();
        settings.set_jump_key(JumpKey::Z, 1_000);
        assert_eq!(settings.jump_key_stamped(), Stamped { value: JumpKey::Z, at: 1_000 });
        // This clock says 500, but the change was made after seeing the one stamped 1000.
        settings.cycle_jump_key(1, 500);
        assert_eq!(settings.jump_key_stamped(), Stamped { value: JumpKey::X, at: 1_001 });
        let mut max = Stamped { value: 0u8, at: u64::MAX };
        max.change(1, 0);
        assert_eq!(max, Stamped { value: 1, at: u64::MAX });
    }

    #[test]
    fn the_board_and_the_name_are_stamped_and_cut_to_their_bounds() {
        let mut settings = Settings::default();
        assert_eq!((settings.board(), settings.player_name()), ("", ""), "off, and no name, by default");
        settings.set_board("http://127.0.0.1:8080", 7);
        settings.set_player_name("Ann", 8);
        assert_eq!(*settings.board_stamped(), Stamped { value: "http://127.0.0.1:8080".to_string(), at: 7 });
        assert_eq!(*settings.player_name_stamped(), Stamped { value: "Ann".to_string(), at: 8 });
        // Cut on a character boundary, never refused: "é" is two bytes.
        settings.set_player_name(&"é".repeat(PLAYER_NAME_MAX_CHARS + 3), 9);
        assert_eq!(settings.player_name(), "é".repeat(PLAYER_NAME_MAX_CHARS));
        let long = format!("https://{}", "ü".repeat(BOARD_ADDRESS_MAX_CHARS));
        settings.set_board(&long, 10);
        assert_eq!(settings.board().chars().count(), BOARD_ADDRESS_MAX_CHARS);
        assert!(long.starts_with(settings.board()));
        settings.set_board("", 11);
        assert_eq!(*settings.board_stamped(), Stamped { value: String::new(), at: 11 }, "off again");
        assert_eq!(cut_chars("abc", 0), "");
        assert_eq!(cut_chars("abc", 3), "abc");
    }
}
