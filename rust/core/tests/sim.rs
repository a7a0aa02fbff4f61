//! Simulations: reproducible, independent of threads and of how the chunks
//! are split, zero-sum, and bots that decide from what their seat may see.
use holecards_core::game::{GivenCards, Hand};
use holecards_core::parse_cards;
use holecards_core::sim::bots::strength;
use holecards_core::sim::{BotKind, BotRng, CashSim, Observation, TournamentSim};
use rand::SeedableRng;
use std::sync::Arc;

mod common;
use common::{four_levels, levels, no_limit, sit_and_go};

fn cash(bots: Vec<BotKind>, hands: u64, seed: u64) -> CashSim {
    let n = bots.len();
    CashSim {
        rules: no_limit(1, 2),
        stacks: vec![200; n],
        bots,
        hands,
        seed,
    }
}

#[test]
fn cash_results_do_not_depend_on_threads_or_chunks() {
    let sim = cash(
        vec![
            BotKind::Random,
            BotKind::CallingStation,
            BotKind::TightAggressive,
            BotKind::Random,
            BotKind::Random,
            BotKind::CallingStation,
        ],
        9_000,
        5,
    );
    let one = sim.run(Some(1), None).unwrap();
    let two = sim.run(Some(2), None).unwrap();
    let three = sim.run(Some(3), None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one, three);
    assert_eq!(one.hands, 9_000);
    let mut parts = sim.run_range(0..2, Some(1), None).unwrap();
    parts.add(&sim.run_range(2..sim.chunks(), Some(2), None).unwrap());
    assert_eq!(parts, one);
    // Every chip won was lost by someone.
    assert_eq!(one.net.iter().sum::<i128>(), 0);
    // Another seed, other results.
    assert_ne!(
        cash(sim.bots.clone(), 9_000, 6).run(None, None).unwrap(),
        one
    );
}

/// Release mode only (CI runs it there): 40,000 hands of Monte Carlo bots.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn the_tight_aggressive_bot_beats_the_random_bot_and_the_calling_station() {
    let sim = cash(vec![BotKind::TightAggressive, BotKind::Random], 20_000, 1);
    let t = sim.run(None, None).unwrap();
    let (tag, ci) = t.per_100(0);
    assert!(
        tag - ci > 0.0,
        "tight-aggressive wins {tag} +- {ci} per 100 hands against random"
    );
    let sim = cash(
        vec![BotKind::TightAggressive, BotKind::CallingStation],
        20_000,
        2,
    );
    let t = sim.run(None, None).unwrap();
    let (st, ci) = t.per_100(0);
    assert!(
        st - ci > 0.0,
        "tight-aggressive wins {st} +- {ci} per 100 hands against the calling station"
    );
}

#[test]
fn bots_decide_from_their_own_view_only() {
    // The same hand with the opponents' cards changed: every bot makes the
    // same first move from the same generator.
    let rules = no_limit(1, 2);
    for kind in BotKind::ALL {
        let mut seat1 = Vec::new();
        for others in ["2c3d", "AsAd", "7h8h"] {
            let given = GivenCards {
                hole_cards: vec![
                    Some(parse_cards(others).unwrap().into()),
                    Some(parse_cards("9c9d").unwrap().into()),
                    Some(parse_cards("KhQh").unwrap().into()),
                ],
                board: parse_cards("Js Ts 4c 5d 6h").unwrap(),
            };
            let mut hand = Hand::new(
                Arc::clone(&rules),
                &[100, 100, 100],
                0,
                Some(1),
                Some(&given),
            )
            .unwrap();
            hand.check_or_call().unwrap();
            let obs = Observation::of(&hand).unwrap();
            assert_eq!(obs.seat(), 1);
            let mut rng = BotRng::seed_from_u64(3);
            seat1.push(
                (0..20)
                    .map(|_| kind.act(&obs, &mut rng))
                    .collect::<Vec<_>>(),
            );
        }
        assert!(
            seat1.windows(2).all(|w| w[0] == w[1]),
            "{kind:?} changed its mind when another seat's cards changed"
        );
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn strength_orders_hands_sensibly() {
    let mut rng = BotRng::seed_from_u64(1);
    let aa = strength(
        parse_cards("AsAh").unwrap().try_into().unwrap(),
        &[],
        &mut rng,
    );
    let seven_two = strength(
        parse_cards("7c2d").unwrap().try_into().unwrap(),
        &[],
        &mut rng,
    );
    assert!(
        (aa - 0.852).abs() < 0.01,
        "aces against a random hand: {aa}"
    );
    assert!(
        (seven_two - 0.346).abs() < 0.01,
        "seven-deuce offsuit: {seven_two}"
    );
    let nuts = strength(
        parse_cards("AhKh").unwrap().try_into().unwrap(),
        &parse_cards("QhJhTh").unwrap(),
        &mut rng,
    );
    assert!(nuts > 0.99, "a royal flush: {nuts}");
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn tournaments_between_bots() {
    let sim = sit_and_go(
        four_levels(0),
        vec![500; 4],
        vec![70, 30],
        "tight_aggressive random calling_station random",
        (60, 3, 10_000),
    );
    let a = sim.run(Some(1), None).unwrap();
    assert_eq!(a, sim.run(Some(2), None).unwrap());
    assert_eq!(a.tournaments, 60);
    // Every tournament pays its prizes once, and has one winner.
    assert_eq!(a.prizes.iter().sum::<u128>(), 60 * 100);
    assert_eq!(a.places.iter().map(|p| p[0]).sum::<u64>(), 60);
    for seat in &a.places {
        assert_eq!(
            seat.iter().sum::<u64>(),
            60,
            "each seat finishes every tournament once"
        );
    }
}

#[test]
fn sums_of_squares_are_exact_in_256_bits() {
    use holecards_core::sim::U256;
    // (2**128 - 1)**2 = 2**256 - 2**129 + 1
    let m = U256::mul_u128(u128::MAX, u128::MAX);
    assert_eq!(
        m,
        U256 {
            hi: u128::MAX - 1,
            lo: 1
        }
    );
    assert_eq!(U256::mul_u128(1 << 64, 1 << 64), U256 { hi: 1, lo: 0 });
    assert_eq!(U256::mul_u128(12345, 678), U256::from_u128(12345 * 678));
    let mut s = U256::ZERO;
    for _ in 0..4 {
        s.add_u128(1u128 << 127);
    }
    assert_eq!(s, U256 { hi: 2, lo: 0 });
    assert_eq!(
        s.checked_sub(U256::from_u128(1)),
        Some(U256 {
            hi: 1,
            lo: u128::MAX
        })
    );
    assert_eq!(U256::ZERO.checked_sub(U256::from_u128(1)), None);
    assert_eq!(
        U256 { hi: 1, lo: 7 }.checked_mul_u64(3),
        Some(U256 { hi: 3, lo: 21 })
    );
    assert_eq!(
        U256 {
            hi: u128::MAX,
            lo: 0
        }
        .checked_mul_u64(2),
        None
    );
    assert_eq!(U256 { hi: 1, lo: 0 }.to_f64(), 2f64.powi(128));
    // The interval of 0, 2, 4 (mean 2, sample variance 4): 1.96 * sqrt(4 / 3).
    let ci = holecards_core::sim::ci_95(3, 6, U256::from_u128(20));
    assert!((ci - 1.96 * (4.0f64 / 3.0).sqrt()).abs() < 1e-12);
}

#[test]
fn tournament_prizes_near_2_63_are_summed_exactly() {
    use holecards_core::sim::U256;
    let big = 1u64 << 63;
    let sim = TournamentSim {
        structure: holecards_core::game::Structure::NoLimit,
        mix: Vec::new(),
        rotation: Default::default(),
        game: Default::default(),
        levels: levels(&[(50, 100, 0, 0)]),
        hands_per_level: 10,
        stacks: vec![500; 3],
        payouts: vec![big + 12345, big / 2 - 1],
        bots: vec![BotKind::Random; 3],
        tournaments: 9,
        seed: 4,
        max_hands: 100_000,
    };
    let all = sim.run(Some(2), None).unwrap();
    let mut prizes = [0u128; 3];
    let mut squares = [U256::ZERO; 3];
    for t in 0..9 {
        let one = sim.run_one(t).unwrap();
        for s in 0..3 {
            prizes[s] += one.prizes[s];
            squares[s] = squares[s]
                .checked_add(U256::mul_u128(one.prizes[s], one.prizes[s]))
                .unwrap();
        }
    }
    assert_eq!(all.prizes, prizes);
    assert_eq!(all.prizes_squared, squares);
    assert!(squares.iter().any(|s| s.hi > 0), "the squares pass 2**128");
    // Payouts that cannot add up in 64 bits are refused.
    let mut bad = sim.clone();
    bad.payouts = vec![u64::MAX, 1];
    assert!(matches!(
        bad.run(None, None).unwrap_err().kind(),
        holecards_core::ErrorKind::BadConfig(_)
    ));
}

#[test]
fn a_long_tournament_stops_when_cancelled() {
    use holecards_core::equity::Control;
    use std::sync::atomic::Ordering;
    // Calling stations with deep stacks and one-chip blinds: a tournament of
    // a billion hands, cancelled after a moment.
    let sim = TournamentSim {
        structure: holecards_core::game::Structure::NoLimit,
        mix: Vec::new(),
        rotation: Default::default(),
        game: Default::default(),
        levels: levels(&[(1, 2, 0, 0)]),
        hands_per_level: 10,
        stacks: vec![1_000_000_000; 3],
        payouts: vec![1],
        bots: vec![BotKind::CallingStation; 3],
        tournaments: 1,
        seed: 1,
        max_hands: 1_000_000_000,
    };
    let control = Control::new();
    let started = std::time::Instant::now();
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(200));
            control.cancel.store(true, Ordering::Relaxed);
        });
        sim.run(Some(1), Some(&control))
    });
    assert!(matches!(
        r.unwrap_err().kind(),
        holecards_core::ErrorKind::Interrupted
    ));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn results_are_folded_in_chunk_order_a_batch_at_a_time() {
    use holecards_core::threads::{fold_in_order, install};
    for threads in [1, 3] {
        let order = install(Some(threads), || {
            fold_in_order(0..1000, 7, Ok, Vec::new(), |v, x| v.push(x))
        })
        .unwrap()
        .unwrap();
        assert_eq!(order, (0..1000).collect::<Vec<u64>>());
    }
    // An error stops the fold.
    let r = fold_in_order(
        0..100,
        8,
        |i| {
            if i == 50 {
                Err(holecards_core::Error::bad_config("stop".into()))
            } else {
                Ok(i)
            }
        },
        0u64,
        |a, x| *a += x,
    );
    assert!(r.is_err());
    // A run of more chunks than one batch (1,024 chunks: here tournaments
    // of a hand or two, the blinds putting both players all in) equals its
    // parts added.
    let sim = TournamentSim {
        structure: holecards_core::game::Structure::NoLimit,
        mix: Vec::new(),
        rotation: Default::default(),
        game: Default::default(),
        levels: levels(&[(5, 10, 0, 0)]),
        hands_per_level: 10,
        stacks: vec![10, 10],
        payouts: vec![3, 1],
        bots: vec![BotKind::Random, BotKind::CallingStation],
        tournaments: 1100,
        seed: 3,
        max_hands: 1000,
    };
    let whole = sim.run(Some(2), None).unwrap();
    let mut parts = sim.run_range(0..600, Some(1), None).unwrap();
    parts.add(&sim.run_range(600..1100, Some(3), None).unwrap());
    assert_eq!(whole, parts);
    assert_eq!(whole.tournaments, 1100);
}
