//! The game's own rules for settings this crate can only check the shape of (issue #51): which
//! keys and gamepad buttons an action may have (the game keeps Escape, Enter, the arrows, …, and
//! knows which names are keys at all), and which player names a board takes (procgen's rule,
//! which this crate can't depend on). A saved value the game refuses would otherwise load
//! silently and be ignored; [`Loaded::check_settings`] puts each back to its default and says so
//! in the load note, as the crate's own checks do.

use crate::{Action, Bindings, Defaults, LoadNote, Loaded, Mended, Stamped};

/// The game's rules, as functions: each says why a value is refused, or `None`/`Ok` to take it.
pub struct GameRules<'a> {
    /// Why `key` (a saved key's name, e.g. `"Escape"`) can't be `action`'s key.
    pub key: &'a dyn Fn(Action, &str) -> Option<&'static str>,
    /// Why `button` (a saved button's name, e.g. `"Start"`) can't be `action`'s button.
    pub button: &'a dyn Fn(Action, &str) -> Option<&'static str>,
    /// Why a saved player name is not one a board takes.
    pub player_name: &'a dyn Fn(&str) -> Result<(), String>,
}

impl Loaded {
    /// Checks the loaded keys, buttons and player name by the game's `rules`: each one refused
    /// goes back to its default, stamped `now_ms` (so the next save writes the default over it),
    /// and is listed in the note's `mended` ([`LoadNote::message`] tells the player). (Fresh
    /// data and a save set aside hold only defaults; a damaged save left read-only is told as
    /// such, and nothing is saved over it.)
    pub fn check_settings(&mut self, rules: &GameRules, now_ms: u64) {
        let settings = &mut self.data.settings;
        let mut mended = Vec::new();
        let key = |found: String, why| Mended::Key { found, why };
        let defaults = settings.key_defaults();
        if let Some(kept) = checked(&settings.keys, (rules.key, defaults), key, &mut mended) {
            settings.keys.change(kept, now_ms);
        }
        let button = |found: String, why| Mended::Button { found, why };
        if let Some(kept) = checked(&settings.buttons, (rules.button, Defaults::Buttons), button, &mut mended) {
            settings.buttons.change(kept, now_ms);
        }
        let name = settings.player_name.value.clone();
        if !name.is_empty()
            && let Err(why) = (rules.player_name)(&name)
        {
            mended.push(Mended::PlayerName { found: name, why });
            settings.player_name.change(String::new(), now_ms);
        }
        if mended.is_empty() {
            return;
        }
        match &mut self.note {
            LoadNote::Loaded { mended: list, .. } | LoadNote::Repaired { mended: list, .. } => list.extend(mended),
            LoadNote::Fresh => self.note = LoadNote::Loaded { from_version: crate::VERSION, mended },
            LoadNote::SetAside { .. } | LoadNote::ReadOnly(_) => {}
        }
    }
}

/// The bindings without the ones `refused` refuses (each told through `mend`), nor any whose
/// action's default, back in use, another action now has; `None` when every one is taken.
fn checked(
    bindings: &Stamped<Bindings>,
    (refused, defaults): (&dyn Fn(Action, &str) -> Option<&'static str>, Defaults),
    mend: impl Fn(String, &'static str) -> Mended,
    mended: &mut Vec<Mended>,
) -> Option<Bindings> {
    let mut kept = bindings.value.clone();
    for (action, name) in bindings.value.iter() {
        if let Some(why) = refused(action, name) {
            mended.push(mend(format!("{name} for {}", action.name()), why));
            kept.0.remove(&action);
        }
    }
    for (action, name) in kept.without_clashes(defaults) {
        mended.push(mend(format!("{name} for {}", action.name()), defaults.clash_reason(&name)));
    }
    (kept != bindings.value).then_some(kept)
}

#[cfg(test)]
mod tests;
