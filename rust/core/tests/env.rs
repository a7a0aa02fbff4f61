//! The environment's engine side: masks say exactly which actions the hand
//! accepts, refused actions change nothing, observations read only what the
//! seat may see (the same from the hand and from the seat's view), rewards
//! are the hand's payoffs, sessions carry stacks, and many tables give the
//! same results on any number of threads.
use holecards_core::env::{
    encode, AbstractAction, ActionSpace, Ending, EnvConfig, EnvTable, Episode, Layout, Spot,
    Stacks, VecEnv,
};
use holecards_core::game::{BlindOptions, GivenCards, Hand, Move, Rules};
use holecards_core::parse_cards;
use holecards_core::sim::BotKind;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

mod common;
use common::{env_config, no_limit, EnvBuffers};

fn all_rules() -> Vec<Arc<Rules>> {
    let o = |ante, straddles: Vec<u64>| BlindOptions {
        small_blind: 1,
        big_blind: 2,
        ante,
        straddles,
        ..Default::default()
    };
    vec![
        no_limit(1, 2),
        Arc::new(Rules::no_limit(o(1, vec![4])).unwrap()),
        Arc::new(Rules::pot_limit(o(0, vec![])).unwrap()),
        Arc::new(Rules::fixed_limit(o(0, vec![]), None, None, Some(4), true).unwrap()),
        Arc::new(Rules::progressive(1, [2, 4, 8, 16]).unwrap()),
        Arc::new(
            Rules::no_limit(BlindOptions {
                small_blind: 1,
                big_blind: 2,
                big_blind_ante: 2,
                ..Default::default()
            })
            .unwrap(),
        ),
    ]
}

fn default_actions() -> ActionSpace {
    ActionSpace::discrete(vec![
        AbstractAction::Fold,
        AbstractAction::CheckCall,
        AbstractAction::MinRaise,
        AbstractAction::Pot { num: 1, den: 2 },
        AbstractAction::Pot { num: 1, den: 1 },
        AbstractAction::Pot { num: 2, den: 1 },
        AbstractAction::MaxRaise,
    ])
    .unwrap()
}

fn spot_of(h: &Hand) -> Option<Spot> {
    let legal = h.legal_actions()?;
    Some(Spot {
        legal,
        bet: h.bet(legal.seat).unwrap(),
        pot: h.pot(),
    })
}

#[test]
fn masks_are_exactly_the_actions_the_hand_accepts() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let actions = default_actions();
    let mut checked = 0;
    for rules in all_rules() {
        for players in [2, 3, 6, 9] {
            if players < rules.min_players() {
                continue;
            }
            let cfg = env_config(
                Arc::clone(&rules),
                players,
                Stacks::Range { low: 1, high: 120 },
                Episode::Hand,
                actions.clone(),
            );
            let mut t = EnvTable::new(cfg, Some(players as u64), 0).unwrap();
            for _ in 0..150 {
                while let Some(spot) = t.spot() {
                    let mut mask = vec![false; actions.len()];
                    actions.mask(&spot, &mut mask);
                    for (i, &legal) in mask.iter().enumerate() {
                        let mv = actions.intended(&spot, i as i64, None).unwrap();
                        let accepted = t.hand().clone().act(None, mv).is_ok();
                        assert_eq!(
                            legal,
                            accepted,
                            "action {i} ({}) in {:?}",
                            actions.name(i),
                            spot
                        );
                        assert_eq!(legal, t.is_legal(i as i64, None));
                        checked += 1;
                    }
                    // A refused action changes nothing.
                    if let Some(bad) = mask.iter().position(|m| !m) {
                        let before = t.hand().clone();
                        assert!(t.step(bad as i64, None).is_err());
                        assert_eq!(t.hand(), &before);
                    }
                    let legal: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
                    let pick = legal[rng.random_range(0..legal.len())];
                    t.step(pick as i64, None).unwrap();
                }
                assert_eq!(t.ending(), Ending::Terminated);
                t.reset().unwrap();
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn pot_fractions_are_the_documented_amounts() {
    // Six players, blinds 1/2, 200 each: under the gun faces 2 with 3 in the pot.
    let h = Hand::new(no_limit(1, 2), &[200; 6], 0, Some(1), None).unwrap();
    let spot = spot_of(&h).unwrap();
    assert_eq!((spot.legal.call_amount, spot.pot), (2, 3));
    let to = |num, den| AbstractAction::Pot { num, den }.intended(&spot);
    // A pot-sized raise: call 2, then raise by the 5 in the pot: to 7.
    assert_eq!(to(1, 1), Move::BetOrRaiseTo(7));
    // Half: 2 + floor(5 / 2) = 4, exactly the minimum raise.
    assert_eq!(to(1, 2), Move::BetOrRaiseTo(4));
    assert!(AbstractAction::Pot { num: 1, den: 2 }.is_legal(&spot));
    // A third: 2 + 1 = 3 is below the minimum: illegal, not moved up.
    assert_eq!(to(1, 3), Move::BetOrRaiseTo(3));
    assert!(!AbstractAction::Pot { num: 1, den: 3 }.is_legal(&spot));
    // Above the stack: illegal, not moved down to all-in.
    assert!(!AbstractAction::Pot { num: 100, den: 1 }.is_legal(&spot));
    assert_eq!(
        AbstractAction::MaxRaise.intended(&spot),
        Move::BetOrRaiseTo(200)
    );
    // Pot limit's maximum is the pot fraction 1/1.
    let pl = Arc::new(
        Rules::pot_limit(BlindOptions {
            small_blind: 1,
            big_blind: 2,
            ..Default::default()
        })
        .unwrap(),
    );
    let h = Hand::new(pl, &[200; 6], 0, Some(1), None).unwrap();
    let spot = spot_of(&h).unwrap();
    assert_eq!(spot.legal.max_raise_to, Some(7));
    assert_eq!(
        AbstractAction::Pot { num: 1, den: 1 }.intended(&spot),
        Move::BetOrRaiseTo(7)
    );
}

#[test]
fn the_abstraction_needs_check_call_and_positive_fractions() {
    assert!(ActionSpace::discrete(vec![AbstractAction::Fold, AbstractAction::MaxRaise]).is_err());
    assert!(ActionSpace::discrete(vec![]).is_err());
    assert!(ActionSpace::discrete(vec![
        AbstractAction::CheckCall,
        AbstractAction::Pot { num: 0, den: 1 }
    ])
    .is_err());
    assert!(ActionSpace::discrete(vec![
        AbstractAction::CheckCall,
        AbstractAction::Pot { num: 1, den: 0 }
    ])
    .is_err());
    assert!(ActionSpace::discrete(vec![AbstractAction::CheckCall; 65]).is_err());
}

/// Plays `moves` (chosen from seat views) on two deals that differ only in
/// cards `seat` cannot see, and compares its observations.
#[test]
fn observations_read_only_what_the_seat_may_see() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let lay = Layout::new(4);
    for trial in 0..300 {
        let deck = holecards_core::Deck::shuffled(&mut holecards_core::deck::make_rng(Some(trial)))
            .remaining();
        let holes: Vec<[holecards_core::Card; 2]> =
            (0..4).map(|i| [deck[2 * i], deck[2 * i + 1]]).collect();
        let board = deck[8..13].to_vec();
        let seat = (trial % 4) as usize;
        let rules = all_rules()[(trial / 4) as usize % 6].clone();
        // Another deal: every other seat's cards and the board not yet seen replaced by unused cards.
        let mut other = deck[13..].iter().copied();
        let holes2: Vec<_> = (0..4)
            .map(|i| {
                if i == seat {
                    holes[i]
                } else {
                    [other.next().unwrap(), other.next().unwrap()]
                }
            })
            .collect();
        let board2: Vec<_> = (0..5).map(|_| other.next().unwrap()).collect();
        let mk = |holes: &Vec<[holecards_core::Card; 2]>, board: Vec<holecards_core::Card>| {
            Hand::new(
                Arc::clone(&rules),
                &[100, 60, 200, 150],
                1,
                None,
                Some(&GivenCards {
                    hole_cards: holes.iter().map(|h| Some((*h).into())).collect(),
                    board,
                }),
            )
            .unwrap()
        };
        let (mut a, mut b) = (mk(&holes, board.clone()), mk(&holes2, board2.clone()));
        let mut b_board = board2;
        loop {
            // Once a board card is seen, the second deal must show the same one:
            // rebuild it with the board seen so far replaced.
            let seen = a.board().len();
            if b.board()[..seen] != a.board()[..seen] {
                b_board[..seen].copy_from_slice(&a.board()[..seen]);
                let history = a.history();
                b = mk(&holes2, b_board.clone());
                for act in history.iter().filter(|x| {
                    !matches!(
                        x.kind,
                        holecards_core::game::ActionKind::PostAnte
                            | holecards_core::game::ActionKind::PostSmallBlind
                            | holecards_core::game::ActionKind::PostBigBlind
                            | holecards_core::game::ActionKind::PostStraddle
                    )
                }) {
                    let mv = match act.kind {
                        holecards_core::game::ActionKind::Fold => Move::Fold,
                        holecards_core::game::ActionKind::Bet
                        | holecards_core::game::ActionKind::Raise
                            if rules.structure != holecards_core::game::Structure::Progressive =>
                        {
                            Move::BetOrRaiseTo(act.amount)
                        }
                        _ => Move::CheckOrCall,
                    };
                    b.act(None, mv).unwrap();
                }
            }
            if a.is_over() {
                break;
            }
            let (mut oa, mut ob) = (vec![0f32; lay.len], vec![0f32; lay.len]);
            let la = a.legal_actions().filter(|l| l.seat == seat);
            encode(&a, seat, la.as_ref(), &mut oa);
            let lb = b.legal_actions().filter(|l| l.seat == seat);
            encode(&b, seat, lb.as_ref(), &mut ob);
            assert_eq!(
                oa, ob,
                "trial {trial}: seat {seat}'s observation changed with cards it cannot see"
            );
            // The seat's view gives the same observation as the hand.
            let mut ov = vec![0f32; lay.len];
            let view = a.view(Some(seat));
            encode(&view, seat, view.legal.as_ref(), &mut ov);
            assert_eq!(oa, ov);
            let la = a.legal_actions().unwrap();
            let mv = match rng.random_range(0..10) {
                0 if la.can_fold => Move::Fold,
                1..=3 if la.can_raise() => Move::BetOrRaiseTo(
                    rng.random_range(la.min_raise_to.unwrap()..=la.max_raise_to.unwrap()),
                ),
                _ => Move::CheckOrCall,
            };
            a.act(None, mv).unwrap();
            b.act(None, mv).unwrap();
        }
    }
}

#[test]
fn observation_fields_hold_the_documented_values() {
    let cards = |s: &str| parse_cards(s).unwrap();
    let given = GivenCards {
        hole_cards: vec![Some([cards("Ah")[0], cards("Kd")[0]].into()), None, None],
        board: vec![],
    };
    // Three players, button 0: seat 1 posts 1, seat 2 posts 2, seat 0 (the button) acts first.
    let mut h = Hand::new(no_limit(1, 2), &[200, 100, 50], 0, Some(3), Some(&given)).unwrap();
    h.act(None, Move::BetOrRaiseTo(6)).unwrap();
    // Seat 1 (small blind) to act: its own view.
    let lay = Layout::new(3);
    let mut o = vec![0f32; lay.len];
    let la = h.legal_actions().unwrap();
    assert_eq!(la.seat, 1);
    encode(&h, 1, Some(&la), &mut o);
    let hole1 = h.hole_cards(1).unwrap();
    let ones: Vec<usize> = (0..52).filter(|&i| o[lay.hole + i] == 1.0).collect();
    let mut want: Vec<usize> = hole1.iter().map(|c| c.index() as usize).collect();
    want.sort();
    assert_eq!(ones, want);
    assert!(o[lay.board..lay.board + 52].iter().all(|&x| x == 0.0));
    assert_eq!(&o[lay.street..lay.street + 4], &[1.0, 0.0, 0.0, 0.0]);
    // Seat 1 is one after the button.
    assert_eq!(&o[lay.position..lay.position + 3], &[0.0, 1.0, 0.0]);
    // Seats from the observer: 1 (self), 2, 0. Stack, bet, put in, folded, all-in, button.
    let s = |r: usize| o[lay.seats + 6 * r..lay.seats + 6 * r + 6].to_vec();
    assert_eq!(s(0), vec![99.0 / 2.0, 0.5, 0.5, 0.0, 0.0, 0.0]);
    assert_eq!(s(1), vec![48.0 / 2.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
    assert_eq!(s(2), vec![194.0 / 2.0, 3.0, 3.0, 0.0, 0.0, 1.0]);
    // Pot 9, to call 5, raise to 10..100, to act.
    assert_eq!(&o[lay.spot..lay.spot + 5], &[4.5, 2.5, 5.0, 50.0, 1.0]);
    // History, preflop: seat 0 (relative 2) raised once, putting in 6.
    let hist = |street: usize, r: usize| {
        o[lay.history + (street * 3 + r) * 5..lay.history + (street * 3 + r) * 5 + 5].to_vec()
    };
    assert_eq!(hist(0, 2), vec![0.0, 0.0, 0.0, 1.0, 3.0]);
    assert_eq!(hist(0, 0), vec![0.0, 0.0, 0.0, 0.0, 0.5]);
    assert_eq!(hist(0, 1), vec![0.0, 0.0, 0.0, 0.0, 1.0]);
    assert_eq!(o.len(), 113 + 27 * 3);
}

#[test]
fn sessions_carry_stacks_move_the_button_and_end_at_a_bust_or_the_hand_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for max_hands in [Some(5), Some(40), None] {
        let cfg = env_config(
            no_limit(1, 2),
            4,
            Stacks::Fixed(vec![30, 40, 50, 60]),
            Episode::Session { max_hands },
            default_actions(),
        );
        let mut t = EnvTable::new(cfg, Some(11), 0).unwrap();
        t.set_record(true);
        for _ in 0..20 {
            let mut chips = vec![0i64; 4];
            let mut total = [0i64; 4];
            while !t.is_over() {
                let spot = t.spot().unwrap();
                let mut mask = vec![false; 7];
                t.mask(spot.legal.seat, &mut mask);
                let legal: Vec<usize> = (0..7).filter(|&i| mask[i]).collect();
                t.step(legal[rng.random_range(0..legal.len())] as i64, None)
                    .unwrap();
                t.take_rewards(&mut chips);
                for s in 0..4 {
                    total[s] += chips[s];
                }
            }
            let hands = t.take_finished();
            assert_eq!(hands.len() as u64, t.hands_played());
            // Stacks carried, the button one seat on each hand, rewards the payoffs.
            for w in hands.windows(2) {
                assert_eq!(w[1].starting_stacks(), w[0].stacks());
                assert_eq!(w[1].button(), (w[0].button() + 1) % 4);
            }
            let start = t.starting_stacks().to_vec();
            let end = hands.last().unwrap().stacks();
            for s in 0..4 {
                assert_eq!(total[s], end[s] as i64 - start[s] as i64);
            }
            assert_eq!(total.iter().sum::<i64>(), 0);
            match t.ending() {
                Ending::Terminated => assert!(end.contains(&0)),
                Ending::Truncated => assert_eq!(Some(t.hands_played()), max_hands),
                Ending::Running => unreachable!(),
            }
            t.reset().unwrap();
        }
    }
}

#[test]
fn bots_play_their_seats_inside_a_step() {
    let mut bots = vec![Some(BotKind::Random); 6];
    bots[2] = None;
    let cfg = Arc::new(EnvConfig {
        rules: no_limit(1, 2),
        players: 6,
        stacks: Stacks::Fixed(vec![200; 6]),
        episode: Episode::Hand,
        actions: default_actions(),
        button: None,
        bots,
    });
    let mut t = EnvTable::new(cfg, Some(5), 0).unwrap();
    for _ in 0..500 {
        while let Some(seat) = t.actor() {
            assert_eq!(seat, 2, "only the agent's decisions reach the caller");
            t.step(1, None).unwrap();
        }
        t.reset().unwrap();
    }
    // An agent who only calls never folds: it had a decision in every episode.
    assert!(!t.hand().folded()[2]);
}

#[test]
fn bad_configurations_are_refused() {
    let bad = |players, stacks, bots: Vec<Option<BotKind>>| {
        EnvTable::new(
            Arc::new(EnvConfig {
                rules: no_limit(1, 2),
                players,
                stacks,
                episode: Episode::Hand,
                actions: default_actions(),
                button: None,
                bots,
            }),
            Some(1),
            0,
        )
        .is_err()
    };
    assert!(bad(1, Stacks::Fixed(vec![10]), vec![None]));
    assert!(bad(3, Stacks::Fixed(vec![10, 10]), vec![None; 3]));
    assert!(bad(3, Stacks::Range { low: 0, high: 10 }, vec![None; 3]));
    assert!(bad(3, Stacks::Range { low: 20, high: 10 }, vec![None; 3]));
    assert!(bad(
        3,
        Stacks::Fixed(vec![10; 3]),
        vec![Some(BotKind::Random); 3]
    ));
    assert!(bad(3, Stacks::Fixed(vec![10; 3]), vec![None; 2]));
    assert!(!bad(3, Stacks::Fixed(vec![10; 3]), vec![None; 3]));
}

fn run_vector(
    threads: Option<usize>,
    tables: usize,
    steps: usize,
) -> (Vec<f32>, Vec<f32>, Vec<bool>, Vec<i64>) {
    let cfg = env_config(
        no_limit(1, 2),
        6,
        Stacks::Range { low: 20, high: 400 },
        Episode::Hand,
        default_actions(),
    );
    let mut env = VecEnv::new(cfg, tables, Some(9), threads).unwrap();
    let mut buf = EnvBuffers::new(tables, 6, 7);
    let mut all_obs = Vec::new();
    let mut all_rew = Vec::new();
    let mut all_term = Vec::new();
    let mut all_seat = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    env.reset(Some(9), buf.view()).unwrap();
    for _ in 0..steps {
        let actions: Vec<i64> = (0..tables)
            .map(|i| {
                let legal: Vec<usize> = (0..7).filter(|&a| buf.mask[i * 7 + a]).collect();
                legal[rng.random_range(0..legal.len())] as i64
            })
            .collect();
        env.step(&actions, None, buf.view()).unwrap();
        let (rew, term, seat) = (&buf.rewards, &buf.terminated, &buf.seat);
        for i in 0..tables {
            let r: f32 = rew[i * 6..i * 6 + 6].iter().sum();
            assert!(r.abs() < 1e-3, "rewards of a hand add up to zero");
            assert!(seat[i] >= 0 && seat[i] < 6);
            assert_eq!(
                term[i],
                rew[i * 6..i * 6 + 6].iter().any(|&x| x != 0.0) || term[i]
            );
        }
        all_obs.extend_from_slice(&buf.obs);
        all_rew.extend_from_slice(rew);
        all_term.extend_from_slice(term);
        all_seat.extend_from_slice(seat);
    }
    (all_obs, all_rew, all_term, all_seat)
}

#[test]
fn many_tables_give_the_same_results_on_any_number_of_threads() {
    let one = run_vector(None, 37, 300);
    let two = run_vector(Some(2), 37, 300);
    let three = run_vector(Some(3), 37, 300);
    assert!(one == two && one == three);
    assert!(
        one.2.iter().filter(|&&t| t).count() > 100,
        "episodes ended and were reset"
    );
}

#[test]
fn a_refused_step_changes_no_table() {
    let cfg = common::three_at_100(default_actions());
    let mut env = VecEnv::new(cfg, 4, Some(1), None).unwrap();
    let mut buf = EnvBuffers::new(4, 3, 7);
    env.reset(None, buf.view()).unwrap();
    let before: Vec<Hand> = env.tables().iter().map(|t| t.hand().clone()).collect();
    // Folding is legal preflop for the first to act (facing the big blind); 99 is not an action.
    let err = env.step(&[1, 1, 99, 1], None, buf.view()).unwrap_err();
    assert!(err.to_string().contains("table 2"), "{err}");
    assert!(env.step(&[1, 1], None, buf.view()).is_err());
    let after: Vec<Hand> = env.tables().iter().map(|t| t.hand().clone()).collect();
    assert_eq!(before, after);
}
