//! Omaha high and the eight-or-better lows, against brute force written
//! here: every two-and-three (or every five) choice listed, each judged on
//! its own.
use holecards_core::card::Card;
use holecards_core::eval::low::{low8, low8_cards, omaha_low8, LowValue};
use holecards_core::eval::omaha::{omaha_high, omaha_high_cards};
use holecards_core::eval::{evaluate, HandValue};
use holecards_core::{parse_cards, ErrorKind};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn combos(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            go(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(0, n, k, &mut Vec::new(), &mut out);
    out
}

/// The low of five cards by the book: `None` unless five distinct ranks,
/// each eight or lower (ace low); otherwise the ranks high to low, ace as 1
/// (a smaller list is a better low).
fn book_low(five: &[Card]) -> Option<Vec<u8>> {
    let mut ranks: Vec<u8> = five
        .iter()
        .map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 })
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
    (distinct && ranks[0] <= 8).then_some(ranks)
}

/// The best of some lows by the book (the smallest list).
fn best_book_low(lows: impl Iterator<Item = Option<Vec<u8>>>) -> Option<Vec<u8>> {
    lows.flatten().min()
}

fn value_ranks(v: LowValue) -> Vec<u8> {
    v.ranks()
        .iter()
        .map(|&r| if r == 12 { 1 } else { r + 2 })
        .collect()
}

/// A small deterministic generator (xorshift), so that failures repeat.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn deal(&mut self, n: usize) -> Vec<Card> {
        let mut deck: Vec<u8> = (0..52).collect();
        for i in 0..n {
            let j = i + (self.next() % (52 - i) as u64) as usize;
            deck.swap(i, j);
        }
        deck[..n].iter().map(|&c| Card::new(c).unwrap()).collect()
    }
}

/// Every multiset of 5, 6 or 7 ranks (at most four of a rank), dealt with
/// distinct suits: low8 is the best low of its five-card subsets.
#[test]
fn low8_is_the_best_five_card_low_for_every_rank_multiset() {
    let mut checked = 0;
    let mut counts = [0u8; 13];
    fn walk(rank: usize, left: usize, counts: &mut [u8; 13], f: &mut dyn FnMut(&[u8; 13])) {
        if rank == 13 {
            if left == 0 {
                f(counts);
            }
            return;
        }
        for k in 0..=left.min(4) {
            counts[rank] = k as u8;
            walk(rank + 1, left - k, counts, f);
        }
        counts[rank] = 0;
    }
    for n in 5..=7 {
        walk(0, n, &mut counts, &mut |counts| {
            let hand: Vec<Card> = counts
                .iter()
                .enumerate()
                .flat_map(|(r, &k)| (0..k).map(move |s| Card::new(r as u8 * 4 + s).unwrap()))
                .collect();
            let want = best_book_low(
                combos(hand.len(), 5)
                    .iter()
                    .map(|c| book_low(&c.iter().map(|&i| hand[i]).collect::<Vec<_>>())),
            );
            let got = low8(&hand).unwrap();
            assert_eq!(got.map(value_ranks), want, "{hand:?}");
            if let Some((v, five)) = low8_cards(&hand).unwrap() {
                assert_eq!(book_low(&five).map(|_| ()), Some(()), "{hand:?}: {five:?}");
                assert_eq!(value_ranks(v), book_low(&five).unwrap());
                assert!(five.iter().all(|c| hand.contains(c)));
            }
            checked += 1;
        });
    }
    // 6,175 + 18,395 + 49,205 multisets of 5, 6 and 7 ranks
    assert_eq!(checked, 6_175 + 18_395 + 49_205);
}

/// Low values order lows as the book does, over all 56 lows.
#[test]
fn low_values_order_every_pair_of_lows() {
    let lows: Vec<u8> = (0u16..256)
        .map(|m| m as u8)
        .filter(|m| m.count_ones() == 5)
        .collect();
    assert_eq!(lows.len(), 56);
    for &a in &lows {
        for &b in &lows {
            let va = LowValue::new(255 - a as u16).unwrap();
            let vb = LowValue::new(255 - b as u16).unwrap();
            let (ra, rb) = (value_ranks(va), value_ranks(vb));
            // the better low has the smaller list and the greater value
            assert_eq!(va.cmp(&vb), rb.cmp(&ra), "{ra:?} against {rb:?}");
        }
    }
    assert!(LowValue::new(255 - 0b1111).is_err());
    assert!(LowValue::new(300).is_err());
}

#[test]
fn low_names() {
    let name = |t: &str| low8(&cards(t)).unwrap().map(|v| v.name());
    assert_eq!(
        name("8h 6d 4c 3s 2h Kd Kc").as_deref(),
        Some("Eight-six low")
    );
    assert_eq!(name("5h 4d 3c 2s Ah").as_deref(), Some("Five-four low"));
    assert_eq!(
        name("7h 5d 4c 3s 2h 8d 9c").as_deref(),
        Some("Seven-five low")
    );
    // a pair leaves four low ranks; a nine does not count
    assert_eq!(name("8h 8d 4c 3s 2h 9d Kc"), None);
    assert_eq!(
        low8(&cards("5h 4d 3c 2s Ah")).unwrap().unwrap().value(),
        224
    );
    assert_eq!(low8(&cards("8h 7d 6c 5s 4h")).unwrap().unwrap().value(), 7);
}

/// Omaha high and low against every two-and-three choice, on random hands
/// of 4, 5 and 6 hole cards and boards of 3, 4 and 5 cards.
#[test]
fn omaha_matches_brute_force_on_random_hands() {
    let mut rng = Rng(0x0dd_c0ffee);
    for round in 0..6_000 {
        let h = 4 + round % 3;
        let b = 3 + (round / 3) % 3;
        let dealt = rng.deal(h + b);
        let (hole, board) = dealt.split_at(h);
        let mut best_high: Option<HandValue> = None;
        let mut lows = Vec::new();
        for p in combos(h, 2) {
            for t in combos(b, 3) {
                let five: Vec<Card> = p
                    .iter()
                    .map(|&i| hole[i])
                    .chain(t.iter().map(|&i| board[i]))
                    .collect();
                let v = evaluate(&five).unwrap();
                best_high = best_high.max(Some(v));
                lows.push(book_low(&five));
            }
        }
        let high = omaha_high(hole, board).unwrap();
        assert_eq!(Some(high), best_high, "{hole:?} {board:?}");
        let (v, five, two) = omaha_high_cards(hole, board).unwrap();
        assert_eq!(v, high);
        assert_eq!(evaluate(&five).unwrap(), high);
        assert_eq!(five.iter().filter(|c| hole.contains(c)).count(), 2);
        assert_eq!(five.iter().filter(|c| board.contains(c)).count(), 3);
        assert!(two.iter().all(|c| five.contains(c) && hole.contains(c)));
        let want_low = best_book_low(lows.into_iter());
        let got_low = omaha_low8(hole, board).unwrap();
        assert_eq!(
            got_low.map(|(v, _)| value_ranks(v)),
            want_low,
            "{hole:?} {board:?}"
        );
        if let Some((v, five)) = got_low {
            assert_eq!(book_low(&five), Some(value_ranks(v)));
            assert_eq!(five.iter().filter(|c| hole.contains(c)).count(), 2);
            assert_eq!(five.iter().filter(|c| board.contains(c)).count(), 3);
        }
    }
}

/// The two-plus-three rule, worked by hand.
#[test]
fn omaha_plays_exactly_two_hole_cards() {
    // Four hearts in the hand and two on the board: no flush (three board
    // hearts are needed); the best is the board's pair of kings with A-Q.
    let hole = cards("Ah Qh 7h 2h");
    let board = cards("Kh 9h Kd 5c 3s");
    let (v, five, two) = omaha_high_cards(&hole, &board).unwrap();
    assert_eq!(v.name(), "One pair, kings");
    assert_eq!(two, [Card::new(50).unwrap(), Card::new(42).unwrap()]);
    assert_eq!(five[..2], [Card::new(46).unwrap(), Card::new(45).unwrap()]);
    // Four to a straight on the board does not make a straight with one
    // hole card: 9-8 plays, with three board cards.
    let v = omaha_high(&cards("9c 8d 2s 2h"), &cards("Th Jd Qc Kh 3s")).unwrap();
    assert_eq!(v.name(), "Straight, queen high");
    // Four aces in the hand play as a pair.
    let v = omaha_high(&cards("As Ah Ad Ac"), &cards("Kh 7d 2c 9s 4h")).unwrap();
    assert_eq!(v.name(), "One pair, aces");
    // The low needs two low hole cards of different ranks.
    assert!(omaha_low8(&cards("Ah Ad Ks Qs"), &cards("2c 3d 4h 9s Tc"))
        .unwrap()
        .is_none());
    let (low, five) = omaha_low8(&cards("Ah 2d Ks Qs"), &cards("2c 3d 4h 9s 8c"))
        .unwrap()
        .unwrap();
    // A-2 from the hand, 3-4-8 from the board (the board's deuce is not
    // needed): 8-4-3-2-A.
    assert_eq!(low.name(), "Eight-four low");
    assert!(five.contains(&Card::new(1).unwrap())); // 2d from the hand
    assert!(!five.contains(&Card::new(0).unwrap())); // not 2c
}

#[test]
fn omaha_errors_name_the_card_counts() {
    let e = omaha_high(&cards("Ah Kd"), &cards("2c 3d 4h")).unwrap_err();
    assert!(
        e.to_string()
            .contains("Omaha needs 4, 5 or 6 hole cards, got 2"),
        "{e}"
    );
    let e = omaha_low8(&cards("Ah Kd Qs Jc"), &cards("2c 3d")).unwrap_err();
    assert!(
        e.to_string()
            .contains("an Omaha board is 3, 4 or 5 cards, got 2"),
        "{e}"
    );
    let e = omaha_high(&cards("Ah Kd Qs Jc"), &cards("Ah 3d 4h")).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DuplicateCard { .. }), "{e}");
    assert!(low8(&cards("Ah Kd Qs Jc")).is_err());
}

/// The low batch gives each row what `low8` gives it (0 for no low), on
/// 30,000 random rows of 5, 6 and 7 cards, and names its first bad row.
#[test]
fn low8_rows_match_one_hand_at_a_time() {
    use holecards_core::eval::low::evaluate_rows;
    let mut state = 0x10_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for width in 5..=7usize {
        let mut rows = Vec::new();
        for _ in 0..10_000 {
            let mut deck: Vec<u8> = (0..52).collect();
            for k in 0..width {
                let j = k + (next() % (52 - k) as u64) as usize;
                deck.swap(k, j);
            }
            rows.extend_from_slice(&deck[..width]);
        }
        let mut out = vec![0u16; 10_000];
        evaluate_rows(&rows, width, &mut out, Some(2), None).unwrap();
        let mut lows = 0;
        for (row, &v) in rows.chunks_exact(width).zip(&out) {
            let hand: Vec<Card> = row.iter().map(|&c| Card::new(c).unwrap()).collect();
            let one = low8(&hand).unwrap().map_or(0, |l| l.value());
            assert_eq!(v, one, "{hand:?}");
            lows += (v > 0) as u32;
        }
        assert!(lows > 100, "{lows} lows of 10,000 rows of {width}");
        rows[width * 777 + 1] = rows[width * 777];
        let e = evaluate_rows(&rows, width, &mut out, None, None).unwrap_err();
        assert!(e.to_string().contains("777"), "{e}");
    }
}
