//! The stud and draw games at tables, in tournaments and in simulations,
//! and mixed-game tournaments (H.O.R.S.E., the 8-game mix): the rotation,
//! the button frozen through stud hands, each level's limits per game.
mod common;

use holecards_core::game::{BlindOptions, Game, Hand, Move, Rules, Structure, StudOptions};
use holecards_core::sim::{BotKind, CashSim, Observation, TournamentSim};
use holecards_core::table::codec::{
    decode_table, decode_tournament, encode_table, encode_tournament,
};
use holecards_core::table::tournament::{named_mix, Advance, Level, Rotation, Tournament};
use holecards_core::table::{ButtonRule, Entry, Table};
use holecards_core::Result;
use std::sync::Arc;

fn razz() -> Arc<Rules> {
    Arc::new(
        Rules::stud(
            Game::razz(),
            StudOptions {
                ante: 1,
                bring_in: 2,
                small_bet: 5,
                big_bet: None,
                raise_cap: Some(4),
                heads_up_uncapped: true,
                fourth_street_big_bet: false,
            },
        )
        .unwrap_or_else(|e| panic!("{e}")),
    )
}

fn triple_draw() -> Arc<Rules> {
    Arc::new(
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
        .and_then(|r| r.for_game(Game::deuce_seven_triple_draw()))
        .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// Plays one hand at `t` with calling stations (draws: standing pat).
fn play_hand(t: &mut Table) -> Result<Hand> {
    let mut rng = holecards_core::sim::bots::bot_rng(3);
    t.play(|h| {
        let obs = Observation::of(h).expect("someone to act");
        BotKind::CallingStation.act(&obs, &mut rng)
    })
}

#[test]
fn a_stud_table_moves_the_dealer_and_deals_everyone_in() -> Result<()> {
    // Four players; the dealer moves a seat each hand, nobody posts a
    // blind, a player joining is dealt in at the next hand (no blind to
    // wait for), a player sitting out is not dealt in.
    let mut t = Table::new(razz(), 6, ButtonRule::Moving, Some(9))?;
    for s in [0, 2, 3, 5] {
        t.sit(s, 200, Entry::PostBigBlind)?;
    }
    let mut buttons = Vec::new();
    for _ in 0..4 {
        let h = play_hand(&mut t)?;
        assert_eq!(h.num_players(), 4);
        buttons.push(t.last_positions().expect("dealt").button);
        // only antes and the bring-in are forced
        assert!(h.history().iter().all(|a| !matches!(
            a.kind,
            holecards_core::game::ActionKind::PostSmallBlind
                | holecards_core::game::ActionKind::PostBigBlind
        )));
    }
    assert_eq!(buttons, vec![0, 2, 3, 5]);
    t.sit(1, 200, Entry::WaitForBigBlind)?;
    t.sit_out(3)?;
    let h = play_hand(&mut t)?;
    assert_eq!(t.last_deal().expect("finished").seats, vec![0, 1, 2, 5]);
    assert_eq!(h.num_players(), 4);
    assert_eq!(t.chips(), 5 * 200);
    // Saved and restored with the hand out.
    let h = t.new_hand()?;
    let back = decode_table(&encode_table(&t))?;
    assert_eq!(back, t);
    let _ = h;
    Ok(())
}

#[test]
fn a_draw_table_plays_blinds_and_draws() -> Result<()> {
    let mut t = Table::new(triple_draw(), 6, ButtonRule::Dead, Some(4))?;
    for s in 0..6 {
        t.sit(s, 100, Entry::PostBigBlind)?;
    }
    let mut rng = holecards_core::sim::bots::bot_rng(5);
    for _ in 0..30 {
        if t.players() < 2 {
            break;
        }
        let (h, _) = t.play_with(|turn| {
            let obs = Observation::of(turn.hand).expect("someone to act");
            Ok::<_, holecards_core::Error>(BotKind::Random.act(&obs, &mut rng))
        })?;
        assert!(h.is_over());
        assert_eq!(t.chips(), 600);
    }
    Ok(())
}

fn horse_levels() -> Vec<Level> {
    // Limits 20/40 then 40/80; blinds 10/20 and 20/40; the stud games'
    // ante 5 and bring-in 5, then 10 and 10.
    vec![
        Level {
            small_blind: 10,
            big_blind: 20,
            ante: 5,
            big_blind_ante: 0,
            bring_in: 5,
        },
        Level {
            small_blind: 20,
            big_blind: 40,
            ante: 10,
            big_blind_ante: 0,
            bring_in: 10,
        },
    ]
}

#[test]
fn horse_rotates_every_round_of_play_and_freezes_the_button_in_stud() -> Result<()> {
    let mix = named_mix("horse")?;
    let mut t = Tournament::mixed(
        mix.clone(),
        Rotation::Orbit,
        horse_levels(),
        Advance::Hands(1000),
        &[5000; 5],
        vec![70, 30],
        Some(0),
        Some(11),
    )?;
    let mut rng = holecards_core::sim::bots::bot_rng(1);
    let mut games = Vec::new();
    let mut buttons = Vec::new();
    for _ in 0..26 {
        let h = t.new_hand(None)?;
        games.push(h.game().code());
        buttons.push(t.table().dealt().expect("out").positions.button);
        let rules = h.rules().clone();
        if rules.game.is_stud() {
            // limits 20/40: small bet 20, big bet 40, ante 5, bring-in 5
            assert_eq!(
                (rules.small_bet, rules.big_bet, rules.ante, rules.bring_in),
                (20, 40, 5, 5)
            );
        } else {
            // blinds 10/20, small bet 20, no ante in a mix's flop games
            assert_eq!(
                (
                    rules.small_blind,
                    rules.big_blind,
                    rules.small_bet,
                    rules.ante
                ),
                (10, 20, 20, 0)
            );
        }
        let mut hand = h;
        holecards_core::game::play_out(&mut hand, &[0, 1, 2, 3, 4], 0, |turn| {
            let obs = Observation::of(turn.hand).expect("someone to act");
            Ok::<_, holecards_core::Error>(BotKind::CallingStation.act(&obs, &mut rng))
        })?;
        t.finish(&hand)?;
        // Saved and restored between hands.
        let back = decode_tournament(&encode_tournament(&t))?;
        assert_eq!(back, t);
    }
    // Five players: five hands of each game, in the mix's order.
    let want: Vec<String> = [
        "holdem",
        "omaha-hi-lo",
        "razz",
        "stud",
        "stud-hi-lo",
        "holdem",
    ]
    .iter()
    .flat_map(|g| std::iter::repeat_n(g.to_string(), 5))
    .take(26)
    .collect();
    assert_eq!(games, want);
    // The button moves through the flop games (0, 1, 2, 3, 4 then 0 ...)
    // and stays put through the fifteen stud hands, where the next flop
    // game's hand would have it: seat 0 (after seat 4 for omaha-hi-lo).
    assert_eq!(&buttons[..10], &[0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
    assert!(buttons[10..25].iter().all(|&b| b == 0), "{buttons:?}");
    assert_eq!(buttons[25], 0, "hold'em resumes at the frozen button");
    Ok(())
}

#[test]
fn a_mix_can_rotate_by_level() -> Result<()> {
    let mix = vec![
        (Structure::NoLimit, Game::holdem()),
        (Structure::FixedLimit, Game::deuce_seven_triple_draw()),
        (Structure::FixedLimit, Game::stud()),
    ];
    let levels: Vec<Level> = (1..=4u64)
        .map(|i| Level {
            small_blind: 5 * i,
            big_blind: 10 * i,
            ante: i,
            big_blind_ante: 0,
            bring_in: 3 * i,
        })
        .collect();
    let mut t = Tournament::mixed(
        mix,
        Rotation::Level,
        levels,
        Advance::Hands(3),
        &[400; 3],
        vec![100],
        None,
        Some(2),
    )?;
    let mut rng = holecards_core::sim::bots::bot_rng(8);
    let mut seen = Vec::new();
    for _ in 0..12 {
        if t.is_over() {
            break;
        }
        let (h, _) = t.play_with(
            |turn| {
                let obs = Observation::of(turn.hand).expect("someone to act");
                Ok::<_, holecards_core::Error>(BotKind::CallingStation.act(&obs, &mut rng))
            },
            None,
        )?;
        seen.push((t.level(), h.game().code()));
    }
    for (level, game) in seen {
        assert_eq!(
            game,
            ["holdem", "2-7-triple-draw", "stud", "holdem"][level],
            "level {level}"
        );
    }
    Ok(())
}

#[test]
fn a_stud_level_without_a_bring_in_is_refused() {
    let e = Tournament::mixed(
        named_mix("horse").unwrap_or_default(),
        Rotation::Orbit,
        vec![Level::new(10, 20, 5, Default::default())],
        Advance::Hands(10),
        &[100; 4],
        vec![],
        None,
        Some(1),
    )
    .expect_err("no bring-in");
    assert!(e.to_string().contains("bring-in"), "{e}");
    let e = Tournament::mixed(
        vec![(Structure::NoLimit, Game::razz())],
        Rotation::Orbit,
        vec![Level::new(10, 20, 5, Default::default()).with_bring_in(5)],
        Advance::Hands(10),
        &[100; 4],
        vec![],
        None,
        Some(1),
    )
    .expect_err("no-limit razz");
    assert!(e.to_string().contains("fixed limit"), "{e}");
}

#[test]
fn simulations_play_the_stud_and_draw_games() -> Result<()> {
    // Cash: random bots, calling stations and tight-aggressive bots play
    // every stud and draw game; chips are kept, and a run is the same on
    // one thread and two. (Fewer hands in a debug build, whose Monte Carlo
    // bots are slow.)
    let hands = if cfg!(debug_assertions) { 120 } else { 3000 };
    let games: Vec<Arc<Rules>> = vec![
        razz(),
        triple_draw(),
        Arc::new(Rules::stud(
            Game::stud_hi_lo(),
            StudOptions {
                ante: 1,
                bring_in: 1,
                small_bet: 4,
                ..Default::default()
            },
        )?),
        Arc::new(
            Rules::no_limit(BlindOptions {
                small_blind: 1,
                big_blind: 2,
                ..Default::default()
            })?
            .for_game(Game::deuce_seven_single_draw())?,
        ),
        Arc::new(
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
            )?
            .for_game(Game::badugi())?,
        ),
    ];
    for rules in games {
        let sim = CashSim {
            rules,
            stacks: vec![200; 5],
            bots: vec![
                BotKind::Random,
                BotKind::CallingStation,
                BotKind::TightAggressive,
                BotKind::Random,
                BotKind::CallingStation,
            ],
            hands,
            seed: 5,
        };
        let one = sim.run(Some(1), None)?;
        let two = sim.run(Some(2), None)?;
        assert_eq!(one, two);
        assert_eq!(one.hands, hands);
        assert_eq!(one.net.iter().sum::<i128>(), 0);
    }
    // 8-game sit-and-gos between built-in bots, to the end.
    let tournaments = if cfg!(debug_assertions) { 1 } else { 4 };
    let sim = TournamentSim {
        structure: Structure::FixedLimit,
        game: Game::holdem(),
        mix: named_mix("8-game")?,
        rotation: Rotation::Orbit,
        levels: horse_levels(),
        hands_per_level: 20,
        stacks: vec![if cfg!(debug_assertions) { 200 } else { 600 }; 4],
        payouts: vec![65, 35],
        bots: vec![
            BotKind::Random,
            BotKind::CallingStation,
            BotKind::TightAggressive,
            BotKind::Random,
        ],
        tournaments,
        seed: 3,
        max_hands: 100_000,
    };
    let t = sim.run(Some(2), None)?;
    assert_eq!(t.tournaments, tournaments);
    assert_eq!(t.prizes.iter().sum::<u128>(), tournaments as u128 * 100);
    Ok(())
}

#[test]
fn built_in_bots_draw_sensibly() -> Result<()> {
    use holecards_core::card::parse_cards;
    use holecards_core::sim::bots::draw_discards;
    let d27 = Game::deuce_seven_triple_draw();
    let throw = |game: Game, text: &str| -> Result<String> {
        let cards = parse_cards(text)?;
        let set = draw_discards(game, &cards);
        Ok(cards
            .iter()
            .filter(|c| set.contains(**c))
            .map(|c| c.to_string())
            .collect())
    };
    // Keep one card of each rank from the deuce to the eight.
    assert_eq!(throw(d27, "7c5d4h3s2c")?, "");
    assert_eq!(throw(d27, "KsKd8h6c2d")?, "KsKd");
    assert_eq!(throw(d27, "7c7d4h3s2c")?, "7d");
    assert_eq!(throw(d27, "Ac5d4h3s2c")?, "Ac");
    // A straight (8-7-6-5-4) or a flush breaks at its highest card.
    assert_eq!(throw(d27, "8c7d6h5s4c")?, "8c");
    assert_eq!(throw(d27, "8c7c5c3c2c")?, "8c");
    // Badugi: everything outside the best badugi.
    assert_eq!(throw(Game::badugi(), "2c3d4h5s")?, "");
    assert_eq!(throw(Game::badugi(), "2c3c4h5s")?, "3c");
    let _ = Move::Fold;
    Ok(())
}

#[test]
fn a_stud_tournament_plays_to_the_end() -> Result<()> {
    let levels: Vec<Level> = (1..=20u64)
        .map(|i| Level::new(0, 4 * i, i, Default::default()).with_bring_in(i))
        .collect();
    let mut t = Tournament::new(
        Structure::FixedLimit,
        Game::razz(),
        levels,
        Advance::Hands(5),
        &[150; 6],
        vec![60, 40],
        None,
        Some(7),
    )?;
    let mut rng = holecards_core::sim::bots::bot_rng(2);
    let mut hands = 0;
    while !t.is_over() {
        t.play_with(
            |turn| {
                let obs = Observation::of(turn.hand).expect("someone to act");
                Ok::<_, holecards_core::Error>(BotKind::Random.act(&obs, &mut rng))
            },
            None,
        )?;
        hands += 1;
        assert!(hands < 5000);
    }
    let places: Vec<u32> = t.results().iter().map(|f| f.place).collect();
    assert_eq!(places.len(), 6);
    assert_eq!(t.results().iter().map(|f| f.prize).sum::<u64>(), 100);
    Ok(())
}
