//! A digest of everything observable about many seeded hands and
//! simulations, to check that a change to the engine's internals (a speed-up,
//! say) changes no behaviour: run it before and after and compare the lines.
//! Each line digests one configuration: per hand and per action the legal
//! actions, the encoded state, the errors of a few illegal moves; at the end
//! of a hand its events, pots, payoffs, views and encoding. Then cash and
//! tournament simulations' totals. Then the environments' rows (self-play
//! with bots at some seats, and single learners against each bot, one-hand
//! episodes and sessions) over many seeded steps.
//!
//! (Before build_pots had room for 22 all-in levels, `nl-22` panicked.)
//!
//! `cargo run --release -p holecards-core --example engine_digest [HANDS]`
use holecards_core::card::CardSet;
use holecards_core::game::codec::{decode_hand, decode_view, encode_hand, encode_view};
use holecards_core::game::{
    BlindOptions, Game, GivenCards, Hand, Move, Rules, StraddleMinRaise, Structure, StudOptions,
};
use holecards_core::sim::{BotKind, CashSim};
use holecards_core::Card;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

#[path = "../tests/common/mod.rs"]
mod common;
use common::{bench_actions, env_config, four_levels, sit_and_go, EnvBuffers};
use holecards_core::env::{
    Autoreset, EnvConfig, Episode, Learner, LearnerSeat, SingleAgent, Stacks, VecEnv,
};

/// FNV-1a over everything fed to it.
struct Digest(u64);

impl Digest {
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 = (self.0 ^ x as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn text(&mut self, s: impl std::fmt::Debug) {
        self.bytes(format!("{s:?}").as_bytes());
    }
}

fn blinds(
    sb: u64,
    bb: u64,
    ante: u64,
    bba: u64,
    straddles: Vec<u64>,
    smr: Option<StraddleMinRaise>,
) -> BlindOptions {
    BlindOptions {
        small_blind: sb,
        big_blind: bb,
        ante,
        big_blind_ante: bba,
        straddles,
        straddle_min_raise: smr,
        button_blind: false,
    }
}

fn configs() -> Vec<(&'static str, Rules, usize, usize, u64, u64)> {
    // (name, rules, fewest players, most players, smallest stack, largest stack)
    let ok = |r: holecards_core::Result<Rules>| r.unwrap_or_else(|e| panic!("{e}"));
    let game = |code: &str| Game::from_code(code).unwrap_or_else(|e| panic!("{e}"));
    let button_blind = BlindOptions {
        big_blind: 2,
        ante: 1,
        button_blind: true,
        ..Default::default()
    };
    vec![
        (
            "plo",
            ok(Rules::pot_limit(blinds(1, 2, 0, 0, vec![], None))).with_game(game("omaha")),
            2,
            9,
            1,
            300,
        ),
        (
            "plo6-8",
            ok(Rules::pot_limit(blinds(1, 2, 1, 0, vec![], None))).with_game(game("omaha6-hi-lo")),
            2,
            7,
            1,
            300,
        ),
        (
            "fl-o8",
            ok(Rules::fixed_limit(
                blinds(1, 2, 0, 0, vec![], None),
                None,
                None,
                Some(4),
                true,
            ))
            .with_game(game("omaha-hi-lo")),
            2,
            10,
            1,
            100,
        ),
        (
            "nl-short-deck-button-blind",
            ok(Rules::no_limit(button_blind)).with_game(game("short-deck")),
            2,
            9,
            1,
            300,
        ),
        (
            "nl-royal",
            ok(Rules::no_limit(blinds(1, 2, 0, 0, vec![], None))).with_game(game("royal")),
            2,
            6,
            1,
            100,
        ),
        (
            "nl-bench",
            ok(Rules::no_limit(blinds(50, 100, 0, 0, vec![], None))),
            6,
            6,
            10_000,
            10_000,
        ),
        (
            "nl-short",
            ok(Rules::no_limit(blinds(1, 2, 0, 0, vec![], None))),
            2,
            9,
            1,
            60,
        ),
        (
            "nl-ante",
            ok(Rules::no_limit(blinds(5, 10, 1, 0, vec![], None))),
            2,
            10,
            1,
            400,
        ),
        (
            "nl-bba",
            ok(Rules::no_limit(blinds(5, 10, 0, 10, vec![], None))),
            2,
            9,
            1,
            300,
        ),
        (
            "nl-straddle",
            ok(Rules::no_limit(blinds(1, 2, 0, 0, vec![4, 8], None))),
            4,
            9,
            1,
            200,
        ),
        (
            "nl-straddle-bb",
            ok(Rules::no_limit(blinds(
                1,
                2,
                0,
                0,
                vec![4],
                Some(StraddleMinRaise::BigBlind),
            ))),
            3,
            8,
            1,
            200,
        ),
        (
            "nl-21",
            ok(Rules::no_limit(blinds(1, 2, 0, 0, vec![], None))),
            21,
            21,
            1,
            100,
        ),
        (
            "nl-22",
            ok(Rules::no_limit(blinds(1, 2, 0, 0, vec![], None))),
            22,
            22,
            1,
            100,
        ),
        (
            "pl",
            ok(Rules::pot_limit(blinds(1, 2, 0, 0, vec![], None))),
            2,
            9,
            1,
            300,
        ),
        (
            "pl-straddle-ante",
            ok(Rules::pot_limit(blinds(1, 2, 1, 0, vec![5], None))),
            3,
            9,
            1,
            300,
        ),
        (
            "fl",
            ok(Rules::fixed_limit(
                blinds(1, 2, 0, 0, vec![], None),
                None,
                None,
                Some(3),
                false,
            )),
            2,
            9,
            1,
            100,
        ),
        (
            "fl-cap0",
            ok(Rules::fixed_limit(
                blinds(1, 2, 0, 0, vec![], None),
                None,
                None,
                Some(0),
                false,
            )),
            2,
            6,
            1,
            100,
        ),
        (
            "fl-hu",
            ok(Rules::fixed_limit(
                blinds(1, 2, 0, 0, vec![], None),
                Some(2),
                Some(4),
                Some(3),
                true,
            )),
            2,
            6,
            1,
            100,
        ),
        (
            "fl-nocap-straddle",
            ok(Rules::fixed_limit(
                blinds(2, 4, 1, 0, vec![8], None),
                None,
                None,
                None,
                false,
            )),
            3,
            9,
            1,
            100,
        ),
        (
            "prog",
            ok(Rules::progressive(2, [2, 5, 10, 20])),
            2,
            9,
            1,
            80,
        ),
        ("stud", stud("stud", false), 2, 8, 1, 60),
        ("stud-fourth-option", stud("stud", true), 2, 8, 3, 80),
        ("stud-hi-lo", stud("stud-hi-lo", false), 2, 8, 1, 60),
        ("razz", stud("razz", false), 2, 8, 1, 60),
        ("razz-8-deep", stud("razz", false), 8, 8, 200, 400),
        (
            "2-7-triple-draw",
            ok(
                Rules::fixed_limit(blinds(1, 2, 0, 0, vec![], None), None, None, Some(4), true)
                    .and_then(|r| r.for_game(game("2-7-triple-draw"))),
            ),
            2,
            6,
            1,
            60,
        ),
        (
            "2-7-single-draw",
            ok(Rules::no_limit(blinds(1, 2, 0, 0, vec![], None))
                .and_then(|r| r.for_game(game("2-7-single-draw")))),
            2,
            6,
            1,
            100,
        ),
        (
            "badugi",
            ok(
                Rules::fixed_limit(blinds(1, 2, 0, 0, vec![], None), None, None, Some(4), true)
                    .and_then(|r| r.for_game(game("badugi"))),
            ),
            2,
            6,
            1,
            60,
        ),
    ]
}

/// Stud rules: ante 1, bring-in 1, bets 2/4, capped at four raises.
fn stud(code: &str, fourth_street_big_bet: bool) -> Rules {
    Game::from_code(code)
        .and_then(|game| {
            Rules::stud(
                game,
                StudOptions {
                    ante: 1,
                    bring_in: 1,
                    small_bet: 2,
                    raise_cap: Some(4),
                    heads_up_uncapped: true,
                    fourth_street_big_bet,
                    ..Default::default()
                },
            )
        })
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A move: mostly legal ones by a random policy, sometimes anything.
fn pick(hand: &Hand, rng: &mut ChaCha8Rng) -> Move {
    let Some(la) = hand.legal_actions() else {
        return Move::Fold;
    };
    if la.draw {
        // Each card thrown with even odds.
        let mut set = CardSet::default();
        for c in hand.hole_cards(la.seat).unwrap_or_default().iter() {
            if rng.random_range(0..2) == 0 {
                set.insert(*c);
            }
        }
        return Move::Discard(set);
    }
    let roll = rng.random_range(0..100);
    if roll < 15 && la.can_fold {
        return Move::Fold;
    }
    if roll < 40 {
        if let (Some(lo), Some(hi)) = (la.min_raise_to, la.max_raise_to) {
            // Often the extremes, where the rules bite.
            // (fixed limit: the two ends are the only amounts, the
            // fourth-street option's small and big bet)
            let fixed = hand.rules().structure == Structure::FixedLimit;
            return Move::BetOrRaiseTo(match rng.random_range(0..4) {
                0 => lo,
                1 => hi,
                _ if fixed => lo,
                _ => rng.random_range(lo..=hi),
            });
        }
    }
    Move::CheckOrCall
}

fn illegal_probes(hand: &Hand, rng: &mut ChaCha8Rng, d: &mut Digest) {
    let la = hand.legal_actions();
    let high = la.map(|l| l.min_raise_to.unwrap_or(1)).unwrap_or(1);
    let probes = [
        Move::Fold,
        Move::Check,
        Move::Call,
        Move::CheckOrCall,
        Move::BetOrRaiseTo(0),
        Move::BetOrRaiseTo(high.saturating_sub(1)),
        Move::BetOrRaiseTo(high + 1),
        Move::BetOrRaiseTo(u64::MAX / 4),
    ];
    for mv in probes {
        let mut h = hand.clone();
        let seat = if rng.random_range(0..4) == 0 {
            Some(rng.random_range(0..hand.num_players()))
        } else {
            None
        };
        match h.act(seat, mv) {
            Ok(()) => d.bytes(&encode_hand(&h)),
            Err(e) => {
                d.text(&e);
                d.bytes(e.to_string().as_bytes());
                d.bytes(&encode_hand(&h));
            }
        }
    }
    d.bytes(hand.legal_text().as_bytes());
    d.text(hand.not_an_amount("1.5"));
}

fn finished(hand: &Hand, d: &mut Digest) {
    d.text(hand.events());
    d.text(hand.history());
    d.text(hand.pots());
    d.text(hand.payoffs());
    d.text(hand.stacks());
    d.text(hand.contributions());
    d.text(hand.showdown_order());
    d.text(hand.burns());
    d.text(hand.board());
    d.text((hand.street(), hand.is_over(), hand.pot()));
    for s in (0..hand.num_players()).map(Some).chain([None]) {
        d.bytes(&encode_view(&hand.view(s)));
    }
    let bytes = encode_hand(hand);
    d.bytes(&bytes);
    let back = decode_hand(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&back, hand, "decoded hand");
}

fn hands(name: &str, rules: Rules, lo: usize, hi: usize, smin: u64, smax: u64, count: u64) -> u64 {
    let rules = Arc::new(rules);
    let mut d = Digest(0xcbf2_9ce4_8422_2325);
    let mut rng = ChaCha8Rng::seed_from_u64(count ^ name.len() as u64);
    for i in 0..count {
        let n = rng.random_range(lo..=hi);
        let stacks: Vec<u64> = (0..n).map(|_| rng.random_range(smin..=smax)).collect();
        let button = rng.random_range(0..n);
        // Some hands with given cards (a few hole cards and part of the board).
        let given = (i % 7 == 3).then(|| GivenCards {
            hole_cards: (0..n)
                .map(|s| {
                    (s == 0).then(|| {
                        [
                            Card::new(51).unwrap_or(Card::FIRST),
                            Card::new(50).unwrap_or(Card::FIRST),
                        ]
                        .into()
                    })
                })
                .collect(),
            board: (0..(i % 6) as u8)
                .map(|k| Card::new(k * 3).unwrap_or(Card::FIRST))
                .collect(),
        });
        let mut hand = match Hand::new(Arc::clone(&rules), &stacks, button, Some(i), given.as_ref())
        {
            Ok(h) => h,
            Err(e) => {
                d.text(e);
                continue;
            }
        };
        loop {
            let bytes = encode_hand(&hand);
            // Every state reads back as itself (a saved state mid-hand).
            let back = decode_hand(&bytes).unwrap_or_else(|e| panic!("{name} hand {i}: {e}"));
            assert_eq!(back, hand, "{name} hand {i}: decoded state");
            d.bytes(&bytes);
            d.text(hand.legal_actions());
            d.text((hand.actor(), hand.street(), hand.bets(), hand.pots()));
            if i % 4 == 0 {
                illegal_probes(&hand, &mut rng, &mut d);
                let view = hand.view(hand.actor());
                let bytes = encode_view(&view);
                let back = decode_view(&bytes)
                    .unwrap_or_else(|e| panic!("{name} view {i}: {e}\n{view:?}"));
                assert_eq!(back, view, "{name} hand {i}: decoded view");
                d.bytes(&bytes);
                d.text(hand.events());
            }
            if hand.is_over() {
                break;
            }
            let mv = pick(&hand, &mut rng);
            if let Err(e) = hand.act(None, mv) {
                panic!("{name} hand {i}: {mv:?} refused: {e}");
            }
        }
        finished(&hand, &mut d);
    }
    d.0
}

fn sims(count: u64) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let ok = |r: holecards_core::Result<Rules>| Arc::new(r.unwrap_or_else(|e| panic!("{e}")));
    let bots = |k: &[BotKind], n: usize| (0..n).map(|i| k[i % k.len()]).collect::<Vec<_>>();
    let cash = [
        (
            "cash-nl-random",
            ok(Rules::no_limit(blinds(50, 100, 0, 0, vec![], None))),
            vec![10_000u64; 6],
            bots(&[BotKind::Random], 6),
            count,
        ),
        (
            "cash-nl-mixed",
            ok(Rules::no_limit(blinds(1, 2, 1, 0, vec![], None))),
            vec![150, 20, 300, 80, 1, 200, 40],
            bots(&BotKind::ALL, 7),
            count / 10,
        ),
        (
            "cash-pl-straddle",
            ok(Rules::pot_limit(blinds(1, 2, 0, 0, vec![4], None))),
            vec![100; 5],
            bots(&[BotKind::Random, BotKind::CallingStation], 5),
            count,
        ),
        (
            "cash-fl",
            ok(Rules::fixed_limit(
                blinds(1, 2, 0, 3, vec![], None),
                None,
                None,
                Some(3),
                true,
            )),
            vec![60, 200, 30],
            bots(&[BotKind::Random, BotKind::TightAggressive], 3),
            count / 10,
        ),
        (
            "cash-prog",
            ok(Rules::progressive(1, [1, 2, 4, 8])),
            vec![50; 4],
            bots(&[BotKind::Random], 4),
            count,
        ),
        (
            "cash-razz",
            Arc::new(stud("razz", false)),
            vec![200, 30, 200, 5, 200, 200, 80, 200],
            bots(&BotKind::ALL, 8),
            count / 10,
        ),
        (
            "cash-stud-hi-lo",
            Arc::new(stud("stud-hi-lo", true)),
            vec![200, 40, 200, 200, 10, 200],
            bots(&[BotKind::Random, BotKind::CallingStation], 6),
            count / 10,
        ),
        (
            "cash-triple-draw",
            ok(
                Rules::fixed_limit(blinds(1, 2, 0, 0, vec![], None), None, None, Some(4), true)
                    .and_then(|r| r.for_game(Game::from_code("2-7-triple-draw")?)),
            ),
            vec![200, 20, 200, 200, 60, 200],
            bots(
                &[
                    BotKind::Random,
                    BotKind::CallingStation,
                    BotKind::TightAggressive,
                ],
                6,
            ),
            count / 10,
        ),
        (
            "cash-badugi",
            ok(
                Rules::fixed_limit(blinds(1, 2, 0, 0, vec![], None), None, None, Some(4), true)
                    .and_then(|r| r.for_game(Game::from_code("badugi")?)),
            ),
            vec![200; 6],
            bots(&[BotKind::Random, BotKind::CallingStation], 6),
            count / 10,
        ),
    ];
    for (name, rules, stacks, bots, hands) in cash {
        for seed in [1u64, 7, 123_456_789] {
            let sim = CashSim {
                rules: Arc::clone(&rules),
                stacks: stacks.clone(),
                bots: bots.clone(),
                hands,
                seed,
            };
            let t = sim.run(Some(1), None).unwrap_or_else(|e| panic!("{e}"));
            let mut d = Digest(0xcbf2_9ce4_8422_2325);
            d.text(&t);
            out.push((format!("{name} seed {seed}"), d.0));
        }
    }
    let tour = sit_and_go(
        four_levels(10),
        vec![500; 6],
        vec![60, 30, 10],
        "tight_aggressive random calling_station random random calling_station",
        (40, 3, 10_000),
    );
    let t = tour.run(Some(1), None).unwrap_or_else(|e| panic!("{e}"));
    let mut d = Digest(0xcbf2_9ce4_8422_2325);
    d.text(&t);
    out.push(("tournament".into(), d.0));
    out
}

/// Every row of `steps` steps of `env` (actions drawn among the legal ones).
fn env_rows(mut env: VecEnv, players: usize, steps: usize, same_step: bool) -> u64 {
    let tables = env.num_tables();
    let a = bench_actions().len();
    let mut buf = if env.single().is_some() {
        EnvBuffers::single(tables, players, a, same_step)
    } else {
        EnvBuffers::new(tables, players, a)
    };
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut d = Digest(0xcbf2_9ce4_8422_2325);
    env.reset(Some(3), buf.view())
        .unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..steps {
        let actions: Vec<i64> = (0..tables)
            .map(|i| {
                let legal: Vec<usize> = (0..a).filter(|&k| buf.mask[i * a + k]).collect();
                // (a table whose episode just ended takes any action)
                legal
                    .get(rng.random_range(0..legal.len().max(1)))
                    .map_or(0, |&k| k as i64)
            })
            .collect();
        env.step(&actions, None, buf.view())
            .unwrap_or_else(|e| panic!("{e}"));
        for (x, y) in [(&buf.obs, &buf.rewards), (&buf.final_obs, &buf.final_obs)] {
            d.bytes(&x.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>());
            d.bytes(&y.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>());
        }
        d.text((
            &buf.mask,
            &buf.terminated,
            &buf.truncated,
            &buf.seat,
            &buf.has_final,
        ));
    }
    d.0
}

fn envs(steps: usize) -> Vec<(String, u64)> {
    let ok = |r: holecards_core::Result<Rules>| Arc::new(r.unwrap_or_else(|e| panic!("{e}")));
    let config = |rules: Arc<Rules>, n: usize, episode: Episode, bots: Vec<Option<BotKind>>| {
        let mut c = (*env_config(
            rules,
            n,
            Stacks::Range { low: 20, high: 400 },
            episode,
            bench_actions(),
        ))
        .clone();
        c.bots = bots;
        Arc::new(c)
    };
    let nl = ok(Rules::no_limit(blinds(1, 2, 0, 0, vec![], None)));
    let pl = ok(Rules::pot_limit(blinds(1, 2, 1, 0, vec![], None)));
    let mut out = Vec::new();
    let selfplay: Arc<EnvConfig> = config(
        Arc::clone(&nl),
        6,
        Episode::Session {
            max_hands: Some(20),
        },
        vec![
            None,
            Some(BotKind::Random),
            None,
            Some(BotKind::TightAggressive),
            Some(BotKind::CallingStation),
            None,
        ],
    );
    let env = VecEnv::new(selfplay, 64, Some(1), None).unwrap_or_else(|e| panic!("{e}"));
    out.push(("env self-play".into(), env_rows(env, 6, steps, false)));
    for (bot, rules, episode, seat, autoreset) in [
        (
            BotKind::Random,
            &nl,
            Episode::Hand,
            LearnerSeat::Fixed(2),
            Autoreset::NextStep,
        ),
        (
            BotKind::CallingStation,
            &pl,
            Episode::Session { max_hands: None },
            LearnerSeat::Rotating,
            Autoreset::SameStep,
        ),
        (
            BotKind::TightAggressive,
            &nl,
            Episode::Hand,
            LearnerSeat::Drawn,
            Autoreset::SameStep,
        ),
    ] {
        let single = SingleAgent {
            learner: Learner {
                seat,
                opponents: vec![Some(bot); 5],
            },
            autoreset,
            illegal: None,
        };
        let cfg = config(Arc::clone(rules), 6, episode, vec![None; 6]);
        let env =
            VecEnv::single_agent(cfg, single, 64, Some(1), None).unwrap_or_else(|e| panic!("{e}"));
        let name = format!("env single vs {}", bot.name());
        out.push((
            name,
            env_rows(env, 6, steps, autoreset == Autoreset::SameStep),
        ));
    }
    out
}

fn main() {
    let count = common::count_arg(3000);
    for (name, rules, lo, hi, smin, smax) in configs() {
        println!(
            "{name:>20} {:016x}",
            hands(name, rules, lo, hi, smin, smax, count)
        );
    }
    for (name, digest) in sims(count * 20) {
        println!("{name:>28} {digest:016x}");
    }
    for (name, digest) in envs(count as usize) {
        println!("{name:>28} {digest:016x}");
    }
}
