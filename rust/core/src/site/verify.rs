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
/// * each player put in what the site says (forced bets, bets and calls,
///   less the uncalled bets the site returned), and the pot is the site's
///   total pot;
/// * the pot is what the site paid out plus its rake;
/// * where every hand at the showdown is known, each player won what the
///   site paid, but for the rake: the rake comes out of the winners' shares
///   only, and it is all of the difference (with no rake, to the chip).
///
/// The reason, in words, when something differs.
pub fn verify(
    h: &HandHistory,
    facts: &SiteFacts,
) -> std::result::Result<(), (ProblemKind, String)> {
    let r = replay(h).map_err(|e| {
        if matches!(e.kind(), ErrorKind::Replay(r) if r.reason == Some(IllegalReason::CannotFold)) {
            (
                ProblemKind::Refused,
                "a fold where checking was free: the site allows it, the engine does not"
                    .to_string(),
            )
        } else {
            (ProblemKind::Mismatch, format!("the replay fails: {e}"))
        }
    })?;
    compare(h, facts, &r).map_err(|why| (ProblemKind::Mismatch, why))
}

fn compare(h: &HandHistory, facts: &SiteFacts, r: &Replayed) -> std::result::Result<(), String> {
    let hand = &r.hand;
    if !hand.is_over() {
        return Err("the replay does not reach the end of the hand".into());
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
    let got: Vec<i128> = hand
        .contributions()
        .iter()
        .map(|&g| g as i128 * scale)
        .collect();
    let n = got.len();
    if facts.contributed.len() != n || facts.collected.len() != n {
        return Err(format!(
            "{n} players replayed, the site's amounts are for {}",
            facts.contributed.len()
        ));
    }
    let players: Vec<String> = match h.get("players") {
        Some(crate::phh::toml::Value::Array(v)) => v
            .iter()
            .map(|x| match x {
                crate::phh::toml::Value::Str(s) => s.clone(),
                _ => String::new(),
            })
            .collect(),
        _ => (1..=n).map(|i| format!("p{i}")).collect(),
    };
    let unit = Decimal::unit(places);
    let show = |v: i128| {
        Decimal {
            mantissa: v * unit.mantissa,
            scale: unit.scale,
        }
        .to_string()
    };
    let mut pot = 0i128;
    for (i, (&g, &want)) in got.iter().zip(&facts.contributed).enumerate() {
        let want = units(want)?;
        if g != want {
            return Err(format!(
                "{} put in {} in the replay, {} at the site",
                players[i],
                show(g),
                show(want)
            ));
        }
        pot += want;
    }
    if let Some(t) = facts.total_pot {
        let t = units(t)?;
        if t != pot {
            return Err(format!(
                "the pot is {} in the replay, {} at the site",
                show(pot),
                show(t)
            ));
        }
    }
    let rake = units(facts.rake)?;
    let collected = facts
        .collected
        .iter()
        .map(|&d| units(d))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let paid: i128 = collected.iter().sum();
    if paid + rake != pot {
        return Err(format!(
            "the site paid {} and raked {} from a pot of {}",
            show(paid),
            show(rake),
            show(pot)
        ));
    }
    if r.unknown_cards {
        // who won is the site's word: the cards at the showdown are not all known
        return Ok(());
    }
    let finals = hand
        .final_stacks()
        .ok_or("the replay does not reach the end of the hand")?;
    let starting = hand.starting_stacks();
    let mut taken = 0i128;
    for i in 0..n {
        let won = (finals[i] as i128 - starting[i] as i128) * scale + got[i];
        let d = won - collected[i];
        if d < 0 || (d > 0 && won == 0) {
            return Err(format!(
                "{} wins {} in the replay, {} at the site",
                players[i],
                show(won),
                show(collected[i])
            ));
        }
        if d > 0 && collected[i] == 0 && won > rake {
            return Err(format!(
                "{} wins {} in the replay, nothing at the site",
                players[i],
                show(won)
            ));
        }
        taken += d;
    }
    if taken != rake {
        return Err(format!(
            "the replay's winners get {} more than the site paid, the rake is {}",
            show(taken),
            show(rake)
        ));
    }
    Ok(())
}
