use super::*;

#[test]
fn round_trips_every_width_of_seed() {
    for seed in [0, 1, 31, 32, 1 << 39, (1 << 40) - 1, 1 << 40, u64::MAX / 3, u64::MAX] {
        let code = Seed(seed).code();
        assert_eq!(code.to_string().parse::<SeedCode>(), Ok(code), "seed {seed}");
    }
}

#[test]
fn game_seeds_make_ten_character_codes() {
    let text = Seed::from_random_bits(u64::MAX).code().to_string();
    assert_eq!(text.len(), 11, "{text}");
    assert_eq!(&text[5..6], "-");
    assert!(text.starts_with('5'), "the version digit: {text}");
}

#[test]
fn catches_every_single_substitution_and_neighbour_swap() {
    for seed in [7u64, 0xDEAD_BEEF, (1 << 40) - 12345] {
        let text: Vec<u8> = Seed(seed).code().to_string().replace('-', "").into_bytes();
        for i in 0..text.len() {
            for &other in ALPHABET.iter() {
                if other == text[i] {
                    continue;
                }
                let mut typo = text.clone();
                typo[i] = other;
                let typo = String::from_utf8(typo).unwrap();
                assert!(typo.parse::<SeedCode>().is_err(), "{typo} accepted");
            }
            if i + 1 < text.len() && text[i] != text[i + 1] {
                let mut swapped = text.clone();
                swapped.swap(i, i + 1);
                let swapped = String::from_utf8(swapped).unwrap();
                assert!(swapped.parse::<SeedCode>().is_err(), "{swapped} accepted");
            }
        }
    }
}

#[test]
fn reads_like_crockford() {
    let code = Seed(0x1_0000_0001).code().to_string();
    let sloppy = code.to_lowercase().replace('1', "l").replace('0', "o");
    assert_eq!(sloppy.parse::<SeedCode>().map(|c| c.seed), Ok(Seed(0x1_0000_0001)));
}

#[test]
fn errors_say_what_is_wrong() {
    assert_eq!("1ABCU-00000".parse::<SeedCode>(), Err(SeedCodeError::BadCharacter { character: 'U', position: 5 }));
    assert_eq!("1ABC".parse::<SeedCode>(), Err(SeedCodeError::BadLength { found: 4 }));
    let mut v6 = encode_symbols(42, 6);
    let text: String = v6.drain(..).map(|v| ALPHABET[v as usize] as char).collect();
    assert_eq!(text.parse::<SeedCode>(), Err(SeedCodeError::UnknownVersion { version: 6 }));
    let message = SeedCodeError::UnknownVersion { version: 6 }.to_string();
    assert!(message.contains("version 6") && message.contains("plays versions 1, 2, 3, 4, 5"), "{message}");
    let message = SeedCodeError::TooOld { version: 1, since: 2 }.to_string();
    assert!(message.contains("version 1") && message.contains("since version 2"), "{message}");
    let mut big = vec![1u8];
    big.extend([31u8; MAX_DATA_CHARS]);
    big.push(check_symbol(&big));
    let big: String = big.iter().map(|&v| ALPHABET[v as usize] as char).collect();
    assert_eq!(big.parse::<SeedCode>(), Err(SeedCodeError::TooLarge));
}

#[test]
fn free_text_and_codes_are_told_apart() {
    let code = Seed(99).code();
    assert_eq!(SeedInput::parse(&code.to_string()), Ok(SeedInput::Code(code)));
    assert_eq!(SeedInput::parse(" pizza party "), Ok(SeedInput::Text("pizza party".into())));
    assert_eq!(SeedInput::parse("12345"), Ok(SeedInput::Text("12345".into())));
    assert!(matches!(SeedInput::parse("1K3F9-QZ2MU"), Err(SeedInputError::Code(SeedCodeError::BadCharacter { .. }))));
    assert_eq!(SeedInput::parse("   "), Err(SeedInputError::Empty));
    assert_eq!(
        SeedInput::parse(&"a".repeat(MAX_SEED_TEXT + 1)),
        Err(SeedInputError::TooLong { chars: MAX_SEED_TEXT + 1, link: false })
    );
}

#[test]
fn spaces_look_alike_version_digits_and_pasted_links_are_read_as_the_code() {
    let code = Seed::from_text("pizza party").code();
    let printed = code.to_string();
    let (left, right) = printed.split_once('-').unwrap();
    for typed in [
        format!("{left} {right}"),
        format!(" {left}  {right} "),
        format!("https://seedfeast.example/play/index.html?seed={printed}&mode=maze"),
        format!("?mode=arena&seed={printed}"),
        format!("seed={left}+{right}"),
    ] {
        let input = SeedInput::parse(&typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(input, SeedInput::Code(code), "{typed}");
        assert_eq!(input.reading(), format!("read as the code {printed}"));
    }
    // A version-1 code with its version digit typed as a look-alike letter.
    let old = SeedCode { seed: code.seed, version: 1 };
    for typed in ["l24MP-ANQ6N", "I24MP ANQ6N", "i24mp anq6n"] {
        assert_eq!(SeedInput::parse(typed), Ok(SeedInput::Code(old)), "{typed}");
    }
    // Words stay words, and a code-looking typo says why it became text.
    let text = SeedInput::parse("lollipop pie").unwrap();
    assert_eq!(text.reading(), "read as text: \"lollipop pie\"");
    // A code with a space for its hyphen and a typo is refused with the reason (issue #28).
    let typo = SeedInput::parse(&format!("{left} {}Y", &right[..4]));
    assert_eq!(typo, Err(SeedInputError::Code(SeedCodeError::CheckFailed)));
    // With its version digit typed as a letter it may be a word: text, saying why.
    let typo = SeedInput::parse(&format!("l{} {}Y", &left[1..], &right[..4])).unwrap();
    assert!(matches!(typo, SeedInput::Text(_)));
    assert!(typo.reading().contains("the check character does not match"), "{}", typo.reading());
    assert_eq!(SeedInput::parse("https://seedfeast.example/?mode=maze"), Err(SeedInputError::LinkWithoutSeed));
    assert_eq!(SeedInput::parse("?seed=pizza%20party").map(|i| i.seed()), Ok(Seed::from_text("pizza party")));
}

/// Issue #28, 4: the shapes people paste, each read as the code inside (each was read as
/// text before, silently another level), and a code-shaped typo refused, not played.
#[test]
fn pasted_shapes_are_read_as_the_code_inside() {
    let code = Seed(0x0123_4567).code();
    let printed = code.to_string();
    let (left, right) = printed.split_once('-').unwrap();
    let wide: String = printed
        .chars()
        .map(|c| if c.is_ascii_digit() { char::from_u32(c as u32 - '0' as u32 + 0xFF10).unwrap() } else { c })
        .collect();
    for pasted in [
        format!("\"{printed}\""),
        format!("'{printed}'"),
        format!("`{printed}`"),
        format!("#{printed}"),
        format!("Seed: {printed}"),
        format!("SEED={printed}"),
        format!("seed = {left} {right}"),
        format!("https://x/play/{printed}"),
        format!("https://x/play/#seed={printed}"),
        format!("\"https://x/?seed={printed}&mode=maze\""),
        wide,
        format!("\u{200F}{printed}"),
        format!("\u{202B}{printed}\u{202C}"),
        format!("\u{FEFF}{printed}\u{200B}"),
    ] {
        assert_eq!(SeedInput::parse(&pasted), Ok(SeedInput::Code(code)), "{pasted:?}");
    }
    // One wrong character, with a space for the hyphen, in any wrapping: refused, saying why.
    let typo = format!("{left} {}{}", &right[..4], if right.ends_with('X') { 'Y' } else { 'X' });
    for pasted in [typo.clone(), format!("\"{typo}\""), format!("Seed: {typo}")] {
        let error = SeedInput::parse(&pasted).unwrap_err();
        assert_eq!(error, SeedInputError::Code(SeedCodeError::CheckFailed), "{pasted:?}");
        assert!(error.to_string().contains("mistyped"), "{error}");
    }
    // Text keeps its own seed however it is wrapped: only a code is looked for inside.
    assert_eq!(SeedInput::parse("\"pizza party\"").map(|i| i.seed()), Ok(Seed::from_text("\"pizza party\"")));
    assert_eq!(SeedInput::parse("Seed: pizza").map(|i| i.seed()), Ok(Seed::from_text("Seed: pizza")));
}

#[test]
fn a_long_link_is_called_a_link() {
    let link = format!("https://x/?seed=1&ghost={}", "A".repeat(crate::link::MAX_LINK));
    let error = SeedInput::parse(&link).unwrap_err();
    assert!(matches!(error, SeedInputError::TooLong { link: true, .. }), "{error:?}");
    assert!(error.to_string().contains("that link is") && error.to_string().contains("16384"), "{error}");
}

#[test]
fn text_is_normalised_before_hashing_and_ascii_seeds_never_move() {
    // NFC: the same text typed two ways is one seed.
    assert_eq!(Seed::from_text("Cr\u{e8}me br\u{fb}l\u{e9}e"), Seed::from_text("Cre\u{300}me bru\u{302}le\u{301}e"));
    // ASCII text hashes exactly as before normalisation existed (the bytes are unchanged).
    for text in ["pizza party", "Pizza Party!", "12345", "a b c", "~`!@#$%^&*()"] {
        let old = Seed(fold_to_seed_bits(fnv1a64(text.trim().to_lowercase().as_bytes())));
        assert_eq!(Seed::from_text(text), old, "{text}");
    }
}

#[test]
fn hashes_are_pinned() {
    // Golden values: changing the text hash changes every shared text seed.
    assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(Seed::from_text("pizza party"), Seed(fold_to_seed_bits(fnv1a64(b"pizza party"))));
    assert_eq!(Seed::from_text("pizza party").code().to_string(), "524MP-ANQ6X");
    // The codes printed by versions 1 to 4 are the same seed.
    assert_eq!("424MP-ANQ6Z".parse::<SeedCode>().map(|c| (c.seed, c.version)), Ok((Seed::from_text("pizza party"), 4)));
    assert_eq!("324MP-ANQ6H".parse::<SeedCode>().map(|c| (c.seed, c.version)), Ok((Seed::from_text("pizza party"), 3)));
    assert_eq!("224MP-ANQ6K".parse::<SeedCode>().map(|c| (c.seed, c.version)), Ok((Seed::from_text("pizza party"), 2)));
    assert_eq!("124MP-ANQ6N".parse::<SeedCode>().map(|c| (c.seed, c.version)), Ok((Seed::from_text("pizza party"), 1)));
    assert_ne!(Seed::daily(2026, 11, 29), Seed::daily(2026, 11, 30));
    assert_eq!(Seed::daily(2026, 11, 29).code().to_string(), "5CARC-Q4DMX");
}

/// Issue #51, 7: `?seed=A&seed=B` hashed the last as text, and a link's mode and level were
/// dropped without a word. The seed reader now refuses the first and hands back the second.
#[test]
fn a_link_is_read_whole_or_refused() {
    use crate::link::LinkError;
    use crate::seed::LinkAsks;
    assert_eq!(SeedInput::parse("?seed=A&seed=B"), Err(SeedInputError::Link(LinkError::Repeated("seed".into()))));
    assert_eq!(SeedInput::parse("?seed=A&mode=zzz&x=1"), Err(SeedInputError::Link(LinkError::Unknown("x".into()))));
    let too_far = SeedInput::parse("https://x/?seed=424MP-ANQ6Z&mode=maze&level=99999999999").unwrap_err();
    assert_eq!(too_far, SeedInputError::Link(LinkError::BadLevel("99999999999".into())));
    let (input, asks) = SeedInput::parse_asking("\"https://x/?seed=pizza&mode=maze&level=5\"").unwrap();
    assert_eq!(
        (input, asks),
        (SeedInput::Text("pizza".into()), LinkAsks { mode: Some("maze".into()), level: Some(5) })
    );
    // A mistyped character that can't be seen is shown as an escape, not printed raw.
    let hidden = SeedInput::parse("124MP-ANQ6\u{0}").unwrap_err().to_string();
    assert!(!hidden.contains('\0'), "{hidden:?}");
}
