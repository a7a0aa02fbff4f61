//! PokerStars hand histories converted to PHH: a hand worked through by
//! hand, and hostile text.
use holecards_core::phh::toml::Value;
use holecards_core::site::{convert, decode, detect, ProblemKind, Site};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../tests/data/sites/pokerstars/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    decode(&std::fs::read(path).unwrap()).into_owned()
}

fn strs(v: &Value) -> Vec<String> {
    match v {
        Value::Array(items) => items
            .iter()
            .map(|x| match x {
                Value::Str(s) => s.clone(),
                Value::Num(n) => n.as_str().to_string(),
                _ => panic!("{x:?}"),
            })
            .collect(),
        _ => panic!("{v:?}"),
    }
}

/// A tournament hand (hhp's posts-allin.txt) worked through by hand: the
/// button is seat 8, so p1 is seat 9 (grmpjb, the small blind 10), p2 seat 1
/// (norgas69, the big blind: 11 all-in of a 20 blind, written as 20, the
/// stack limiting it), then seats 3 to 8. Every player antes 3. Put in:
/// grmpjb 3 + 10 = 13, norgas69 3 + 11 = 14, MasterQkiu and trips1126 3 +
/// 180 + 300 = 483 (2,458 raised, 2,158 returned), the four others 3:
/// 1,005, the total pot; MasterQkiu collects 938 + 67 = 1,005 and ends with
/// 2,641 - 483 + 1,005 = 3,163.
#[test]
fn a_short_all_in_big_blind_converts_to_the_chip() {
    let text = fixture("hhp-posts-allin.txt");
    assert_eq!(detect(&text), Some(Site::PokerStars));
    let c = convert(&text, "posts-allin.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    assert_eq!(c.hands.len(), 1);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(
        get("players"),
        [
            "grmpjb",
            "norgas69",
            "renniweg",
            "p_coxinha",
            "MasterQkiu",
            "Oterbach",
            "SilveradoSP",
            "trips1126"
        ]
    );
    assert_eq!(get("seats"), ["9", "1", "3", "4", "5", "6", "7", "8"]);
    assert_eq!(get("antes"), ["3"; 8]);
    assert_eq!(
        get("blinds_or_straddles"),
        ["10", "20", "0", "0", "0", "0", "0", "0"]
    );
    assert_eq!(
        get("starting_stacks"),
        ["1379", "14", "1229", "1144", "2641", "1825", "1389", "2310"]
    );
    assert_eq!(
        get("actions"),
        [
            "d dh p1 ????",
            "d dh p2 9hAs",
            "d dh p3 4cQd",
            "d dh p4 ????",
            "d dh p5 KdTs",
            "d dh p6 ????",
            "d dh p7 ????",
            "d dh p8 ????",
            "p3 f",
            "p4 f",
            "p5 cc",
            "p6 f",
            "p7 f",
            "p8 cbr 180",
            "p1 f",
            "p5 cc",
            "d db 5sKhTh",
            "p5 cc",
            "p8 cbr 300",
            "p5 cbr 2458",
            "p8 f",
            "d db 2h",
            "d db 3s",
        ]
    );
    assert_eq!(get("winnings"), ["0", "0", "0", "0", "1005", "0", "0", "0"]);
    assert_eq!(
        get("finishing_stacks"),
        ["1366", "0", "1226", "1141", "3163", "1822", "1386", "1827"]
    );
    assert_eq!(h.get("variant"), Some(&Value::Str("NT".into())));
    assert_eq!(h.get("_tournament"), Some(&Value::Str("1689829479".into())));
    assert_eq!(
        strs(&Value::Array(vec![h.get("level").unwrap().clone()])),
        ["1"]
    );
}

/// Every fixture converts, or is refused or reported with a reason: none
/// mismatches, and the refusals are the rules the engine does not play or
/// the fixtures' own damage.
#[test]
fn every_fixture_converts_or_says_why() {
    let dir = format!(
        "{}/../../tests/data/sites/pokerstars",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut converted = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let text = decode(&std::fs::read(&path).unwrap()).into_owned();
        let c = convert(&text, &path.display().to_string(), None, None).unwrap();
        converted += c.hands.len();
        for p in &c.problems {
            assert_eq!(p.kind, ProblemKind::Refused, "{}: {p:?}", path.display());
            assert!(!p.why.is_empty());
        }
    }
    assert!(converted >= 80, "{converted}");
}

/// Text cut anywhere, lines doubled or dropped, bytes replaced: each hand
/// converts or is a problem with a reason; nothing panics.
#[test]
fn damaged_text_gives_only_clean_problems() {
    let text = fixture("hhsmithy-MultipleHandsTests-10MultipleHands.txt");
    let lines: Vec<&str> = text.lines().collect();
    let whole = convert(&text, "x", None, None).unwrap();
    assert_eq!(whole.hands.len(), 10, "{:?}", whole.problems);
    let mut state = 7u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n.max(1)
    };
    for round in 0..300 {
        let mut ls: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        for _ in 0..1 + round % 4 {
            let i = next(ls.len());
            match next(4) {
                0 => {
                    ls.remove(i);
                }
                1 => {
                    let l = ls[i].clone();
                    ls.insert(i, l);
                }
                2 => {
                    let l = &ls[i];
                    let cut = next(l.len() + 1);
                    ls[i] = l.chars().take(cut).collect();
                }
                _ => ls[i] = "garbage: raises 5 to 1e300 and is all-in".into(),
            }
        }
        let t = ls.join("\n");
        let c = convert(&t, "x", Some(Site::PokerStars), None).unwrap();
        assert!(c.hands.len() + c.problems.len() >= 9, "{round}");
        for p in &c.problems {
            assert!(!p.why.is_empty());
        }
    }
}

#[test]
fn a_text_of_no_site_and_a_too_large_text_are_refused() {
    assert!(convert("hello\nworld", "x", None, None)
        .unwrap_err()
        .to_string()
        .contains("no hand history of a known site"));
    let big = "x".repeat(holecards_core::site::MAX_BYTES + 1);
    assert!(convert(&big, "x", None, None)
        .unwrap_err()
        .to_string()
        .contains("more than"));
    // Windows-1252 bytes: the euro sign is 0x80
    assert_eq!(decode(b"\x80 5"), "€ 5");
    assert_eq!(decode(b"\xef\xbb\xbfabc"), "abc");
}

/// Random bytes after a header, and headers cut at every byte: no panic,
/// only problems with reasons.
#[test]
fn random_text_never_panics() {
    let real = fixture("hhp-posts-allin.txt");
    for cut in 0..real.len() {
        if !real.is_char_boundary(cut) {
            continue;
        }
        let c = convert(&real[..cut], "x", Some(Site::PokerStars), None).unwrap();
        assert!(c.hands.len() <= 1);
        assert!(c.problems.iter().all(|p| !p.why.is_empty()));
    }
    let mut state = 99u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet: Vec<char> = "PokerStars Hand #12: Hold'em No Limit ($1/$2) Seat 1: ()[]$.0123456789\n*** HOLE CARDS FLOP SUMMARY posts folds calls raises to bets collected Uncalled bet (€£"
        .chars()
        .collect();
    for _ in 0..3_000 {
        let len = (next() % 600) as usize;
        let mut t = String::from(
            "PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2020/01/01 1:00:00 ET\n",
        );
        for _ in 0..len {
            t.push(alphabet[(next() % alphabet.len() as u64) as usize]);
        }
        let c = convert(&t, "x", None, None).unwrap();
        assert!(c.problems.iter().all(|p| !p.why.is_empty()));
    }
}
