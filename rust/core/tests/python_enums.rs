//! The stub's enums (python/holecards/_core.pyi, written out for type
//! checkers and the API reference) must be the engine's Python enums: the
//! classes the binding builds from `PYTHON_ENUMS`, with the same members,
//! numbers and order. A member added to the engine fails here until the
//! stub has it (and mypy's stubtest checks the stub against the module).
use holecards_core::enums::{python_member, PYTHON_ENUMS};
use std::collections::BTreeMap;

/// `class Name(enum.IntEnum):` blocks of the stub: their `NAME = number` lines.
fn stub_enums() -> BTreeMap<String, Vec<(String, usize)>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../python/holecards/_core.pyi"
    );
    let text = std::fs::read_to_string(path).expect("python/holecards/_core.pyi");
    let mut out: BTreeMap<String, Vec<(String, usize)>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("class ") {
            current = rest.strip_suffix("(enum.IntEnum):").map(str::to_owned);
            if let Some(class) = &current {
                out.entry(class.clone()).or_default();
            }
        } else if let (Some(class), Some((name, value))) = (&current, line.split_once(" = ")) {
            let name = name.trim();
            if line.starts_with("    ") && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            {
                let value = value.trim().parse().expect("an enum member's number");
                out.entry(class.clone())
                    .or_default()
                    .push((name.to_owned(), value));
            }
        }
    }
    out
}

#[test]
fn the_stubs_enums_are_the_engines() {
    let stub = stub_enums();
    let engine: BTreeMap<String, Vec<(String, usize)>> = PYTHON_ENUMS
        .iter()
        .map(|e| (e.name.to_owned(), e.members().zip(0..).collect()))
        .collect();
    assert_eq!(
        stub.keys().collect::<Vec<_>>(),
        engine.keys().collect::<Vec<_>>(),
        "the stub's enum classes"
    );
    for (class, members) in &engine {
        assert_eq!(
            &stub[class], members,
            "the stub's {class} against the engine's"
        );
    }
    // Spelled out once here, as the Python names must read.
    assert_eq!(python_member("ThreeOfAKind"), "THREE_OF_A_KIND");
    assert_eq!(stub["Category"][3].0, "THREE_OF_A_KIND");
    assert_eq!(stub["EventKind"][15], ("AWARD".to_owned(), 15));
}
