//! Setting values read leniently: a value this version doesn't understand (an unknown jump key, a
//! volume written as text) is remembered as unknown instead of failing the whole file, so the
//! setting can fall back to its default while the scores load untouched.

use std::fmt;

use serde::de::{self, Deserializer, EnumAccess, IgnoredAny, MapAccess, SeqAccess, VariantAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::JumpKey;

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

/// The jump key: any variant name is accepted and looked up. A name with data after it
/// (`Z(3)`) still fails, and the caller then reads the file with its settings left out.
impl<'de> Deserialize<'de> for Lenient<JumpKey> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Asked for as an enum: RON only hands over a bare name (`Z`) that way.
        const NAMES: &[&str] = &["SpaceUpW", "Space", "Z", "X", "J"];
        deserializer.deserialize_enum("JumpKey", NAMES, KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Lenient<JumpKey>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a jump key name")
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        let (Name(name), variant) = data.variant()?;
        variant.unit_variant()?;
        Ok(JumpKey::from_name(&name).map_or(Lenient::Unknown(name), Lenient::Known))
    }
    // Formats that hand enums over as text (not RON today): the same lookup.
    fn visit_str<E: de::Error>(self, name: &str) -> Result<Self::Value, E> {
        Ok(JumpKey::from_name(name).map_or_else(|| Lenient::Unknown(name.to_string()), Lenient::Known))
    }
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
