//! The evaluator: known hands, names, and exhaustive checks (release mode).
use holecards_core::card::parse_cards;
use holecards_core::eval::*;

fn v(text: &str) -> HandValue {
    evaluate(&parse_cards(text).unwrap()).unwrap()
}

#[test]
fn extremes() {
    assert_eq!(v("AsKsQsJsTs").value(), 7462);
    assert_eq!(v("7c5d4h3s2c").value(), 1);
    assert_eq!(v("AsKsQsJsTs").name(), "Royal flush");
    assert_eq!(v("7c5d4h3s2c").name(), "High card, seven");
}

#[test]
fn names() {
    assert_eq!(v("KhKdKc7s7d").name(), "Full house, kings full of sevens");
    assert_eq!(v("Ah2d3c4s5d").name(), "Straight, five high");
    assert_eq!(v("KhKd7c7s2d").name(), "Two pair, kings and sevens");
    assert_eq!(v("9h8h7h6h5h").name(), "Straight flush, nine high");
    assert_eq!(v("AhAdAcAs2d").name(), "Four of a kind, aces");
    assert_eq!(v("6h6d6c2s3d").name(), "Three of a kind, sixes");
    assert_eq!(v("QhQd2c3s4d").name(), "One pair, queens");
    assert_eq!(v("Ah9h7h4h2h").name(), "Flush, ace high");
}

#[test]
fn orderings_users_argue_about() {
    // wheel is the lowest straight, steel wheel the lowest straight flush
    assert!(v("Ah2d3c4s5d") < v("2d3c4s5d6h"));
    assert!(v("Ah2h3h4h5h") < v("2h3h4h5h6h"));
    assert!(v("Ah2h3h4h5h") > v("AcAdAhAs Kd"));
    // kickers
    assert!(v("AhAdKc7s2d") > v("AhAdQc7s2d"));
    assert_eq!(v("AhAdKc7s2d"), v("AcAsKd7h2c"));
    // two pair: the lower pair, then the kicker
    assert!(v("KhKd7c7s2d") > v("KhKd6c6s2d"));
    assert!(v("KhKd7c7s3d") > v("KhKd7c7s2d"));
    // the board plays
    assert_eq!(v("2c3d AsKsQsJsTs"), v("4c5d AsKsQsJsTs"));
    // a 7-card flush picks its five best
    assert_eq!(v("AhKh9h7h5h3h2h"), v("AhKh9h7h5h"));
    // two trips make a full house of the higher trips over the lower
    assert_eq!(v("KhKdKc7s7d7c2h"), v("KhKdKc7s7d"));
    // three pairs: the best two plus the best kicker
    assert_eq!(v("KhKd7c7s5d5c2h"), v("KhKd7c7s5d"));
    // quads and a full house: quads with the best kicker
    assert_eq!(v("AhAdAcAsKdKcKh"), v("AhAdAcAsKd"));
}

#[test]
fn best_five_order() {
    let (val, five) = best_five(&parse_cards("7s Kh 2c Kd 7d Kc 3h").unwrap()).unwrap();
    assert_eq!(val.category(), Category::FullHouse);
    let ranks: String = five.iter().map(|c| c.rank_char()).collect();
    assert_eq!(ranks, "KKK77");
    let (_, five) = best_five(&parse_cards("Ah 2d 3c 4s 5d 9c Kh").unwrap()).unwrap();
    assert_eq!(holecards_core::card::cards_to_string(&five), "5d4s3c2dAh");
}

#[test]
fn checked_api_rejects_bad_input() {
    let four = parse_cards("AhKhQhJh").unwrap();
    assert!(matches!(
        evaluate(&four).map_err(|e| e.into_kind()),
        Err(holecards_core::ErrorKind::BadCards(_))
    ));
    let mut dup = parse_cards("AhKhQhJhTh").unwrap();
    dup[4] = dup[0];
    assert_eq!(
        evaluate(&dup).map_err(|e| e.to_string()),
        Err("duplicate card Ah".to_string())
    );
    assert!(HandValue::new(0).is_err());
    assert!(HandValue::new(7463).is_err());
}

#[test]
fn raw_functions_never_panic_on_garbage() {
    for b in [52u8, 60, 200, 255] {
        let _ = eval7_indices(&[b, b, b, b, b, b, b]);
        let _ = eval5_indices(&[b, 0, 1, 2, 3]);
    }
}

/// Calls `f` with every hand of `N` distinct card indices, each in increasing
/// order, the hands in lexicographic order (as `N` nested loops would).
fn each_hand<const N: usize>(mut f: impl FnMut(&[u8; N])) {
    let mut hand: [u8; N] = std::array::from_fn(|i| i as u8);
    loop {
        f(&hand);
        // The last card that can still move up, then the ones after it packed behind it.
        let Some(i) = (0..N).rev().find(|&i| usize::from(hand[i]) < 52 - N + i) else {
            return;
        };
        hand[i] += 1;
        for j in i + 1..N {
            hand[j] = hand[j - 1] + 1;
        }
    }
}

/// All 2,598,960 five-card hands: known category counts, 7,462 distinct values.
#[test]
fn exhaustive_five() {
    let mut counts = [0u64; 9];
    let mut seen = vec![false; 7463];
    let mut per_cat_values = [0u32; 9];
    each_hand(|five: &[u8; 5]| {
        let val = eval5_indices(five);
        assert!((1..=7462).contains(&val));
        let cat = HandValue::new(val).unwrap().category() as usize;
        counts[cat] += 1;
        if !seen[val as usize] {
            seen[val as usize] = true;
            per_cat_values[cat] += 1;
        }
    });
    assert_eq!(
        counts,
        [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    );
    assert_eq!(
        per_cat_values,
        [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    );
    assert_eq!(seen.iter().filter(|&&s| s).count(), 7462);
}

/// The best value, by `eval`, of `cards` less any one card.
fn best_less_one<const M: usize>(cards: &[u8], eval: fn(&[u8; M]) -> u16) -> u16 {
    (0..cards.len())
        .map(|skip| {
            let mut rest = [0u8; M];
            let kept = cards.iter().enumerate().filter(|&(i, _)| i != skip);
            for (slot, (_, &x)) in rest.iter_mut().zip(kept) {
                *slot = x;
            }
            eval(&rest)
        })
        .max()
        .unwrap_or(0)
}

/// All 20,358,520 six-card hands: each is the best of its six 5-card subsets.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release mode: cargo test --release"
)]
fn exhaustive_six_matches_best_subset() {
    let mut n = 0u64;
    each_hand(|six: &[u8; 6]| {
        let best = best_less_one(six, eval5_indices);
        assert_eq!(eval6_indices(six), best, "{six:?}");
        n += 1;
    });
    assert_eq!(n, 20_358_520);
}

/// All 133,784,560 seven-card hands: known category counts, 4,824 distinct
/// values, and each is the best of its seven 6-card subsets (which the test
/// above ties to the 5-card values).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release mode: cargo test --release"
)]
fn exhaustive_seven() {
    let mut by_value = vec![0u64; 7463];
    each_hand(|seven: &[u8; 7]| {
        let v = eval7_indices(seven);
        let best = best_less_one(seven, eval6_indices);
        assert_eq!(v, best, "{seven:?}");
        by_value[v as usize] += 1;
    });
    assert_eq!(by_value[0], 0);
    let mut counts = [0u64; 9];
    for (val, &n) in by_value.iter().enumerate().skip(1) {
        counts[HandValue::new(val as u16).unwrap().category() as usize] += n;
    }
    assert_eq!(
        counts,
        [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584]
    );
    assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
    assert_eq!(by_value.iter().filter(|&&n| n > 0).count(), 4824);
}

/// The accumulator, built incrementally as equity enumeration builds it (one
/// card per loop level), agrees with the evaluator from card indices on
/// every 5-, 6- and 7-card hand (the cards added in another order there).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release mode: cargo test --release"
)]
fn exhaustive_accumulator_matches_the_evaluator() {
    use holecards_core::eval::HandAcc;
    let mut n = [0u64; 3];
    for a in 0..52u8 {
        let ha = HandAcc::EMPTY.add_index(a);
        for b in a + 1..52 {
            let hb = ha.add_index(b);
            for c in b + 1..52 {
                let hc = hb.add_index(c);
                for d in c + 1..52 {
                    let hd = hc.add_index(d);
                    for e in d + 1..52 {
                        let he = hd.add_index(e);
                        assert_eq!(he.eval56(), eval5_indices(&[a, b, c, d, e]));
                        n[0] += 1;
                        for f in e + 1..52 {
                            let hf = he.add_index(f);
                            assert_eq!(hf.eval56(), eval6_indices(&[a, b, c, d, e, f]));
                            n[1] += 1;
                            for g in f + 1..52 {
                                let hg = hf.add_index(g);
                                assert_eq!(
                                    hg.eval7(),
                                    eval7_indices(&[g, f, e, d, c, b, a]),
                                    "{a} {b} {c} {d} {e} {f} {g}"
                                );
                                n[2] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(n, [2_598_960, 20_358_520, 133_784_560]);
}

/// The accumulator's card set (packed in 12 bytes: the key's middle bits
/// and a word) against a plain list: its length, which cards it holds, its
/// suit-major bits, adding with and without a condition, and combining.
#[test]
fn accumulator_holds_its_cards() {
    use holecards_core::eval::HandAcc;
    use holecards_core::Card;
    assert_eq!(std::mem::size_of::<HandAcc>(), 12);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for round in 0..20_000 {
        let mut deck: Vec<u8> = (0..52).collect();
        let n = 1 + (round % 7);
        let mut hand = Vec::new();
        for _ in 0..n {
            let i = next(deck.len() as u64) as usize;
            hand.push(deck.swap_remove(i));
        }
        let acc = HandAcc::from_indices(&hand);
        assert_eq!(acc.len() as usize, n);
        assert!(!acc.is_empty());
        let mut bits = 0u64;
        for c in 0..52u8 {
            let card = Card::new(c).unwrap();
            assert_eq!(acc.contains(card), hand.contains(&c), "{hand:?} {c}");
            if hand.contains(&c) {
                bits |= 1 << (16 * (c & 3) + (c >> 2));
            }
        }
        assert_eq!(acc.suit_bits(), bits, "{hand:?}");
        let conditional =
            (0..52u8).fold(HandAcc::EMPTY, |h, c| h.add_index_if(c, hand.contains(&c)));
        assert_eq!(conditional, acc);
        let split = (n / 2).max(1).min(n);
        let combined =
            HandAcc::from_indices(&hand[..split]) + HandAcc::from_indices(&hand[split..]);
        assert_eq!(combined, acc);
        if n >= 5 {
            let want = match n {
                5 => eval5_indices(&hand[..].try_into().unwrap()),
                6 => eval6_indices(&hand[..].try_into().unwrap()),
                _ => eval7_indices(&hand[..].try_into().unwrap()),
            };
            assert_eq!(acc.value().unwrap().value(), want);
        }
    }
}

#[test]
fn accumulator_orders_and_checks() {
    use holecards_core::eval::HandAcc;
    use holecards_core::{evaluate, parse_cards};
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..20_000 {
        let mut deck: Vec<u8> = (0..52).collect();
        for i in 0..7 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let j = i + (rng % (52 - i as u64)) as usize;
            deck.swap(i, j);
        }
        let seven = &deck[..7];
        let want = eval7_indices(&seven.try_into().unwrap());
        // Board then hole cards, combined; and the other way round.
        let board = HandAcc::from_indices(&seven[..5]);
        let hole = HandAcc::from_indices(&seven[5..]);
        assert_eq!((board + hole).eval7(), want);
        assert_eq!((hole + board).eval7(), want);
        assert_eq!((board + hole).len(), 7);
        assert_eq!(
            HandAcc::from_indices(&seven[..6]).value().unwrap().value(),
            eval6_indices(&seven[..6].try_into().unwrap())
        );
    }
    let cards = parse_cards("Ah Kh Qh Jh Th 2c 3d").unwrap();
    let acc = HandAcc::from_cards(&cards);
    assert_eq!(acc.value().unwrap(), evaluate(&cards).unwrap());
    assert!(acc.try_add(cards[0]).is_err());
    assert!(
        acc.try_add("4s".parse().unwrap()).is_err(),
        "an eighth card"
    );
    assert!(HandAcc::from_cards(&cards[..4]).value().is_err());
    assert!(HandAcc::EMPTY.is_empty() && HandAcc::default() == HandAcc::EMPTY);
}

/// Random distinct hands of `width` cards (a fixed xorshift, no dependency).
fn random_rows(n: usize, width: usize, mut rng: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * width);
    let mut deck: Vec<u8> = (0..52).collect();
    for _ in 0..n {
        for i in 0..width {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let j = i + (rng % (52 - i as u64)) as usize;
            deck.swap(i, j);
        }
        out.extend_from_slice(&deck[..width]);
    }
    out
}

fn scalar_value(row: &[u8]) -> u16 {
    match row.len() {
        7 => eval7_indices(row.try_into().unwrap()),
        6 => eval6_indices(row.try_into().unwrap()),
        _ => eval5_indices(row.try_into().unwrap()),
    }
}

/// Every kernel this processor has gives the scalar values, for every width
/// and for lengths that leave a partial 16-row step, and lengths around
/// the interleaved kernel's distance (fewer steps than it, as many, one more).
#[test]
fn batch_kernels_match_the_scalar_evaluator() {
    use holecards_core::eval::batch::{
        evaluate_rows, evaluate_rows_with, Kernel, INTERLEAVE_STEPS,
    };
    assert!(
        Kernel::available().contains(&Kernel::Scalar)
            && Kernel::available().contains(&Kernel::best())
    );
    let d = 16 * INTERLEAVE_STEPS;
    for width in 5..=7 {
        for n in [
            0usize,
            1,
            15,
            16,
            17,
            33,
            d - 16,
            d - 1,
            d,
            d + 16,
            d + 17,
            1000,
            70_000,
        ] {
            let rows = random_rows(n, width, 0x1234_5678 + n as u64 * 7 + width as u64);
            let want: Vec<u16> = rows.chunks_exact(width).map(scalar_value).collect();
            for kernel in Kernel::available() {
                let mut out = vec![0u16; n];
                evaluate_rows_with(kernel, &rows, width, &mut out).unwrap();
                assert_eq!(
                    out,
                    want,
                    "{} kernel, width {width}, {n} rows",
                    kernel.name()
                );
            }
            for threads in [Some(1), Some(2), None] {
                let mut out = vec![0u16; n];
                evaluate_rows(&rows, width, &mut out, threads).unwrap();
                assert_eq!(out, want, "width {width}, {n} rows, threads {threads:?}");
                // into a Vec's spare capacity, never zeroed
                let mut spare: Vec<u16> = Vec::with_capacity(n);
                holecards_core::eval::batch::evaluate_rows_uninit(
                    &rows,
                    width,
                    &mut spare.spare_capacity_mut()[..n],
                    threads,
                    None,
                )
                .unwrap();
                // SAFETY: evaluate_rows_uninit returned Ok: it wrote all n values.
                unsafe { spare.set_len(n) };
                assert_eq!(
                    spare, want,
                    "uninit, width {width}, {n} rows, threads {threads:?}"
                );
            }
        }
    }
}

/// The AVX-512 kernel works in blocks of 2,048 steps (32,768 rows): every
/// kernel names a bad row on either side of a block's edge (and at the end
/// of a 65,536-row piece, where the batch looks at its cancel flag).
#[test]
fn batch_kernels_find_a_bad_row_at_a_block_edge() {
    use holecards_core::eval::batch::{evaluate_rows_with, Kernel};
    use holecards_core::ErrorKind;
    let width = 7;
    let n = 3 * 32_768 + 5;
    let good = random_rows(n, width, 77);
    for bad_row in [32_767usize, 32_768, 65_535, 65_536, n - 1] {
        let mut rows = good.clone();
        rows[bad_row * width + 3] = rows[bad_row * width + 5];
        for kernel in Kernel::available() {
            let mut out = vec![0u16; n];
            let err = evaluate_rows_with(kernel, &rows, width, &mut out).unwrap_err();
            assert!(
                matches!(err.kind(), ErrorKind::DuplicateCard { row: Some(r), .. } if *r == bad_row),
                "{} kernel, row {bad_row}: {err}",
                kernel.name()
            );
        }
    }
}

/// A bad row anywhere in a step (every lane, every card position, the
/// scalar tail) is found by every kernel, and the error names the first one.
#[test]
fn batch_kernels_name_the_first_bad_row() {
    use holecards_core::eval::batch::{evaluate_rows, evaluate_rows_with, Kernel};
    use holecards_core::ErrorKind;
    for width in 5..=7 {
        let n = 40; // two 16-row steps and a tail of 8
        let good = random_rows(n, width, 99 + width as u64);
        for bad_row in [0usize, 1, 7, 15, 16, 31, 32, 39] {
            for pos in 0..width {
                for bad in [
                    52u8,
                    63,
                    64,
                    100,
                    128 + good[bad_row * width + pos],
                    255,
                    255 - 3,
                ] {
                    for dup in [false, true] {
                        let mut rows = good.clone();
                        if dup {
                            let other = if pos == 0 { 1 } else { 0 };
                            rows[bad_row * width + pos] = rows[bad_row * width + other];
                        } else {
                            rows[bad_row * width + pos] = bad;
                        }
                        // a second bad row later must not be the one named
                        if bad_row + 3 < n {
                            rows[(bad_row + 3) * width] = 200;
                        }
                        for kernel in Kernel::available() {
                            let mut out = vec![0u16; n];
                            let err =
                                evaluate_rows_with(kernel, &rows, width, &mut out).unwrap_err();
                            let msg = err.to_string();
                            if dup {
                                assert!(
                                    matches!(err.kind(), ErrorKind::DuplicateCard { row: Some(r), .. } if *r == bad_row),
                                    "{} kernel, width {width}, row {bad_row}, pos {pos}: {msg}",
                                    kernel.name()
                                );
                            } else {
                                assert!(
                                    msg.starts_with(&format!("row {bad_row}: {bad} is not a card")),
                                    "{} kernel: {msg}",
                                    kernel.name()
                                );
                            }
                        }
                        let mut out = vec![0u16; n];
                        assert!(evaluate_rows(&rows, width, &mut out, Some(1)).is_err());
                    }
                }
            }
        }
    }
    // Many rows on several threads: the first bad row is still the one named.
    let width = 7;
    let n = 200_000;
    let mut rows = random_rows(n, width, 5);
    rows[150_001 * width + 2] = 52;
    rows[60_000 * width + 6] = rows[60_000 * width];
    for threads in [Some(1), Some(2), Some(3), None] {
        let mut out = vec![0u16; n];
        let err = evaluate_rows(&rows, width, &mut out, threads).unwrap_err();
        assert!(
            matches!(
                err.kind(),
                ErrorKind::DuplicateCard {
                    row: Some(60_000),
                    ..
                }
            ),
            "threads {threads:?}: {err}"
        );
    }
}

#[test]
fn batch_stops_when_cancelled() {
    use holecards_core::eval::batch::evaluate_rows_cancellable;
    use holecards_core::ErrorKind;
    use std::sync::atomic::AtomicBool;
    let rows = random_rows(300_000, 7, 11);
    let cancel = AtomicBool::new(true);
    for threads in [Some(1), Some(2), None] {
        let mut out = vec![0u16; 300_000];
        let err =
            evaluate_rows_cancellable(&rows, 7, &mut out, threads, Some(&cancel)).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Interrupted), "{err}");
    }
    let go = AtomicBool::new(false);
    let mut out = vec![0u16; 300_000];
    evaluate_rows_cancellable(&rows, 7, &mut out, Some(2), Some(&go)).unwrap();
    assert_eq!(out[12345], scalar_value(&rows[12345 * 7..12346 * 7]));
}

/// Every 5-, 6- and 7-card hand through the batch path, on every kernel this
/// processor can run, against the scalar evaluator (`cargo test --release`).
/// The rows are made a few million at a time: all hands whose first two
/// cards are (a, b).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release mode: cargo test --release"
)]
fn exhaustive_batch_kernels_match_the_scalar_evaluator() {
    use holecards_core::eval::batch::{evaluate_rows_with, Kernel};
    let kernels = Kernel::available();
    eprintln!(
        "batch kernels checked: {:?}",
        kernels.iter().map(|k| k.name()).collect::<Vec<_>>()
    );
    let mut counts = [0u64; 3];
    let mut rows: Vec<u8> = Vec::new();
    let mut want: Vec<u16> = Vec::new();
    let mut out: Vec<u16> = Vec::new();
    for width in 5..=7usize {
        for a in 0..52u8 {
            for b in a + 1..52 {
                rows.clear();
                want.clear();
                let mut row = [a, b, 0, 0, 0, 0, 0];
                // the remaining width - 2 cards, increasing, above b
                fn rec(
                    row: &mut [u8; 7],
                    k: usize,
                    width: usize,
                    rows: &mut Vec<u8>,
                    want: &mut Vec<u16>,
                ) {
                    if k == width {
                        rows.extend_from_slice(&row[..width]);
                        want.push(scalar_value(&row[..width]));
                        return;
                    }
                    for c in row[k - 1] + 1..52 {
                        row[k] = c;
                        rec(row, k + 1, width, rows, want);
                    }
                }
                rec(&mut row, 2, width, &mut rows, &mut want);
                counts[width - 5] += want.len() as u64;
                for &kernel in &kernels {
                    out.clear();
                    out.resize(want.len(), 0);
                    evaluate_rows_with(kernel, &rows, width, &mut out).unwrap();
                    if out != want {
                        let i = out.iter().zip(&want).position(|(x, y)| x != y).unwrap();
                        panic!(
                            "{} kernel: {:?} gives {}, the scalar evaluator {}",
                            kernel.name(),
                            &rows[i * width..i * width + width],
                            out[i],
                            want[i]
                        );
                    }
                }
            }
        }
    }
    assert_eq!(counts, [2_598_960, 20_358_520, 133_784_560]);
}
