//! Tracker statistics over hand histories: per player (and per position),
//! the counts behind VPIP, PFR, three-bets, continuation bets, aggression,
//! showdowns and winnings, as docs/stats.md defines them.
//!
//! A hand counts from its replay's events (each action with its street)
//! and, for money, from the history's `finishing_stacks` when it has them
//! (a site's numbers, after rake), else from the replay's result when every
//! card that decides it is known. Community-card games only (a stud or draw
//! hand is skipped and counted as such).
use crate::card::Card;
use crate::error::Result;
use crate::game::{EventKind, GameKind, HandState, Street};
use crate::phh::{replay, Decimal, HandHistory};
use std::collections::BTreeMap;

/// The counts of one player (at one position, or all).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counts {
    /// Hands dealt in.
    pub hands: u64,
    /// Hands with a call, bet or raise before the flop (posting is not).
    pub vpip: u64,
    /// Hands with a bet or raise before the flop.
    pub pfr: u64,
    /// Hands where the player acted before the flop facing exactly one
    /// raise (over the big blind) by another player ...
    pub three_bet_chances: u64,
    /// ... and raised there.
    pub three_bets: u64,
    /// Hands where the player made the first raise before the flop, faced
    /// a re-raise (a three-bet) and acted on it ...
    pub fold_to_three_bet_chances: u64,
    /// ... by folding.
    pub folds_to_three_bet: u64,
    /// Hands where the player made the last raise before the flop, saw the
    /// flop and was first to act on it with no bet in front ...
    pub cbet_chances: u64,
    /// ... and bet.
    pub cbets: u64,
    /// Hands where the flop's first bet was a continuation bet by another
    /// player and the player acted on it, before any raise ...
    pub fold_to_cbet_chances: u64,
    /// ... by folding.
    pub folds_to_cbet: u64,
    /// Bets and raises on the flop, turn and river.
    pub postflop_aggressive: u64,
    /// Calls on the flop, turn and river.
    pub postflop_calls: u64,
    /// Hands where the player saw the flop (not folded when it came).
    pub saw_flop: u64,
    /// Hands that reached a showdown with the player in.
    pub went_to_showdown: u64,
    /// Of those, the ones whose winners are known (the history's
    /// `winnings`, its `finishing_stacks`, or a replay with every card that
    /// decides it known): the won-at-showdown figure's chances.
    pub showdowns_with_result: u64,
    /// Of those, the ones where the player won chips.
    pub won_at_showdown: u64,
    /// Hands whose result is known (the money columns count these).
    pub hands_with_result: u64,
    /// Chips won less chips put in, over those hands (after rake, where a
    /// site's numbers are given).
    pub winnings: Decimal,
    /// The same in big blinds (each hand's net over its big blind), summed.
    pub big_blinds: f64,
    /// All-in adjusted winnings, in chips: as `winnings`, but each pot
    /// decided by a runout after an all-in counts the player's equity share
    /// of it instead of what the runout gave (hold'em hands with every
    /// showdown hand known; docs/stats.md).
    pub allin_adjusted: f64,
    /// The same in big blinds.
    pub allin_adjusted_big_blinds: f64,
    /// Hands whose result was adjusted so.
    pub allin_adjusted_hands: u64,
}

/// The statistics of a corpus: by player name, all positions; and by
/// (player, position).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub players: BTreeMap<String, Counts>,
    pub by_position: BTreeMap<(String, &'static str), Counts>,
    /// Hands counted.
    pub hands: u64,
    /// Hands skipped: a stud or draw game, or a history that does not
    /// replay (with why, the first few).
    pub skipped: u64,
    pub skipped_why: Vec<String>,
    /// With one player asked for: each of its hands with a result, in
    /// order, as (net, all-in adjusted net) in big blinds: a bankroll
    /// graph's points.
    pub series: Vec<(f64, f64)>,
    /// The first player whose winnings could not be summed exactly (their
    /// decimals past the exact range): the whole call is then an error.
    overflow: Option<String>,
}

/// The position names of PHH players `p1..pn` (the button last): heads-up
/// BB then BTN (the button posts the small blind); else SB, BB, then UTG
/// (with three or more others), UTG+1, ..., and the last up to four LJ, HJ,
/// CO, BTN: six-handed UTG, HJ, CO, BTN; nine-handed UTG, UTG+1, UTG+2, LJ,
/// HJ, CO, BTN.
pub fn positions(n: usize) -> Vec<&'static str> {
    if n == 2 {
        return vec!["BB", "BTN"];
    }
    positions_after(vec!["SB", "BB"], n)
}

/// The position names of a hand with a dead small blind (a table's, with
/// three or more players: `p1`, first left of the button, posts the big
/// blind and nobody the small): BB, then as [`positions`] names those after
/// the big blind.
pub fn positions_dead_small_blind(n: usize) -> Vec<&'static str> {
    if n <= 2 {
        return positions(n);
    }
    positions_after(vec!["BB"], n)
}

/// `blinds` (the blinds' names), then the names of the others of `n`.
fn positions_after(blinds: Vec<&'static str>, n: usize) -> Vec<&'static str> {
    const LATE: [&str; 4] = ["LJ", "HJ", "CO", "BTN"];
    const EARLY: [&str; 18] = [
        "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "UTG+5", "UTG+6", "UTG+7", "UTG+8", "UTG+9",
        "UTG+10", "UTG+11", "UTG+12", "UTG+13", "UTG+14", "UTG+15", "UTG+16", "UTG+17",
    ];
    let rest = n.saturating_sub(blinds.len());
    let mut out = blinds;
    let late = if rest >= 3 { (rest - 1).min(4) } else { rest };
    // (the engine seats at most 23: EARLY covers them)
    out.extend(EARLY.iter().take(rest - late));
    out.extend(LATE[4 - late..].iter());
    out
}

/// Refuses a history whose `finishing_stacks` (giving `nets`, each
/// player's result in units of `places` decimals, `scale` of them to a
/// chip of the play) the play cannot have ended with: more chips than the
/// hand started with, a folded player ending other than less what it put
/// in, anyone losing more than it put in; and where the replay knows every
/// card, a player who won nothing ending other than as the replay, a
/// winner more than a chip above it or more than it won below it (the
/// rake), or a recorded `_rake` other than what is missing.
#[allow(clippy::too_many_arguments)]
fn check_finishing(
    h: &HandHistory,
    hand: &crate::game::Hand,
    events: &[crate::game::Event],
    unknown_cards: bool,
    nets: &[i128],
    scale: i128,
    places: u32,
    n: usize,
) -> Result<()> {
    let bad = |why: String| crate::error::Error::history(h.where_(), why);
    let total: i128 = nets.iter().sum();
    if total > 0 {
        return Err(bad(format!(
            "finishing_stacks hold more chips than the starting stacks ({} more): the hand is not counted",
            Decimal { mantissa: total, scale: places }
        )));
    }
    let start = hand.starting_stacks();
    let button = hand.button();
    let player = |seat: usize| (seat + n - button - 1) % n;
    let shown = |x: i128| Decimal {
        mantissa: x,
        scale: places,
    };
    // Whatever the cards: a folded player ends with what it did not put
    // in, and nobody loses more than it put in.
    let put = hand.contributions();
    let folded = hand.folded();
    for seat in 0..n {
        let p = player(seat);
        let lost = put[seat] as i128 * scale;
        let off = nets[p] + lost;
        if (folded[seat] && off.abs() >= scale) || off <= -scale {
            return Err(bad(format!(
                "finishing_stacks: player {} ends with {} having put in {}{}: the hand is not counted",
                p + 1,
                shown(nets[p]),
                shown(lost),
                if folded[seat] { " and folded" } else { "" },
            )));
        }
    }
    if unknown_cards {
        return Ok(());
    }
    let Some(finals) = hand.final_stacks() else {
        return Ok(());
    };
    // The history's chip: the largest amount every stack and bet is a
    // whole number of (a split pot's odd chip is one of them).
    // (and what each player won)
    let mut g = start.iter().fold(0u64, |g, &s| gcd(g, s));
    let mut won = vec![0i128; n];
    for e in events {
        let bet = e.kind.is_post()
            || matches!(
                e.kind,
                EventKind::Call | EventKind::Bet | EventKind::Raise | EventKind::BringIn
            );
        if bet && e.amount > 0 {
            g = gcd(g, e.amount);
        }
        if let (EventKind::Award, Some(s)) = (e.kind, e.seat) {
            won[player(s)] += e.amount as i128 * scale;
        }
    }
    let chip = g.max(1) as i128 * scale;
    let mut missing = 0i128;
    for seat in 0..n {
        let p = player(seat);
        let replayed = (finals[seat] as i128 - start[seat] as i128) * scale;
        let diff = replayed - nets[p];
        // A pot's winner may end below the replay by its rake (at most
        // what it won) and either way by the odd chip of a split pot (the
        // history's own convention, as the Pluribus logs' half chips);
        // anyone else ends where the replay does.
        let fits = if won[p] > 0 {
            -chip <= diff && diff <= won[p] + chip
        } else {
            diff.abs() < scale
        };
        if !fits {
            return Err(bad(format!(
                "finishing_stacks: player {} ends with {}, and the replay leaves {}: the hand is not counted",
                p + 1,
                shown(nets[p]),
                shown(replayed),
            )));
        }
        missing += diff;
    }
    if let Some(rake) = h
        .number("_rake")
        .ok()
        .flatten()
        .and_then(|d| d.in_units(places))
    {
        if (rake - missing).abs() >= scale {
            return Err(bad(format!(
                "finishing_stacks are {} short of the replay's, and the rake recorded is {}: the hand is not counted",
                Decimal { mantissa: missing, scale: places },
                Decimal { mantissa: rake, scale: places },
            )));
        }
    }
    Ok(())
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// What one hand adds, by PHH player.
/// One hand's players (names), their counts and their positions.
type HandCounts = (Vec<String>, Vec<Counts>, Vec<&'static str>);

fn hand_counts(h: &HandHistory) -> Result<Option<HandCounts>> {
    let r = replay(h)?;
    let hand = &r.hand;
    let kind = hand.game().kind();
    if matches!(
        kind,
        GameKind::Stud
            | GameKind::StudHiLo
            | GameKind::Razz
            | GameKind::DeuceSevenTripleDraw
            | GameKind::DeuceSevenSingleDraw
            | GameKind::Badugi
    ) {
        return Ok(None);
    }
    if hand.rules().structure == crate::game::Structure::Progressive {
        return Err(crate::error::Error::history(
            h.where_(),
            "Progressive hold'em: every bet's size is forced and there is no big blind, \
             so the trackers' figures do not apply (not counted)",
        ));
    }
    let n = hand.num_players();
    let button = hand.button();
    // engine seat -> PHH player (the button is the last)
    let player = |seat: usize| (seat + n - button - 1) % n;
    let mut c = vec![Counts::default(); n];
    for x in c.iter_mut() {
        x.hands = 1;
    }
    let events = hand.events();
    // before the flop: raises over the big blind, who made them
    let mut raisers: Vec<usize> = Vec::new();
    let mut acted_at_one_raise = vec![false; n];
    let mut acted_at_three_bet = vec![false; n];
    let mut last_raiser: Option<usize> = None;
    // the flop
    let mut flop_bet: Option<usize> = None; // who made the flop's first bet
    let mut cbet_made = false;
    let mut flop_raised = false;
    let mut acted_on_flop = vec![false; n];
    let mut acted_on_cbet = vec![false; n];
    let mut folded = vec![false; n];
    // chips before the flop, by engine seat: antes (a dead small blind
    // among them), the street's bet, the highest bet
    let starting = hand.starting_stacks();
    let mut antes = vec![0u64; n];
    let mut preflop_bet = vec![0u64; n];
    let mut preflop_high = 0u64;
    for e in &events {
        if e.kind == EventKind::DealBoard && e.street == Street::Flop {
            for (p, x) in c.iter_mut().enumerate() {
                if !folded[p] {
                    x.saw_flop = 1;
                }
            }
        }
        let Some(seat) = e.seat else { continue };
        let p = player(seat);
        // whether the seat has more chips than calling takes (a raise, if
        // only all-in, is open to it), before this event moves them
        let can_raise = starting[seat].saturating_sub(antes[seat]) > preflop_high;
        if e.street == Street::Preflop {
            match e.kind {
                EventKind::PostAnte => antes[seat] += e.amount,
                EventKind::PostSmallBlind
                | EventKind::PostBigBlind
                | EventKind::PostStraddle
                | EventKind::Call => preflop_bet[seat] += e.amount,
                // (to a street total)
                EventKind::Bet | EventKind::Raise => preflop_bet[seat] = e.amount,
                _ => {}
            }
            preflop_high = preflop_high.max(preflop_bet[seat]);
        }
        let action = matches!(
            e.kind,
            EventKind::Fold
                | EventKind::Check
                | EventKind::Call
                | EventKind::Bet
                | EventKind::Raise
        );
        if !action {
            continue;
        }
        let aggressive = matches!(e.kind, EventKind::Bet | EventKind::Raise);
        if e.kind == EventKind::Fold {
            folded[p] = true;
        }
        match e.street {
            Street::Preflop => {
                if matches!(e.kind, EventKind::Call | EventKind::Bet | EventKind::Raise) {
                    c[p].vpip = 1;
                }
                if aggressive {
                    c[p].pfr = 1;
                }
                if raisers.len() == 1 && raisers[0] != p && !acted_at_one_raise[p] {
                    acted_at_one_raise[p] = true;
                    // (no chance for a player the open puts all-in)
                    if can_raise {
                        c[p].three_bet_chances = 1;
                        if aggressive {
                            c[p].three_bets = 1;
                        }
                    }
                }
                if raisers.len() == 2 && raisers[0] == p && !acted_at_three_bet[p] {
                    acted_at_three_bet[p] = true;
                    c[p].fold_to_three_bet_chances = 1;
                    if e.kind == EventKind::Fold {
                        c[p].folds_to_three_bet = 1;
                    }
                }
                if aggressive {
                    raisers.push(p);
                    last_raiser = Some(p);
                }
            }
            Street::Flop | Street::Turn | Street::River => {
                if aggressive {
                    c[p].postflop_aggressive += 1;
                } else if e.kind == EventKind::Call {
                    c[p].postflop_calls += 1;
                }
                if e.street == Street::Flop {
                    if !acted_on_flop[p] && flop_bet.is_none() && last_raiser == Some(p) {
                        c[p].cbet_chances = 1;
                        if aggressive {
                            c[p].cbets = 1;
                        }
                    }
                    if cbet_made && !flop_raised && flop_bet != Some(p) && !acted_on_cbet[p] {
                        acted_on_cbet[p] = true;
                        c[p].fold_to_cbet_chances = 1;
                        if e.kind == EventKind::Fold {
                            c[p].folds_to_cbet = 1;
                        }
                    }
                    if aggressive {
                        if flop_bet.is_none() {
                            flop_bet = Some(p);
                            cbet_made = last_raiser == Some(p) && !acted_on_flop[p];
                        } else {
                            flop_raised = true;
                        }
                    }
                    acted_on_flop[p] = true;
                }
            }
            _ => {}
        }
    }
    let showdown = events.iter().any(|e| e.kind == EventKind::Show)
        && (0..n).filter(|&p| !folded[p]).count() >= 2;
    // money: the history's own numbers first
    let finishing = h.numbers("finishing_stacks").ok().flatten();
    let winnings = h.numbers("winnings").ok().flatten();
    // in the finer of the play's unit and the recorded stacks' (a site's
    // stacks after a rake of cents in a game of half-dollars)
    let places = finishing
        .iter()
        .flatten()
        .flatten()
        .map(|d| d.places())
        .fold(r.places, u32::max)
        .min(crate::phh::history::MAX_PLACES);
    let scale = 10i128.pow(places - r.places);
    let starting: Vec<i128> = hand
        .starting_stacks()
        .iter()
        .map(|&s| s as i128 * scale)
        .collect();
    let unit = |d: Decimal| d.in_units(places);
    let nets: Option<Vec<i128>> = match &finishing {
        Some(f) if f.len() == n => f
            .iter()
            .zip(&starting)
            .map(|(d, &s)| d.and_then(unit).map(|x| x - s))
            .collect(),
        _ if !r.unknown_cards => hand.final_stacks().map(|f| {
            f.iter()
                .zip(&starting)
                .map(|(&a, &s)| a as i128 * scale - s)
                .collect()
        }),
        _ => None,
    };
    if let (Some(nets), Some(Some(f))) = (
        &nets,
        finishing.as_ref().map(|f| (f.len() == n).then_some(f)),
    ) {
        check_finishing(
            h,
            hand,
            &events,
            r.unknown_cards,
            nets,
            scale,
            places,
            f.len(),
        )?;
    }
    // who won at the showdown: the history's winnings, else the replay's
    // awards when the cards are known, else the recorded stacks (what a
    // player won is its net plus what it put in, which the betting alone
    // decides); else not known
    let mut awarded = vec![0i128; n];
    for e in &events {
        if e.kind == EventKind::Award {
            if let Some(s) = e.seat {
                awarded[player(s)] += e.amount as i128;
            }
        }
    }
    let won: Option<Vec<bool>> = match (&winnings, &nets, hand.final_stacks()) {
        (Some(w), _, _) if w.len() == n => Some(
            w.iter()
                .map(|d| d.is_some_and(|d| d.mantissa > 0))
                .collect(),
        ),
        _ if !r.unknown_cards => Some(awarded.iter().map(|&a| a > 0).collect()),
        (_, Some(nets), Some(finals)) if finals.len() == n => Some(
            (0..n)
                .map(|p| {
                    let seat = (p + button + 1) % n;
                    let put_in = starting[p] - (finals[seat] as i128 - awarded[p]) * scale;
                    nets[p] + put_in > 0
                })
                .collect(),
        ),
        _ => None,
    };
    let bb = h
        .number("min_bet")
        .ok()
        .flatten()
        .or_else(|| h.number("small_bet").ok().flatten())
        .and_then(unit)
        .filter(|&b| b > 0);
    let adjust = match &nets {
        Some(_) if showdown && !r.unknown_cards && kind == GameKind::Holdem => {
            allin_adjustment(hand, &events)
        }
        _ => None,
    };
    for p in 0..n {
        if showdown && !folded[p] {
            c[p].went_to_showdown = 1;
            if let Some(won) = &won {
                c[p].showdowns_with_result = 1;
                c[p].won_at_showdown = u64::from(won[p]);
            }
        }
        if let Some(nets) = &nets {
            c[p].hands_with_result = 1;
            c[p].winnings = Decimal {
                mantissa: nets[p],
                scale: places,
            };
            // the adjustment is in the play's chips; the nets in `places`
            let delta = adjust.as_ref().map_or(0.0, |a| a[(p + button + 1) % n]) * scale as f64;
            c[p].allin_adjusted = (nets[p] as f64 + delta) / 10f64.powi(places as i32);
            c[p].allin_adjusted_hands = u64::from(adjust.is_some());
            if let Some(bb) = bb {
                c[p].big_blinds = nets[p] as f64 / bb as f64;
                c[p].allin_adjusted_big_blinds = (nets[p] as f64 + delta) / bb as f64;
            }
        }
    }
    let names = h.player_names(n);
    for (i, a) in names.iter().enumerate() {
        if names[..i].contains(a) {
            let name: String = a.chars().take(40).collect();
            return Err(crate::error::Error::history(
                h.where_(),
                format!("'{name}' plays twice in the hand (two seats under one name)"),
            ));
        }
    }
    // a table's dead small blind (PHH's blinds [bb, 0, ...]): p1 posts the
    // big blind and p2 no blind (a returning player's dead small blind is
    // dead money, logged as an ante; p1's big blind with p2's beside it is
    // two big blinds under the moving button, p1 in the small blind's seat)
    let posts_blind = |p: usize, kinds: &[EventKind]| {
        events
            .iter()
            .any(|e| kinds.contains(&e.kind) && e.seat.map(player) == Some(p))
    };
    let dead_small_blind = n >= 3
        && posts_blind(0, &[EventKind::PostBigBlind])
        && !posts_blind(1, &[EventKind::PostSmallBlind, EventKind::PostBigBlind]);
    let pos = if dead_small_blind {
        positions_dead_small_blind(n)
    } else {
        positions(n)
    };
    Ok(Some((names, c, pos)))
}

/// For a hold'em hand whose betting ended before the river with two or
/// more players in (an all-in and a runout), each seat's equity share of
/// every contested pot less what the runout awarded it from that pot, in
/// chips; `None` when the betting went to the river.
fn allin_adjustment(hand: &crate::game::Hand, events: &[crate::game::Event]) -> Option<Vec<f64>> {
    use crate::equity::{equity, Control, Method};
    let mut board_at_last_action = 0usize;
    let mut board = 0usize;
    for e in events {
        match e.kind {
            EventKind::DealBoard => board += e.cards.len(),
            EventKind::Fold
            | EventKind::Check
            | EventKind::Call
            | EventKind::Bet
            | EventKind::Raise => board_at_last_action = board,
            _ => {}
        }
    }
    if board_at_last_action >= 5 {
        return None;
    }
    let n = hand.num_players();
    let full = hand.board();
    let known = &full[..board_at_last_action.min(full.len())];
    let pots = hand.pots();
    let mut awards = vec![vec![0f64; n]; pots.len()];
    for e in events {
        if e.kind == EventKind::Award {
            if let (Some(s), Some(k)) = (e.seat, e.pot) {
                if let Some(a) = awards.get_mut(k) {
                    a[s] += e.amount as f64;
                }
            }
        }
    }
    let live: Vec<usize> = (0..n).filter(|&s| !hand.is_folded(s)).collect();
    let mut delta = vec![0f64; n];
    for (k, pot) in pots.iter().enumerate() {
        let eligible: Vec<usize> = pot.eligible.iter().filter(|s| live.contains(s)).collect();
        if eligible.len() < 2 {
            continue;
        }
        let cards = |s: usize| -> Option<[Card; 2]> {
            let c = hand.hole_cards(s)?;
            let c = c.as_slice();
            (c.len() == 2).then(|| [c[0], c[1]])
        };
        let mut players = Vec::with_capacity(eligible.len());
        for &s in &eligible {
            players.push(vec![(cards(s)?, 1.0)]);
        }
        // the other live hands' cards are out of the deck too
        let dead: Vec<Card> = live
            .iter()
            .filter(|s| !eligible.contains(s))
            .filter_map(|&s| cards(s))
            .flatten()
            .collect();
        let method = Method::Exact {
            max_deals: 100_000_000,
        };
        let r = equity(&players, known, &dead, &method, Some(1), &Control::new()).ok()?;
        for (i, &s) in eligible.iter().enumerate() {
            delta[s] += r.equities[i] * pot.amount as f64 - awards[k][s];
        }
    }
    Some(delta)
}

impl Counts {
    /// Adds `o`'s counts; false when the winnings' sum is past the exact
    /// decimal range (the winnings then left as they were).
    #[must_use]
    fn add(&mut self, o: &Counts) -> bool {
        self.hands += o.hands;
        self.vpip += o.vpip;
        self.pfr += o.pfr;
        self.three_bet_chances += o.three_bet_chances;
        self.three_bets += o.three_bets;
        self.fold_to_three_bet_chances += o.fold_to_three_bet_chances;
        self.folds_to_three_bet += o.folds_to_three_bet;
        self.cbet_chances += o.cbet_chances;
        self.cbets += o.cbets;
        self.fold_to_cbet_chances += o.fold_to_cbet_chances;
        self.folds_to_cbet += o.folds_to_cbet;
        self.postflop_aggressive += o.postflop_aggressive;
        self.postflop_calls += o.postflop_calls;
        self.saw_flop += o.saw_flop;
        self.went_to_showdown += o.went_to_showdown;
        self.showdowns_with_result += o.showdowns_with_result;
        self.won_at_showdown += o.won_at_showdown;
        self.hands_with_result += o.hands_with_result;
        let sum = self.winnings.checked_add(o.winnings);
        self.big_blinds += o.big_blinds;
        self.allin_adjusted += o.allin_adjusted;
        self.allin_adjusted_big_blinds += o.allin_adjusted_big_blinds;
        self.allin_adjusted_hands += o.allin_adjusted_hands;
        match sum {
            Some(w) => {
                self.winnings = w;
                true
            }
            None => false,
        }
    }
}

/// The statistics of `histories`, for every player or only `player`, the
/// hands counted on all cores in chunks, each chunk's counts merged in
/// order (so the result does not depend on the threads, and memory on the
/// chunk, not the corpus); `cancel`, when set, stops the work with
/// [`crate::ErrorKind::Interrupted`].
pub fn stats(
    histories: &[&HandHistory],
    player: Option<&str>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Stats> {
    use rayon::prelude::*;
    use std::sync::atomic::Ordering;
    const CHUNK: usize = 2048;
    let stop = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let parts: Vec<Stats> = histories
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut out = Stats::default();
            for h in chunk {
                if stop() {
                    break;
                }
                count_hand(&mut out, h, player);
            }
            out
        })
        .collect();
    if stop() {
        return Err(crate::ErrorKind::Interrupted.into());
    }
    let mut out = Stats::default();
    for p in parts {
        out.merge(p);
    }
    if let Some(name) = out.overflow.take() {
        let name: String = name.chars().take(40).collect();
        return Err(crate::error::Error::history(
            "stats",
            format!(
                "the winnings of '{name}' cannot be summed exactly: amounts with that many \
                 decimals and that large make a total past 38 significant digits"
            ),
        ));
    }
    Ok(out)
}

impl Stats {
    /// Adds another corpus's statistics (counted after this one's).
    fn merge(&mut self, o: Stats) {
        for (k, c) in o.players {
            if !self.players.entry(k.clone()).or_default().add(&c) {
                self.overflow.get_or_insert(k);
            }
        }
        for (k, c) in o.by_position {
            if !self.by_position.entry(k.clone()).or_default().add(&c) {
                self.overflow.get_or_insert(k.0);
            }
        }
        if let Some(name) = o.overflow {
            self.overflow.get_or_insert(name);
        }
        self.hands += o.hands;
        self.skipped += o.skipped;
        for w in o.skipped_why {
            if self.skipped_why.len() < 20 {
                self.skipped_why.push(w);
            }
        }
        self.series.extend(o.series);
    }
}

/// Counts one hand into `out`.
fn count_hand(out: &mut Stats, h: &HandHistory, player: Option<&str>) {
    match hand_counts(h) {
        Ok(Some((names, counts, pos))) => {
            out.hands += 1;
            for (i, (name, c)) in names.iter().zip(&counts).enumerate() {
                if player.is_some_and(|p| p != name) {
                    continue;
                }
                if player.is_some() && c.hands_with_result > 0 {
                    out.series.push((c.big_blinds, c.allin_adjusted_big_blinds));
                }
                let fine = if let Some(x) = out.players.get_mut(name) {
                    x.add(c)
                } else {
                    out.players.insert(name.clone(), c.clone());
                    true
                };
                let fine = fine
                    & out
                        .by_position
                        .entry((name.clone(), pos[i]))
                        .or_default()
                        .add(c);
                if !fine {
                    out.overflow.get_or_insert_with(|| name.clone());
                }
            }
        }
        Ok(None) => {
            out.skipped += 1;
            if out.skipped_why.len() < 20 {
                out.skipped_why
                    .push(format!("{}: a stud or draw game", h.where_()));
            }
        }
        Err(e) => {
            out.skipped += 1;
            if out.skipped_why.len() < 20 {
                out.skipped_why.push(e.to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::positions;

    #[test]
    fn a_dead_small_blind_leaves_no_small_blind_position() {
        use super::positions_dead_small_blind as dead;
        assert_eq!(dead(3), ["BB", "CO", "BTN"]);
        assert_eq!(dead(4), ["BB", "UTG", "CO", "BTN"]);
        assert_eq!(dead(6), ["BB", "UTG", "LJ", "HJ", "CO", "BTN"]);
        assert_eq!(dead(2), ["BB", "BTN"]);
    }

    #[test]
    fn positions_are_named_as_trackers_name_them() {
        assert_eq!(positions(2), ["BB", "BTN"]);
        assert_eq!(positions(3), ["SB", "BB", "BTN"]);
        assert_eq!(positions(4), ["SB", "BB", "CO", "BTN"]);
        assert_eq!(positions(5), ["SB", "BB", "UTG", "CO", "BTN"]);
        assert_eq!(positions(6), ["SB", "BB", "UTG", "HJ", "CO", "BTN"]);
        assert_eq!(positions(7), ["SB", "BB", "UTG", "LJ", "HJ", "CO", "BTN"]);
        assert_eq!(
            positions(9),
            ["SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN"]
        );
        assert_eq!(positions(10).len(), 10);
        assert_eq!(positions(23).len(), 23);
    }
}
