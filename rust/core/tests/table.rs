//! Tables seat by seat: the button and blinds under both rules, written
//! from the rule in rust/core/src/table/seats.rs (and docs/tables.md).
use holecards_core::game::{EventKind, Hand, Move};
use holecards_core::table::{
    icm, ButtonRule, Entry, MissedBlinds, Positions, Status, Table, MISSED_BIG, MISSED_SMALL,
};
use std::sync::Arc;

mod common;
use common::{no_limit, xorshift};

fn table(rule: ButtonRule, seated: &[usize], seats: usize) -> Table {
    let mut t = Table::new(no_limit(1, 2), seats, rule, Some(7)).unwrap();
    for &s in seated {
        t.sit(s, 1000, Entry::PostBigBlind).unwrap();
    }
    t
}

/// The hand's posts as (table seat, kind, amount).
fn posts(t: &Table, h: &Hand) -> Vec<(usize, EventKind, u64)> {
    let seats = &t.dealt().unwrap().seats;
    h.events()
        .iter()
        .filter(|e| e.kind.is_post())
        .map(|e| (seats[e.seat.unwrap()], e.kind, e.amount))
        .collect()
}

/// Positions with the button or the small blind dead.
fn dead(
    button: usize,
    sb: usize,
    bb: usize,
    button_dead: bool,
    small_blind_dead: bool,
) -> Positions {
    Positions {
        button_dead,
        small_blind_dead,
        ..pos(button, sb, bb)
    }
}

/// The posts' kinds, short.
const SB: EventKind = EventKind::PostSmallBlind;
const BB: EventKind = EventKind::PostBigBlind;
/// A dead small blind's post: dead money, logged as an ante.
const DEAD: EventKind = EventKind::PostAnte;

fn pos(button: usize, sb: usize, bb: usize) -> Positions {
    Positions::live(button, sb, bb)
}

/// Six players seated and the first hand (button 0) played.
fn six_after_a_hand(rule: ButtonRule) -> Table {
    let mut t = table(rule, &[0, 1, 2, 3, 4, 5], 6);
    deal(&mut t, pos(0, 1, 2));
    t
}

/// Six players after the first hand, then the players in `gone` leave.
fn six_without(rule: ButtonRule, gone: &[usize]) -> Table {
    let mut t = six_after_a_hand(rule);
    for &seat in gone {
        t.leave(seat).unwrap();
    }
    t
}

/// Deals a hand, checks it against `want`, plays it passively.
/// The next hand, dealt at `at` with the posts `posted` (table seats).
fn dealt_as(t: &mut Table, at: Positions, posted: &[(usize, EventKind, u64)]) -> Hand {
    let h = t.new_hand().unwrap();
    assert_eq!(t.dealt().unwrap().positions, at);
    assert_eq!(posts(t, &h), posted);
    h
}

fn deal(t: &mut Table, want: Positions) -> Hand {
    let mut h = t.new_hand().unwrap();
    assert_eq!(
        t.dealt().unwrap().positions,
        want,
        "hand {}",
        t.hands_dealt() - 1
    );
    while h.legal_actions().is_some() {
        h.act(None, Move::CheckOrCall).unwrap();
    }
    t.finish(&h).unwrap();
    h
}

#[test]
fn dead_button_moves_the_big_blind_one_seat_a_hand() {
    let mut t = table(ButtonRule::Dead, &[0, 1, 2, 3, 4, 5], 6);
    for k in 0..12 {
        deal(&mut t, pos(k % 6, (k + 1) % 6, (k + 2) % 6));
    }
}

#[test]
fn dead_small_blind_when_the_big_blind_busts() {
    let mut t = six_without(ButtonRule::Dead, &[2]); // the big blind is gone
    let mut h = t.new_hand().unwrap();
    let d = t.dealt().unwrap().clone();
    assert_eq!(d.positions, dead(1, 2, 3, false, true));
    // Nobody posts a small blind; seat 3 the big blind; seat 4 acts first,
    // and after the flop the first left of the button (seat 1) is seat 3.
    assert_eq!(posts(&t, &h), vec![(3, BB, 2)]);
    assert_eq!(d.seats[h.actor().unwrap()], 4);
    for _ in 0..5 {
        h.act(None, Move::CheckOrCall).unwrap();
    }
    assert_eq!(h.street(), holecards_core::game::Street::Flop);
    assert_eq!(d.seats[h.actor().unwrap()], 3);
    while h.legal_actions().is_some() {
        h.act(None, Move::CheckOrCall).unwrap();
    }
    t.finish(&h).unwrap();
    // Next: the big blind moves on to seat 4, the small blind is seat 3,
    // the button seat 2, where nobody sits: dead.
    let h = t.new_hand().unwrap();
    let d = t.dealt().unwrap().clone();
    assert_eq!(d.positions, dead(2, 3, 4, true, false));
    assert_eq!(posts(&t, &h), vec![(3, SB, 1), (4, BB, 2)]);
    // Seat 1 is last to act after the flop (the player before the dead button).
    assert_eq!(d.seats[h.button()], 1);
}

#[test]
fn dead_button_with_several_busts_in_one_hand() {
    let mut t = six_without(ButtonRule::Dead, &[1, 2]); // both blinds go
    let h = t.new_hand().unwrap();
    let d = t.dealt().unwrap().clone();
    assert_eq!(d.positions, dead(1, 2, 3, true, true));
    assert_eq!(posts(&t, &h), vec![(3, BB, 2)]);
    assert_eq!(d.seats[h.button()], 0);
    assert_eq!(d.seats[h.actor().unwrap()], 4);
}

/// Who leaves after the first hand, where the next hand is dealt, its posts
/// and the first to act, all in table seats.
type Leaving = (
    &'static [usize],
    Positions,
    &'static [(usize, EventKind, u64)],
    usize,
);

#[test]
fn moving_button_skips_empty_seats_and_nobody_skips_the_big_blind() {
    // Robert's Rules (moving button): the button moves to the next player
    // and nobody skips the big blind, so there may be two.
    let cases: [Leaving; 4] = [
        // The big blind (seat 2) leaves: seat 3, due the big blind, is in the
        // small blind's seat and posts a big blind there (no small blind),
        // and seat 4 posts the big blind.
        (
            &[2],
            dead(1, 3, 4, false, true),
            &[(4, BB, 2), (3, BB, 2)],
            5,
        ),
        // The small blind leaves: the button moves to last hand's big blind
        // (seat 2), and seat 3, due the big blind, posts it in the small
        // blind's seat beside seat 4's.
        (
            &[1],
            dead(2, 3, 4, false, true),
            &[(4, BB, 2), (3, BB, 2)],
            5,
        ),
        // Both blinds leave: the button (seat 3) and the small blind's seat
        // (4) were both due a big blind before seat 5's. The action starts
        // left of the last big blind: seat 0.
        (
            &[1, 2],
            dead(3, 4, 5, false, true),
            &[(5, BB, 2), (3, BB, 2), (4, BB, 2)],
            0,
        ),
        // The button's player leaving costs nobody anything.
        (&[0], pos(1, 2, 3), &[(2, SB, 1), (3, BB, 2)], 4),
    ];
    for (gone, at, posted, first) in cases {
        let mut t = six_without(ButtonRule::Moving, gone);
        let h = dealt_as(&mut t, at, posted);
        let actor = h.actor().map(|a| t.dealt().unwrap().seats[a]);
        assert_eq!(actor, Some(first), "seats {gone:?} left");
        t.take_back();
    }
    // The big blind gone, then the button's player: the button moves on to
    // seat 3, nobody owes. Over an orbit from the first hand every player
    // left posted a big blind.
    let mut t = six_without(ButtonRule::Moving, &[2]);
    deal(&mut t, dead(1, 3, 4, false, true));
    t.leave(1).unwrap();
    deal(&mut t, pos(3, 4, 5));
    deal(&mut t, pos(4, 5, 0));
}

#[test]
fn heads_up_the_button_posts_the_small_blind_and_nobody_gets_two_big_blinds() {
    for rule in [ButtonRule::Moving, ButtonRule::Dead] {
        let mut t = table(rule, &[0, 2, 4], 6);
        deal(&mut t, pos(0, 2, 4));
        t.leave(0).unwrap(); // the button goes: 4 had the big blind
        let h = deal(&mut t, pos(4, 4, 2));
        assert_eq!(h.num_players(), 2);
        deal(&mut t, pos(2, 2, 4));
        deal(&mut t, pos(4, 4, 2));
    }
}

#[test]
fn a_new_player_posts_or_waits_for_the_big_blind() {
    let mut t = table(ButtonRule::Moving, &[0, 1, 2, 3], 6);
    deal(&mut t, pos(0, 1, 2));
    // Seat 5 posts to come in, seat 4 waits for the big blind.
    t.sit(5, 500, Entry::PostBigBlind).unwrap();
    t.sit(4, 500, Entry::WaitForBigBlind).unwrap();
    let h = t.new_hand().unwrap();
    let d = t.dealt().unwrap().clone();
    assert_eq!(d.positions, pos(1, 2, 3));
    assert_eq!(d.seats, vec![0, 1, 2, 3, 5]);
    assert_eq!(posts(&t, &h), vec![(2, SB, 1), (3, BB, 2), (5, BB, 2)]);
    // The poster's blind is live: when the action reaches seat 5 it owes nothing more.
    let mut h = h;
    while d.seats[h.actor().unwrap()] != 5 {
        h.act(None, Move::CheckOrCall).unwrap();
    }
    assert_eq!(h.legal_actions().unwrap().call_amount, 0);
    while h.legal_actions().is_some() {
        h.act(None, Move::CheckOrCall).unwrap();
    }
    t.finish(&h).unwrap();
    assert_eq!(t.player(4).unwrap().status, Status::WaitingForBigBlind);
    // Next hand the big blind reaches seat 4, which comes in by taking it.
    deal(&mut t, pos(2, 3, 4));
    assert_eq!(t.player(4).unwrap().status, Status::Playing);
}

#[test]
fn a_poster_between_the_button_and_the_small_blind_waits_a_hand() {
    let mut t = table(ButtonRule::Moving, &[0, 2, 3, 4], 6);
    deal(&mut t, pos(0, 2, 3));
    t.sit(1, 500, Entry::PostBigBlind).unwrap();
    // Next button is seat 2: seat 1 is behind it, so it posts at once.
    let h = t.new_hand().unwrap();
    assert_eq!(t.dealt().unwrap().positions, pos(2, 3, 4));
    assert!(posts(&t, &h).contains(&(1, BB, 2)));
    t.take_back();
    let mut t = table(ButtonRule::Moving, &[0, 2, 3, 4], 6);
    deal(&mut t, pos(0, 2, 3));
    deal(&mut t, pos(2, 3, 4));
    deal(&mut t, pos(3, 4, 0));
    // Button 4 next, small blind 0: seat 5 would be between them.
    t.sit(5, 500, Entry::PostBigBlind).unwrap();
    let _ = deal(&mut t, pos(4, 0, 2));
    assert_eq!(t.player(5).unwrap().status, Status::PostingBigBlind);
}

#[test]
fn sitting_out_under_both_rules() {
    // Cash: not dealt in; back by waiting for the big blind.
    let mut t = table(ButtonRule::Moving, &[0, 1, 2, 3], 4);
    deal(&mut t, pos(0, 1, 2));
    t.sit_out(3).unwrap();
    let h = deal(&mut t, pos(1, 2, 0));
    assert_eq!(h.num_players(), 3);
    t.sit_in(3, Entry::WaitForBigBlind).unwrap();
    deal(&mut t, pos(2, 0, 1));
    let h = deal(&mut t, pos(0, 1, 2));
    assert_eq!(
        h.num_players(),
        3,
        "still waiting: the big blind has not reached seat 3"
    );
    let h = deal(&mut t, pos(1, 2, 3));
    assert_eq!(h.num_players(), 4);
    // Tournament: dealt in and blinded off, the hand dead.
    let mut t = table(ButtonRule::Dead, &[0, 1, 2, 3], 4);
    t.sit_out(2).unwrap();
    let before = t.player(2).unwrap().stack;
    let h = t.play(&mut |_h: &Hand| Move::CheckOrCall).unwrap();
    assert_eq!(h.num_players(), 4);
    assert_eq!(
        t.player(2).unwrap().stack,
        before - 2,
        "the absent big blind loses its blind"
    );
}

#[test]
fn random_sessions_conserve_chips_and_bust_players() {
    for (seed, rule) in [
        (1u64, ButtonRule::Dead),
        (2, ButtonRule::Moving),
        (3, ButtonRule::Dead),
    ] {
        let mut t = Table::new(no_limit(1, 2), 9, rule, Some(seed)).unwrap();
        for s in 0..9 {
            t.sit(s, 50 + 10 * s as u64, Entry::PostBigBlind).unwrap();
        }
        let total = t.chips();
        let mut x = seed;
        let mut several = 0;
        let mut policy = |h: &Hand| {
            xorshift(&mut x);
            let la = h.legal_actions().unwrap();
            match (x % 4, la.max_raise_to) {
                (0, Some(m)) => Move::BetOrRaiseTo(m),
                (1, _) if la.can_fold => Move::Fold,
                _ => Move::CheckOrCall,
            }
        };
        while t.players() > 1 {
            let h = t.play(&mut policy).unwrap();
            assert!(h.is_over());
            assert_eq!(t.chips(), total, "chips conserved");
            let busts = t
                .busts()
                .iter()
                .filter(|b| b.hand == t.hands_dealt() - 1)
                .count();
            if busts > 1 {
                several += 1;
            }
            assert!(t.hands_dealt() < 100_000);
        }
        assert_eq!(t.busts().len(), 8);
        assert!(several > 0 || seed == 2, "some hand busts several players");
    }
}

#[test]
fn icm_small_cases() {
    // Two players: chips in proportion.
    let e = icm::icm_exact(&[300, 100], &[70.0, 30.0]).unwrap();
    assert!(
        (e[0] - 60.0).abs() < 1e-9 && (e[1] - 40.0).abs() < 1e-9,
        "{e:?}"
    );
    // Three equal stacks: the prize pool split three ways.
    let e = icm::icm_exact(&[10, 10, 10], &[50.0, 30.0, 20.0]).unwrap();
    assert!(e.iter().all(|v| (v - 100.0 / 3.0).abs() < 1e-9));
    // Known by hand: 50/30/20 over 5000/3000/2000 (P(1st) = s/10000, then renormalised).
    let e = icm::icm_exact(&[5000, 3000, 2000], &[50.0, 30.0, 20.0]).unwrap();
    let p1 = 0.5 * 50.0
        + (0.3 * 5.0 / 7.0 + 0.2 * 5.0 / 8.0) * 30.0
        + (0.3 * 2.0 / 7.0 + 0.2 * 3.0 / 8.0) * 20.0;
    assert!((e[0] - p1).abs() < 1e-9, "{} vs {p1}", e[0]);
    assert!((e.iter().sum::<f64>() - 100.0).abs() < 1e-9);
    // Monte Carlo close to exact, and reproducible.
    let stacks = [100, 250, 400, 900, 30, 77];
    let pay = [50.0, 30.0, 20.0];
    let ex = icm::icm_exact(&stacks, &pay).unwrap();
    let mc = icm::icm_monte_carlo(&stacks, &pay, 200_000, 9).unwrap();
    assert_eq!(mc, icm::icm_monte_carlo(&stacks, &pay, 200_000, 9).unwrap());
    for (a, b) in ex.iter().zip(&mc) {
        assert!((a - b).abs() < 0.5, "{ex:?} {mc:?}");
    }
    // The array and the set-by-set methods agree (21 players uses the latter).
    let big: Vec<u64> = (1..=21).map(|i| 100 + 37 * i).collect();
    let pay: Vec<f64> = vec![40.0, 25.0, 15.0, 10.0, 10.0];
    let e21 = icm::icm_exact(&big, &pay).unwrap();
    assert!((e21.iter().sum::<f64>() - 100.0).abs() < 1e-9);
    let e20 = icm::icm_exact(&big[..20], &pay).unwrap();
    assert!((e20.iter().sum::<f64>() - 100.0).abs() < 1e-9);
    assert!(icm::icm_exact(&[1, 0], &[1.0]).is_err());
    assert!(icm::icm_exact(&[1, 2], &[1.0, 1.0, 1.0]).is_err());
}

/// Every hand of long random sessions written as PHH and replayed from the
/// text ends with the same stacks: dead blinds and posts included.
#[test]
fn table_hands_round_trip_through_phh() {
    use holecards_core::phh;
    let mut kinds = [0usize; 3]; // dead small blind, posting, standard
    for (seed, rule) in [
        (11u64, ButtonRule::Dead),
        (12, ButtonRule::Moving),
        (13, ButtonRule::Dead),
        (14, ButtonRule::Moving),
    ] {
        let mut t = Table::new(no_limit(1, 2), 8, rule, Some(seed)).unwrap();
        for s in 0..6 {
            t.sit(s, 40 + 7 * s as u64, Entry::PostBigBlind).unwrap();
        }
        let mut x = seed | 1;
        for _ in 0..400 {
            xorshift(&mut x);
            // Now and then someone joins an empty seat, posting or waiting.
            if x % 5 == 0 {
                if let Some(empty) = (0..8).find(|&s| t.player(s).is_none()) {
                    let entry = if x % 2 == 0 {
                        Entry::PostBigBlind
                    } else {
                        Entry::WaitForBigBlind
                    };
                    t.sit(empty, 30 + x % 50, entry).unwrap();
                }
            }
            if t.players() < 2 {
                break;
            }
            let mut y = x;
            let h = t.play(&mut |h: &Hand| {
                xorshift(&mut y);
                let la = h.legal_actions().unwrap();
                match (y % 5, la.max_raise_to) {
                    (0, Some(m)) => Move::BetOrRaiseTo(m),
                    (1, Some(_)) => Move::BetOrRaiseTo(la.min_raise_to.unwrap()),
                    (2, _) if la.can_fold => Move::Fold,
                    _ => Move::CheckOrCall,
                }
            });
            let Ok(h) = h else { continue };
            let s = h.seating();
            kinds[if s.small_blind.is_none() {
                0
            } else if s.posting != 0 {
                1
            } else {
                2
            }] += 1;
            let text = phh::write_hand(&h);
            let parsed = phh::parse(&text, "table.phh").unwrap();
            let back = phh::replay(&parsed[0]).unwrap_or_else(|e| panic!("{e}\n{text}"));
            // The same hand: its text, finishing stacks included, written again.
            assert_eq!(phh::write_hand(&back.hand), text);
            let b = h.button();
            let n = h.num_players();
            let rotated: Vec<u64> = (0..n).map(|i| h.stacks()[(b + 1 + i) % n]).collect();
            assert_eq!(back.hand.stacks(), rotated, "{text}");
        }
    }
    assert!(
        kinds.iter().all(|&k| k > 0),
        "every kind of hand played: {kinds:?}"
    );
}

/// Replays `h` from its PHH text and checks the finishing stacks.
fn phh_round_trip(h: &Hand) {
    use holecards_core::phh::{history, replay, write};
    let text = write::write_hand(h);
    let hh = history::parse(&text, "test").unwrap();
    let (r, verdict) = replay::check(&hh[0]).unwrap();
    assert_eq!(
        verdict,
        replay::Verdict::Matched { half_chip: false },
        "{text}"
    );
    assert_eq!(
        r.hand.folded().iter().filter(|&&f| f).count(),
        h.folded().iter().filter(|&&f| f).count(),
        "{text}"
    );
}

/// A dead-button table at 10/20, `players` seated with 1000 each, those in
/// `away` sitting out.
fn away_at_10_20(players: usize, seed: u64, away: &[usize]) -> Table {
    let mut t = Table::new(no_limit(10, 20), players, ButtonRule::Dead, Some(seed)).unwrap();
    for s in 0..players {
        t.sit(s, 1000, Entry::PostBigBlind).unwrap();
    }
    for &s in away {
        t.sit_out(s).unwrap();
    }
    t
}

#[test]
fn an_absent_players_hand_is_dead() {
    // TDA rule 30: a player not at the seat when all hands are complete has
    // a dead hand. Three players, 10/20, the big blind away, the others
    // calling down: he loses his big blind every time and never wins.
    for seed in 0..40 {
        let mut t = away_at_10_20(3, seed, &[2]);
        let h = t.new_hand().unwrap();
        assert_eq!(t.dealt().unwrap().positions, pos(0, 1, 2));
        assert!(
            t.is_absent(2) && h.is_folded(2),
            "the hand given out has the absent player folded"
        );
        assert_eq!(h.bet(2), Some(20), "he posted his big blind");
        let folds: Vec<_> = h
            .events()
            .iter()
            .filter(|e| e.kind == EventKind::Fold)
            .map(|e| e.seat)
            .collect();
        assert_eq!(folds, vec![Some(2)], "the kill is a fold in the log");
        assert_ne!(h.actor(), Some(2));
        t.take_back();
        let h = t.play(&mut |_h: &Hand| Move::CheckOrCall).unwrap();
        assert_eq!(
            t.player(2).unwrap().stack,
            980,
            "seed {seed}: the absent big blind lost 20 and won nothing"
        );
        assert!(h.pots().iter().all(|p| !p.winners.contains(2)));
        assert_eq!(t.chips(), 3000);
        phh_round_trip(&h);
    }
}

#[test]
fn folding_to_an_absent_big_blind_gives_the_pot_to_the_last_live_hand() {
    let mut t = away_at_10_20(3, 3, &[2]);
    // The button folds: the small blind is the one live hand and takes the
    // blinds (his 10 and the dead big blind's 20; nothing goes back to a dead hand).
    let h = t.play(&mut |_h: &Hand| Move::Fold).unwrap();
    assert!(h.is_over());
    assert_eq!(
        [0, 1, 2].map(|s| t.player(s).unwrap().stack),
        [1000, 1020, 980]
    );
    assert!(h
        .events()
        .iter()
        .all(|e| e.kind != EventKind::ReturnUncalled));
    phh_round_trip(&h);
}

#[test]
fn one_live_hand_left_wins_the_forced_bets_at_once() {
    // Both blinds away: the button's is the only live hand, and the hand is
    // over as dealt.
    let mut t = away_at_10_20(3, 5, &[1, 2]);
    let h = t.new_hand().unwrap();
    assert!(h.is_over() && h.actor().is_none());
    t.finish(&h).unwrap();
    assert_eq!(
        [0, 1, 2].map(|s| t.player(s).unwrap().stack),
        [1030, 990, 980]
    );
    phh_round_trip(&h);
    // Heads-up, the small blind (the button) away: the big blind wins it.
    let mut t = Table::new(no_limit(10, 20), 2, ButtonRule::Dead, Some(5)).unwrap();
    t.sit(0, 1000, Entry::PostBigBlind).unwrap();
    t.sit(1, 1000, Entry::PostBigBlind).unwrap();
    t.sit_out(0).unwrap();
    let h = t.play(&mut |_h: &Hand| panic!("nobody acts")).unwrap();
    assert_eq!([0, 1].map(|s| t.player(s).unwrap().stack), [990, 1010]);
    phh_round_trip(&h);
    // Everyone away is still refused.
    t.sit_out(1).unwrap();
    let e = t.new_hand().unwrap_err().to_string();
    assert!(
        e.contains("every player dealt in would be sitting out"),
        "{e}"
    );
}

#[test]
fn an_absent_all_in_blind_and_a_short_live_player() {
    // The dead hand's chips are dead money: a live player all-in for less
    // wins them all (nothing goes back to a dead hand), and an absent
    // player all-in on his blind still busts.
    let mut t = Table::new(no_limit(10, 20), 3, ButtonRule::Dead, Some(9)).unwrap();
    t.sit(0, 1000, Entry::PostBigBlind).unwrap();
    t.sit(1, 5, Entry::PostBigBlind).unwrap();
    t.sit(2, 15, Entry::PostBigBlind).unwrap();
    t.sit_out(2).unwrap();
    let h = t.play(&mut |_h: &Hand| Move::Fold).unwrap();
    assert_eq!(h.payoffs().unwrap(), vec![0, 15, -15]);
    assert_eq!(t.busts().len(), 1);
    assert_eq!(t.busts()[0].seat, 2);
}

#[test]
fn hands_with_dead_hands_pickle() {
    use holecards_core::game::codec::{decode_hand, encode_hand};
    use holecards_core::table::codec::{decode_table, encode_table};
    let mut t = away_at_10_20(4, 11, &[3]);
    let h = t.new_hand().unwrap();
    let h2 = decode_hand(&encode_hand(&h)).unwrap();
    assert_eq!(h2, h);
    assert_eq!(h2.seating().dead_hands, 1 << 3);
    let t2 = decode_table(&encode_table(&t)).unwrap();
    assert!(t2 == t);
    let mut h3 = h2;
    while h3.legal_actions().is_some() {
        h3.act(None, Move::CheckOrCall).unwrap();
    }
    t.finish(&h3).unwrap();
    assert_eq!(
        t.player(3).unwrap().stack,
        1000,
        "under the gun away: no blind, no ante, nothing lost"
    );
}

#[test]
fn tied_places_pool_their_prizes_exactly() {
    use holecards_core::table::tournament::{Advance, Level, Tournament};
    let level = Level {
        small_blind: 10,
        big_blind: 20,
        ante: 0,
        big_blind_ante: 0,
        bring_in: 0,
    };
    let e = Tournament::new(
        holecards_core::game::Structure::NoLimit,
        Default::default(),
        vec![level],
        Advance::Hands(10),
        &[100, 100, 100],
        vec![5, 1 << 63, 1 << 63],
        None,
        Some(1),
    )
    .unwrap_err();
    assert!(e.to_string().contains("payouts add up to more than"), "{e}");
    // The largest pool that fits, the second and third prizes split between
    // two tied for second (both short stacks all in and beaten in one hand,
    // with equal starting stacks).
    let big = u64::MAX / 2;
    let shove = |h: &Hand| {
        h.legal_actions()
            .and_then(|la| la.max_raise_to)
            .map_or(Move::CheckOrCall, Move::BetOrRaiseTo)
    };
    let mut ties = 0;
    for seed in 0..60 {
        let mut t = Tournament::new(
            holecards_core::game::Structure::NoLimit,
            Default::default(),
            vec![level],
            Advance::Hands(10),
            &[1000, 40, 40],
            vec![big, big, 1],
            None,
            Some(seed),
        )
        .unwrap();
        while !t.is_over() {
            t.play(shove, None).unwrap();
        }
        let prizes: u128 = t.results().iter().map(|f| f.prize as u128).sum();
        assert_eq!(prizes, 1 + 2 * big as u128);
        if t.results().iter().filter(|f| f.place == 2).count() == 2 {
            ties += 1;
            // (big + 1 = 2**63, split in two)
            assert!(t
                .results()
                .iter()
                .filter(|f| f.place == 2)
                .all(|f| f.prize == 1 << 62));
        }
    }
    assert!(ties > 0);
}

/// The hand's contributions and bets by table seat, after the posts.
fn put_in(t: &Table, h: &Hand, seat: usize) -> (u64, u64) {
    let i = t
        .dealt()
        .unwrap()
        .seats
        .iter()
        .position(|&s| s == seat)
        .unwrap();
    (h.contributions()[i], h.bet(i).unwrap())
}

#[test]
fn missed_blinds_are_posted_big_live_and_small_dead() {
    // Robert's Rules and WSOP live-action rule 156: back after the big and
    // the small blind went past, a player posts a live big blind and a dead
    // small blind (in the pot, no part of his bet).
    let mut t = six_after_a_hand(ButtonRule::Moving);
    t.sit_out(4).unwrap();
    deal(&mut t, pos(1, 2, 3));
    assert_eq!(t.player(4).unwrap().missed(), 0);
    deal(&mut t, pos(2, 3, 5)); // the big blind goes past seat 4
    assert_eq!(t.player(4).unwrap().missed(), MISSED_BIG);
    deal(&mut t, pos(3, 5, 0)); // and the small blind
    assert_eq!(t.player(4).unwrap().missed(), MISSED_BIG | MISSED_SMALL);
    t.sit_in(4, Entry::PostBigBlind).unwrap();
    assert_eq!(t.player(4).unwrap().status, Status::PostingBigBlind);
    let mut h = t.new_hand().unwrap();
    assert_eq!(t.dealt().unwrap().positions, pos(5, 0, 1));
    assert_eq!(
        posts(&t, &h),
        vec![(0, SB, 1), (1, BB, 2), (4, BB, 2), (4, DEAD, 1)]
    );
    assert_eq!(put_in(&t, &h, 4), (3, 2), "3 chips in, a bet of 2");
    assert_eq!(h.pot(), 6);
    // The dead chip stays in the pot: everyone folds to seat 4's live blind.
    while h.legal_actions().is_some() {
        let la = h.legal_actions().unwrap();
        h.act(
            None,
            if la.can_check {
                Move::CheckOrCall
            } else {
                Move::Fold
            },
        )
        .unwrap();
    }
    t.finish(&h).unwrap();
    assert_eq!(t.player(4).unwrap().missed(), 0, "paid");
    assert_eq!(t.chips(), 6000);
}

/// Moving button: seat 4 sits out for three hands, through the big and the
/// small blind, and is back, owing both.
fn seat_4_missed_both_blinds() -> Table {
    let mut t = six_after_a_hand(ButtonRule::Moving);
    t.sit_out(4).unwrap();
    deal(&mut t, pos(1, 2, 3));
    deal(&mut t, pos(2, 3, 5));
    deal(&mut t, pos(3, 5, 0));
    t.sit_in(4, Entry::PostBigBlind).unwrap();
    t
}

#[test]
fn a_dead_small_blind_round_trips_through_phh() {
    let mut t = seat_4_missed_both_blinds();
    let h = deal(&mut t, pos(5, 0, 1));
    let text = holecards_core::phh::write::write_hand(&h);
    assert!(
        text.contains("_dead_small_blinds = [5]") && text.contains("antes = [0, 0, 0, 0, 1, 0]"),
        "{text}"
    );
    phh_round_trip(&h);
    use holecards_core::game::codec::{decode_hand, encode_hand};
    assert_eq!(decode_hand(&encode_hand(&h)).unwrap(), h);
}

#[test]
fn missed_only_the_small_blind_or_nothing() {
    // The big blind (seat 2) sits out at once: the small blind goes past
    // him next hand (seat 3, due the big blind, posts one in the small
    // blind's seat). Back, he owes the dead small blind only.
    let mut t = six_after_a_hand(ButtonRule::Moving);
    t.sit_out(2).unwrap();
    deal(&mut t, dead(1, 3, 4, false, true));
    assert_eq!(t.player(2).unwrap().missed(), MISSED_SMALL);
    t.sit_in(2, Entry::PostBigBlind).unwrap();
    let h = dealt_as(
        &mut t,
        pos(3, 4, 5),
        &[(4, SB, 1), (5, BB, 2), (2, DEAD, 1)],
    );
    assert_eq!(put_in(&t, &h, 2), (1, 0));
    t.take_back();
    // Missed nothing (the blinds had not reached the seat): back at once, free.
    let mut t = six_after_a_hand(ButtonRule::Moving);
    t.sit_out(5).unwrap();
    deal(&mut t, pos(1, 2, 3));
    assert_eq!(t.player(5).unwrap().missed(), 0);
    t.sit_in(5, Entry::PostBigBlind).unwrap();
    assert_eq!(t.player(5).unwrap().status, Status::Playing);
    let h = t.new_hand().unwrap();
    assert_eq!(t.dealt().unwrap().positions, pos(2, 3, 4));
    assert_eq!(h.num_players(), 6);
    assert_eq!(posts(&t, &h).len(), 2, "the blinds only");
}

#[test]
fn waiting_for_the_big_blind_owes_nothing_and_big_blind_only_is_the_old_rule() {
    let setup = |rule: MissedBlinds| {
        let mut t = table(ButtonRule::Moving, &[0, 1, 2, 3, 4, 5], 6);
        t.set_missed_blinds(rule).unwrap();
        deal(&mut t, pos(0, 1, 2));
        t.sit_out(4).unwrap();
        deal(&mut t, pos(1, 2, 3));
        deal(&mut t, pos(2, 3, 5));
        deal(&mut t, pos(3, 5, 0));
        t
    };
    let mut t = setup(MissedBlinds::Dead);
    t.sit_in(4, Entry::WaitForBigBlind).unwrap();
    deal(&mut t, pos(5, 0, 1));
    deal(&mut t, pos(0, 1, 2));
    deal(&mut t, pos(1, 2, 3));
    dealt_as(&mut t, pos(2, 3, 4), &[(3, SB, 1), (4, BB, 2)]);
    t.take_back();
    // big_blind_only: one live big blind, nothing dead; missed nothing still posts.
    let mut t = setup(MissedBlinds::BigBlindOnly);
    t.sit_in(4, Entry::PostBigBlind).unwrap();
    let h = t.new_hand().unwrap();
    assert_eq!(posts(&t, &h), vec![(0, SB, 1), (1, BB, 2), (4, BB, 2)]);
    t.take_back();
    let mut t = table(ButtonRule::Moving, &[0, 1, 2, 3, 4, 5], 6);
    t.set_missed_blinds(MissedBlinds::BigBlindOnly).unwrap();
    deal(&mut t, pos(0, 1, 2));
    t.sit_out(5).unwrap();
    deal(&mut t, pos(1, 2, 3));
    t.sit_in(5, Entry::PostBigBlind).unwrap();
    assert_eq!(t.player(5).unwrap().status, Status::PostingBigBlind);
    // A new player, never dealt in, posts one big blind under either rule.
    let mut t = setup(MissedBlinds::Dead);
    t.leave(4).unwrap();
    t.sit(4, 100, Entry::PostBigBlind).unwrap();
    let h = t.new_hand().unwrap();
    assert_eq!(posts(&t, &h), vec![(0, SB, 1), (1, BB, 2), (4, BB, 2)]);
}

#[test]
fn a_late_entry_alone_at_the_table_is_dealt_in() {
    use holecards_core::table::tournament::{Advance, Level, Tournament};
    let level = Level {
        small_blind: 1,
        big_blind: 2,
        ante: 0,
        big_blind_ante: 0,
        bring_in: 0,
    };
    let mut t = Tournament::new(
        holecards_core::game::Structure::NoLimit,
        Default::default(),
        vec![level],
        Advance::Hands(5),
        &[100, 0, 100, 0, 100, 0],
        vec![],
        None,
        Some(238),
    )
    .unwrap();
    t.play(|_h: &Hand| Move::CheckOrCall, None).unwrap();
    t.register(3, 50).unwrap();
    for s in [0, 2, 4] {
        t.table_mut().sit_out(s).unwrap();
    }
    let h = t.new_hand(None).unwrap();
    assert_eq!(t.table().dealt().unwrap().seats, vec![0, 2, 3, 4]);
    assert!(h.is_over());
}

#[test]
fn a_seating_with_dead_hands_or_dead_blinds_is_checked() {
    use holecards_core::game::Seating;
    let r = no_limit(10, 20);
    let base = Seating::standard(3, 0);
    let three_seated = |seating: Seating| {
        Hand::new_seated(Arc::clone(&r), &[100; 3], seating, None, Some(1), None)
    };
    // Every hand dead: refused (nobody could win).
    let e = three_seated(Seating {
        dead_hands: 0b111,
        ..base
    })
    .unwrap_err();
    assert!(e.to_string().contains("every hand would be dead"), "{e}");
    // A blind cannot also post a dead small blind.
    let e = three_seated(Seating {
        dead_blinds: 1 << base.big_blind,
        ..base
    })
    .unwrap_err();
    assert!(e.to_string().contains("dead small blind"), "{e}");
    // A caller's own dead hand: folded before anyone acts, it never wins,
    // and a blind nobody matched stays in the pot.
    let mut h = three_seated(Seating {
        dead_hands: 1 << base.big_blind,
        ..base
    })
    .unwrap();
    assert!(h.is_folded(base.big_blind));
    while h.legal_actions().is_some() {
        h.act(None, Move::Fold).unwrap();
    }
    assert_eq!(h.payoffs().unwrap(), vec![0, 20, -20]);
    // A dead small blind: in the pot and the poster's contribution, not his bet.
    let h = Hand::new_seated(
        Arc::clone(&r),
        &[100; 4],
        Seating {
            posting: 1 << 3,
            dead_blinds: 1 << 3,
            ..Seating::standard(4, 0)
        },
        None,
        Some(1),
        None,
    )
    .unwrap();
    assert_eq!(
        (h.bet(3), h.contributions()[3], h.pot()),
        (Some(20), 30, 60)
    );
}

#[test]
fn two_big_blinds_and_a_dead_small_blind_round_trip_through_phh() {
    let mut t = seat_4_missed_both_blinds();
    t.leave(0).unwrap();
    // Seat 1 was due the big blind: he posts one in the small blind's seat.
    let h = t.new_hand().unwrap();
    assert_eq!(t.dealt().unwrap().positions, dead(5, 1, 2, false, true));
    assert_eq!(
        posts(&t, &h),
        vec![(2, BB, 2), (4, BB, 2), (4, DEAD, 1), (1, BB, 2)]
    );
    t.take_back();
    let h = deal(&mut t, dead(5, 1, 2, false, true));
    phh_round_trip(&h);
}
