//! Setting values read leniently: a value this version doesn't understand (an unknown jump key, a
//! volume written as text, a number for the board's address) is remembered as unknown instead of
//! failing the whole file, so the setting can fall back to its default while the scores load
//! untouched.

use std::fmt;

use serde::de::{self, Deserializer, EnumAccess, IgnoredAny, MapAccess, SeqAccess, VariantAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::{Action, Colours, JumpKey, KEY_NAME_MAX, TextSize, is_key_name};

/// A setting's value as found in a file.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) enum Lenient<T> {
    /// A value of the right kind (still to be range-checked).
    Known(T),
    /// Something else, described for the player ("\"loud\"", "K").
    Unknown(String),
    /// Absent from the file.
    #[default]
    Missing,
}

// Serialize exists only so `Stamped<Lenient<…>>` satisfies `Stamped`'s derives; files are
// written from `Settings`, never from these.
impl<T: Serialize> Serialize for Lenient<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Lenient::Known(value) => value.serialize(s),
            Lenient::Unknown(_) | Lenient::Missing => s.serialize_unit(),
        }
    }
}

/// The volume: any number is known (range-checked later); anything else is unknown.
impl<'de> Deserialize<'de> for Lenient<f32> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(NumberVisitor)
    }
}

struct NumberVisitor;

impl<'de> Visitor<'de> for NumberVisitor {
    type Value = Lenient<f32>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a volume")
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Lenient::Known(v as f32))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Lenient::Known(v as f32))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Lenient::Known(v as f32))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(Lenient::Known(v as f32))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(Lenient::Known(v as f32))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(v.to_string()))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(format!("{v:?}")))
    }
    fn visit_char<E: de::Error>(self, v: char) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(format!("{v:?}")))
    }
    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown("bytes".into()))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown("a name".into()))
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown("None".into()))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        IgnoredAny::deserialize(d)?;
        Ok(Lenient::Unknown("Some(…)".into()))
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        IgnoredAny::deserialize(d)?;
        Ok(Lenient::Unknown("(…)".into()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Lenient::Unknown("a list".into()))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Lenient::Unknown("a map".into()))
    }
}

/// A setting whose value is a bare variant name (`Z`, `Large`, `Jump`).
pub(crate) trait Named: Sized {
    /// The variant names, for RON's enum request.
    const NAMES: &'static [&'static str];
    /// What it is, for serde's messages.
    const WHAT: &'static str;
    fn from_name(name: &str) -> Option<Self>;
}

impl Named for JumpKey {
    const NAMES: &'static [&'static str] = &["SpaceUpW", "Space", "Z", "X", "J"];
    const WHAT: &'static str = "a jump key name";
    fn from_name(name: &str) -> Option<Self> {
        JumpKey::from_name(name)
    }
}

impl Named for Colours {
    const NAMES: &'static [&'static str] = &["Standard", "ColourSafe"];
    const WHAT: &'static str = "a colour scheme";
    fn from_name(name: &str) -> Option<Self> {
        Colours::from_name(name)
    }
}

impl Named for TextSize {
    const NAMES: &'static [&'static str] = &["Normal", "Large"];
    const WHAT: &'static str = "a text size";
    fn from_name(name: &str) -> Option<Self> {
        TextSize::from_name(name)
    }
}

impl Named for Action {
    const NAMES: &'static [&'static str] = &["Up", "Down", "Left", "Right", "Jump", "Use", "Second", "Pause"];
    const WHAT: &'static str = "an action name";
    fn from_name(name: &str) -> Option<Self> {
        Action::from_name(name)
    }
}

/// Any variant name is accepted and looked up. A name with data after it (`Z(3)`) still fails,
/// and the caller then reads the file with its settings left out.
impl<'de, T: Named> Deserialize<'de> for Lenient<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Asked for as an enum: RON only hands over a bare name (`Z`) that way.
        deserializer.deserialize_enum("Named", T::NAMES, NameVisitor(std::marker::PhantomData))
    }
}

struct NameVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Named> Visitor<'de> for NameVisitor<T> {
    type Value = Lenient<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::WHAT)
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        let (Name(name), variant) = data.variant()?;
        variant.unit_variant()?;
        Ok(T::from_name(&name).map_or(Lenient::Unknown(name), Lenient::Known))
    }
    // Formats that hand enums over as text (not RON today): the same lookup.
    fn visit_str<E: de::Error>(self, name: &str) -> Result<Self::Value, E> {
        Ok(T::from_name(name).map_or_else(|| Lenient::Unknown(name.to_string()), Lenient::Known))
    }
}

/// Whatever isn't the kind a visitor wants is unknown, described for the player, never an error
/// (an error would cost every setting, not just this one).
macro_rules! others_unknown {
    ($($skip:ident),*) => {
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok(Lenient::Unknown(v.to_string()))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok(Lenient::Unknown(v.to_string()))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok(Lenient::Unknown(v.to_string()))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(Lenient::Unknown("a name".into()))
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(Lenient::Unknown("None".into()))
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            IgnoredAny::deserialize(d)?;
            Ok(Lenient::Unknown("Some(…)".into()))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(Lenient::Unknown("a list".into()))
        }
    };
}

/// An on/off setting: `true` or `false`; anything else is unknown.
impl<'de> Deserialize<'de> for Lenient<bool> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(BoolVisitor)
    }
}

struct BoolVisitor;

impl<'de> Visitor<'de> for BoolVisitor {
    type Value = Lenient<bool>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("true or false")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Lenient::Known(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(format!("{v:?}")))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Lenient::Unknown("a map".into()))
    }
    others_unknown!();
}

/// A text setting (the board's address, the player's name): any text is known (cut to its bound
/// later); anything else is unknown.
impl<'de> Deserialize<'de> for Lenient<String> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TextVisitor)
    }
}

struct TextVisitor;

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Lenient<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("text")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Lenient::Known(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Lenient::Known(v))
    }
    fn visit_char<E: de::Error>(self, v: char) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(format!("{v:?}")))
    }
    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown("bytes".into()))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(v.to_string()))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Lenient::Unknown("a map".into()))
    }
    others_unknown!();
}

/// A key's name as found: text that looks like a key name is known; anything else is unknown.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct KeyName(pub String);

impl Serialize for KeyName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Lenient<KeyName> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(KeyNameVisitor)
    }
}

struct KeyNameVisitor;

impl<'de> Visitor<'de> for KeyNameVisitor {
    type Value = Lenient<KeyName>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key's name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(if is_key_name(v) {
            Lenient::Known(KeyName(v.to_string()))
        } else {
            Lenient::Unknown(format!("{:?}", v.chars().take(KEY_NAME_MAX).collect::<String>()))
        })
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(v.to_string()))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Lenient::Unknown("a map".into()))
    }
    others_unknown!();
}

/// The chosen keys as found: a map of action names to key names, each entry read on its own.
pub(crate) type RawBindings = Vec<(Lenient<Action>, Lenient<KeyName>)>;

impl<'de> Deserialize<'de> for Lenient<RawBindings> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(BindingsVisitor)
    }
}

struct BindingsVisitor;

impl<'de> Visitor<'de> for BindingsVisitor {
    type Value = Lenient<RawBindings>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map of actions to keys")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries = Vec::new();
        // Bounded: there are eight actions; a longer map is a damaged one, read to its end.
        while let Some(entry) = map.next_entry::<Lenient<Action>, Lenient<KeyName>>()? {
            if entries.len() < 4 * Action::ALL.len() {
                entries.push(entry);
            }
        }
        Ok(Lenient::Known(entries))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(format!("{:?}", v.chars().take(KEY_NAME_MAX).collect::<String>())))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Lenient::Unknown(v.to_string()))
    }
    others_unknown!();
}

/// An enum variant's name, whatever it is.
struct Name(String);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NameVisitor;
        impl Visitor<'_> for NameVisitor {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<Name, E> {
                Ok(Name(name.to_string()))
            }
        }
        deserializer.deserialize_identifier(NameVisitor)
    }
}
