//! Equity in the stud games (seven-card stud, stud hi/lo, razz): known up
//! and down cards, the cards folded players showed as dead cards, every
//! deal of the unknown cards exactly, against counts made here with the
//! evaluators directly (the test's own loops over the deck), and Monte
//! Carlo against exact.
use holecards_core::card::parse_cards;
use holecards_core::equity::game::{game_equity, EquityMethod, GameEquity, POT};
use holecards_core::equity::Control;
use holecards_core::eval::evaluate;
use holecards_core::eval::low::low8;
use holecards_core::eval::lowball::{lowball, Lowball};
use holecards_core::game::Game;
use holecards_core::Card;

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap_or_else(|e| panic!("{e}"))
}

fn eq(game: Game, hands: &[&str], dead: &str, method: EquityMethod, threads: usize) -> GameEquity {
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    game_equity(
        game,
        &hands,
        &[],
        &cards(dead),
        method,
        Some(threads),
        &Control::new(),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The test's own showdown of seven cards: (high, low), greater better,
/// low 0 = none (razz: its ace-to-five low as the "high").
fn values(game: Game, hand: &[Card]) -> (u16, u16) {
    if game == Game::razz() {
        return (lowball(hand, Lowball::AceToFive).unwrap().value(), 0);
    }
    let high = evaluate(hand).unwrap().value();
    let low = if game.is_hi_lo() {
        low8(hand).unwrap().map_or(0, |v| v.value())
    } else {
        0
    };
    (high, low)
}

/// Pot units each player wins on one deal.
fn shares(game: Game, hands: &[Vec<Card>]) -> Vec<u64> {
    let v: Vec<(u16, u16)> = hands.iter().map(|h| values(game, h)).collect();
    let best = v.iter().map(|x| x.0).max().unwrap();
    let best_low = v.iter().map(|x| x.1).max().unwrap();
    let hi_n = v.iter().filter(|x| x.0 == best).count() as u64;
    let lo_n = v.iter().filter(|x| x.1 == best_low).count() as u64;
    v.iter()
        .map(|x| {
            let hi = if x.0 == best { POT / hi_n } else { 0 };
            if best_low == 0 {
                hi
            } else {
                let lo = if x.1 == best_low { POT / lo_n } else { 0 };
                (hi + lo) / 2
            }
        })
        .collect()
}

/// Every deal of the players' missing cards, in turn, from the cards
/// nobody holds or shows: the shares summed, and the deals.
fn brute(game: Game, hands: &[&str], dead: &str) -> (Vec<u64>, u64) {
    let known: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    let mut used: Vec<Card> = known.iter().flatten().copied().collect();
    used.extend(cards(dead));
    let deck: Vec<Card> = (0..52u8)
        .map(|i| Card::new(i).unwrap())
        .filter(|c| !used.contains(c))
        .collect();
    let missing: Vec<usize> = known.iter().map(|h| 7 - h.len()).collect();
    let mut total = vec![0u64; hands.len()];
    let mut deals = 0u64;
    #[allow(clippy::too_many_arguments)] // (the recursion carries its state)
    fn rec(
        game: Game,
        i: usize,
        hands: &mut Vec<Vec<Card>>,
        missing: &[usize],
        deck: &[Card],
        used: &mut Vec<Card>,
        total: &mut [u64],
        deals: &mut u64,
    ) {
        if i == hands.len() {
            for (t, s) in total.iter_mut().zip(shares(game, hands)) {
                *t += s;
            }
            *deals += 1;
            return;
        }
        // (the test deals at most one missing card a player)
        assert!(missing[i] <= 1);
        if missing[i] == 0 {
            return rec(game, i + 1, hands, missing, deck, used, total, deals);
        }
        for &c in deck {
            if used.contains(&c) {
                continue;
            }
            used.push(c);
            hands[i].push(c);
            rec(game, i + 1, hands, missing, deck, used, total, deals);
            hands[i].pop();
            used.pop();
        }
    }
    let mut hs = known.clone();
    rec(
        game,
        0,
        &mut hs,
        &missing,
        &deck,
        &mut Vec::new(),
        &mut total,
        &mut deals,
    );
    (total, deals)
}

#[test]
fn sixth_street_equity_is_every_river_card_counted() {
    // Seventh street to come for everyone: one down card each. Stud: kings
    // up against a four-flush; stud hi/lo: a made low against a high pair;
    // razz: a seven-low draw against an eight. A dead card a folded player
    // showed is out.
    let spots: [(Game, [&str; 3], &str); 3] = [
        (
            Game::stud(),
            ["KsKd7c2h9s3d", "Ah5h9h6hJc4s", "QcQd8s6d5c3c"],
            "Th",
        ),
        (
            Game::stud_hi_lo(),
            ["As2d4c7hKs9d", "KcKh8d8c3sQd", "3h5h6c9cTdJs"],
            "2s",
        ),
        (
            Game::razz(),
            ["As2d4c7hKsQd", "3h5d6c8hJc9s", "2c4d6h8sTcTd"],
            "5s",
        ),
    ];
    for (game, hands, dead) in spots {
        let (want, deals) = brute(game, &hands, dead);
        let got = eq(game, &hands, dead, EquityMethod::Exact, 2);
        assert!(got.exact);
        assert_eq!(got.deals, deals, "{game}");
        assert_eq!(got.shares, want, "{game}");
        // Exactly the same on one thread.
        assert_eq!(eq(game, &hands, dead, EquityMethod::Exact, 1).shares, want);
    }
}

#[test]
fn partly_known_hands_and_the_hand_complete() {
    // A hand of seven known cards against one of six: one card to deal.
    let (want, deals) = brute(Game::stud(), &["AsAdKcKh2c3d4h", "QsQdJcJh5c6d"], "");
    let got = eq(
        Game::stud(),
        &["AsAdKcKh2c3d4h", "QsQdJcJh5c6d"],
        "",
        EquityMethod::Exact,
        2,
    );
    assert_eq!((got.shares, got.deals), (want, deals));
    // Both complete: the showdown itself (aces up beat queens up).
    let got = eq(
        Game::stud(),
        &["AsAdKcKh2c3d4h", "QsQdJcJh5c6d7h"],
        "",
        EquityMethod::Exact,
        2,
    );
    assert_eq!((got.deals, got.equities()), (1, vec![1.0, 0.0]));
}

#[test]
fn monte_carlo_agrees_with_exact_and_with_itself_on_any_threads() {
    // Fourth street in stud hi/lo, three players (two missing cards each:
    // too many deals to enumerate exactly in a test, so against a long
    // Monte Carlo of another seed; and fifth street exactly).
    let hands = ["As2d4c7h", "KcKh8d8c", "3h5h6c9c"];
    let a = eq(
        Game::stud_hi_lo(),
        &hands,
        "",
        EquityMethod::MonteCarlo {
            trials: 60_000,
            seed: Some(1),
        },
        2,
    );
    let b = eq(
        Game::stud_hi_lo(),
        &hands,
        "",
        EquityMethod::MonteCarlo {
            trials: 60_000,
            seed: Some(1),
        },
        1,
    );
    assert_eq!(a, b, "the same on one thread and two");
    let c = eq(
        Game::stud_hi_lo(),
        &hands,
        "",
        EquityMethod::MonteCarlo {
            trials: 60_000,
            seed: Some(2),
        },
        2,
    );
    for (x, y) in a.equities().iter().zip(c.equities()) {
        assert!((x - y).abs() < 0.015, "{x} vs {y}");
    }
    assert!((a.equities().iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // Sixth street, razz: Monte Carlo within noise of exact.
    let hands = ["As2d4c7hKsQd", "3h5d6c8hJc9s"];
    let exact = eq(Game::razz(), &hands, "", EquityMethod::Exact, 2);
    let mc = eq(
        Game::razz(),
        &hands,
        "",
        EquityMethod::MonteCarlo {
            trials: 100_000,
            seed: Some(3),
        },
        2,
    );
    let (x, y) = (exact.equities()[0], mc.equities()[0]);
    assert!((x - y).abs() < 0.01, "{x} vs {y}");
}

#[test]
fn stud_equity_refuses_what_it_cannot_deal() {
    let c = Control::new();
    let run = |game: Game, hands: &[&str], board: &str| {
        let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
        game_equity(
            game,
            &hands,
            &cards(board),
            &[],
            EquityMethod::Exact,
            Some(1),
            &c,
        )
    };
    let e = run(Game::stud(), &["AsAd", "KsKd"], "2c3c4c").expect_err("a board");
    assert!(e.to_string().contains("has no board"), "{e}");
    let e = run(Game::razz(), &["As"; 9], "").expect_err("nine players");
    assert!(e.to_string().contains("2 to 8"), "{e}");
    let e = run(Game::stud(), &["AsAdKcKh2c3d4h5s", "QsQd"], "").expect_err("eight cards");
    assert!(e.to_string().contains("7"), "{e}");
    // Third street heads-up is C(46,4) x C(42,4) deals: Monte Carlo's.
    let e = run(Game::stud(), &["AsAdKc", "QsQdJc"], "").expect_err("too many deals");
    assert!(e.to_string().contains("give trials"), "{e}");
    let e = run(Game::badugi(), &["As2d", "3c4h"], "").expect_err("a draw game");
    assert!(e.to_string().contains("draw"), "{e}");
}
