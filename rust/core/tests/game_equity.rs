//! Equity in every game, against counts made here with the evaluators
//! directly: every deal of the unknown cards enumerated by the test's own
//! loops.
use holecards_core::card::parse_cards;
use holecards_core::equity::game::{
    game_equity, game_equity_ranges, EquityMethod, EquityPlayer, GameEquity, POT,
};
use holecards_core::equity::Control;
use holecards_core::eval::evaluate;
use holecards_core::eval::low::omaha_low8;
use holecards_core::eval::omaha::omaha_high;
use holecards_core::eval::short_deck::{short_deck, ShortDeckRanking};
use holecards_core::game::Game;
use holecards_core::Card;

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap_or_else(|e| panic!("{e}"))
}

fn eq(game: Game, hands: &[&str], board: &str, method: EquityMethod) -> GameEquity {
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    game_equity(
        game,
        &hands,
        &cards(board),
        &[],
        method,
        Some(2),
        &Control::new(),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The test's own showdown: (high, low) with greater better, low 0 = none.
fn values(game: Game, hole: &[Card], board: &[Card]) -> (u16, u16) {
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    let high = if game.uses_two_hole_cards() {
        omaha_high(hole, board).unwrap().value()
    } else if game.deck().len() == 36 {
        short_deck(&all, game.short_deck_ranking()).unwrap().value()
    } else {
        evaluate(&all).unwrap().value()
    };
    let low = if game.is_hi_lo() {
        omaha_low8(hole, board)
            .unwrap()
            .map_or(0, |(v, _)| v.value())
    } else {
        0
    };
    (high, low)
}

/// Pot units (of [`POT`]) each player wins on one deal.
fn shares(game: Game, holes: &[Vec<Card>], board: &[Card]) -> Vec<u64> {
    let v: Vec<(u16, u16)> = holes.iter().map(|h| values(game, h, board)).collect();
    let best = v.iter().map(|x| x.0).max().unwrap();
    let best_low = v.iter().map(|x| x.1).max().unwrap();
    let hi_n = v.iter().filter(|x| x.0 == best).count() as u64;
    let lo_n = v.iter().filter(|x| x.1 == best_low).count() as u64;
    v.iter()
        .map(|&(h, l)| {
            let high = if h == best { POT / hi_n } else { 0 };
            if best_low == 0 {
                high
            } else {
                (high + if l == best_low { POT / lo_n } else { 0 }) / 2
            }
        })
        .collect()
}

fn rest(game: Game, used: &[Card]) -> Vec<Card> {
    game.deck()
        .iter()
        .copied()
        .filter(|c| !used.contains(c))
        .collect()
}

/// Every pair of `deck` (positions i < j).
fn pairs(deck: &[Card]) -> Vec<[Card; 2]> {
    let mut out = Vec::new();
    for i in 0..deck.len() {
        for j in i + 1..deck.len() {
            out.push([deck[i], deck[j]]);
        }
    }
    out
}

#[test]
fn short_deck_against_a_random_hand_on_the_flop() {
    // AhKh against a random hand, a flop known: every opponent hand, then
    // every turn and river, counted by hand.
    let game = Game::short_deck(ShortDeckRanking::StraightBeatsTrips);
    let mine = cards("AhKh");
    let flop = cards("Qh7c6d");
    let r = eq(game, &["AhKh", ""], "Qh7c6d", EquityMethod::Exact);
    let used: Vec<Card> = mine.iter().chain(&flop).copied().collect();
    let mut want = [0u64; 2];
    let mut deals = 0u64;
    for opp in pairs(&rest(game, &used)) {
        let mut u = used.clone();
        u.extend_from_slice(&opp);
        for runout in pairs(&rest(game, &u)) {
            let board: Vec<Card> = flop.iter().chain(&runout).copied().collect();
            let s = shares(game, &[mine.clone(), opp.to_vec()], &board);
            want[0] += s[0];
            want[1] += s[1];
            deals += 1;
        }
    }
    assert!(r.exact);
    assert_eq!(r.deals, deals);
    assert_eq!(r.shares, want.to_vec());
}

#[test]
fn omaha_hi_lo_with_a_partly_known_hand_on_the_turn() {
    // Player 1 knows two of four cards; the other two and the river are
    // dealt: every deal counted by hand, high and low halves both.
    let game = Game::omaha_hi_lo(4).unwrap();
    let mine = cards("As2dKsQc");
    let part = cards("3c4c");
    let board = cards("5h8dJcTs");
    let r = eq(game, &["As2dKsQc", "3c4c"], "5h8dJcTs", EquityMethod::Exact);
    let used: Vec<Card> = mine.iter().chain(&part).chain(&board).copied().collect();
    let left = rest(game, &used);
    let mut want = [0u64; 2];
    let mut deals = 0u64;
    for extra in pairs(&left) {
        for &river in left.iter().filter(|c| !extra.contains(c)) {
            let opp: Vec<Card> = part.iter().chain(&extra).copied().collect();
            let full: Vec<Card> = board.iter().copied().chain([river]).collect();
            let s = shares(game, &[mine.clone(), opp], &full);
            want[0] += s[0];
            want[1] += s[1];
            deals += 1;
        }
    }
    assert_eq!(r.deals, deals);
    assert_eq!(r.shares, want.to_vec());
    assert!(r.low_deals > 0 && r.low_shares.iter().sum::<u64>() > 0);
}

#[test]
fn monte_carlo_deals_random_hands_and_agrees_with_exact() {
    // Royal hold'em, two random hands against a known one on the flop:
    // exact is small; Monte Carlo's estimate falls within a few standard
    // errors of it, and the seed reproduces it on any number of threads.
    let game = Game::royal();
    let exact = eq(game, &["AsKs", "", ""], "QsTdTc", EquityMethod::Exact);
    let mc = |threads| {
        game_equity(
            game,
            &[cards("AsKs"), vec![], vec![]],
            &cards("QsTdTc"),
            &[],
            EquityMethod::MonteCarlo {
                trials: 200_000,
                seed: Some(7),
            },
            Some(threads),
            &Control::new(),
        )
        .unwrap()
    };
    let (a, b) = (mc(1), mc(2));
    assert_eq!(a, b);
    let (e, m) = (exact.equities(), a.equities());
    for i in 0..3 {
        let se = (e[i] * (1.0 - e[i]) / 200_000.0).sqrt();
        assert!((e[i] - m[i]).abs() < 5.0 * se + 1e-9, "{e:?} vs {m:?}");
    }
}

#[test]
fn too_many_exact_deals_are_refused_from_a_count() {
    // Three random six-card Omaha hands preflop: far too many deals.
    let game = Game::omaha(6).unwrap();
    let hands = vec![vec![], vec![], vec![]];
    let e = game_equity(
        game,
        &hands,
        &[],
        &[],
        EquityMethod::Exact,
        None,
        &Control::new(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("give trials"), "{e}");
    // A hand with more cards than the game deals, a card not in its deck.
    let e = game_equity(
        Game::holdem(),
        &[cards("AsKsQs"), vec![]],
        &[],
        &[],
        EquityMethod::Exact,
        None,
        &Control::new(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("hold'em deals 2 hole cards"), "{e}");
    let e = game_equity(
        Game::royal(),
        &[cards("As9s"), vec![]],
        &[],
        &[],
        EquityMethod::Exact,
        None,
        &Control::new(),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("9s is not in the 20-card royal deck"),
        "{e}"
    );
}

#[test]
fn an_omaha_range_is_the_weighted_average_of_its_hands() {
    use holecards_core::range::omaha::OmahaRange;
    use std::sync::Arc;
    // On the turn, a range of the hands holding As Ah Ks and one more card
    // (weight 1) and those also... against a known hand: the expected
    // equity is the average, over the range's hands that fit the cards out,
    // of each hand's exact equity (one river to deal).
    let game = Game::omaha(4).unwrap();
    let board = "Qs Jh 7c 2d";
    let range = OmahaRange::parse("AsAhKsx", game).unwrap();
    let known = cards("QdQcTs9s");
    let out: Vec<Card> = known.iter().chain(&cards(board)).copied().collect();
    let (mut sum, mut n) = (0.0, 0.0);
    for i in 0..range.len() {
        let (hand, w) = range.hand(i).unwrap();
        if hand.iter().any(|c| out.contains(c)) {
            continue;
        }
        let r = eq(
            game,
            &[&holecards_core::card::cards_to_string(hand), "QdQcTs9s"],
            board,
            EquityMethod::Exact,
        );
        sum += w * r.equities()[0];
        n += w;
    }
    let want = sum / n;
    let players = [
        EquityPlayer::Range(Arc::new(range)),
        EquityPlayer::Cards(known),
    ];
    let mc = game_equity_ranges(
        game,
        &players,
        &cards(board),
        &[],
        EquityMethod::MonteCarlo {
            trials: 200_000,
            seed: Some(5),
        },
        Some(2),
        &Control::new(),
    )
    .unwrap();
    let got = mc.equities()[0];
    let se = (want * (1.0 - want) / 200_000.0).sqrt();
    assert!((got - want).abs() < 5.0 * se, "{got} vs {want}");
    // Exactly: the same average, every fitting hand with every river.
    let exact = game_equity_ranges(
        game,
        &players,
        &cards(board),
        &[],
        EquityMethod::Exact,
        None,
        &Control::new(),
    )
    .unwrap();
    assert!(exact.exact);
    assert!(
        (exact.equities()[0] - want).abs() < 1e-12,
        "{exact:?} vs {want}"
    );
    assert_eq!(exact.deals as f64, n * 40.0); // 44 cards left less the range's 4
}

fn range_players(texts: &[&str], known: &str, game: Game) -> Vec<EquityPlayer> {
    use holecards_core::range::omaha::OmahaRange;
    use std::sync::Arc;
    let mut players: Vec<EquityPlayer> = texts
        .iter()
        .map(|t| EquityPlayer::Range(Arc::new(OmahaRange::parse(t, game).unwrap())))
        .collect();
    players.push(EquityPlayer::Cards(cards(known)));
    players
}

fn ranged(game: Game, players: &[EquityPlayer], board: &str, method: EquityMethod) -> GameEquity {
    game_equity_ranges(
        game,
        players,
        &cards(board),
        &[],
        method,
        Some(2),
        &Control::new(),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Two ranges and a known hand on the river: exact equity counts every
/// pair of the ranges' hands that share no card (with each other, the
/// board or the known hand) once, as the test's own loops do; Monte Carlo
/// agrees within noise, with ranges chosen so that drawing one hand after
/// the other would not (AsKsQsJs collides with one of the second range's
/// two hands, AhKhQhJh with none: of the three tuples that fit, one holds
/// AsKsQsJs, where a draw hand by hand would give it half the trials).
#[test]
fn two_ranges_count_every_tuple_that_fits_once() {
    let game = Game::omaha(4).unwrap();
    let board = "2h 5d 9c Th 3s";
    let texts = ["AsKsQsJs,AhKhQhJh", "AsTdTc9d,6c6d7c7d"];
    let known = "8s8h4c4d";
    let players = range_players(&texts, known, game);
    let a = [cards("AsKsQsJs"), cards("AhKhQhJh")];
    let b = [cards("AsTdTc9d"), cards("6c6d7c7d")];
    let mut want = vec![0u64; 3];
    let mut tuples = 0;
    for x in &a {
        for y in &b {
            if x.iter().any(|c| y.contains(c)) {
                continue;
            }
            tuples += 1;
            let got = shares(game, &[x.clone(), y.clone(), cards(known)], &cards(board));
            for (w, g) in want.iter_mut().zip(got) {
                *w += g;
            }
        }
    }
    assert_eq!(tuples, 3);
    let exact = ranged(game, &players, board, EquityMethod::Exact);
    assert_eq!(exact.deals, 3);
    assert_eq!(exact.shares, want);
    let mc = ranged(
        game,
        &players,
        board,
        EquityMethod::MonteCarlo {
            trials: 300_000,
            seed: Some(9),
        },
    );
    for (e, m) in exact.equities().iter().zip(mc.equities()) {
        let se = (e * (1.0 - e) / 300_000.0).sqrt().max(1e-4);
        assert!((e - m).abs() < 6.0 * se, "exact {e} vs Monte Carlo {m}");
    }
    // the flop: each tuple with every turn and river
    let flop = ranged(game, &players, "2h 5d 9c", EquityMethod::Exact);
    assert_eq!(flop.deals, 3 * (52 - 3 - 12) * (52 - 3 - 12 - 1) / 2);
}

#[test]
fn exact_with_ranges_refuses_weights_and_too_many_deals() {
    let game = Game::omaha(4).unwrap();
    let refused = |texts: &[&str], board: &str| {
        let players = range_players(texts, "8s8h4c4d", game);
        game_equity_ranges(
            game,
            &players,
            &cards(board),
            &[],
            EquityMethod::Exact,
            None,
            &Control::new(),
        )
        .unwrap_err()
        .to_string()
    };
    let e = refused(&["AAxx:0.5"], "2h 5d 9c Th 3s");
    assert!(e.contains("weight 0.5") && e.contains("give trials"), "{e}");
    // AAxx preflop: thousands of hands, each with a million boards
    let e = refused(&["AAxx"], "");
    assert!(
        e.contains("more than 200000000") && e.contains("give trials"),
        "{e}"
    );
    // two ranges of thousands of hands each, on the river: too many tuples
    let e = refused(&["AAxx", "KKxx"], "2h 5d 9c Th 3s");
    assert!(
        e.contains("tuples") && e.contains(" x ") && e.contains("give trials"),
        "{e}"
    );
    let e = refused(&["8s8hxx"], "2h 5d 9c");
    assert!(e.contains("no hand left"), "{e}");
}
