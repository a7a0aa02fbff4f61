//! Scenario tests written from RULES.md; amounts worked out by hand in the comments.
use holecards_core::card::parse_cards;
use holecards_core::error::{Error, ErrorKind, IllegalReason, StateProblem};
use holecards_core::game::*;
use std::sync::Arc;

mod common;
use common::{no_limit as nl, xorshift};

fn given(holes: &[&str], board: &str) -> GivenCards {
    GivenCards {
        hole_cards: holes
            .iter()
            .map(|h| {
                let c = parse_cards(h).unwrap();
                Some([c[0], c[1]].into())
            })
            .collect(),
        board: parse_cards(board).unwrap(),
    }
}

#[test]
fn heads_up_button_posts_small_blind_and_acts_first_preflop_last_after() {
    let g = given(&["AhKh", "2c7d"], "Qh Jh Th 3s 4d");
    let mut h = Hand::new(nl(1, 2), &[100, 100], 0, None, Some(&g)).unwrap();
    assert_eq!(h.bets(), vec![1, 2]);
    assert_eq!(h.actor(), Some(0));
    h.check_or_call().unwrap(); // button completes to 2
    assert_eq!(h.actor(), Some(1));
    h.check_or_call().unwrap(); // big blind checks its option
    assert_eq!(h.street(), Street::Flop);
    assert_eq!(h.actor(), Some(1)); // non-button first after the flop
    h.check_or_call().unwrap();
    assert_eq!(h.actor(), Some(0));
}

#[test]
fn min_raise_2_8_14() {
    let mut h = Hand::new(nl(1, 2), &[200, 200, 200], 0, Some(1), None).unwrap();
    // seats: button 0, sb 1, bb 2; first to act is seat 0
    assert_eq!(h.actor(), Some(0));
    let la = h.legal_actions().unwrap();
    assert_eq!(
        (la.call_amount, la.min_raise_to, la.max_raise_to),
        (2, Some(4), Some(200))
    );
    h.bet_or_raise_to(8).unwrap();
    let la = h.legal_actions().unwrap();
    assert_eq!(la.min_raise_to, Some(14));
    let before = h.clone();
    let err = h.bet_or_raise_to(13).unwrap_err().to_string();
    assert!(
        err.contains("raise to 13 is below the minimum raise to 14"),
        "{err}"
    );
    assert_eq!(h, before);
}

#[test]
fn short_all_in_does_not_reopen() {
    // button 0, sb 1, bb 2, seat 3 (UTG) has 15 chips.
    let mut h = Hand::new(nl(1, 2), &[200, 200, 200, 15], 0, Some(3), None).unwrap();
    assert_eq!(h.actor(), Some(3));
    h.check_or_call().unwrap(); // UTG limps 2
    h.bet_or_raise_to(10).unwrap(); // button raises to 10 (raise of 8)
    h.fold().unwrap(); // sb folds
    h.check_or_call().unwrap(); // bb calls 10
                                // UTG all-in to 15: a raise of 5, less than the full 8
    let la = h.legal_actions().unwrap();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(15), Some(15)));
    h.bet_or_raise_to(15).unwrap();
    // button already acted and faces only the incomplete raise: call or fold
    let la = h.legal_actions().unwrap();
    assert_eq!(h.actor(), Some(0));
    assert_eq!((la.call_amount, la.min_raise_to), (5, None));
    assert!(h.bet_or_raise_to(30).is_err());
}

#[test]
fn three_way_all_in_side_pots_and_odd_chip() {
    // button 0; seat 1 (sb) 50 chips, seat 2 (bb) 101, seat 0 200.
    // Seats 0 and 2 hold the same straight; seat 1 holds less.
    let g = given(&["9c8d", "2h2d", "9s8h"], "Th Jc Qd 3s 4c");
    let mut h = Hand::new(nl(1, 2), &[200, 50, 101], 0, None, Some(&g)).unwrap();
    h.bet_or_raise_to(200).unwrap(); // button all-in
    h.check_or_call().unwrap(); // sb calls all-in for 50
    h.check_or_call().unwrap(); // bb calls all-in for 101
    assert!(h.is_over());
    // main pot 3*50 = 150; side 51+51 = 102; button's 99 uncalled back.
    let pots = h.pots();
    assert_eq!(
        pots.iter().map(|p| p.amount).collect::<Vec<_>>(),
        vec![150, 102]
    );
    assert_eq!(pots[0].winners.to_vec(), vec![0, 2]);
    // 150 splits 75/75; 102 splits 51/51.
    assert_eq!(h.stacks(), vec![99 + 75 + 51, 0, 75 + 51]);
    assert_eq!(h.payoffs().unwrap().iter().sum::<i64>(), 0);
}

#[test]
fn odd_chip_to_first_winner_left_of_button() {
    // Three players, equal 11-chip stacks, blinds 1/2 plus a 1 ante, everyone
    // all-in: pot 33. Seats 1 and 2 tie; 33 / 2 = 16 r 1; seat 1 is first left
    // of the button (0) and gets 17.
    let rules = Arc::new(
        Rules::no_limit(BlindOptions {
            small_blind: 1,
            big_blind: 2,
            ante: 1,
            ..Default::default()
        })
        .unwrap(),
    );
    let g = given(&["2c3d", "AhKd", "AsKc"], "Qh Jd 9s 5c 6d");
    let mut h = Hand::new(rules, &[11, 11, 11], 0, None, Some(&g)).unwrap();
    h.bet_or_raise_to(10).unwrap();
    h.check_or_call().unwrap();
    h.check_or_call().unwrap();
    assert!(h.is_over());
    assert_eq!(h.stacks(), vec![0, 17, 16]);
}

#[test]
fn uncontested_hand_ends_without_showdown() {
    let mut h = Hand::new(nl(1, 2), &[100, 100, 100], 0, Some(9), None).unwrap();
    h.bet_or_raise_to(6).unwrap();
    h.fold().unwrap();
    h.fold().unwrap();
    assert!(h.is_over());
    assert_eq!(h.street(), Street::Preflop);
    assert_eq!(h.payoffs().unwrap(), vec![3, -1, -2]);
    assert!(h.shown_cards(0).is_none());
}

#[test]
fn seeded_deal_is_reproducible() {
    let a = Hand::new(nl(1, 2), &[100; 6], 2, Some(42), None).unwrap();
    let b = Hand::new(nl(1, 2), &[100; 6], 2, Some(42), None).unwrap();
    let c = Hand::new(nl(1, 2), &[100; 6], 2, Some(43), None).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.hole_cards(0), c.hole_cards(0));
}

#[test]
fn codec_round_trips() {
    let mut h = Hand::new(nl(1, 2), &[100, 100, 100], 0, Some(5), None).unwrap();
    h.bet_or_raise_to(6).unwrap();
    let back =
        holecards_core::game::codec::decode_hand(&holecards_core::game::codec::encode_hand(&h))
            .unwrap();
    assert_eq!(back, h);
    assert!(holecards_core::game::codec::decode_hand(&[1, 2, 3]).is_err());
    let r = h.rules().clone();
    assert_eq!(
        holecards_core::game::codec::decode_rules(&holecards_core::game::codec::encode_rules(&r))
            .unwrap(),
        r
    );
}

/// Random legal play: chips are conserved and the hand always ends.
#[test]
fn random_play_invariants() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for i in 0..3000u64 {
        let n = rng.random_range(2..=9);
        let stacks: Vec<u64> = (0..n).map(|_| rng.random_range(1..=300)).collect();
        let rules = match i % 4 {
            0 => nl(1, 2),
            1 => Arc::new(
                Rules::pot_limit(BlindOptions {
                    small_blind: 1,
                    big_blind: 2,
                    ante: 1,
                    ..Default::default()
                })
                .unwrap(),
            ),
            2 => Arc::new(
                Rules::fixed_limit(
                    BlindOptions {
                        small_blind: 1,
                        big_blind: 2,
                        ..Default::default()
                    },
                    None,
                    None,
                    Some(4),
                    true,
                )
                .unwrap(),
            ),
            _ => Arc::new(Rules::progressive(1, [2, 4, 6, 8]).unwrap()),
        };
        let total: u64 = stacks.iter().sum();
        let mut h = Hand::new(rules, &stacks, i as usize % n, Some(i), None).unwrap();
        let mut steps = 0;
        while let Some(la) = h.legal_actions() {
            steps += 1;
            assert!(steps < 500);
            let roll = rng.random_range(0..10);
            if roll == 0 && la.can_fold {
                h.fold().unwrap();
            } else if roll < 4 && la.min_raise_to.is_some() {
                let (lo, hi) = (la.min_raise_to.unwrap(), la.max_raise_to.unwrap());
                h.bet_or_raise_to(rng.random_range(lo..=hi)).unwrap();
            } else {
                h.check_or_call().unwrap();
            }
            if !h.is_over() {
                assert_eq!(h.stacks().iter().sum::<u64>() + h.pot(), total);
            }
        }
        assert_eq!(h.stacks().iter().sum::<u64>(), total);
        assert_eq!(h.payoffs().unwrap().iter().sum::<i64>(), 0);
        let paid: u64 = h.pots().iter().map(|p| p.amount).sum();
        assert_eq!(paid, h.pot());
    }
}

#[test]
fn a_view_holds_only_what_the_seat_may_know() {
    let g = given(&["AhKh", "2c7d", "QsQd"], "Qh Jh Th 3s 4d");
    let h = Hand::new(nl(1, 2), &[100, 100, 100], 0, None, Some(&g)).unwrap();
    let v = h.view(Some(1));
    assert_eq!(v.own_cards(), h.hole_cards(1));
    assert_eq!(v.hole_cards, vec![None, h.hole_cards(1), None]);
    assert!(v.board.is_empty());
    assert_eq!(v.stacks, h.stacks());
    // Its events deal seat 1's cards and hide the others'.
    let deals: Vec<_> = v
        .events
        .iter()
        .filter(|e| e.kind == EventKind::DealHole)
        .collect();
    assert_eq!(deals.len(), 3);
    for e in deals {
        if e.seat == Some(1) {
            assert_eq!(e.cards.known(), Some(&h.hole_cards(1).unwrap()[..]));
        } else {
            assert_eq!(e.cards, EventCards::Hidden(2));
        }
    }
    let public = h.view(None);
    assert!(public.hole_cards.iter().all(|c| c.is_none()));
    assert_eq!(public.own_cards(), None);
}

/// Final stacks rebuilt from the starting stacks and the events alone.
fn rebuilt_stacks(h: &Hand) -> Vec<u64> {
    let mut stacks = h.starting_stacks();
    let mut street_bet = vec![0u64; stacks.len()];
    let mut street = Street::Preflop;
    for e in h.events() {
        if e.street != street {
            street = e.street;
            street_bet.iter_mut().for_each(|b| *b = 0);
        }
        let Some(s) = e.seat else { continue };
        match e.kind {
            EventKind::PostAnte => stacks[s] -= e.amount,
            EventKind::PostSmallBlind
            | EventKind::PostBigBlind
            | EventKind::PostStraddle
            | EventKind::Call => {
                stacks[s] -= e.amount;
                street_bet[s] += e.amount;
            }
            EventKind::Bet | EventKind::Raise => {
                stacks[s] -= e.amount - street_bet[s];
                street_bet[s] = e.amount;
            }
            EventKind::ReturnUncalled => {
                stacks[s] += e.amount;
                street_bet[s] -= e.amount;
            }
            EventKind::Award => stacks[s] += e.amount,
            _ => {}
        }
    }
    stacks
}

#[test]
fn events_tell_the_whole_hand() {
    // 1/2, three seats, button 0: seat 0 raises to 6, seat 1 folds, seat 2
    // calls; flop checked; seat 2 bets 10 on the turn, seat 0 folds: 10 comes
    // back uncalled and seat 2 takes the pot of 6 + 1 + 6 = 13 uncontested.
    let g = given(&["AhKh", "2c7d", "QsQd"], "Qh Jh Th 3s 4d");
    let mut h = Hand::new(nl(1, 2), &[100, 100, 100], 0, None, Some(&g)).unwrap();
    h.bet_or_raise_to(6).unwrap();
    h.fold().unwrap();
    h.check_or_call().unwrap();
    h.check_or_call().unwrap();
    h.check_or_call().unwrap();
    h.bet_or_raise_to(10).unwrap();
    h.fold().unwrap();
    assert!(h.is_over());
    let kinds: Vec<EventKind> = h.events().iter().map(|e| e.kind).collect();
    use EventKind::*;
    assert_eq!(
        kinds,
        vec![
            PostSmallBlind,
            PostBigBlind,
            DealHole,
            DealHole,
            DealHole,
            Raise,
            Fold,
            Call,
            Burn,
            DealBoard,
            Check,
            Check,
            Burn,
            DealBoard,
            Bet,
            Fold,
            ReturnUncalled,
            Muck,
            Award
        ]
    );
    let ev = h.events();
    let ret = ev.iter().find(|e| e.kind == ReturnUncalled).unwrap();
    assert_eq!(
        (ret.seat, ret.amount, ret.street),
        (Some(2), 10, Street::Turn)
    );
    let award = ev.last().unwrap();
    assert_eq!(
        (award.seat, award.amount, award.pot),
        (Some(2), 13, Some(0))
    );
    assert_eq!(rebuilt_stacks(&h), h.stacks());
    assert_eq!(h.stacks(), vec![94, 99, 107]);
    // The history is the posts and actions of the events.
    let from_events: Vec<Action> = ev.iter().filter_map(|e| e.to_action()).collect();
    assert_eq!(from_events, h.history());
}

#[test]
fn events_rebuild_the_stacks_of_random_hands() {
    let rules = nl(1, 2);
    for seed in 0..300u64 {
        let mut h = Hand::new(
            Arc::clone(&rules),
            &[50, 120, 80, 200],
            (seed % 4) as usize,
            Some(seed),
            None,
        )
        .unwrap();
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while let Some(la) = h.legal_actions() {
            xorshift(&mut x);
            let r = x % 10;
            if r < 2 && la.can_fold {
                h.fold().unwrap();
            } else if r < 5 && la.can_raise() {
                let (lo, hi) = (la.min_raise_to.unwrap(), la.max_raise_to.unwrap());
                h.bet_or_raise_to(lo + x % (hi - lo + 1)).unwrap();
            } else {
                h.check_or_call().unwrap();
            }
            if !h.is_over() {
                // mid-hand the events account for every chip: behind or in the pot
                assert_eq!(rebuilt_stacks(&h), h.stacks(), "seed {seed}");
            }
        }
        assert_eq!(rebuilt_stacks(&h), h.stacks(), "seed {seed}");
        let awarded: u64 = h
            .events()
            .iter()
            .filter(|e| e.kind == EventKind::Award)
            .map(|e| e.amount)
            .sum();
        assert_eq!(awarded, h.pots().iter().map(|p| p.amount).sum::<u64>());
    }
}

#[test]
fn a_refused_action_says_why_and_what_is_legal() {
    let mut h = Hand::new(nl(1, 2), &[100, 100, 100], 0, Some(1), None).unwrap();
    let before = h.clone();
    let Err(e) = h.bet_or_raise_to(3) else {
        panic!("accepted a raise to 3")
    };
    let ErrorKind::IllegalAction(e) = e.into_kind() else {
        panic!("not an illegal action")
    };
    assert_eq!(e.reason, IllegalReason::BelowMinimum);
    assert_eq!(e.legal, h.legal_actions());
    assert_eq!(e.seat, Some(0));
    assert!(
        e.message.contains("below the minimum raise to 4"),
        "{}",
        e.message
    );
    let Err(e) = h.act(Some(2), Move::Fold) else {
        panic!("seat 2 acted out of turn")
    };
    let ErrorKind::IllegalAction(e) = e.into_kind() else {
        panic!("not an illegal action")
    };
    assert_eq!(e.reason, IllegalReason::NotYourTurn);
    assert_eq!(h, before);
}

#[test]
fn an_old_state_is_refused_with_its_version() {
    let h = Hand::new(nl(1, 2), &[100, 100], 0, Some(1), None).unwrap();
    let mut bytes = codec::encode_hand(&h);
    assert_eq!(codec::decode_hand(&bytes).unwrap(), h);
    bytes[0] = 1;
    let e = codec::decode_hand(&bytes).unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::CorruptState(StateProblem::Version {
            found: 1,
            expected: 7
        })
    );
    assert!(e.to_string().contains("format 1"), "{e}");
    let v = h.view(Some(0));
    assert_eq!(codec::decode_view(&codec::encode_view(&v)).unwrap(), v);
}

#[test]
fn errors_stay_small_for_the_hot_path() {
    // Every action returns Result<(), Error>: a large error would slow them.
    assert_eq!(
        std::mem::size_of::<Result<(), Error>>(),
        std::mem::size_of::<usize>()
    );
}

/// Found by Hypothesis: a fixed-limit round that is uncapped heads-up may
/// hold more raises than the cap, and its saved state must read back.
#[test]
fn an_uncapped_heads_up_limit_round_past_the_cap_pickles() {
    let rules = Arc::new(
        Rules::fixed_limit(
            BlindOptions {
                small_blind: 0,
                big_blind: 1,
                ..Default::default()
            },
            None,
            Some(1),
            Some(0),
            true,
        )
        .unwrap(),
    );
    let mut h = Hand::new(rules, &[1, 4, 1, 4], 1, Some(0), None).unwrap();
    h.fold().unwrap();
    h.check_or_call().unwrap();
    h.fold().unwrap();
    for _ in 0..3 {
        let to = h.legal_actions().unwrap().min_raise_to.unwrap();
        h.bet_or_raise_to(to).unwrap();
    }
    assert_eq!(codec::decode_hand(&codec::encode_hand(&h)).unwrap(), h);
}

#[test]
fn clone_from_copies_a_hand_whole_into_another() {
    // Hands of other sizes, streets and results, copied over one another
    // both ways: the copy equals its source in every field.
    let mut hands = Vec::new();
    for (i, n) in [2usize, 6, 9].into_iter().enumerate() {
        let mut h = Hand::new(
            nl(1, 2),
            &vec![100 + 50 * i as u64; n],
            0,
            Some(i as u64),
            None,
        )
        .unwrap();
        for _ in 0..3 * i {
            if h.is_over() {
                break;
            }
            h.act(None, Move::CheckOrCall).unwrap();
        }
        hands.push(h);
    }
    while !hands[0].is_over() {
        hands[0].act(None, Move::Fold).unwrap();
    }
    for a in 0..hands.len() {
        for b in 0..hands.len() {
            let mut copy = hands[a].clone();
            copy.clone_from(&hands[b]);
            assert_eq!(copy, hands[b], "hand {a} copied from hand {b}");
            assert_eq!(copy.events(), hands[b].events());
        }
    }
}

/// Running the board twice, worked by hand. Blinds 1/2, seat 0 the button
/// with AhAd, seat 1 (small blind) 2c7d, seat 2 (big blind) KcKd. Seat 0
/// moves all-in for 100, seat 1 folds its blind, seat 2 calls all-in: the
/// pot is 100 + 1 + 100 = 201, and the hand waits for the players to
/// choose. Twice: the first run (the board's Ks 7h 2s 3d 9c) takes 101, the
/// odd chip with it, and goes to seat 2's three kings; the second (Qh Jh
/// 5s 8d 4c) takes 100 and goes to seat 0's aces. Seat 0 ends with 100,
/// seat 1 with 49, seat 2 with 101.
#[test]
fn a_board_run_twice_splits_the_pot_between_the_runs() {
    let g = GivenCards {
        hole_cards: ["AhAd", "2c7d", "KcKd"]
            .iter()
            .map(|h| {
                let c = parse_cards(h).unwrap();
                Some([c[0], c[1]].into())
            })
            .collect(),
        board: parse_cards("Ks 7h 2s 3d 9c").unwrap(),
    };
    let mut h = Hand::new(nl(1, 2), &[100, 50, 100], 0, None, Some(&g)).unwrap();
    h.offer_run_it().unwrap();
    h.bet_or_raise_to(100).unwrap();
    h.fold().unwrap();
    h.check_or_call().unwrap();
    assert!(h.awaiting_runs());
    assert!(!h.is_over());
    assert_eq!(h.actor(), None);
    assert!(h.board().is_empty());
    // nobody acts while the players choose; bad choices change nothing
    let e = h.check_or_call().unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::IllegalAction(r) if r.reason == IllegalReason::NotYourTurn),
        "{e}"
    );
    assert!(h.run_it(4, &[], None).is_err());
    let seen = vec![parse_cards("Ah Jh 5s 8d 4c").unwrap()];
    assert!(h.run_it(2, &seen, None).is_err());
    let short = vec![parse_cards("Qh Jh 5s 8d").unwrap()];
    assert!(h.run_it(2, &short, None).is_err());
    assert!(h.awaiting_runs());
    let second = vec![parse_cards("Qh Jh 5s 8d 4c").unwrap()];
    h.run_it(2, &second, None).unwrap();
    assert!(h.is_over());
    assert_eq!(h.run_count(), 2);
    assert_eq!(h.stacks(), vec![100, 49, 101]);
    assert_eq!(
        h.boards(),
        vec![
            parse_cards("Ks 7h 2s 3d 9c").unwrap(),
            parse_cards("Qh Jh 5s 8d 4c").unwrap()
        ]
    );
    let pots = h.pots();
    assert_eq!(
        pots.iter().map(|p| p.amount).collect::<Vec<_>>(),
        [101, 100]
    );
    assert_eq!(pots[0].winners.to_vec(), [2]);
    assert_eq!(pots[1].winners.to_vec(), [0]);
    // the events: both runs' boards, then a payment a run
    let boards: Vec<usize> = h
        .events()
        .iter()
        .filter(|e| e.kind == EventKind::DealBoard)
        .map(|e| e.cards.len())
        .collect();
    assert_eq!(boards, [3, 1, 1, 3, 1, 1]);
    let paid: Vec<(Option<usize>, u64)> = h
        .events()
        .iter()
        .filter(|e| e.kind == EventKind::Award)
        .map(|e| (e.seat, e.amount))
        .collect();
    assert_eq!(paid, [(Some(2), 101), (Some(0), 100)]);
    // saved and restored, the same hand
    let back =
        holecards_core::game::codec::decode_hand(&holecards_core::game::codec::encode_hand(&h))
            .unwrap();
    assert_eq!(back, h);
}

/// Run three times from the flop with cards from a seed: the same seed, the
/// same runs; once (or a hand never offered) is the one board as before.
#[test]
fn runs_dealt_from_a_seed_repeat_and_once_is_the_board_alone() {
    let play = |times: usize, seed: u64| {
        let mut h = Hand::new(nl(1, 2), &[100, 100, 100], 0, Some(9), None).unwrap();
        h.offer_run_it().unwrap();
        h.check_or_call().unwrap(); // the button calls 2
        h.check_or_call().unwrap(); // the small blind completes
        h.check_or_call().unwrap(); // the big blind checks: the flop
        h.bet_or_raise_to(98).unwrap(); // the small blind all-in
        h.check_or_call().unwrap();
        h.check_or_call().unwrap();
        assert!(h.awaiting_runs());
        let saved = holecards_core::game::codec::encode_hand(&h);
        assert_eq!(holecards_core::game::codec::decode_hand(&saved).unwrap(), h);
        h.run_it(times, &[], Some(seed)).unwrap();
        assert!(h.is_over());
        assert_eq!(h.stacks().iter().sum::<u64>(), 300);
        h
    };
    let (a, b) = (play(3, 5), play(3, 5));
    assert_eq!(a.boards(), b.boards());
    assert_eq!(a.boards().len(), 3);
    for run in &a.boards() {
        assert_eq!(run.len(), 5);
        assert_eq!(run[..3], a.board()[..3], "the flop is every run's");
    }
    let once = play(1, 5);
    assert_eq!(once.boards().len(), 1);
    let mut plain = Hand::new(nl(1, 2), &[100, 100, 100], 0, Some(9), None).unwrap();
    for mv in 0..6 {
        if mv == 3 {
            plain.bet_or_raise_to(98).unwrap();
        } else {
            plain.check_or_call().unwrap();
        }
    }
    assert_eq!(plain.stacks(), once.stacks());
    assert!(!plain.awaiting_runs());
}
