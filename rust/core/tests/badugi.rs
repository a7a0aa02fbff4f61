//! Badugi against a key written here from the rules alone: the largest
//! subset of cards with no rank and no suit twice, then the lowest from the
//! highest card down, aces low.
use holecards_core::card::Card;
use holecards_core::eval::badugi::{badugi, badugi_cards, evaluate_rows, BadugiValue};
use holecards_core::parse_cards;

/// (cards played, the ranks highest first with aces as 1, negated so that
/// a greater key is a better hand).
type Key = (usize, Vec<i32>);

fn key(cards: &[Card]) -> Key {
    let mut best: Option<Key> = None;
    for subset in 1..1usize << cards.len() {
        let chosen: Vec<Card> = (0..cards.len())
            .filter(|i| subset >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        let mut ranks: Vec<i32> = chosen
            .iter()
            .map(|c| (c.rank() as i32 + 1) % 13 + 1)
            .collect();
        let mut suits: Vec<u8> = chosen.iter().map(|c| c.suit()).collect();
        ranks.sort_unstable();
        suits.sort_unstable();
        ranks.dedup();
        suits.dedup();
        if ranks.len() != chosen.len() || suits.len() != chosen.len() {
            continue;
        }
        let k = (chosen.len(), ranks.iter().rev().map(|r| -r).collect());
        if best.as_ref().is_none_or(|b| k > *b) {
            best = Some(k);
        }
    }
    best.unwrap()
}

/// Every four-card hand (270,725): the values order the hands as the keys
/// do (equal values for equal keys), 1,092 distinct values from 1 to
/// 1,092, and the batch gives the same numbers.
#[test]
fn every_hand_orders_as_the_rules_say() {
    let deck: Vec<Card> = (0..52u8).map(|i| Card::new(i).unwrap()).collect();
    let mut pairs: Vec<(BadugiValue, Key)> = Vec::with_capacity(270_725);
    let mut rows = Vec::new();
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    let hand = [deck[a], deck[b], deck[c], deck[d]];
                    let (v, played) = badugi_cards(&hand).unwrap();
                    assert_eq!(played.len() as u32, v.size());
                    assert_eq!(key(&played), key(&hand), "{hand:?}");
                    pairs.push((v, key(&hand)));
                    rows.extend(hand.iter().map(|c| c.index()));
                }
            }
        }
    }
    let mut out = vec![0u16; pairs.len()];
    evaluate_rows(&rows, &mut out, None, None).unwrap();
    assert!(out.iter().zip(&pairs).all(|(&o, p)| o == p.0.value()));
    pairs.sort_by_key(|x| x.0);
    for w in pairs.windows(2) {
        assert!(w[0].1 <= w[1].1, "{:?} before {:?}", w[0], w[1]);
        assert_eq!(
            w[0].0 == w[1].0,
            w[0].1 == w[1].1,
            "{:?} / {:?}",
            w[0],
            w[1]
        );
    }
    let mut values: Vec<u16> = pairs.iter().map(|p| p.0.value()).collect();
    values.dedup();
    assert_eq!(values, (1..=1092).collect::<Vec<u16>>());
    for v in 1..=1092 {
        let value = BadugiValue::new(v).unwrap();
        assert_eq!(value.ranks().len() as u32, value.size());
    }
    assert!(BadugiValue::new(0).is_err() && BadugiValue::new(1093).is_err());
}

#[test]
fn worked_badugi_hands() {
    let v = |t: &str| badugi(&parse_cards(t).unwrap()).unwrap();
    let best = v("4c 3d 2h As");
    assert_eq!(best.value(), 1092);
    assert_eq!(best.name(), "Four-card badugi, four high");
    assert_eq!(best.ranks(), vec![2, 1, 0, 12]);
    // 8-5-3-2 beats 8-6-2-A: the second card decides
    assert!(v("8c 5d 3h 2s") > v("8c 6d 2h As"));
    // any four-card badugi beats any three-card one
    assert!(v("Kc Qd Jh Ts") > v("Ac 2d 3h 3s"));
    let (three, played) = badugi_cards(&parse_cards("Ac 2d 3h 3s").unwrap()).unwrap();
    assert_eq!(three.name(), "Three-card badugi, three high");
    assert_eq!(played.len(), 3);
    // a pair and a suit: two cards play
    // (Kd and a club: Kd 5c is the best two)
    assert_eq!(v("Kc Kd Qc 5c").name(), "Two-card badugi, king high");
    assert_eq!(v("Kc Qc 5c 2c").name(), "One-card badugi, two");
    // four kings: a lone king, the worst hand there is
    assert_eq!(v("Kc Kd Kh Ks").value(), 1);
    assert_eq!(v("Kc Qc Jc Tc").name(), "One-card badugi, ten");
    let e = badugi(&parse_cards("Kc Qc Jc").unwrap()).unwrap_err();
    assert!(e.to_string().contains("4 cards, not 3"), "{e}");
    let mut twice = parse_cards("Kc Jc Tc").unwrap();
    twice.push(twice[0]);
    let e = badugi(&twice).unwrap_err();
    assert!(e.to_string().contains("Kc"), "{e}");
}

/// A bad row anywhere in the batch (a card of 52, of 63, of 64 and more, a
/// card twice) is an error naming that row, the first bad one.
#[test]
fn the_batch_names_its_first_bad_row() {
    for (bad, what) in [
        ([0u8, 1, 2, 52], "52"),
        ([0, 1, 63, 3], "63"),
        ([64, 1, 2, 3], "64"),
        ([0, 1, 2, 255], "255"),
        ([5, 1, 2, 5], "twice"),
    ] {
        for at in [0usize, 17, 40_000] {
            let mut rows: Vec<u8> = (0..50_000)
                .flat_map(|i| [0, 1, 2, 3 + (i % 40) as u8])
                .collect();
            rows[4 * at..4 * at + 4].copy_from_slice(&bad);
            // a second bad row after the first
            rows[4 * 45_000] = 200;
            let mut out = vec![0u16; 50_000];
            let e = evaluate_rows(&rows, &mut out, None, None).unwrap_err();
            assert!(
                e.to_string().starts_with(&format!("row {at}: ")),
                "{what}: {e}"
            );
        }
    }
}

/// The table an evaluation reads holds one u16 per four-card hand, and
/// one zero past the last (the AVX-512 rows' 32-bit reads stay inside).
#[test]
fn the_tables_are_listed_with_their_sizes() {
    let tables = holecards_core::eval::badugi::table_memory();
    assert_eq!(tables[0].1, 2 * (270_725 + 1), "{tables:?}");
    let total: usize = tables.iter().map(|e| e.1).sum();
    assert!(total < 600 << 10, "{total} bytes");
}
