//! The engine's small enums, each declared once with [`named_enum!`]: its
//! members numbered 0, 1, 2, ... in order, every member in `ALL`, the member
//! of a number, and each member's name. The enums Python sees as
//! `enum.IntEnum`s are listed in [`PYTHON_ENUMS`]: the binding builds those
//! classes from it, so their members and numbers are the engine's.

/// Declares `enum $name` with `ALL`, `from_u8` and `name`, members numbered
/// in declaration order (`#[repr(u8)]`), and its [`Members`] (the variants'
/// own names, for the Python enums).
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every member, in order: member `i` has number `i`.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// The member numbered `v` (its `repr(u8)` value, as Python's enum has it).
            pub fn from_u8(v: u8) -> Option<$name> {
                $name::ALL.get(v as usize).copied()
            }

            /// This member's name.
            pub fn name(self) -> &'static str {
                $name::NAMES[self as usize]
            }

            /// The members' names, member `i` at `i`.
            pub const NAMES: [&'static str; $name::ALL.len()] = [$($text),+];

            /// The member called `text`.
            pub fn by_name(text: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|m| m.name() == text)
            }
        }

        impl From<$name> for u8 {
            fn from(v: $name) -> u8 {
                v as u8
            }
        }

        impl $crate::enums::Members for $name {
            const NAME: &'static str = stringify!($name);
            const VARIANTS: &'static [&'static str] = &[$(stringify!($variant)),+];
        }
    };
}
pub(crate) use named_enum;

/// The variants of an enum declared with [`named_enum!`], by number.
pub trait Members: Copy + Into<u8> {
    /// The enum's name.
    const NAME: &'static str;
    /// The Rust names of the variants (`ThreeOfAKind`), member `i` at `i`.
    const VARIANTS: &'static [&'static str];
}

/// An enum Python sees as an `enum.IntEnum` of module `holecards.enums`.
#[derive(Copy, Clone, Debug)]
pub struct PythonEnum {
    /// The class name.
    pub name: &'static str,
    /// The class docstring.
    pub doc: &'static str,
    /// The Rust names of the members, member `i` numbered `i`; Python's are
    /// [`python_member`] of them.
    pub variants: &'static [&'static str],
}

impl PythonEnum {
    const fn of<T: Members>(doc: &'static str) -> PythonEnum {
        PythonEnum {
            name: T::NAME,
            doc,
            variants: T::VARIANTS,
        }
    }

    /// Python's member names, in order (`THREE_OF_A_KIND`).
    pub fn members(&self) -> impl Iterator<Item = String> + '_ {
        self.variants.iter().map(|v| python_member(v))
    }
}

/// The enums of `holecards.enums`.
pub const PYTHON_ENUMS: [PythonEnum; 6] = [
    PythonEnum::of::<crate::eval::Category>(
        "Hand categories, weakest first. A royal flush is the top straight flush.",
    ),
    PythonEnum::of::<crate::game::Street>("Betting rounds; ``SHOWDOWN`` once cards were shown."),
    PythonEnum::of::<crate::game::ActionKind>("What an entry of :attr:`Hand.history` records."),
    PythonEnum::of::<crate::game::Structure>("Betting structures."),
    PythonEnum::of::<crate::game::EventKind>(
        "What an entry of :attr:`Hand.events` records. The first nine are the\n\
         :class:`ActionKind` members, with the same numbers.",
    ),
    PythonEnum::of::<crate::error::IllegalReason>(
        "Why an action was refused: :attr:`IllegalActionError.reason`.",
    ),
];

/// Where the enum called `name` is in [`PYTHON_ENUMS`] (`None`: not a
/// Python enum).
pub const fn python_index(name: &str) -> Option<usize> {
    let mut i = 0;
    while i < PYTHON_ENUMS.len() {
        if same(PYTHON_ENUMS[i].name, name) {
            return Some(i);
        }
        i += 1;
    }
    None
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A variant's name as a Python enum member: `ThreeOfAKind` is
/// `THREE_OF_A_KIND`.
pub fn python_member(variant: &str) -> String {
    let mut out = String::with_capacity(variant.len() + 4);
    for (i, c) in variant.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_member_names() {
        assert_eq!(python_member("ThreeOfAKind"), "THREE_OF_A_KIND");
        assert_eq!(python_member("Flush"), "FLUSH");
        assert_eq!(python_member("PostBigBlind"), "POST_BIG_BLIND");
    }

    #[test]
    fn numbers_follow_the_declaration_and_names_the_members() {
        use crate::game::EventKind;
        for (i, k) in EventKind::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i);
            assert_eq!(EventKind::from_u8(i as u8), Some(*k));
        }
        assert_eq!(EventKind::from_u8(EventKind::ALL.len() as u8), None);
        assert_eq!(EventKind::Award.name(), "AWARD");
    }

    #[test]
    fn action_kinds_are_the_first_event_kinds() {
        use crate::game::{ActionKind, EventKind};
        for a in ActionKind::ALL {
            let e = EventKind::from(a);
            assert_eq!(e.name(), a.name());
            assert_eq!(e.action(), Some(a));
            // The first nine share their numbers; the stud bring-in and
            // the draw games' discard came later.
            if a != ActionKind::BringIn && a != ActionKind::Discard {
                assert_eq!(e as u8, a as u8);
            }
        }
        assert_eq!(EventKind::from(ActionKind::BringIn), EventKind::BringIn);
        assert_eq!(EventKind::from(ActionKind::Discard), EventKind::Discard);
        assert_eq!(EventKind::DealUp.action(), None);
        assert_eq!(EventKind::DealHole.action(), None);
    }

    #[test]
    fn python_enums_are_found_by_name() {
        assert_eq!(python_index("Category"), Some(0));
        assert_eq!(python_index("IllegalReason"), Some(5));
        assert_eq!(python_index("BotKind"), None);
        for e in PYTHON_ENUMS {
            assert_eq!(e.members().count(), e.variants.len());
        }
    }
}
