//! Deuce-to-seven and ace-to-five lows against keys written here from the
//! rules alone, on every five-card hand (release mode) and on random six-
//! and seven-card hands.
use holecards_core::card::Card;
use holecards_core::eval::lowball::{
    evaluate_rows, lowball, lowball_cards, Lowball, LowballValue, ACE_TO_FIVE_NUM_VALUES,
};
use holecards_core::parse_cards;

/// (category, tiebreak ranks): a smaller key is a better low.
type Key = (u8, Vec<u8>);

/// Groups of equal ranks, larger groups first, higher ranks first.
fn groups(ranks: &[u8]) -> Vec<(u8, u8)> {
    let mut counts = [0u8; 13];
    for &r in ranks {
        counts[r as usize] += 1;
    }
    let mut g: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    g.sort_by(|a, b| b.cmp(a));
    g
}

/// Deuce-to-seven: the standard categories, an ace always high (so
/// A-5-4-3-2 is no straight).
fn key_d27(five: &[Card]) -> Key {
    let ranks: Vec<u8> = five.iter().map(|c| c.rank()).collect();
    let flush = five.iter().all(|c| c.suit() == five[0].suit());
    let g = groups(&ranks);
    let straight = g.len() == 5 && g[0].1 - g[4].1 == 4;
    let t: Vec<u8> = g.iter().map(|x| x.1).collect();
    let cat = match (straight, flush, g[0].0, g.get(1).map_or(0, |x| x.0)) {
        (true, true, _, _) => 8,
        (_, _, 4, _) => 7,
        (_, _, 3, 2) => 6,
        (_, true, _, _) => 5,
        (true, _, _, _) => 4,
        (_, _, 3, _) => 3,
        (_, _, 2, 2) => 2,
        (_, _, 2, _) => 1,
        _ => 0,
    };
    (cat, if straight { vec![t[0]] } else { t })
}

/// Ace-to-five: aces low, only pairs and their kin count.
fn key_a5(five: &[Card]) -> Key {
    let ranks: Vec<u8> = five.iter().map(|c| (c.rank() + 1) % 13).collect();
    let g = groups(&ranks);
    let cat = match (g[0].0, g.get(1).map_or(0, |x| x.0)) {
        (1, _) => 0,
        (2, 1) => 1,
        (2, 2) => 2,
        (3, 1) => 3,
        (3, 2) => 4,
        _ => 5,
    };
    (cat, g.iter().map(|x| x.1).collect())
}

fn key(five: &[Card], ranking: Lowball) -> Key {
    match ranking {
        Lowball::DeuceToSeven => key_d27(five),
        Lowball::AceToFive => key_a5(five),
    }
}

const BOTH: [Lowball; 2] = [Lowball::DeuceToSeven, Lowball::AceToFive];

/// Sorted by value, the keys must not increase (a greater value is a
/// smaller, better key), and equal values must have equal keys.
fn assert_same_order(mut pairs: Vec<(LowballValue, Key)>) {
    pairs.sort_by_key(|p| p.0);
    for w in pairs.windows(2) {
        assert!(w[0].1 >= w[1].1, "{:?} before {:?}", w[0], w[1]);
        assert_eq!(
            w[0].0 == w[1].0,
            w[0].1 == w[1].1,
            "{:?} / {:?}",
            w[0],
            w[1]
        );
    }
}

/// Every five-card hand (2,598,960), both rankings: ordered as the keys,
/// every value from 1 to the ranking's count met, and the batch agrees.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release mode: cargo test --release"
)]
fn every_five_card_hand_orders_as_the_rules_say() {
    let deck: Vec<Card> = (0..52u8).map(|i| Card::new(i).unwrap()).collect();
    for ranking in BOTH {
        let mut pairs = Vec::with_capacity(2_598_960);
        let mut rows = Vec::with_capacity(5 * 2_598_960);
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let five = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            pairs.push((lowball(&five, ranking).unwrap(), key(&five, ranking)));
                            rows.extend(five.iter().map(|c| c.index()));
                        }
                    }
                }
            }
        }
        let mut out = vec![0u16; pairs.len()];
        evaluate_rows(&rows, 5, ranking, &mut out, None, None).unwrap();
        assert!(out.iter().zip(&pairs).all(|(&o, p)| o == p.0.value()));
        let mut values: Vec<u16> = pairs.iter().map(|p| p.0.value()).collect();
        values.sort_unstable();
        values.dedup();
        let n = match ranking {
            Lowball::DeuceToSeven => 7462,
            Lowball::AceToFive => 6175, // ACE_TO_FIVE_NUM_VALUES less none
        };
        assert_eq!(values, (1..=n).collect::<Vec<u16>>(), "{ranking:?}");
        assert_same_order(pairs);
    }
}

/// Random six- and seven-card hands: the best five by the keys.
#[test]
fn six_and_seven_card_hands_play_their_best_five() {
    let mut state = 0x27_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for ranking in BOTH {
        let mut pairs = Vec::new();
        for i in 0..6_000 {
            let mut deck: Vec<Card> = (0..52u8).map(|i| Card::new(i).unwrap()).collect();
            let n = 6 + i % 2;
            for k in 0..n {
                let j = k + (next() % (52 - k) as u64) as usize;
                deck.swap(k, j);
            }
            let hand = &deck[..n];
            let (value, five) = lowball_cards(hand, ranking).unwrap();
            assert!(five.iter().all(|c| hand.contains(c)));
            let mut best: Option<Key> = None;
            for skip in 0..n {
                for skip2 in skip..n {
                    let chosen: Vec<Card> = (0..n)
                        .filter(|&k| k != skip && k != skip2)
                        .map(|k| hand[k])
                        .collect();
                    if chosen.len() == 5 {
                        let k = key(&chosen, ranking);
                        if best.as_ref().is_none_or(|b| k < *b) {
                            best = Some(k);
                        }
                    }
                }
            }
            assert_eq!(key(&five, ranking), best.clone().unwrap(), "{hand:?}");
            pairs.push((value, best.unwrap()));
        }
        assert_same_order(pairs);
    }
}

#[test]
fn worked_lowball_hands() {
    let d27 = |t: &str| lowball(&parse_cards(t).unwrap(), Lowball::DeuceToSeven).unwrap();
    let a5 = |t: &str| lowball(&parse_cards(t).unwrap(), Lowball::AceToFive).unwrap();
    // deuce-to-seven: 7-5-4-3-2 is number one; A-5-4-3-2 is ace high, below
    // K-5-4-3-2; a straight and a flush count against a hand
    let number_one = d27("7c 5d 4h 3s 2c");
    assert_eq!(number_one.value(), 7462);
    assert_eq!(number_one.name(), "Seven-five low");
    assert!(d27("Kc 5d 4h 3s 2c") > d27("Ac 5d 4h 3s 2c"));
    assert_eq!(d27("Ac 5d 4h 3s 2c").name(), "Ace-five low");
    assert!(d27("8c 7d 6h 4s 2c") > d27("8c 7d 6h 5s 4c"));
    assert_eq!(d27("8c 7d 6h 5s 4c").name(), "Straight, eight high");
    assert!(d27("Kc Qd Jh 9s 8c") > d27("7c 5c 4c 3c 2c"));
    assert_eq!(d27("Ac 5c 4c 3c 2c").name(), "Flush, ace high");
    assert!(d27("2c 2d 7h 8s 9c") < d27("Ac Kd Qh Js 9c"));
    // ace-to-five: 5-4-3-2-A is the best; straights and flushes do not count;
    // any pair is worse than five distinct ranks
    let wheel = a5("5c 4c 3c 2c Ac");
    assert_eq!(wheel.value(), ACE_TO_FIVE_NUM_VALUES);
    assert_eq!(wheel.name(), "Five-four low");
    assert!(a5("6c 4d 3h 2s Ac") > a5("6c 5d 3h 2s Ac"));
    assert!(a5("Kc Qd Jh Ts 9c") > a5("Ac Ad 2h 3s 4c"));
    assert_eq!(a5("Ac Ad 2h 3s 4c").name(), "One pair, aces");
    assert_eq!(a5("Kc Kd Kh Ks Qc").value(), 1);
    // seven cards: razz plays the best five
    let (v, five) = lowball_cards(
        &parse_cards("Kc Kd 7h 6s 4c 2d Ah").unwrap(),
        Lowball::AceToFive,
    )
    .unwrap();
    assert_eq!(v.name(), "Seven-six low");
    assert_eq!(
        five.map(|c| c.to_string()),
        ["7h", "6s", "4c", "2d", "Ah"].map(String::from)
    );
    assert!(LowballValue::new(0, Lowball::AceToFive).is_err());
    assert!(LowballValue::new(6176, Lowball::AceToFive).is_err());
    let e = lowball(&parse_cards("2c 3c 4c 5c").unwrap(), Lowball::AceToFive).unwrap_err();
    assert!(e.to_string().contains("5, 6 or 7 cards, not 4"), "{e}");
}

/// The fast paths (`lowball`, and the unchecked `*_value_indices` every
/// game's showdown uses: one read of the ace-to-five copy of the rank hash;
/// the standard value read in the deuce-to-seven order) give the value of
/// the best five cards of every rank multiset of 5, 6 and 7 cards (suits
/// dealt round the four, so no flush unless the ranks force one) and of
/// random hands, as the slow path (`lowball_cards`: every five scored).
#[test]
fn fast_values_are_the_best_five_of_every_rank_multiset() {
    use holecards_core::eval::lowball::{a5_value_indices, d27_value_indices};
    fn each(n: u32, counts: &mut [u8; 13], rank: usize, f: &mut dyn FnMut(&[u8; 13])) {
        if rank == 13 {
            if n == 0 {
                f(counts);
            }
            return;
        }
        for c in 0..=n.min(4) {
            counts[rank] = c as u8;
            each(n - c, counts, rank + 1, f);
        }
        counts[rank] = 0;
    }
    let mut checked = 0;
    for n in 5..=7 {
        each(n, &mut [0u8; 13], 0, &mut |counts| {
            let mut hand = Vec::new();
            let mut suit = 0u8;
            for (r, &c) in counts.iter().enumerate() {
                for k in 0..c {
                    hand.push(Card::new(r as u8 * 4 + (suit + k) % 4).unwrap());
                }
                suit = (suit + 1) % 4;
            }
            let idx: Vec<u8> = hand.iter().map(|c| c.index()).collect();
            for ranking in BOTH {
                let slow = lowball_cards(&hand, ranking).unwrap().0;
                assert_eq!(lowball(&hand, ranking).unwrap(), slow, "{hand:?}");
                let fast = match ranking {
                    Lowball::AceToFive => a5_value_indices(&idx),
                    Lowball::DeuceToSeven => d27_value_indices(&idx),
                };
                assert_eq!(fast, slow.value(), "{hand:?} {ranking:?}");
            }
            checked += 1;
        });
    }
    assert_eq!(checked, 73775);
}

/// Hands of 5, 6 and 7 cards, half of them from two suits only (five of a
/// suit: the hands the deuce-to-seven fast paths send to every five): the
/// checked call, the index path and the batch (a row count past a multiple
/// of 16, one thread and all) give the value of every five scored.
#[test]
fn the_fast_paths_agree_with_every_five_scored_on_suited_hands() {
    use holecards_core::eval::lowball::lowball_value_indices;
    let mut state = 0x5eed_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for width in 5..=7usize {
        let mut hands: Vec<Vec<Card>> = Vec::new();
        for i in 0..3_001 {
            // two suits (26 cards) or the whole deck
            let mut deck: Vec<u8> = (0..52u8).filter(|c| i % 2 == 1 || c % 4 < 2).collect();
            for k in 0..width {
                let j = k + (next() % (deck.len() - k) as u64) as usize;
                deck.swap(k, j);
            }
            hands.push(
                deck[..width]
                    .iter()
                    .map(|&c| Card::new(c).unwrap())
                    .collect(),
            );
        }
        let rows: Vec<u8> = hands.iter().flatten().map(|c| c.index()).collect();
        for ranking in BOTH {
            let slow: Vec<u16> = hands
                .iter()
                .map(|h| lowball_cards(h, ranking).unwrap().0.value())
                .collect();
            for (hand, &v) in hands.iter().zip(&slow) {
                assert_eq!(lowball(hand, ranking).unwrap().value(), v, "{hand:?}");
                let idx: Vec<u8> = hand.iter().map(|c| c.index()).collect();
                assert_eq!(lowball_value_indices(&idx, ranking), v, "{hand:?}");
            }
            for threads in [Some(1), None] {
                let mut out = vec![0u16; hands.len()];
                evaluate_rows(&rows, width, ranking, &mut out, threads, None).unwrap();
                assert_eq!(out, slow, "{ranking:?} {width}");
            }
        }
    }
}

/// A bad row anywhere in the batch (a card of 52, of 63, of 64 and more, a
/// card twice) is an error naming that row, the first bad one, under each
/// ranking and width.
#[test]
fn the_batch_names_its_first_bad_row() {
    for width in 5..=7usize {
        for ranking in BOTH {
            // (None: the row's first card again)
            for bad in [Some(52u8), Some(63), Some(64), Some(255), None] {
                for at in [0usize, 17, 9_000] {
                    let mut rows: Vec<u8> = (0..10_000)
                        .flat_map(|i| (0..width as u8).map(move |k| 4 * k + (i % 4) as u8))
                        .collect();
                    rows[width * at + width - 1] = bad.unwrap_or(rows[width * at]);
                    rows[width * 9_500] = 200;
                    let mut out = vec![0u16; 10_000];
                    let e = evaluate_rows(&rows, width, ranking, &mut out, None, None).unwrap_err();
                    assert!(
                        e.to_string().starts_with(&format!("row {at}: ")),
                        "{ranking:?} {width} {bad:?}: {e}"
                    );
                }
            }
        }
    }
}

/// The tables an evaluation reads fit a level-2 cache beside the standard
/// evaluator's: two rank-key tables of the standard `LOOKUP`'s length.
#[test]
fn the_tables_are_listed_with_their_sizes() {
    let tables = holecards_core::eval::lowball::table_memory();
    let standard = holecards_core::eval::table_memory();
    let lookup = standard.iter().find(|e| e.0.contains("LOOKUP")).unwrap().1;
    let a5 = tables.iter().find(|e| e.0.contains("A5_LOOKUP")).unwrap().1;
    let d27 = tables
        .iter()
        .find(|e| e.0.contains("D27_LOOKUP"))
        .unwrap()
        .1;
    assert_eq!((a5, d27), (lookup, lookup));
    // 7,463 u16 values (0 and the 7,462 standard ones)
    let of_standard = tables
        .iter()
        .find(|e| e.0.contains("D27_OF_STANDARD"))
        .unwrap()
        .1;
    assert_eq!(of_standard, 2 * 7_463);
    let total: usize = tables.iter().map(|e| e.1).sum();
    assert!(total < 640 << 10, "{total} bytes");
}

/// Every kind of hand with five or more cards of a suit, once: the suited
/// cards' ranks (every set of 5, 6 or 7 of one suit) and the other cards'
/// ranks (every multiset that fills the hand, those cards in two other
/// suits; their suits play no part). The deuce-to-seven index path, the
/// checked call and the batch give the value of every five scored
/// (`lowball_cards`), for hands of 5, 6 and 7 cards.
#[test]
fn deuce_to_seven_every_suited_hand_kind() {
    use holecards_core::eval::lowball::d27_value_indices;
    let card = |rank: u8, suit: u8| Card::new(rank * 4 + suit).unwrap();
    let mut checked = Vec::new();
    for width in 5..=7usize {
        let mut hands: Vec<Vec<Card>> = Vec::new();
        for mask in 0u32..1 << 13 {
            let k = mask.count_ones() as usize;
            if !(5..=width).contains(&k) {
                continue;
            }
            let suited: Vec<Card> = (0..13u8)
                .filter(|r| mask >> r & 1 == 1)
                .map(|r| card(r, 3))
                .collect();
            let off_ranks: Vec<Vec<u8>> = match width - k {
                0 => vec![vec![]],
                1 => (0..13).map(|r| vec![r]).collect(),
                _ => (0..13u8)
                    .flat_map(|a| (a..13).map(move |b| vec![a, b]))
                    .collect(),
            };
            for off in off_ranks {
                let mut hand = suited.clone();
                hand.extend(off.iter().enumerate().map(|(i, &r)| card(r, i as u8)));
                // (the suited cards last, for once)
                hand.rotate_left(k);
                hands.push(hand);
            }
        }
        let slow: Vec<u16> = hands
            .iter()
            .map(|h| lowball_cards(h, Lowball::DeuceToSeven).unwrap().0.value())
            .collect();
        for (hand, &v) in hands.iter().zip(&slow) {
            let idx: Vec<u8> = hand.iter().map(|c| c.index()).collect();
            assert_eq!(d27_value_indices(&idx), v, "{hand:?}");
            assert_eq!(
                lowball(hand, Lowball::DeuceToSeven).unwrap().value(),
                v,
                "{hand:?}"
            );
        }
        let rows: Vec<u8> = hands.iter().flatten().map(|c| c.index()).collect();
        for threads in [Some(1), None] {
            let mut out = vec![0u16; hands.len()];
            evaluate_rows(&rows, width, Lowball::DeuceToSeven, &mut out, threads, None).unwrap();
            assert_eq!(out, slow, "batch, {width} cards");
        }
        checked.push(hands.len());
    }
    // 5: C(13, 5); 6: C(13, 5) * 13 + C(13, 6); 7: C(13, 5) * 91 + C(13, 6) * 13 + C(13, 7)
    assert_eq!(
        checked[..],
        [1287, 1287 * 13 + 1716, 1287 * 91 + 1716 * 13 + 1716]
    );
}
