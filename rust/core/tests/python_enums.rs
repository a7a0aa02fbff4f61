//! The Python package's enums (python/holecards/enums.py, written out for
//! type checkers and docs) must be the engine's enums: the same members,
//! with the same numbers, in the same order. A member added to the engine
//! fails here until enums.py has it.
use holecards_core::error::IllegalReason;
use holecards_core::game::{ActionKind, EventKind, Street, Structure};
use holecards_core::Category;
use std::collections::BTreeMap;

/// `ThreeOfAKind` -> `THREE_OF_A_KIND`.
fn screaming(debug: &str) -> String {
    let mut out = String::new();
    for (i, c) in debug.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// Each enum's members of `from(0)`, `from(1)`, ... until `None`, as Python names.
fn members<T: std::fmt::Debug>(from: impl Fn(u8) -> Option<T>) -> Vec<String> {
    (0..=u8::MAX)
        .map_while(from)
        .map(|m| screaming(&format!("{m:?}")))
        .collect()
}

/// `class Name(enum.IntEnum):` blocks of enums.py: their `NAME = number` lines.
fn python_enums() -> BTreeMap<String, Vec<(String, u32)>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../python/holecards/enums.py"
    );
    let text = std::fs::read_to_string(path).expect("python/holecards/enums.py");
    let mut out: BTreeMap<String, Vec<(String, u32)>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("class ") {
            current = rest.split('(').next().map(str::to_owned);
            out.entry(current.clone().unwrap()).or_default();
        } else if let (Some(class), Some((name, value))) = (&current, line.split_once(" = ")) {
            let name = name.trim();
            if line.starts_with("    ") && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            {
                let value = value.trim().parse().expect("an enum member's number");
                out.get_mut(class).unwrap().push((name.to_owned(), value));
            }
        }
    }
    out
}

#[test]
fn the_python_enums_are_the_engines() {
    let engine: BTreeMap<&str, Vec<String>> = [
        (
            "Category",
            members(|i| Category::ALL.get(i as usize).copied()),
        ),
        ("Street", members(Street::from_u8)),
        ("ActionKind", members(ActionKind::from_u8)),
        ("Structure", members(Structure::from_u8)),
        (
            "EventKind",
            members(|i| EventKind::ALL.get(i as usize).copied()),
        ),
        (
            "IllegalReason",
            members(|i| IllegalReason::ALL.get(i as usize).copied()),
        ),
    ]
    .into_iter()
    .collect();
    let python = python_enums();
    assert_eq!(
        python.keys().map(String::as_str).collect::<Vec<_>>(),
        engine.keys().copied().collect::<Vec<_>>(),
        "enums.py's classes"
    );
    for (class, names) in &engine {
        let expected: Vec<(String, u32)> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i as u32))
            .collect();
        assert_eq!(
            &python[*class], &expected,
            "holecards.enums.{class} against the engine's"
        );
    }
    // The engine's EventKind begins with ActionKind's members, numbered alike.
    let actions = &engine["ActionKind"];
    assert_eq!(engine["EventKind"][..actions.len()], actions[..]);
}
