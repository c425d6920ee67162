//! A player's name on a score board: one rule, read by the board server and by the game, so a
//! name the game takes is one every board takes.

/// A name is 1 to this many characters.
pub const MAX_NAME_CHARS: usize = 20;

/// Checks a name: 1 to [`MAX_NAME_CHARS`] letters, digits, spaces or `. _ -`, not only spaces and
/// not starting or ending with one (trim what a player typed first). Letters are any script's.
pub fn check_name(name: &str) -> Result<String, String> {
    let count = name.chars().count();
    if count == 0 || name.trim().is_empty() {
        return Err("the name is empty: give 1 to 20 letters, digits, spaces or . _ -".into());
    }
    if count > MAX_NAME_CHARS {
        return Err(format!("the name has {count} characters; at most {MAX_NAME_CHARS}"));
    }
    if let Some(bad) = name.chars().find(|&c| !(c.is_alphanumeric() || matches!(c, ' ' | '.' | '_' | '-'))) {
        return Err(format!("the name can't hold {bad:?}: use letters, digits, spaces or . _ -"));
    }
    if name.trim() != name {
        return Err("the name starts or ends with a space".into());
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_letters_digits_spaces_and_three_marks() {
        for good in ["May", "chef_2", "Ana María", "a.b-c", "12345678901234567890"] {
            assert_eq!(check_name(good).as_deref(), Ok(good), "{good}");
        }
        for bad in ["", "   ", "<script>", "a\u{0}b", "x".repeat(21).as_str(), " May", "May ", "a/b", "😀"] {
            assert!(check_name(bad).is_err(), "{bad:?} was taken");
        }
    }
}
