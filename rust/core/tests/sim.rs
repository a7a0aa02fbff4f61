//! Simulations: reproducible, independent of threads and of how the chunks
//! are split, zero-sum, and bots that decide from what their seat may see.
use holecards_core::game::{BlindOptions, GivenCards, Hand, Rules};
use holecards_core::parse_cards;
use holecards_core::sim::bots::strength;
use holecards_core::sim::{BotKind, BotRng, CashSim, Observation, TournamentSim};
use holecards_core::table::tournament::Level;
use rand::SeedableRng;
use std::sync::Arc;

fn nl() -> Arc<Rules> {
    Arc::new(Rules::no_limit(BlindOptions { small_blind: 1, big_blind: 2, ..Default::default() }).unwrap())
}

fn cash(bots: Vec<BotKind>, hands: u64, seed: u64) -> CashSim {
    let n = bots.len();
    CashSim { rules: nl(), stacks: vec![200; n], bots, hands, seed }
}

#[test]
fn cash_results_do_not_depend_on_threads_or_chunks() {
    let sim = cash(vec![BotKind::Random, BotKind::CallingStation, BotKind::TightAggressive, BotKind::Random, BotKind::Random, BotKind::CallingStation], 9_000, 5);
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
    assert_ne!(cash(sim.bots.clone(), 9_000, 6).run(None, None).unwrap(), one);
}

/// Release mode only (CI runs it there): 40,000 hands of Monte Carlo bots.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn the_tight_aggressive_bot_beats_the_random_bot_and_the_calling_station() {
    let sim = cash(vec![BotKind::TightAggressive, BotKind::Random], 20_000, 1);
    let t = sim.run(None, None).unwrap();
    let (tag, ci) = t.per_100(0);
    assert!(tag - ci > 0.0, "tight-aggressive wins {tag} +- {ci} per 100 hands against random");
    let sim = cash(vec![BotKind::TightAggressive, BotKind::CallingStation], 20_000, 2);
    let t = sim.run(None, None).unwrap();
    let (st, ci) = t.per_100(0);
    assert!(st - ci > 0.0, "tight-aggressive wins {st} +- {ci} per 100 hands against the calling station");
}

#[test]
fn bots_decide_from_their_own_view_only() {
    // The same hand with the opponents' cards changed: every bot makes the
    // same first move from the same generator.
    let rules = nl();
    for kind in BotKind::ALL {
        let mut seat1 = Vec::new();
        for others in ["2c3d", "AsAd", "7h8h"] {
            let given = GivenCards {
                hole_cards: vec![
                    Some(parse_cards(others).unwrap().try_into().unwrap()),
                    Some(parse_cards("9c9d").unwrap().try_into().unwrap()),
                    Some(parse_cards("KhQh").unwrap().try_into().unwrap()),
                ],
                board: parse_cards("Js Ts 4c 5d 6h").unwrap(),
            };
            let mut hand = Hand::new(Arc::clone(&rules), &[100, 100, 100], 0, Some(1), Some(&given)).unwrap();
            hand.check_or_call().unwrap();
            let obs = Observation::of(&hand).unwrap();
            assert_eq!(obs.seat(), 1);
            let mut rng = BotRng::seed_from_u64(3);
            seat1.push((0..20).map(|_| kind.act(&obs, &mut rng)).collect::<Vec<_>>());
        }
        assert!(seat1.windows(2).all(|w| w[0] == w[1]), "{kind:?} changed its mind when another seat's cards changed");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn strength_orders_hands_sensibly() {
    let mut rng = BotRng::seed_from_u64(1);
    let aa = strength(parse_cards("AsAh").unwrap().try_into().unwrap(), &[], &mut rng);
    let seven_two = strength(parse_cards("7c2d").unwrap().try_into().unwrap(), &[], &mut rng);
    assert!((aa - 0.852).abs() < 0.01, "aces against a random hand: {aa}");
    assert!((seven_two - 0.346).abs() < 0.01, "seven-deuce offsuit: {seven_two}");
    let nuts = strength(parse_cards("AhKh").unwrap().try_into().unwrap(), &parse_cards("QhJhTh").unwrap(), &mut rng);
    assert!(nuts > 0.99, "a royal flush: {nuts}");
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn tournaments_between_bots() {
    let sim = TournamentSim {
        structure: holecards_core::game::Structure::NoLimit,
        levels: vec![
            Level { small_blind: 5, big_blind: 10, ante: 0, big_blind_ante: 0 },
            Level { small_blind: 10, big_blind: 20, ante: 0, big_blind_ante: 0 },
            Level { small_blind: 25, big_blind: 50, ante: 5, big_blind_ante: 0 },
            Level { small_blind: 100, big_blind: 200, ante: 20, big_blind_ante: 0 },
        ],
        hands_per_level: 10,
        stacks: vec![500; 4],
        payouts: vec![70, 30],
        bots: vec![BotKind::TightAggressive, BotKind::Random, BotKind::CallingStation, BotKind::Random],
        tournaments: 60,
        seed: 3,
        max_hands: 10_000,
    };
    let a = sim.run(Some(1), None).unwrap();
    assert_eq!(a, sim.run(Some(2), None).unwrap());
    assert_eq!(a.tournaments, 60);
    // Every tournament pays its prizes once, and has one winner.
    assert_eq!(a.prizes.iter().sum::<u128>(), 60 * 100);
    assert_eq!(a.places.iter().map(|p| p[0]).sum::<u64>(), 60);
    for seat in &a.places {
        assert_eq!(seat.iter().sum::<u64>(), 60, "each seat finishes every tournament once");
    }
}
