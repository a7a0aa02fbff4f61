//! Hand ranges: every form of the notation, printing, the round trip, and
//! errors that point at the bad token (never a panic).
use holecards_core::card::{parse_cards, Card, CardSet};
use holecards_core::range::{combo_cards, combo_index, preflop_order, Range, NUM_COMBOS};
use holecards_core::ErrorKind;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn r(text: &str) -> Range {
    Range::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn combo(text: &str) -> [Card; 2] {
    let c = parse_cards(text).unwrap();
    [c[0], c[1]]
}

#[test]
fn combo_numbers() {
    let mut seen = vec![false; NUM_COMBOS];
    for hi in 1..52u8 {
        for lo in 0..hi {
            let (a, b) = (Card::new(hi).unwrap(), Card::new(lo).unwrap());
            let i = combo_index(a, b);
            assert_eq!(combo_index(b, a), i);
            assert_eq!(combo_cards(i), Some([a, b]));
            assert!(!seen[i]);
            seen[i] = true;
        }
    }
    assert!(seen.iter().all(|&s| s));
    assert_eq!(combo_cards(NUM_COMBOS), None);
}

/// `tests/data/range_counts.txt`, shared with the Python tests: each
/// text and how many combinations it names.
fn range_counts() -> Vec<(&'static str, usize)> {
    include_str!("../../../tests/data/range_counts.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (n, text) = line.split_once('|').unwrap();
            (text, n.parse().unwrap())
        })
        .collect()
}

#[test]
fn combo_counts() {
    let cases = range_counts();
    assert!(cases.len() > 40, "{} cases", cases.len());
    for (text, n) in cases {
        assert_eq!(r(text).len(), n, "{text:?}");
    }
}

#[test]
fn forms_name_the_right_hands() {
    let same = |a: &str, b: &str| assert_eq!(r(a), r(b), "{a} vs {b}");
    same("TT+", "AA,KK,QQ,JJ,TT");
    same("KTs+", "KQs,KJs,KTs");
    same("T9s+", "T9s,JTs,QJs,KQs,AKs");
    same("76s-54s", "76s,65s,54s");
    same("54s-76s", "76s,65s,54s");
    same("A5s-A2s", "A5s,A4s,A3s,A2s");
    same("AK", "AKs,AKo");
    same("KA", "AK");
    same("aks, kk", "AKs,KK");
    same("AxKx", "AKs");
    same("AxKy", "AKo");
    same("A*K*", "AK");
    same("AsKx", "AsKs,AsKh,AsKd,AsKc");
    same("  AA : 0.5 ,  88 - 55  ", "AA:0.5,88-55");
    same("[40]AA,KK[/40]", "AA:0.4,KK:0.4");
    same("AA:5e-1,KK:2.5E-1,QQ:1e0", "AA:0.5,KK:0.25,QQ");
    same("[4e1]AA[/40]", "AA:0.4");
    same("[40] AA, KK [/40], QQ", "AA:0.4,KK:0.4,QQ");
    same("0.4(AsKs, AKo)", "AsKs:0.4,AKo:0.4");
    same(
        "random",
        "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32",
    );
    // The later mention wins.
    same("AA:0.5,AA", "AA");
    same("AA,AA:0.5", "AA:0.5");
    same("QQ+,KK:0", "AA,QQ");
    assert_eq!(r("AhKh").combos(), &[(combo("AhKh"), 1.0)]);
    let w = r("AA:0.5,AKs:.25");
    assert_eq!(w.weight_of(combo("AsAd")), 0.5);
    assert_eq!(w.weight_of(combo("AdAs")), 0.5);
    assert_eq!(w.weight_of(combo("KcAc")), 0.25);
    assert_eq!(w.weight_of(combo("AcKd")), 0.0);
    assert_eq!(w.weight_of([Card::FIRST, Card::FIRST]), 0.0);
    assert_eq!(w.total_weight(), 4.0);
}

#[test]
fn ranges_are_ordered_values() {
    let a = r("AKs,QQ");
    let b = Range::from_combos(a.combos().iter().rev().map(|&([x, y], w)| ([y, x], w))).unwrap();
    assert_eq!(a, b);
    let idx: Vec<usize> = a
        .combos()
        .iter()
        .map(|&([x, y], _)| combo_index(x, y))
        .collect();
    assert!(idx.windows(2).all(|w| w[0] < w[1]));
    assert!(a.combos().iter().all(|([x, y], _)| x > y));
    assert!(Range::from_combos([(combo("AhKh"), 1.5)]).is_err());
    assert!(Range::from_combos([(combo("AhKh"), f64::NAN)]).is_err());
    assert!(Range::from_combos([(combo("AhKh"), -0.1)]).is_err());
    assert!(Range::from_combos([([Card::FIRST, Card::FIRST], 1.0)]).is_err());
    assert!(Range::from_combos([(combo("AhKh"), 0.0)])
        .unwrap()
        .is_empty());
    assert_eq!(Range::all().len(), NUM_COMBOS);
    assert_eq!(Range::all(), r("random"));
}

#[test]
fn without_dead_cards() {
    let mut dead = CardSet::default();
    for c in parse_cards("AhKd").unwrap() {
        dead.insert(c);
    }
    assert_eq!(
        r("AA,KK,AK").without(dead),
        r("AsAd,AsAc,AdAc,KsKh,KsKc,KhKc,AsKs,AsKh,AsKc,AdKs,AdKh,AdKc,AcKs,AcKh,AcKc")
    );
    assert_eq!(Range::all().without(dead).len(), 1326 - 51 - 51 + 1);
}

#[test]
fn percentages() {
    let order = preflop_order();
    let size = |name: &str| {
        if name.len() == 2 {
            6
        } else if name.ends_with('s') {
            4
        } else {
            12
        }
    };
    for pct in [
        0.5, 1.0, 2.0, 5.0, 10.0, 15.0, 20.0, 33.3, 50.0, 75.0, 99.0, 100.0,
    ] {
        let target = (pct / 100.0 * 1326.0_f64).round() as usize;
        let mut n = 0;
        for (name, _) in order.iter() {
            if n + size(name) > target && n > 0 {
                break;
            }
            n += size(name);
        }
        assert_eq!(r(&format!("{pct}%")).len(), n, "{pct}%");
        assert!(n <= target.max(6));
    }
    // 15%: 199 combos at most.
    let fifteen = r("15%");
    assert!(
        fifteen.len() <= 199 && fifteen.len() > 180,
        "{}",
        fifteen.len()
    );
    assert!(fifteen.weight_of(combo("AsAh")) == 1.0 && fifteen.weight_of(combo("7c2d")) == 0.0);
    assert_eq!(r("0.1%"), r("AA"));
    assert_eq!(r("100%"), Range::all());
    assert_eq!(r("15%:0.5").total_weight(), fifteen.len() as f64 * 0.5);
}

#[test]
fn the_preflop_order() {
    let order = preflop_order();
    let mut names: Vec<String> = order.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(names[0], "AA");
    let last: Vec<&str> = order[order.len() - 8..].iter().map(|(n, _)| *n).collect();
    assert!(last.contains(&"32o") && last.contains(&"72o"), "{last:?}");
    assert!(order.windows(2).all(|w| w[0].1 >= w[1].1));
    let eq = |name: &str| {
        order
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, e)| *e)
            .unwrap()
    };
    assert!((0.84..0.86).contains(&eq("AA")));
    assert!((0.81..0.83).contains(&eq("KK")));
    assert!((0.66..0.68).contains(&eq("AKs")));
    assert!((0.34..0.36).contains(&eq("72o")));
    assert!((0.31..0.33).contains(&eq("32o")));
    // A permutation of the 169 classes: 13 pairs, 78 suited, 78 offsuit.
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 169);
    let total: usize = order.iter().map(|(n, _)| r(n).len()).sum();
    assert_eq!(total, 1326);
    let mut union = Range::default();
    for (n, _) in order.iter() {
        union = Range::from_combos(
            union
                .combos()
                .iter()
                .copied()
                .chain(r(n).combos().iter().copied()),
        )
        .unwrap();
    }
    assert_eq!(union, Range::all());
}

#[test]
fn printing() {
    for (text, printed) in [
        ("AA,KK", "KK+"),
        ("TT+", "TT+"),
        ("88,77,66,55", "88-55"),
        ("AA", "AA"),
        ("AKs,AKo", "AK"),
        ("A5s-A2s", "A5s-A2s"),
        ("KTs+", "KTs+"),
        ("76s-54s", "76s-54s"),
        ("T9s+", "T9s+"),
        ("AhKh", "AhKh"),
        ("KhAh", "AhKh"),
        ("AA:0.5", "AA:0.5"),
        ("AA:0.5,KK:0.5,QQ", "QQ,KK+:0.5"),
        ("random", "random"),
        ("any:0.25", "random:0.25"),
        ("", ""),
        ("AKs,AQs,AKo", "AQs+,AKo"),
        ("AK,AQ", "AQ+"),
        ("K9s+,KTo+", "K9s+,KTo+"),
        ("AA,KK,AK:0.5,AsKs,AhAd", "KK+,AK:0.5,AsKs"),
        ("AsAd,AhKh:0.5,AsKs,KsKh", "AsAd,KsKh,AsKs,AhKh:0.5"),
        ("A2s+,ATo+", "A2s+,ATo+"),
        ("AT+", "AT+"),
        ("AA,AsAh:0", "AA,AsAh:0"),
        ("QQ+,AKs,AQo,KK:0.5", "AA,QQ,AKs,AQo,KK:0.5"),
    ] {
        assert_eq!(r(text).to_string(), printed, "{text}");
        assert_eq!(r(printed), r(text), "{printed}");
    }
}

/// Random ranges of several shapes: loose combos, whole classes with a few
/// changed, a full range less dead cards, percentages.
fn random_range(rng: &mut StdRng) -> Range {
    let weights = [1.0, 1.0, 1.0, 0.5, 0.25, 0.1, 0.75, 1.0 / 3.0];
    let weight = |rng: &mut StdRng| {
        if rng.random_bool(0.2) {
            1.0 - rng.random::<f64>()
        } else {
            weights[rng.random_range(0..weights.len())]
        }
    };
    let mut dense = vec![0.0; NUM_COMBOS];
    match rng.random_range(0..5) {
        0 => {
            for _ in 0..rng.random_range(0..40) {
                dense[rng.random_range(0..NUM_COMBOS)] = weight(rng);
            }
        }
        1 | 2 => {
            let order = preflop_order();
            for _ in 0..rng.random_range(0..60) {
                let (name, _) = order[rng.random_range(0..169)];
                let w = weight(rng);
                for &([a, b], _) in r(name).combos() {
                    dense[combo_index(a, b)] = w;
                }
            }
            for _ in 0..rng.random_range(0..6) {
                dense[rng.random_range(0..NUM_COMBOS)] = if rng.random_bool(0.5) {
                    0.0
                } else {
                    weight(rng)
                };
            }
        }
        3 => {
            dense = vec![weight(rng); NUM_COMBOS];
            for _ in 0..rng.random_range(0..4) {
                let c = rng.random_range(0..52u8);
                for (i, d) in dense.iter_mut().enumerate() {
                    let [a, b] = combo_cards(i).unwrap();
                    if a.index() == c || b.index() == c {
                        *d = 0.0;
                    }
                }
            }
        }
        _ => {
            let p: f64 = rng.random_range(0.0..100.0);
            return r(&format!("{p}%"));
        }
    }
    Range::from_combos((0..NUM_COMBOS).map(|i| (combo_cards(i).unwrap(), dense[i]))).unwrap()
}

#[test]
fn printing_round_trips() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..3000 {
        let range = random_range(&mut rng);
        let text = range.to_string();
        let back = Range::parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(back, range, "{text}");
        assert_eq!(back.to_string(), text);
    }
}

fn error_at(text: &str) -> (usize, String) {
    match Range::parse(text).map_err(|e| e.into_kind()) {
        Err(ErrorKind::BadRange(b)) => {
            assert_eq!(b.text, text);
            (b.position, b.token)
        }
        other => panic!("{text:?}: {other:?}"),
    }
}

#[test]
fn errors_point_at_the_token() {
    for (text, position, token) in [
        ("AA,AKx+", 3, "AKx"),
        ("AA,ZZ", 3, "ZZ"),
        ("AA:1.5", 3, "1.5"),
        ("AA:x", 3, "x"),
        ("AA:1e5", 3, "1e5"),
        ("AA:2e-", 3, "2e"),
        ("QQ+,A5s-K2s", 4, "A5s-K2s"),
        ("AKs-AQo", 0, "AKs-AQo"),
        ("AAs", 0, "AAs"),
        ("AhAh", 0, "AhAh"),
        ("AxAx", 0, "AxAx"),
        ("AKQ", 0, "AKQ"),
        ("[40]AA", 0, "[40]AA"),
        ("AA[/40]", 2, "[/40]"),
        ("[40]AA[/50]", 6, "[/50]"),
        ("[140]AA[/140]", 0, "[140]"),
        ("[40]AA:0.5[/40]", 6, ":0.5"),
        ("[40][30]AA[/30][/40]", 4, "[30]AA[/30][/40]"),
        ("0.5(AA", 0, "0.5(AA"),
        ("AA)", 2, ")"),
        ("2(AA)", 0, "2"),
        ("KK(AA)", 0, "KK"),
        ("101%", 0, "101%"),
        ("AA,☃", 3, "☃"),
        ("☃☃,ZZ", 0, "☃"),
        ("ÄÄ,AA,ZZ", 0, "Ä"),
        ("AA,KK,random+", 6, "random+"),
        ("88-", 0, "88-"),
        ("AA:0.5KK", 3, "0.5KK"),
        ("AA+KK", 3, "KK"),
    ] {
        let (p, t) = error_at(text);
        assert_eq!((p, t.as_str()), (position, token), "{text}");
    }
    let e = Range::parse("AA,AKx+").unwrap_err().to_string();
    assert!(e.starts_with("'AKx' at position 3 is not a range: "), "{e}");
}

#[test]
fn fuzz_never_panics() {
    let mut rng = StdRng::seed_from_u64(11);
    let alphabet: Vec<char> =
        "AKQJT98765432akqjtshdcxyzwoeE*+-,:.%[]/() 0123456789randomany\t☃é\u{0}"
            .chars()
            .collect();
    let seeds = [
        "QQ+,AKs,A5s-A2s:0.5",
        "[40]AA,KK[/40]",
        "0.4(AsKs, AKo)",
        "15%",
        "T9s+,76s-54s",
        "AsKx,AxKy",
    ];
    for _ in 0..50_000 {
        let text: String = if rng.random_bool(0.5) {
            let n = rng.random_range(0..16);
            (0..n)
                .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                .collect()
        } else {
            let mut chars: Vec<char> = seeds[rng.random_range(0..seeds.len())].chars().collect();
            for _ in 0..rng.random_range(1..4) {
                let at = rng.random_range(0..=chars.len());
                match rng.random_range(0..3) {
                    0 if at < chars.len() => {
                        chars.remove(at);
                    }
                    1 if at < chars.len() => {
                        chars[at] = alphabet[rng.random_range(0..alphabet.len())]
                    }
                    _ => chars.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
                }
            }
            chars.into_iter().collect()
        };
        match Range::parse(&text) {
            Ok(range) => assert_eq!(Range::parse(&range.to_string()).unwrap(), range, "{text:?}"),
            Err(e) => {
                let ErrorKind::BadRange(b) = e.kind() else {
                    panic!("{text:?}: {e}")
                };
                assert!(b.position <= text.chars().count(), "{text:?}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

#[test]
fn random_with_classes_taken_out_prints_by_class() {
    for text in [
        "random,72o:0",
        "random,AA:0",
        "random,AKs:0",
        "random,AK:0.5",
        "random:0.5,AA",
    ] {
        assert_eq!(r(text).to_string(), text);
    }
}
