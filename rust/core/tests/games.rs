//! Hands of every game: the deal comes off the game's deck, the showdown
//! ranks by the game's rules, and a hi/lo pot splits as the WSOP rules say.
//! The expected payouts come from the evaluators and a plain split written
//! here, not from the hand's own award.
mod common;

use common::xorshift;
use holecards_core::card::parse_cards;
use holecards_core::eval::evaluate;
use holecards_core::eval::low::omaha_low8;
use holecards_core::eval::omaha::omaha_high;
use holecards_core::eval::short_deck::short_deck;
use holecards_core::game::{BlindOptions, Game, GameKind, GivenCards, Hand, Move, Rules, Street};
use holecards_core::Card;
use std::sync::Arc;

/// The community-card games (the stud games: tests/stud.rs; the draw
/// games: tests/draw.rs).
fn games() -> Vec<Game> {
    Game::CODES
        .iter()
        .map(|c| Game::from_code(c).unwrap_or_else(|e| panic!("{e}")))
        .filter(|g| g.is_community())
        .collect()
}

fn rules(game: Game, structure: u64) -> Arc<Rules> {
    let o = BlindOptions {
        small_blind: 1,
        big_blind: 2,
        ante: u64::from(structure == 3),
        ..Default::default()
    };
    let r = match structure {
        0 | 3 => Rules::no_limit(o),
        1 => Rules::pot_limit(o),
        _ => Rules::fixed_limit(o, None, None, Some(4), true),
    };
    Arc::new(r.unwrap_or_else(|e| panic!("{e}")).with_game(game))
}

/// The high value of `hole` on `board` in `game` (greater is better).
fn high(game: Game, hole: &[Card], board: &[Card]) -> u16 {
    match game.kind() {
        GameKind::Omaha | GameKind::OmahaHiLo => omaha_high(hole, board).unwrap().value(),
        GameKind::ShortDeck => {
            let cards: Vec<Card> = hole.iter().chain(board).copied().collect();
            short_deck(&cards, game.short_deck_ranking())
                .unwrap()
                .value()
        }
        _ => {
            let cards: Vec<Card> = hole.iter().chain(board).copied().collect();
            evaluate(&cards).unwrap().value()
        }
    }
}

/// `amount` split among `winners` (seats), odd chips one at a time from
/// the button's left.
fn share(amount: u64, winners: &[usize], button: usize, n: usize, out: &mut [u64]) {
    let k = winners.len() as u64;
    let mut odd = amount % k;
    for i in 1..=n {
        let s = (button + i) % n;
        if winners.contains(&s) {
            out[s] += amount / k + u64::from(odd > 0);
            odd = odd.saturating_sub(1);
        }
    }
}

/// What each seat should win from the hand's pots at showdown.
fn expected_payouts(h: &Hand) -> Vec<u64> {
    let game = h.game();
    let n = h.num_players();
    let board = h.board();
    let mut out = vec![0u64; n];
    for pot in h.pots() {
        let seats: Vec<usize> = pot.eligible.to_vec();
        let highs: Vec<u16> = seats
            .iter()
            .map(|&s| high(game, &h.hole_cards(s).unwrap(), board))
            .collect();
        let best = *highs.iter().max().unwrap();
        let hi: Vec<usize> = seats
            .iter()
            .zip(&highs)
            .filter(|(_, &v)| v == best)
            .map(|(&s, _)| s)
            .collect();
        let lows: Vec<Option<u16>> = seats
            .iter()
            .map(|&s| {
                game.is_hi_lo()
                    .then(|| omaha_low8(&h.hole_cards(s).unwrap(), board).unwrap())
                    .flatten()
                    .map(|(v, _)| v.value())
            })
            .collect();
        match lows.iter().flatten().max() {
            None => share(pot.amount, &hi, h.button(), n, &mut out),
            Some(&best_low) => {
                let lo: Vec<usize> = seats
                    .iter()
                    .zip(&lows)
                    .filter(|(_, &v)| v == Some(best_low))
                    .map(|(&s, _)| s)
                    .collect();
                let low_half = pot.amount / 2;
                share(pot.amount - low_half, &hi, h.button(), n, &mut out);
                share(low_half, &lo, h.button(), n, &mut out);
            }
        }
    }
    out
}

/// Plays random moves (folds rare, so that hands reach showdown).
fn play_random(h: &mut Hand, x: &mut u64) {
    while let Some(la) = h.legal_actions() {
        let r = xorshift(x) % 20;
        let mv = if r == 0 && la.can_fold {
            Move::Fold
        } else if r < 6 && la.can_raise() {
            let (lo, hi) = (la.min_raise_to.unwrap(), la.max_raise_to.unwrap());
            Move::BetOrRaiseTo(lo + xorshift(x) % (hi - lo + 1))
        } else {
            Move::CheckOrCall
        };
        h.act(None, mv).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn every_game_deals_from_its_deck_and_pays_by_its_showdown() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut showdowns = 0;
    let mut low_splits = 0;
    for game in games() {
        for i in 0..400u64 {
            let n = 2 + (xorshift(&mut x) as usize) % (game.max_players().min(7) - 1);
            let stacks: Vec<u64> = (0..n).map(|_| 20 + xorshift(&mut x) % 300).collect();
            let r = rules(game, i % 4);
            let mut h = Hand::new(r, &stacks, i as usize % n, Some(i), None).unwrap();
            // The deal: the game's count of hole cards, all from its deck, all distinct.
            let mut seen = 0u64;
            for s in 0..n {
                let hole = h.hole_cards(s).unwrap();
                assert_eq!(hole.len(), game.hole_cards(), "{game}");
                for c in hole.iter() {
                    assert!(game.deck().contains(c), "{game}: {c}");
                    assert_eq!(seen & c.bit(), 0);
                    seen |= c.bit();
                }
            }
            play_random(&mut h, &mut x);
            assert!(h.is_over());
            if h.street() != Street::Showdown {
                continue;
            }
            showdowns += 1;
            for c in h.board() {
                assert!(game.deck().contains(c), "{game}: board {c}");
                assert_eq!(seen & c.bit(), 0);
                seen |= c.bit();
            }
            let won = expected_payouts(&h);
            let contributions = h.contributions();
            for s in 0..n {
                assert_eq!(
                    h.stacks()[s],
                    stacks[s] - contributions[s] + won[s],
                    "{game} hand {i}: seat {s}, board {:?}, pots {:?}",
                    h.board(),
                    h.pots()
                );
            }
            low_splits += h
                .pots()
                .iter()
                .filter(|p| !p.low_winners.is_empty())
                .count();
        }
    }
    assert!(showdowns > 1_500, "{showdowns} showdowns");
    assert!(low_splits > 50, "{low_splits} pots split with a low");
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap_or_else(|e| panic!("{e}"))
}

fn given(holes: &[&str], board: &str) -> GivenCards {
    GivenCards {
        hole_cards: holes.iter().map(|h| Some(cards(h).into())).collect(),
        board: cards(board),
    }
}

/// Checks to the end of the hand.
fn check_down(h: &mut Hand) {
    while h.legal_actions().is_some() {
        h.check_or_call().unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn omaha_plays_two_hole_cards_where_holdem_would_not() {
    // Four hearts on the board: one heart in the hand makes a hold'em
    // flush, but Omaha needs two. Seat 0's Ah is alone; seat 1 holds two
    // small hearts and the Omaha flush.
    let board = "Kh Qh 7h 2h 9c";
    let holes = ["Ah As Ks Kd", "3h 4h 5c 6d"];
    let r = rules(Game::omaha(4).unwrap(), 0);
    let mut h = Hand::new(r, &[100, 100], 0, None, Some(&given(&holes, board))).unwrap();
    check_down(&mut h);
    // Seat 0's best: three kings (Ks Kd with Kh Qh 9c or similar), below a flush.
    assert_eq!(h.payoffs(), Some(vec![-2, 2]));
    let r = rules(Game::holdem(), 0);
    let holdem = ["Ah As", "3h 4h"];
    let mut h = Hand::new(r, &[100, 100], 0, None, Some(&given(&holdem, board))).unwrap();
    check_down(&mut h);
    // In hold'em the ace-high flush wins.
    assert_eq!(h.payoffs(), Some(vec![2, -2]));
}

#[test]
fn hi_lo_gives_the_odd_chip_to_the_high_half() {
    // Three players at 1/2: the button calls, the small blind folds, the
    // big blind checks: a pot of 5 for two. Seat 2 (the big blind) has the
    // high (a flush), seat 0 (the button) the only low: high 3, low 2.
    let game = Game::omaha_hi_lo(4).unwrap();
    let board = "Ah 2h 5h Kc Qd";
    let holes = ["3c 4d Js Jd", "9s 9d Tc Ts", "Kh Th 8s 8c"];
    let r = rules(game, 0);
    let mut h = Hand::new(r, &[100, 100, 100], 0, None, Some(&given(&holes, board))).unwrap();
    h.check_or_call().unwrap(); // button calls
    h.fold().unwrap(); // small blind folds
    check_down(&mut h);
    assert_eq!(h.payoffs(), Some(vec![0, -1, 1]));
    let pots = h.pots();
    assert_eq!(pots[0].winners.to_vec(), vec![2]);
    assert_eq!(pots[0].low_winners.to_vec(), vec![0]);
}

#[test]
fn hi_lo_quarters_and_scoops() {
    let game = Game::omaha_hi_lo(4).unwrap();
    let r = rules(game, 0);
    // Seat 0: A-2 with the board's 3-4-5, a wheel: the best low, and a
    // five-high straight. Seat 1: the same low, and 6-7 make a
    // seven-high straight: the high. Seat 1 wins the high half and half
    // the low half: three quarters of the pot.
    let board = "3c 4d 5h Kh 9s";
    let holes = ["Ac 2d Qs Js", "As 2c 6d 7d"];
    let mut h = Hand::new(r.clone(), &[100, 100], 0, None, Some(&given(&holes, board))).unwrap();
    h.bet_or_raise_to(8).unwrap(); // the button (small blind heads-up) raises to 8
    check_down(&mut h);
    let pots = h.pots();
    assert_eq!(pots[0].amount, 16);
    assert_eq!(pots[0].winners.to_vec(), vec![1]);
    assert_eq!(pots[0].low_winners.to_vec(), vec![0, 1]);
    assert_eq!(h.payoffs(), Some(vec![-4, 4]));
    // Two low cards on the board: no low; the high (a pair of jacks) scoops.
    let board = "3c 4d Jh Kh 9s";
    let mut h = Hand::new(r, &[100, 100], 0, None, Some(&given(&holes, board))).unwrap();
    check_down(&mut h);
    assert!(h.pots()[0].low_winners.is_empty());
    assert_eq!(h.payoffs(), Some(vec![2, -2]));
}

#[test]
fn short_deck_ranks_a_flush_over_a_full_house() {
    let board = "6h 6c Th Jh 9d";
    let holes = ["Ah 7h", "Tc Td"];
    for (game, payoffs) in [
        (Game::short_deck(Default::default()), vec![2, -2]),
        (Game::holdem(), vec![-2, 2]),
    ] {
        let r = rules(game, 0);
        let mut h = Hand::new(r, &[100, 100], 0, None, Some(&given(&holes, board))).unwrap();
        check_down(&mut h);
        assert_eq!(h.payoffs(), Some(payoffs), "{game}");
    }
}

#[test]
fn bad_cards_name_the_game() {
    let r = rules(Game::omaha(4).unwrap(), 0);
    let e = Hand::new(
        r,
        &[100, 100],
        0,
        None,
        Some(&given(&["Ah Kd", "2c 2d 3c 3d"], "")),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("Omaha needs 4 hole cards, got 2"),
        "{e}"
    );
    let r = rules(Game::royal(), 0);
    let e = Hand::new(
        r.clone(),
        &[100, 100],
        0,
        None,
        Some(&given(&["Ah 9d", "Kh Kd"], "")),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("9d is not in the 20-card royal deck"),
        "{e}"
    );
    let e = Hand::new(r, &[100; 7], 0, None, None).unwrap_err();
    assert!(
        e.to_string()
            .contains("royal hold'em needs 2 to 6 players, not 7"),
        "{e}"
    );
}
