//! The player's settings, each value carrying the stamp of its last change so that two windows
//! that change different settings (or the same one) merge to the latest change.

use serde::Serialize;

use crate::JumpKey;

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

/// The default master volume.
pub const DEFAULT_VOLUME: f32 = 0.8;

/// Everything the settings screen changes. Read with the getters, change with the setters (each
/// call is a change stamped with the `now_ms` it is given, even when the value stays the same:
/// the player's last action wins).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settings {
    pub(crate) volume: Stamped<f32>,
    pub(crate) jump_key: Stamped<JumpKey>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { volume: Stamped::unchanged(DEFAULT_VOLUME), jump_key: Stamped::unchanged(JumpKey::default()) }
    }
}

impl Settings {
    /// Master volume, 0 to 1.
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
}
