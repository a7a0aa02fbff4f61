//! Short-deck hands against a key written here from the rules alone
//! (categories by counting ranks and suits; A-6-7-8-9 the lowest straight;
//! a flush above a full house; trips against a straight per ranking).
use holecards_core::card::Card;
use holecards_core::eval::short_deck::{
    short_deck, short_deck_best_five, ShortDeckRanking, ShortDeckValue,
};
use holecards_core::eval::Category;
use holecards_core::parse_cards;

type Key = (u8, Vec<u8>);

/// The short-deck key of exactly five cards: (category place, tiebreaks).
fn key5(cards: &[Card], ranking: ShortDeckRanking) -> Key {
    let mut counts = [0u8; 13];
    for c in cards {
        counts[c.rank() as usize] += 1;
    }
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut distinct: Vec<u8> = (0..13u8)
        .rev()
        .filter(|&r| counts[r as usize] > 0)
        .collect();
    let straight_top = if distinct.len() == 5 && distinct[0] - distinct[4] == 4 {
        Some(distinct[0])
    } else if distinct == [12, 7, 6, 5, 4] {
        Some(7) // A-6-7-8-9: nine high, below 6-7-8-9-T
    } else {
        None
    };
    // ranks by (count, rank), largest group first
    distinct.sort_by_key(|&r| std::cmp::Reverse((counts[r as usize], r)));
    let mut shape: Vec<u8> = distinct.iter().map(|&r| counts[r as usize]).collect();
    shape.sort_unstable_by(|a, b| b.cmp(a));
    let (trips, straight) = match ranking {
        ShortDeckRanking::StraightBeatsTrips => (3, 4),
        ShortDeckRanking::TripsBeatStraight => (4, 3),
    };
    match (straight_top, flush, shape.as_slice()) {
        (Some(top), true, _) => (8, vec![top]),
        (_, _, [4, 1]) => (7, distinct),
        (_, true, _) => (6, distinct),
        (_, _, [3, 2]) => (5, distinct),
        (Some(top), false, _) => (straight, vec![top]),
        (_, _, [3, 1, 1]) => (trips, distinct),
        (_, _, [2, 2, 1]) => (2, distinct),
        (_, _, [2, 1, 1, 1]) => (1, distinct),
        _ => (0, distinct),
    }
}

fn best_key(cards: &[Card], ranking: ShortDeckRanking) -> Key {
    let n = cards.len();
    let mut best: Option<Key> = None;
    for mask in 0u32..1 << n {
        if mask.count_ones() == 5 {
            let five: Vec<Card> = (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cards[i])
                .collect();
            best = best.max(Some(key5(&five, ranking)));
        }
    }
    best.unwrap()
}

fn deck() -> Vec<Card> {
    (16u8..52).map(|i| Card::new(i).unwrap()).collect()
}

/// Sorted by value, the keys must not decrease, and equal values must
/// have equal keys (and unequal values unequal keys).
fn assert_same_order(mut pairs: Vec<(ShortDeckValue, Key)>) {
    pairs.sort_by_key(|a| a.0);
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
}

/// Every five-card hand of the 36-card deck (376,992), both rankings.
#[test]
fn every_five_card_hand_orders_as_the_rules_say() {
    let d = deck();
    for ranking in [
        ShortDeckRanking::StraightBeatsTrips,
        ShortDeckRanking::TripsBeatStraight,
    ] {
        let mut pairs = Vec::with_capacity(376_992);
        for a in 0..36 {
            for b in a + 1..36 {
                for c in b + 1..36 {
                    for e in c + 1..36 {
                        for f in e + 1..36 {
                            let five = [d[a], d[b], d[c], d[e], d[f]];
                            pairs.push((short_deck(&five, ranking).unwrap(), key5(&five, ranking)));
                        }
                    }
                }
            }
        }
        assert_eq!(pairs.len(), 376_992);
        assert_same_order(pairs);
    }
}

/// Random 6- and 7-card hands: the best of their five-card subsets.
#[test]
fn six_and_seven_card_hands_are_their_best_five() {
    let mut state = 0x5eed_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for ranking in [
        ShortDeckRanking::StraightBeatsTrips,
        ShortDeckRanking::TripsBeatStraight,
    ] {
        let mut pairs = Vec::new();
        for i in 0..60_000 {
            let mut d = deck();
            let n = 6 + i % 2;
            for k in 0..n {
                let j = k + (next() % (36 - k) as u64) as usize;
                d.swap(k, j);
            }
            let hand = &d[..n];
            let (value, five) = short_deck_best_five(hand, ranking).unwrap();
            assert_eq!(short_deck(&five, ranking).unwrap(), value);
            // the standard evaluator's shortcut, where the orders agree
            assert_eq!(short_deck(hand, ranking).unwrap(), value, "{hand:?}");
            assert!(five.iter().all(|c| hand.contains(c)));
            pairs.push((value, best_key(hand, ranking)));
        }
        assert_same_order(pairs);
    }
}

#[test]
fn worked_short_deck_hands() {
    let v = |t: &str| short_deck(&parse_cards(t).unwrap(), ShortDeckRanking::default()).unwrap();
    let trips = |t: &str| {
        short_deck(
            &parse_cards(t).unwrap(),
            ShortDeckRanking::TripsBeatStraight,
        )
        .unwrap()
    };
    // A flush beats a full house; quads beat a flush.
    let flush = v("Ah Jh 9h 7h 6h Kd Kc");
    let full = v("Ks Kd Kc 7s 7d Ah 9c");
    assert!(flush > full && flush.category() == Category::Flush);
    assert!(v("7s 7d 7c 7h Ah 9c 6d") > flush);
    // A-6-7-8-9 is the lowest straight, above three of a kind by default.
    let low = v("Ah 6d 7c 8s 9h Kd Jc");
    assert_eq!(low.name(), "Straight, nine high");
    assert_eq!(low.category(), Category::Straight);
    assert!(low < v("6d 7c 8s 9h Th Kd Ac"));
    assert!(low > v("Ks Kd Kc 7s 6d Ah 9c"));
    // ... and below it when three of a kind beats a straight.
    assert!(trips("Ah 6d 7c 8s 9h Kd Jc") < trips("Ks Kd Kc 7s 6d Ah 9c"));
    // A-6-7-8-9 suited is the lowest straight flush, above quads.
    let sf = v("Ah 6h 7h 8h 9h Kd Jc");
    assert_eq!(sf.name(), "Straight flush, nine high");
    assert!(sf > v("7s 7d 7c 7h Ah 9c 6d") && sf < v("6h 7h 8h 9h Th Kd Jc"));
    let (_, five) = short_deck_best_five(
        &parse_cards("Ah 6d 7c 8s 9h Kd Jc").unwrap(),
        Default::default(),
    )
    .unwrap();
    assert_eq!(
        five.map(|c| c.to_string()),
        ["9h", "8s", "7c", "6d", "Ah"].map(String::from)
    );
    // A card below six is refused, naming it.
    let e = short_deck(&parse_cards("5h 6d 7c 8s 9h").unwrap(), Default::default()).unwrap_err();
    assert!(e.to_string().contains("5h is not in the short deck"), "{e}");
    assert!(short_deck(&parse_cards("6d 7c 8s 9h").unwrap(), Default::default()).is_err());
}

/// Every six- and seven-card hand of the deck (1,947,792 and 8,347,680),
/// under both rankings: the table's value is the best of the hand's
/// five-card values (which the test above ties to the rules), and the
/// batch rows give the same numbers with every kernel this processor runs.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release mode: cargo test --release"
)]
fn exhaustive_six_and_seven_are_their_best_five() {
    use holecards_core::eval::batch::Kernel;
    use holecards_core::eval::short_deck::{evaluate_rows, evaluate_rows_with};
    let d = deck();
    for ranking in [
        ShortDeckRanking::StraightBeatsTrips,
        ShortDeckRanking::TripsBeatStraight,
    ] {
        let five_of = |cards: &[Card]| short_deck(cards, ranking).unwrap().value();
        for n in [6usize, 7] {
            let mut rows: Vec<u8> = Vec::new();
            let mut expected: Vec<u16> = Vec::new();
            let mut idx: Vec<usize> = (0..n).collect();
            loop {
                let hand: Vec<Card> = idx.iter().map(|&i| d[i]).collect();
                let mut best = 0;
                for skip in 0..n {
                    for skip2 in (skip + 1..n).take(if n == 7 { n } else { 0 }) {
                        let five: Vec<Card> = (0..n)
                            .filter(|&k| k != skip && k != skip2)
                            .map(|k| hand[k])
                            .collect();
                        best = best.max(five_of(&five));
                    }
                    if n == 6 {
                        let five: Vec<Card> =
                            (0..n).filter(|&k| k != skip).map(|k| hand[k]).collect();
                        best = best.max(five_of(&five));
                    }
                }
                assert_eq!(five_of(&hand), best, "{hand:?}");
                rows.extend(hand.iter().map(|c| c.index()));
                expected.push(best);
                // the next combination of n of the 36 cards
                let mut k = n;
                while k > 0 && idx[k - 1] == 36 - n + k - 1 {
                    k -= 1;
                }
                if k == 0 {
                    break;
                }
                idx[k - 1] += 1;
                for j in k..n {
                    idx[j] = idx[j - 1] + 1;
                }
            }
            assert_eq!(expected.len(), if n == 6 { 1_947_792 } else { 8_347_680 });
            let mut out = vec![0u16; expected.len()];
            evaluate_rows(&rows, n, ranking, &mut out, None, None).unwrap();
            assert!(out == expected, "batch rows of {n} cards");
            for kernel in Kernel::available() {
                out.fill(0);
                evaluate_rows_with(kernel, &rows, n, ranking, &mut out).unwrap();
                assert!(out == expected, "{} kernel, rows of {n}", kernel.name());
            }
        }
    }
}

#[test]
fn values_by_number_and_the_tables_size() {
    use holecards_core::eval::short_deck::{table_memory, SHORT_DECK_NUM_VALUES};
    for ranking in [
        ShortDeckRanking::StraightBeatsTrips,
        ShortDeckRanking::TripsBeatStraight,
    ] {
        let v = short_deck(&parse_cards("Ah 6d 7c 8s 9h Kd Jc").unwrap(), ranking).unwrap();
        assert_eq!(ShortDeckValue::new(v.value(), ranking).unwrap(), v);
        assert_eq!(v.name(), "Straight, nine high");
        let royal = short_deck(&parse_cards("Ah Kh Qh Jh Th").unwrap(), ranking).unwrap();
        assert_eq!(royal.value(), SHORT_DECK_NUM_VALUES);
        let worst = ShortDeckValue::new(1, ranking).unwrap();
        // J-9-8-7-6: ten to six and A-6-7-8-9 are straights
        assert_eq!(worst.name(), "High card, jack");
        assert_eq!(worst.tiebreak_ranks(), vec![9, 7, 6, 5, 4]);
        assert!(ShortDeckValue::new(0, ranking).is_err());
        assert!(ShortDeckValue::new(SHORT_DECK_NUM_VALUES + 1, ranking).is_err());
    }
    // 1,404 values: the 5-card rank patterns of nine ranks and their flushes
    assert_eq!(SHORT_DECK_NUM_VALUES, 1404);
    let total: usize = table_memory().iter().map(|e| e.1).sum();
    assert!(total < 128 << 10, "{total} bytes");
}
