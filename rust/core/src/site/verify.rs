//! A converted hand replayed through the engine and compared with what the
//! site recorded.
use super::{ProblemKind, SiteFacts};
use crate::error::{ErrorKind, IllegalReason};
use crate::game::HandState;
use crate::phh::Replayed;
use crate::phh::{replay, Decimal, HandHistory};

/// Replays `h` and compares it with `facts`:
///
/// * the replay is legal to its last action and the hand is over;
/// * the site's own numbers agree: what its lines say the players put in
///   (forced bets, bets and calls, less the uncalled bets it returned) is
///   its total pot, and that is what it paid out plus its rake (and fees);
/// * where every hand at the showdown is known, each player ends the
///   replay with what the site left it, but for the rake: the replay's
///   stacks exceed the site's only where a player won, never fall short,
///   and by the rake in all (with no rake, to the chip);
/// * where a hand at the showdown is unknown (who won is the site's word),
///   each player put in what the site says, and the pots add up.
///
/// The reason, in words, when something differs.
pub fn verify(
    h: &HandHistory,
    facts: &SiteFacts,
) -> std::result::Result<(), (ProblemKind, String)> {
    verified(h, facts).map(|_| ())
}

/// [`verify`], keeping the replay it checked.
pub(crate) fn verified(
    h: &HandHistory,
    facts: &SiteFacts,
) -> std::result::Result<Replayed, (ProblemKind, String)> {
    let r = replay(h).map_err(|e| {
        if matches!(e.kind(), ErrorKind::Replay(r) if r.reason == Some(IllegalReason::CannotFold)) {
            (
                ProblemKind::Refused,
                "a fold where checking was free: the site allows it, the engine does not"
                    .to_string(),
            )
        } else if matches!(e.kind(), ErrorKind::Replay(r)
                if matches!(r.reason, Some(IllegalReason::BelowMinimum | IllegalReason::AboveMaximum))
                    && r.action.contains(" cbr ")
                    && r.legal.as_ref().is_some_and(|l| l.call_amount > 0 && l.min_raise_to.is_some()))
            && h.variant().is_ok_and(|v| v.starts_with('F'))
            && ["PokerStars", "iPoker"]
                .iter()
                .any(|&s| h.get("_site") == Some(&crate::phh::toml::Value::Str(s.into())))
        {
            // PokerStars' and iPoker's fixed limit: bets stay on whole-bet
            // levels; after an all-in short of one, the next raise goes to a
            // whole bet (PokerStars: 300 to 550 all-in, then a raise to 600;
            // iPoker: 0.13 all-in on a 0.20 round, then a raise to 0.40),
            // where WSOP rule 129 puts a full bet on top of the all-in (to
            // 850, to 0.33). A raise of a bet was legal, at another amount.
            (
                ProblemKind::Refused,
                format!(
                    "a fixed-limit raise to a whole bet after an all-in short of one, the \
                     site's rule (the engine plays WSOP rule 129: {e})"
                ),
            )
        } else if e.to_string().contains("too many unknown cards") {
            // (a draw game whose stub was reshuffled: more cards dealt than
            // the deck holds, the unknown ones not followed across it)
            (
                ProblemKind::Refused,
                format!("not replayed: {e}"),
            )
        } else if e.to_string().contains("no big blind is posted") {
            // (the big blind's player away, the small blind alone posted:
            // the site deals it, the engine plays a hand with a big blind)
            (ProblemKind::Refused, format!("not replayed: {e}"))
        } else if e.to_string().contains("straddle of") {
            // a straddle larger than the engine allows (GGPoker lets an
            // all-in straddle exceed a pot-limit raise)
            (
                ProblemKind::Refused,
                format!("a straddle the engine does not play: {e}"),
            )
        } else {
            (ProblemKind::Mismatch, format!("the replay fails: {e}"))
        }
    })?;
    compare(h, facts, &r).map_err(|why| (ProblemKind::Mismatch, why))?;
    Ok(r)
}

fn compare(h: &HandHistory, facts: &SiteFacts, r: &Replayed) -> std::result::Result<(), String> {
    let hand = &r.hand;
    if !hand.is_over() {
        return Err("the replay does not reach the end of the hand".into());
    }
    let n = hand.num_players();
    if facts.contributed.len() != n || facts.collected.len() != n {
        return Err(format!(
            "{n} players replayed, the site's amounts are for {}",
            facts.contributed.len()
        ));
    }
    // the site's amounts may have more decimals than the play's (a rake
    // of 0.18 in a game of 0.25 chips): compare in the finer unit
    let places = facts
        .contributed
        .iter()
        .chain(&facts.collected)
        .chain(facts.total_pot.iter())
        .chain(std::iter::once(&facts.rake))
        .map(|d| d.places())
        .fold(r.places, u32::max)
        .min(crate::phh::history::MAX_PLACES);
    let scale = 10i128.pow(places - r.places);
    let units = |d: Decimal| -> std::result::Result<i128, String> {
        d.in_units(places)
            .ok_or_else(|| format!("{d} is not a whole number of the hand's chip unit"))
    };
    let unit = Decimal::unit(places);
    let show = |v: i128| {
        Decimal {
            mantissa: v * unit.mantissa,
            scale: unit.scale,
        }
        .to_string()
    };
    let players = h.player_names(n);
    let put: Vec<i128> = facts
        .contributed
        .iter()
        .map(|&d| units(d))
        .collect::<std::result::Result<_, _>>()?;
    let paid: Vec<i128> = facts
        .collected
        .iter()
        .map(|&d| units(d))
        .collect::<std::result::Result<_, _>>()?;
    let rake = units(facts.rake)?;
    let pot: i128 = put.iter().sum();
    if let Some(t) = facts.total_pot {
        let t = units(t)?;
        if t != pot {
            return Err(format!(
                "the site's players put in {}, its total pot is {}",
                show(pot),
                show(t)
            ));
        }
    }
    let paid_all: i128 = paid.iter().sum();
    if paid_all + rake != pot {
        return Err(format!(
            "the site paid {} and raked {} from a pot of {}",
            show(paid_all),
            show(rake),
            show(pot)
        ));
    }
    let finals = hand
        .final_stacks()
        .ok_or("the replay does not reach the end of the hand")?;
    let starting = hand.starting_stacks();
    if r.unknown_cards {
        // who won is the site's word: each player's chips in, as the replay
        // has them (its stack's fall plus what it won)
        let mut awarded = vec![0i128; n];
        for e in hand.events() {
            if e.kind == crate::game::EventKind::Award {
                if let Some(s) = e.seat.filter(|&s| s < n) {
                    awarded[s] += e.amount as i128;
                }
            }
        }
        for i in 0..n {
            let got = (starting[i] as i128 - finals[i] as i128 + awarded[i]) * scale;
            if got != put[i] {
                return Err(format!(
                    "{} put in {} in the replay, {} at the site",
                    players[i],
                    show(got),
                    show(put[i])
                ));
            }
        }
        // and nobody collected more than the pots it could win: a folded
        // player none, an all-in player its pots only
        let pots = hand.pots();
        for i in 0..n {
            let most: i128 = pots
                .iter()
                .filter(|p| p.eligible.contains(i))
                .map(|p| p.amount as i128 * scale)
                .sum();
            if paid[i] > most {
                return Err(format!(
                    "{} collected {} at the site, more than the {} it could win",
                    players[i],
                    show(paid[i]),
                    show(most)
                ));
            }
        }
        return Ok(());
    }
    let mut taken = 0i128;
    for i in 0..n {
        let engine = (finals[i] as i128 - starting[i] as i128) * scale;
        let site = paid[i] - put[i];
        let d = engine - site;
        if d < 0 || (d > 0 && engine + put[i] <= 0) {
            return Err(format!(
                "{} ends {} in the replay, {} at the site",
                players[i],
                show(engine),
                show(site)
            ));
        }
        taken += d;
    }
    if taken != rake {
        return Err(format!(
            "the replay's winners end {} above the site's, the rake is {}",
            show(taken),
            show(rake)
        ));
    }
    Ok(())
}
