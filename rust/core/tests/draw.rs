//! The draw games (2-7 triple draw, 2-7 single draw, badugi): hand-worked
//! hands with the arithmetic in comments, the draw's order and events, the
//! reshuffle when the stub runs out, and saved states.
mod common;

use common::xorshift;
use holecards_core::card::{parse_cards, Card, CardSet};
use holecards_core::game::codec::{decode_hand, encode_hand};
use holecards_core::game::{
    BlindOptions, EventCards, EventKind, Game, GivenCards, Hand, Move, Rules, Street,
};
use holecards_core::{ErrorKind, Result};
use std::sync::Arc;

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap_or_else(|e| panic!("{e}"))
}

fn given(holes: &[&str]) -> GivenCards {
    GivenCards {
        hole_cards: holes.iter().map(|h| Some(cards(h).into())).collect(),
        board: Vec::new(),
    }
}

fn blinds(sb: u64, bb: u64) -> BlindOptions {
    BlindOptions {
        small_blind: sb,
        big_blind: bb,
        ..Default::default()
    }
}

/// Fixed limit 1/2 blinds, bets 2 and 4, for `game`.
fn limit(game: Game) -> Arc<Rules> {
    Arc::new(
        Rules::fixed_limit(blinds(1, 2), Some(2), Some(4), Some(4), true)
            .and_then(|r| r.for_game(game))
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

fn no_limit(game: Game) -> Arc<Rules> {
    Arc::new(
        Rules::no_limit(blinds(1, 2))
            .and_then(|r| r.for_game(game))
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

fn discard(h: &mut Hand, seat: usize, text: &str) {
    h.discard(Some(seat), &cards(text))
        .unwrap_or_else(|e| panic!("seat {seat} discards {text}: {e}"));
}

fn act(h: &mut Hand, seat: usize, mv: Move) {
    h.act(Some(seat), mv)
        .unwrap_or_else(|e| panic!("seat {seat} {mv:?}: {e}"));
}

#[test]
fn triple_draw_hand_worked_through() -> Result<()> {
    // Three players, button seat 2: seat 0 posts the small blind (1), seat
    // 1 the big blind (2); seat 2 acts first before the draw.
    let g = given(&["7c5d4h3s9c", "KsKd8h6c2d", "Ah2c3d4s5h"]);
    let mut h = Hand::new(
        limit(Game::deuce_seven_triple_draw()),
        &[100, 100, 100],
        2,
        Some(7),
        Some(&g),
    )?;
    assert_eq!(h.street(), Street::Predraw);
    assert_eq!(h.actor(), Some(2));
    // Predraw, the small bet 2: seat 2 raises to 4, seat 0 calls 3, seat 1
    // calls 2: a pot of 12.
    act(&mut h, 2, Move::BetOrRaiseTo(4));
    act(&mut h, 0, Move::CheckOrCall);
    act(&mut h, 1, Move::CheckOrCall);
    assert_eq!(h.pot(), 12);
    // The first draw: everyone still in, from the dealer's left: 0, 1, 2.
    assert_eq!(h.street(), Street::FirstDraw);
    assert!(h.is_drawing());
    assert_eq!(h.actor(), Some(0));
    let la = h.legal_actions().expect("a draw");
    assert!(la.draw && !la.can_fold && !la.can_check && la.min_raise_to.is_none());
    // Betting while drawing is refused, and changes nothing.
    let before = h.clone();
    let e = h.act(Some(0), Move::CheckOrCall).expect_err("drawing");
    assert!(e.to_string().contains("draws"), "{e}");
    assert_eq!(h, before);
    // A card the player does not hold is refused.
    assert!(h.discard(Some(0), &cards("Kd")).is_err());
    assert_eq!(h, before);
    discard(&mut h, 0, "9c"); // keeps 7-5-4-3, draws one
    discard(&mut h, 1, "KsKd8h"); // draws three
    assert_eq!(h.actor(), Some(2));
    assert!(h.is_drawing());
    discard(&mut h, 2, ""); // stands pat on A-5 high
                            // The draw is done: a burn, then 1 + 3 cards; the betting after the
                            // first draw is at the small bet, from the dealer's left.
    assert!(!h.is_drawing());
    assert_eq!(h.burns().len(), 1);
    for seat in 0..3 {
        assert_eq!(h.hole_cards(seat).map(|c| c.len()), Some(5));
    }
    let hand0 = h.hole_cards(0).expect("seat 0");
    assert_eq!(&hand0[..4], &cards("7c5d4h3s")[..], "kept cards first");
    assert_eq!(h.actor(), Some(0));
    act(&mut h, 0, Move::BetOrRaiseTo(2));
    let la = h.legal_actions().expect("seat 1");
    assert_eq!(
        (la.call_amount, la.min_raise_to, la.max_raise_to),
        (2, Some(4), Some(4))
    );
    act(&mut h, 1, Move::Fold);
    act(&mut h, 2, Move::CheckOrCall);
    // Pot 12 + 2 + 2 = 16. The second draw: seats 0 and 2.
    assert_eq!(h.pot(), 16);
    assert_eq!(h.street(), Street::SecondDraw);
    assert_eq!(h.actor(), Some(0));
    discard(&mut h, 0, "");
    discard(&mut h, 2, "");
    // Both stood pat: one card is still burned (tournament rules, section
    // IX: "one card is still burned to designate the round").
    assert_eq!(h.burns().len(), 2);
    // After the second draw, the big bet: 4.
    act(&mut h, 0, Move::BetOrRaiseTo(4));
    act(&mut h, 2, Move::CheckOrCall);
    assert_eq!(h.pot(), 24);
    assert_eq!(h.street(), Street::ThirdDraw);
    discard(&mut h, 0, "");
    discard(&mut h, 2, "");
    act(&mut h, 0, Move::CheckOrCall);
    act(&mut h, 2, Move::CheckOrCall);
    assert!(h.is_over());
    // Seat 0's hand is 7-5-4-3 and its draw; seat 2's A-5-4-3-2 is an
    // ace-high hand in deuce-to-seven, which loses to any king-high or
    // better low: seat 0 wins unless it drew a pair, an ace, a straight
    // card or a flush, each of which the showdown decides; the payout
    // follows the evaluator.
    let v0 = holecards_core::eval::lowball::lowball(
        &h.hole_cards(0).expect("0"),
        holecards_core::eval::lowball::Lowball::DeuceToSeven,
    )?;
    let v2 = holecards_core::eval::lowball::lowball(
        &h.hole_cards(2).expect("2"),
        holecards_core::eval::lowball::Lowball::DeuceToSeven,
    )?;
    let stacks = h.stacks();
    // Each put in 2 + 2 + 4 = ... seat 0: 4 + 2 + 4 = 10, seat 1: 4, seat 2: 10.
    assert_eq!(h.contributions(), vec![10, 4, 10]);
    match v0.cmp(&v2) {
        std::cmp::Ordering::Greater => assert_eq!(stacks, vec![114, 96, 90]),
        std::cmp::Ordering::Less => assert_eq!(stacks, vec![90, 96, 114]),
        // A tie splits 24 evenly.
        std::cmp::Ordering::Equal => assert_eq!(stacks, vec![102, 96, 102]),
    }
    Ok(())
}

#[test]
fn draw_events_show_counts_to_others_and_cards_to_the_drawer() -> Result<()> {
    let g = given(&["7c5d4h3s9c", "KsKd8h6c2d"]);
    // Heads-up, button 0 posts the small blind and acts first before the
    // draw; seat 1 draws first (the dealer's left).
    let mut h = Hand::new(
        limit(Game::deuce_seven_triple_draw()),
        &[50, 50],
        0,
        Some(3),
        Some(&g),
    )?;
    assert_eq!(h.actor(), Some(0));
    act(&mut h, 0, Move::CheckOrCall);
    act(&mut h, 1, Move::CheckOrCall);
    assert_eq!(h.actor(), Some(1));
    discard(&mut h, 1, "KsKd");
    discard(&mut h, 0, "9c");
    let own = h.view(Some(1)).events;
    let other = h.view(Some(0)).events;
    let public = h.view(None).events;
    let disc = |ev: &[holecards_core::game::Event], seat: usize| {
        ev.iter()
            .find(|e| e.kind == EventKind::Discard && e.seat == Some(seat))
            .map(|e| (e.amount, e.cards))
    };
    assert_eq!(
        disc(&own, 1),
        Some((2, EventCards::Known(cards("KsKd").into())))
    );
    assert_eq!(disc(&other, 1), Some((2, EventCards::Hidden(2))));
    assert_eq!(disc(&public, 1), Some((2, EventCards::Hidden(2))));
    // The order: both discards, a burn, then each drawer's cards.
    let kinds: Vec<(EventKind, Option<usize>)> = public
        .iter()
        .skip_while(|e| e.kind != EventKind::Discard)
        .take(5)
        .map(|e| (e.kind, e.seat))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (EventKind::Discard, Some(1)),
            (EventKind::Discard, Some(0)),
            (EventKind::Burn, None),
            (EventKind::DealHole, Some(1)),
            (EventKind::DealHole, Some(0)),
        ]
    );
    // Seat 0 sees its new card, not seat 1's.
    let drawn: Vec<&EventCards> = other
        .iter()
        .filter(|e| e.kind == EventKind::DealHole && e.street == Street::FirstDraw)
        .map(|e| &e.cards)
        .collect();
    assert!(matches!(drawn[0], EventCards::Hidden(2)));
    assert!(matches!(drawn[1], EventCards::Known(c) if c.len() == 1));
    // The view hides seat 1's hand from seat 0.
    assert!(h.view(Some(0)).hole_cards[1].is_none());
    Ok(())
}

#[test]
fn all_in_players_still_draw() -> Result<()> {
    // No-limit single draw: seat 0 (button, small blind heads-up) shoves
    // 20, seat 1 calls; nobody can bet, but both draw (seat 1 first), then
    // the showdown.
    let g = given(&["7c5d4h3s9c", "KsKd8h6c2d"]);
    let mut h = Hand::new(
        no_limit(Game::deuce_seven_single_draw()),
        &[20, 30],
        0,
        Some(5),
        Some(&g),
    )?;
    act(&mut h, 0, Move::BetOrRaiseTo(20));
    act(&mut h, 1, Move::CheckOrCall);
    assert_eq!(h.street(), Street::FirstDraw);
    assert_eq!(h.actor(), Some(1));
    assert!(h.all_in()[0]);
    discard(&mut h, 1, "KsKd8h");
    assert_eq!(h.actor(), Some(0), "the all-in player draws");
    discard(&mut h, 0, "9c");
    assert!(
        h.is_over(),
        "no betting after the draw: straight to showdown"
    );
    assert_eq!(h.street(), Street::Showdown);
    assert_eq!(h.stacks().iter().sum::<u64>(), 50);
    Ok(())
}

#[test]
fn single_draw_doubles_at_fixed_limit_and_ends_after_one_draw() -> Result<()> {
    let mut h = Hand::new(
        limit(Game::deuce_seven_single_draw()),
        &[100, 100],
        0,
        Some(11),
        None,
    )?;
    act(&mut h, 0, Move::CheckOrCall);
    act(&mut h, 1, Move::CheckOrCall);
    discard(&mut h, 1, "");
    discard(&mut h, 0, "");
    // After the draw the limit doubles: a bet is the big bet, 4.
    let la = h.legal_actions().expect("seat 1");
    assert_eq!(la.min_raise_to, Some(4));
    act(&mut h, 1, Move::CheckOrCall);
    act(&mut h, 0, Move::CheckOrCall);
    assert!(h.is_over());
    assert_eq!(h.burns().len(), 1);
    Ok(())
}

#[test]
fn badugi_pays_the_best_badugi() -> Result<()> {
    // Seat 0: 8-7-3-2 of four suits (a four-card badugi); seat 1: K-Q-J-A
    // with two clubs, a three-card badugi at best: any four-card badugi
    // beats any three-card one.
    let g = given(&["8c7d3h2s", "KcQcJdAh"]);
    let mut h = Hand::new(limit(Game::badugi()), &[30, 30], 0, Some(1), Some(&g))?;
    act(&mut h, 0, Move::CheckOrCall);
    act(&mut h, 1, Move::CheckOrCall);
    for _ in 0..3 {
        discard(&mut h, 1, "");
        discard(&mut h, 0, "");
        act(&mut h, 1, Move::CheckOrCall);
        act(&mut h, 0, Move::CheckOrCall);
    }
    assert!(h.is_over());
    // Each put in the big blind, 2: seat 0 wins 4.
    assert_eq!(h.stacks(), vec![32, 28]);
    Ok(())
}

/// Plays a hand of `rules` with seeded random moves: discards of random
/// subsets, bets and folds at random.
fn play_random(h: &mut Hand, x: &mut u64) -> Result<()> {
    while let Some(la) = h.legal_actions() {
        let r = xorshift(x);
        let mv = if la.draw {
            let hand = h.hole_cards(la.seat).expect("seat");
            let mut set = CardSet::default();
            for (i, &c) in hand.iter().enumerate() {
                if r >> i & 1 == 1 {
                    set.insert(c);
                }
            }
            Move::Discard(set)
        } else {
            match r % 5 {
                0 if la.can_fold => Move::Fold,
                1 | 2 if la.min_raise_to.is_some() => {
                    Move::BetOrRaiseTo(la.min_raise_to.unwrap_or(0))
                }
                _ => Move::CheckOrCall,
            }
        };
        h.act(None, mv)?;
    }
    Ok(())
}

#[test]
fn the_stub_runs_out_and_the_discards_are_reshuffled_without_this_draws() -> Result<()> {
    // Ten players of triple draw, each drawing five cards every draw: the
    // stub (52 - 50 = 2 cards) runs out at once. Checks, at every step: no
    // card in two live hands, every hand whole after its draw, and no
    // player drawing a card discarded in the same draw while other cards
    // were free.
    let game = Game::deuce_seven_triple_draw();
    let rules = limit(game);
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut reshuffled = 0;
    for seed in 0..40u64 {
        let n = 3 + (seed as usize % 8);
        let stacks = vec![1000u64; n];
        let mut h = Hand::new(Arc::clone(&rules), &stacks, 0, Some(seed), None)?;
        while let Some(la) = h.legal_actions() {
            if la.draw {
                let hand = h.hole_cards(la.seat).expect("seat");
                let street = h.street();
                h.discard(None, &hand)?;
                if !h.is_drawing() && h.street() == street {
                    // The draw was dealt: check every drawer's new cards.
                    for (seat, round, discarded, drawn) in h.draws() {
                        if round != street.round() {
                            continue;
                        }
                        assert_eq!(drawn.len(), discarded.len(), "seat {seat}");
                        // (the cards in no live hand, this draw's discards
                        // aside, cover the draw and its burn)
                        let free = 52 - n * 5;
                        if free > 5 * n {
                            assert!(
                                drawn.iter().all(|c| !discarded.contains(c)),
                                "seat {seat} drew back a card it discarded in this draw"
                            );
                        }
                    }
                }
            } else {
                h.act(None, Move::CheckOrCall)?;
            }
            let mut seen = CardSet::default();
            for seat in 0..n {
                if !h.is_folded(seat) {
                    for c in h.hole_cards(seat).expect("seat") {
                        assert!(seen.insert(c), "{c} in two hands");
                    }
                }
            }
        }
        if n >= 5 {
            reshuffled += 1;
        }
        let _ = xorshift(&mut x);
        assert_eq!(h.stacks().iter().sum::<u64>(), 1000 * n as u64);
    }
    assert!(reshuffled > 0);
    Ok(())
}

#[test]
fn current_discards_stay_out_of_the_reshuffle_when_enough_is_left() -> Result<()> {
    // Four players draw five each, three times: 20 in hands, 32 elsewhere;
    // each draw needs 20 + a burn, so the stub runs out in the second
    // draw; the reshuffle (the stub's last card, the first draw's discards
    // and the burns) holds enough, so nobody gets back a card discarded in
    // the same draw.
    let rules = limit(Game::deuce_seven_triple_draw());
    for seed in 0..30u64 {
        let mut h = Hand::new(Arc::clone(&rules), &[500; 4], 0, Some(seed), None)?;
        while let Some(la) = h.legal_actions() {
            if la.draw {
                let hand = h.hole_cards(la.seat).expect("seat");
                h.discard(None, &hand)?;
            } else {
                h.act(None, Move::CheckOrCall)?;
            }
        }
        let draws = h.draws();
        assert_eq!(draws.len(), 12);
        for (seat, round, _, drawn) in &draws {
            let this_draw: Vec<Card> = draws
                .iter()
                .filter(|d| d.1 == *round)
                .flat_map(|d| d.2.iter().copied())
                .collect();
            assert!(
                drawn.iter().all(|c| !this_draw.contains(c)),
                "seed {seed}: seat {seat} drew a card discarded in draw {round}"
            );
        }
    }
    Ok(())
}

#[test]
fn random_draw_hands_keep_chips_and_save_and_restore_at_every_step() -> Result<()> {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for (i, game) in [
        Game::deuce_seven_triple_draw(),
        Game::deuce_seven_single_draw(),
        Game::badugi(),
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..60u64 {
            let rules = if seed % 2 == 0 {
                limit(game)
            } else {
                no_limit(game)
            };
            let n = 2 + (seed as usize + i) % (game.max_players() - 1);
            let stacks: Vec<u64> = (0..n)
                .map(|s| 5 + (xorshift(&mut x) % 60) + s as u64)
                .collect();
            let mut h = Hand::new(
                Arc::clone(&rules),
                &stacks,
                seed as usize % n,
                Some(seed),
                None,
            )?;
            loop {
                let bytes = encode_hand(&h);
                let back = decode_hand(&bytes)?;
                assert_eq!(back, h, "{game} seed {seed}");
                assert_eq!(back.events(), h.events());
                if h.is_over() {
                    break;
                }
                let mut step = x;
                play_one(&mut h, &mut step)?;
                x = step;
            }
            assert_eq!(h.stacks().iter().sum::<u64>(), stacks.iter().sum::<u64>());
        }
    }
    Ok(())
}

/// One random move.
fn play_one(h: &mut Hand, x: &mut u64) -> Result<()> {
    let Some(la) = h.legal_actions() else {
        return Ok(());
    };
    let r = xorshift(x);
    let mv = if la.draw {
        let hand = h.hole_cards(la.seat).expect("seat");
        let mut set = CardSet::default();
        for (i, &c) in hand.iter().enumerate() {
            if r >> (i + 8) & 1 == 1 {
                set.insert(c);
            }
        }
        Move::Discard(set)
    } else {
        match r % 6 {
            0 if la.can_fold => Move::Fold,
            1 | 2 if la.min_raise_to.is_some() => {
                let (lo, hi) = (la.min_raise_to.unwrap_or(0), la.max_raise_to.unwrap_or(0));
                Move::BetOrRaiseTo(lo + (r >> 20) % (hi - lo + 1))
            }
            _ => Move::CheckOrCall,
        }
    };
    h.act(None, mv)
}

#[test]
fn random_hands_play_out() -> Result<()> {
    let mut x = 77u64;
    for game in [Game::deuce_seven_triple_draw(), Game::badugi()] {
        for seed in 0..200u64 {
            let mut h = Hand::new(limit(game), &[40, 40, 40, 40], 1, Some(seed), None)?;
            play_random(&mut h, &mut x)?;
            assert!(h.is_over());
            assert_eq!(h.stacks().iter().sum::<u64>(), 160);
        }
    }
    Ok(())
}

#[test]
fn draws_refused_where_there_is_none() -> Result<()> {
    let mut h = Hand::new(
        limit(Game::deuce_seven_triple_draw()),
        &[50, 50],
        0,
        Some(1),
        None,
    )?;
    let e = h.discard(None, &[]).expect_err("betting, not drawing");
    assert!(matches!(e.kind(), ErrorKind::IllegalAction(_)));
    let mut hold = Hand::new(
        Arc::new(Rules::no_limit(blinds(1, 2))?),
        &[50, 50],
        0,
        Some(1),
        None,
    )?;
    let e = hold.discard(None, &[]).expect_err("hold'em has no draw");
    assert!(e.to_string().contains("has no draws"), "{e}");
    // Too many players for the deck, and given hands of the wrong size.
    assert!(Hand::new(
        limit(Game::deuce_seven_triple_draw()),
        &[10; 11],
        0,
        None,
        None
    )
    .is_err());
    let g = given(&["7c5d4h3s", "KsKd8h6c2d"]);
    let e = Hand::new(
        limit(Game::deuce_seven_triple_draw()),
        &[10, 10],
        0,
        None,
        Some(&g),
    )
    .expect_err("four cards");
    assert!(e.to_string().contains("5"), "{e}");
    Ok(())
}

#[test]
fn the_reshuffle_worked_through() -> Result<()> {
    // Five players of triple draw: 25 cards dealt, 27 in the stub. Nobody
    // bets (checks and calls), everyone throws all five cards every draw.
    // Draw 1: a burn and 25 cards come off the stub (26 of 27), leaving 1.
    // Draw 2: a burn and 25 cards are needed and the stub holds 1: that
    // last card is shuffled with the 25 discards of draw 1 and its burn
    // (nobody folded: no muck) into a new stub of 27; draw 2's own 25
    // discards stay out. So every card of draw 2 (and its burn) is a draw-1
    // discard, the draw-1 burn or the stub's last card, and none is a card
    // discarded in draw 2.
    let rules = limit(Game::deuce_seven_triple_draw());
    for seed in 0..20u64 {
        let mut h = Hand::new(Arc::clone(&rules), &[1000; 5], 0, Some(seed), None)?;
        let dealt: Vec<Card> = (0..5)
            .flat_map(|s| h.hole_cards(s).expect("seat"))
            .collect();
        assert_eq!(dealt.len(), 25);
        while h.street() != Street::ThirdDraw {
            let Some(la) = h.legal_actions() else { break };
            if la.draw {
                let hand = h.hole_cards(la.seat).expect("seat");
                h.discard(None, &hand)?;
            } else {
                h.act(None, Move::CheckOrCall)?;
            }
        }
        let draws = h.draws();
        let of = |round: usize| -> (CardSet, CardSet) {
            let mut out = CardSet::default();
            let mut inn = CardSet::default();
            for (_, r, discarded, drawn) in &draws {
                if *r == round {
                    discarded.iter().for_each(|&c| {
                        out.insert(c);
                    });
                    drawn.iter().for_each(|&c| {
                        inn.insert(c);
                    });
                }
            }
            (out, inn)
        };
        let (out1, in1) = of(1);
        let (out2, in2) = of(2);
        assert_eq!(
            (out1.len(), in1.len(), out2.len(), in2.len()),
            (25, 25, 25, 25)
        );
        let burns = h.burns();
        assert_eq!(burns.len(), 2);
        // Draw 1 came off the stub: none of the cards dealt, none discarded.
        for c in in1.iter() {
            assert!(!dealt.contains(&c) && !out1.contains(c), "seed {seed}");
        }
        // The 27 cards of the stub before draw 1: the 25 drawn, the burn and
        // the last card, which is none of the 52 - 1 others.
        let last: Vec<Card> = (0..52u8)
            .map(|i| Card::new(i).expect("a card"))
            .filter(|c| !dealt.contains(c) && !in1.contains(*c) && *c != burns[0])
            .collect();
        assert_eq!(last.len(), 1, "seed {seed}");
        let pool: Vec<Card> = out1.iter().chain([burns[0], last[0]]).collect();
        for c in in2.iter().chain([burns[1]]) {
            assert!(
                pool.contains(&c),
                "seed {seed}: {c} is not from the reshuffle"
            );
            assert!(
                !out2.contains(c),
                "seed {seed}: {c} was discarded in this draw"
            );
        }
    }
    Ok(())
}
