//! Criterion bench of the Rust evaluator on 10 million pre-generated random
//! 7-card hands (distinct cards, fixed seed), reported as hands per second.
//!
//! The `short_deck` group times the short-deck evaluator beside the standard
//! one on the same 10 million random 7-card hands of the 36-card deck.
//!
//! The `lowball` group times the lowball and badugi evaluators beside the
//! hold'em one, each on 1 million random hands: five cards (hold'em,
//! deuce-to-seven, ace-to-five), seven (hold'em, deuce-to-seven,
//! ace-to-five: a razz hand), four (badugi), through the public checked
//! calls on `Card` slices, through the unchecked index paths the games'
//! showdowns use, and through the batch forms on rows of card indices (one
//! thread).
//!
//! Run: `cargo bench -p holecards-core --bench evaluator` (one group:
//! `... -- lowball`)
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holecards_core::eval::batch::{evaluate_rows, evaluate_rows_with, Kernel};
use holecards_core::eval::{eval5_indices, eval7_indices, HandAcc};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::hint::black_box;

const HANDS: usize = 10_000_000;

fn random_hands(n: usize, width: usize, seed: u64) -> Vec<u8> {
    random_hands_of(n, width, seed, (0..52).collect())
}

fn random_hands_of(n: usize, width: usize, seed: u64, mut deck: Vec<u8>) -> Vec<u8> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n * width);
    for _ in 0..n {
        let (hand, _) = deck.partial_shuffle(&mut rng, width);
        out.extend_from_slice(hand);
    }
    out
}

fn bench(c: &mut Criterion) {
    let seven = random_hands(HANDS, 7, 1);
    let five = random_hands(HANDS, 5, 2);
    let mut g = c.benchmark_group("evaluate");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.sample_size(10);
    g.bench_function("seven_card_random_10M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in seven.chunks_exact(7) {
                let h: &[u8; 7] = h.try_into().unwrap_or(&[0; 7]);
                acc = acc.wrapping_add(eval7_indices(h) as u64);
            }
            black_box(acc)
        })
    });
    g.bench_function("five_card_random_10M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in five.chunks_exact(5) {
                let h: &[u8; 5] = h.try_into().unwrap_or(&[0; 5]);
                acc = acc.wrapping_add(eval5_indices(h) as u64);
            }
            black_box(acc)
        })
    });
    let accs: Vec<HandAcc> = seven.chunks_exact(7).map(HandAcc::from_indices).collect();
    g.bench_function("seven_card_prebuilt_handacc_10M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in &accs {
                acc = acc.wrapping_add(h.eval7() as u64);
            }
            black_box(acc)
        })
    });
    let mut out = vec![0u16; HANDS];
    g.bench_function("seven_card_checked_batch_1_thread_10M", |b| {
        b.iter(|| {
            evaluate_rows(&seven, 7, &mut out, Some(1)).ok();
            black_box(out[0])
        })
    });
    for kernel in Kernel::available() {
        g.bench_function(
            format!("seven_card_checked_batch_{}_kernel_10M", kernel.name()),
            |b| {
                b.iter(|| {
                    evaluate_rows_with(kernel, &seven, 7, &mut out).ok();
                    black_box(out[0])
                })
            },
        );
    }
    g.bench_function("seven_card_checked_batch_all_cores_10M", |b| {
        b.iter(|| {
            evaluate_rows(&seven, 7, &mut out, None).ok();
            black_box(out[0])
        })
    });
    g.finish();
}

fn bench_short_deck(c: &mut Criterion) {
    use holecards_core::eval::short_deck::{self, short_deck_order, ShortDeckRanking};
    let seven = random_hands_of(HANDS, 7, 3, (16..52).collect());
    let mut g = c.benchmark_group("short_deck");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.sample_size(10);
    g.bench_function("standard_eval7_indices_10M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in seven.chunks_exact(7) {
                let h: &[u8; 7] = h.try_into().unwrap_or(&[0; 7]);
                acc = acc.wrapping_add(eval7_indices(h) as u64);
            }
            black_box(acc)
        })
    });
    for (name, ranking) in [
        ("straight_first", ShortDeckRanking::StraightBeatsTrips),
        ("trips_first", ShortDeckRanking::TripsBeatStraight),
    ] {
        g.bench_function(format!("short_deck_{name}_from_indices_10M"), |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for h in seven.chunks_exact(7) {
                    acc = acc
                        .wrapping_add(short_deck_order(HandAcc::from_indices(h), ranking) as u64);
                }
                black_box(acc)
            })
        });
    }
    let mut out = vec![0u16; HANDS];
    for kernel in Kernel::available() {
        g.bench_function(
            format!("standard_checked_batch_{}_kernel_10M", kernel.name()),
            |b| {
                b.iter(|| {
                    evaluate_rows_with(kernel, &seven, 7, &mut out).ok();
                    black_box(out[0])
                })
            },
        );
        g.bench_function(
            format!("short_deck_checked_batch_{}_kernel_10M", kernel.name()),
            |b| {
                b.iter(|| {
                    short_deck::evaluate_rows_with(kernel, &seven, 7, Default::default(), &mut out)
                        .ok();
                    black_box(out[0])
                })
            },
        );
    }
    g.finish();
}

fn bench_lowball(c: &mut Criterion) {
    use holecards_core::eval::lowball::{self, Lowball};
    use holecards_core::eval::{badugi, evaluate};
    use holecards_core::Card;
    const LOW_HANDS: usize = 1_000_000;
    let cards = |idx: &[u8]| -> Vec<Card> {
        idx.iter()
            .map(|&i| Card::new(i).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    };
    let five = random_hands(LOW_HANDS, 5, 4);
    let seven = random_hands(LOW_HANDS, 7, 5);
    let four = random_hands(LOW_HANDS, 4, 6);
    let (five_c, seven_c, four_c) = (cards(&five), cards(&seven), cards(&four));
    let mut g = c.benchmark_group("lowball");
    g.throughput(Throughput::Elements(LOW_HANDS as u64));
    g.sample_size(10);
    // one hand at a time, from card indices, unchecked: the fastest hold'em path
    g.bench_function("holdem_eval5_indices_1M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in five.chunks_exact(5) {
                let h: &[u8; 5] = h.try_into().unwrap_or(&[0; 5]);
                acc = acc.wrapping_add(eval5_indices(h) as u64);
            }
            black_box(acc)
        })
    });
    g.bench_function("holdem_eval7_indices_1M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in seven.chunks_exact(7) {
                let h: &[u8; 7] = h.try_into().unwrap_or(&[0; 7]);
                acc = acc.wrapping_add(eval7_indices(h) as u64);
            }
            black_box(acc)
        })
    });
    // the games' own unchecked paths: a 2-7 draw hand (five cards), a razz
    // hand (seven), a badugi hand (four)
    g.bench_function("deuce_to_seven_5_indices_1M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in five.chunks_exact(5) {
                acc = acc.wrapping_add(lowball::d27_value_indices(h) as u64);
            }
            black_box(acc)
        })
    });
    g.bench_function("ace_to_five_7_indices_1M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in seven.chunks_exact(7) {
                acc = acc.wrapping_add(lowball::a5_value_indices(h) as u64);
            }
            black_box(acc)
        })
    });
    g.bench_function("badugi_4_indices_1M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in four.chunks_exact(4) {
                let h: &[u8; 4] = h.try_into().unwrap_or(&[0; 4]);
                acc = acc.wrapping_add(badugi::badugi_value_indices(h) as u64);
            }
            black_box(acc)
        })
    });
    // one hand at a time, the public checked calls on `Card` slices
    for (name, width, hands) in [("5", 5, &five_c), ("7", 7, &seven_c)] {
        g.bench_function(format!("holdem_evaluate_{name}_cards_1M"), |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for h in hands.chunks_exact(width) {
                    acc = acc.wrapping_add(evaluate(h).map_or(0, |v| v.value()) as u64);
                }
                black_box(acc)
            })
        });
    }
    for (name, ranking, width, hands) in [
        ("deuce_to_seven_5", Lowball::DeuceToSeven, 5, &five_c),
        ("ace_to_five_5", Lowball::AceToFive, 5, &five_c),
        ("deuce_to_seven_7", Lowball::DeuceToSeven, 7, &seven_c),
        ("ace_to_five_7", Lowball::AceToFive, 7, &seven_c),
    ] {
        g.bench_function(format!("lowball_{name}_cards_1M"), |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for h in hands.chunks_exact(width) {
                    acc = acc
                        .wrapping_add(lowball::lowball(h, ranking).map_or(0, |v| v.value()) as u64);
                }
                black_box(acc)
            })
        });
    }
    g.bench_function("badugi_4_cards_1M", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for h in four_c.chunks_exact(4) {
                acc = acc.wrapping_add(badugi::badugi(h).map_or(0, |v| v.value()) as u64);
            }
            black_box(acc)
        })
    });
    // the batch forms: checked rows of card indices, one thread
    let mut out = vec![0u16; LOW_HANDS];
    for (name, width, rows) in [("5", 5, &five), ("7", 7, &seven)] {
        g.bench_function(format!("holdem_evaluate_rows_{name}_1_thread_1M"), |b| {
            b.iter(|| {
                evaluate_rows(rows, width, &mut out, Some(1)).ok();
                black_box(out[0])
            })
        });
    }
    for (name, ranking, width, rows) in [
        ("deuce_to_seven_5", Lowball::DeuceToSeven, 5, &five),
        ("ace_to_five_5", Lowball::AceToFive, 5, &five),
        ("ace_to_five_7", Lowball::AceToFive, 7, &seven),
        ("deuce_to_seven_7", Lowball::DeuceToSeven, 7, &seven),
    ] {
        g.bench_function(format!("lowball_evaluate_rows_{name}_1_thread_1M"), |b| {
            b.iter(|| {
                lowball::evaluate_rows(rows, width, ranking, &mut out, Some(1), None).ok();
                black_box(out[0])
            })
        });
    }
    g.bench_function("badugi_evaluate_rows_4_1_thread_1M", |b| {
        b.iter(|| {
            badugi::evaluate_rows(&four, &mut out, Some(1), None).ok();
            black_box(out[0])
        })
    });
    g.finish();
}

criterion_group!(benches, bench, bench_short_deck, bench_lowball);
criterion_main!(benches);
