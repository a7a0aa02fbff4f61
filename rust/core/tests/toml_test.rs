//! The TOML reader against the toml-test suite's TOML 1.0 cases (a copy in
//! `tests/data/toml-test`, with its license): every invalid case refused,
//! every valid case read or, when it uses what the PHH model does not hold
//! (inline tables, nested tables, dotted keys, arrays of tables), refused as
//! such. The values are compared with the suite's JSON in
//! `tests/test_phh_toml.py`.
use holecards_core::phh::toml;
use std::path::{Path, PathBuf};

fn suite() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/toml-test")
}

fn cases(kind: &str) -> Vec<PathBuf> {
    let list =
        std::fs::read_to_string(suite().join("files-toml-1.0.0")).expect("the toml-test file list");
    let out: Vec<PathBuf> = list
        .lines()
        .filter(|l| l.starts_with(kind) && l.ends_with(".toml"))
        .map(|l| suite().join(l))
        .collect();
    assert!(out.len() > 100, "{kind}: {} cases", out.len());
    out
}

#[test]
fn every_invalid_case_is_refused() {
    let mut accepted = Vec::new();
    for path in cases("invalid/") {
        let bytes = std::fs::read(&path).expect("a case");
        // Not UTF-8 is refused before any TOML is read.
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        if toml::parse(text, &[]).is_ok() {
            accepted.push(
                path.strip_prefix(suite())
                    .unwrap_or(&path)
                    .display()
                    .to_string(),
            );
        }
    }
    assert!(
        accepted.is_empty(),
        "{} invalid cases accepted: {accepted:#?}",
        accepted.len()
    );
}

#[test]
fn every_valid_case_is_read_or_refused_as_outside_the_model() {
    let mut wrong = Vec::new();
    let mut read = 0;
    for path in cases("valid/") {
        let text = std::fs::read_to_string(&path).expect("a case");
        match toml::parse(&text, &[]) {
            Ok(_) => read += 1,
            Err(e) if !e.invalid && e.message.contains("is not part of the PHH format") => {}
            Err(e) => wrong.push(format!(
                "{}: line {}: {}",
                path.strip_prefix(suite()).unwrap_or(&path).display(),
                e.line,
                e.message
            )),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} valid cases refused: {wrong:#?}",
        wrong.len()
    );
    assert!(read > 60, "only {read} valid cases read");
}

fn num(text: &str) -> String {
    let doc = toml::parse(text, &[])
        .unwrap_or_else(|e| panic!("{text:?}: line {}: {}", e.line, e.message));
    match &doc.root[0].1 {
        toml::Value::Num(n) => n.to_string(),
        v => panic!("{text:?}: {v:?}"),
    }
}

fn refused(text: &str) -> toml::SyntaxError {
    match toml::parse(text, &[]) {
        Ok(doc) => panic!("{text:?} accepted: {doc:?}"),
        Err(e) => e,
    }
}

#[test]
fn what_the_grammar_refuses_is_refused() {
    // Accepted before: a date-time the decoder did not check, digits after
    // an underscore it did not check, TOML 1.1's escapes and times without
    // seconds, integers past 64 bits.
    for text in [
        "extra = 10000-1",
        "starting_stacks = [1, 2, 3-4]",
        "x = 1_000'x'",
        "x = 1_0a0",
        "x = 1__0",
        "x = 1_",
        "x = 0x_1",
        "x = 0o8",
        "x = 1979-05-27 07:32",
        "x = 07:32",
        "x = 1979-02-29",
        "x = 1979-13-01",
        "x = 1979-05-27T25:00:00",
        "x = 1979-05-27T07:32:00+24:00",
        "x = 1979-05-27T07:32:00.Z",
        "x = \"\\e\"",
        "x = \"\\x41\"",
        "\"\\x41\" = 1",
        "x = 9223372036854775808",
        "x = -9223372036854775809",
        "x = 0x8000000000000000",
        "x = 1.",
        "x = .5",
        "x = 1e",
        "x = 1.5e+",
        "x = 01.5",
        "x = +0x10",
    ] {
        let e = refused(text);
        assert!(e.invalid, "{text:?}: {}", e.message);
    }
}

#[test]
fn every_valid_number_is_converted() {
    assert_eq!(num("a = 0x10"), "16");
    assert_eq!(num("a = 0xdead_BEEF"), "3735928559");
    assert_eq!(num("a = 0o17"), "15");
    assert_eq!(num("a = 0b101"), "5");
    assert_eq!(num("a = 0x7FFFFFFFFFFFFFFF"), "9223372036854775807");
    assert_eq!(num("a = -9223372036854775808"), "-9223372036854775808");
    assert_eq!(num("a = 1_000"), "1000");
    assert_eq!(num("a = +7"), "+7");
    assert_eq!(num("a = 0.50"), "0.50");
    assert_eq!(num("a = 1_000.5e1_0"), "1000.5e10");
    assert_eq!(num("a = 6.626E-34"), "6.626E-34");
    assert_eq!(num("a = 1e400"), "1e400");
    assert_eq!(num("a = -nan"), "-nan");
    // Past any binary64 exponent: the float's value, infinite or zero.
    assert_eq!(num("a = 1e9999999999999999999"), "inf");
    assert_eq!(num("a = -1e99999"), "-inf");
    assert_eq!(num("a = 1e-99999"), "0.0");
    assert_eq!(num("a = 0.0e99999"), "0.0");
    assert_eq!(num("a = 1e10000"), "1e10000");
    for text in [
        "a = 1979-05-27T07:32:00Z",
        "a = 1979-05-27 07:32:00.999-07:00",
        "a = 2000-02-29",
        "a = 23:59:60",
        "a = 1979-05-27t07:32:00z",
    ] {
        let doc = toml::parse(text, &[]).unwrap_or_else(|e| panic!("{text:?}: {}", e.message));
        assert!(
            matches!(doc.root[0].1, toml::Value::DateTime(_)),
            "{text:?}"
        );
    }
}

/// Runs `f` on a thread with half the stack a pool's threads have (2 MiB).
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no overflow")
}

#[test]
fn deep_nesting_is_refused_without_recursing() {
    // 30,000 levels overflowed the stack in the parser's recursion.
    for deep in [33, 4_000, 30_000] {
        let e = on_small_stack(move || {
            refused(&format!("a = {}1{}", "[".repeat(deep), "]".repeat(deep)))
        });
        assert!(
            !e.invalid && e.message.contains("nested more than 32 deep"),
            "{deep}: {}",
            e.message
        );
    }
    // Unclosed: past the limit, the limit (found as the tokens are read,
    // before the parse would find the array unclosed); within it, the
    // syntax error. And inside an inline table.
    let e = on_small_stack(|| refused(&format!("a = {}", "[".repeat(30_000))));
    assert!(
        e.message.contains("nested more than 32 deep"),
        "{}",
        e.message
    );
    let e = on_small_stack(|| refused(&format!("a = {}1", "[".repeat(30))));
    assert!(e.message.contains("unclosed array"), "{}", e.message);
    let e = on_small_stack(|| refused(&format!("a = {}", "{a=".repeat(30_000))));
    assert!(e.message.contains("inline table"), "{}", e.message);
    let doc =
        on_small_stack(|| toml::parse(&format!("a = {}1{}", "[".repeat(32), "]".repeat(32)), &[]));
    assert!(doc.is_ok());
}

#[test]
fn every_limit_is_refused_with_its_name() {
    let check = |text: String, what: &str| {
        let e = refused(&text);
        assert!(
            !e.invalid && e.message.contains(what) && e.message.contains("limit"),
            "{what}: {}",
            e.message
        );
    };
    check(
        format!("a = [{}]", "1,".repeat(toml::MAX_ITEMS + 1)),
        "an array of more than 100000 items",
    );
    check(
        format!("a = '{}'", "x".repeat(toml::MAX_STRING + 1)),
        "a string of more than 65536 bytes",
    );
    check(
        format!("'{}' = 1", "x".repeat(toml::MAX_STRING + 1)),
        "a key of more than 65536 bytes",
    );
    check(
        format!("a = 1{}", "0".repeat(toml::MAX_NUMBER)),
        "a number or date-time of more than 1000 characters",
    );
    check(
        (0..=toml::MAX_FIELDS)
            .map(|i| format!("k{i} = 1\n"))
            .collect(),
        "a table of more than 10000 keys",
    );
    check(
        (0..=toml::MAX_TABLES).map(|i| format!("[{i}]\n")).collect(),
        "more than 100000 tables",
    );
    check(" ".repeat(toml::MAX_BYTES + 1), "more than 33554432");
    // many arrays each within its limit: the document's items in all
    let line = format!("a = [{}]\n", "1,".repeat(toml::MAX_ITEMS - 1));
    check(
        (0..=toml::MAX_TOTAL_ITEMS / toml::MAX_ITEMS)
            .map(|i| format!("[{i}]\n{line}"))
            .collect(),
        "more than 4000000 array items in the document",
    );
}

/// Array values are not tables: a `.phhs` of 30,000 hands with four
/// arrays each (150,000 bracketed things at the top level, each hand's
/// header among them) is within the limit of 100,000 tables, top-level
/// arrays spread over lines too.
#[test]
fn array_values_do_not_count_as_tables() {
    let text: String = (0..30_000)
        .map(|i| format!("[{i}]\na = [1]\nb = [\n  [1, 2],\n]\nc = [2] # [x]\nd = []\n"))
        .collect();
    let doc = toml::parse(&text, &[]).unwrap_or_else(|e| panic!("line {}: {}", e.line, e.message));
    assert_eq!(doc.tables.len(), 30_000);
}

#[test]
fn duplicates_are_found_in_long_tables_too() {
    // Long tables keep a set of their keys (reading was quadratic in their
    // length): a duplicate is still found, before and after the set exists.
    for n in [3, 16, 17, 40, 5_000] {
        let mut text: String = (0..n).map(|i| format!("k{i} = 1\n")).collect();
        text.push_str("k1 = 2\n");
        let e = refused(&text);
        assert!(
            e.message.contains("the key \"k1\" twice") && e.line == n + 1,
            "{n}: line {}: {}",
            e.line,
            e.message
        );
        let mut text: String = (0..n).map(|i| format!("[{i}]\nx = 1\n")).collect();
        text.push_str("[1]\n");
        let e = refused(&text);
        assert!(
            e.message.contains("the table [1] twice"),
            "{n}: {}",
            e.message
        );
    }
    let text: String = (0..toml::MAX_FIELDS)
        .map(|i| format!("k{i} = {i}\n"))
        .collect();
    let doc = toml::parse(&text, &[]).expect("10,000 keys");
    assert_eq!(doc.root.len(), toml::MAX_FIELDS);
}
