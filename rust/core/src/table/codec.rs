//! A byte encoding of a [`Table`] and a [`Tournament`], for pickling: the
//! whole state (seats, positions, the dealing generator's seed and
//! position, a hand being played, busts, the schedule and results), checked
//! field by field when read back.
use super::seats::Positions;
use super::tournament::{Advance, Finish, Level, Rotation, Tournament, Undo};
use super::{Bust, ButtonRule, Deal, MissedBlinds, Player, Status, Table};
use crate::deck::DeckRng;
use crate::error::Result;
use crate::game::codec::{
    bad, check_version, read_rules, read_seat_sets, write_rules, write_seat_sets, Reader, Writer,
    FORMAT,
};
use crate::game::{Game, Seating, Structure, MAX_SEATS, MIN_SEATS};
use rand::SeedableRng;
use std::sync::Arc;

fn opt_seat_w(w: &mut Writer, s: Option<usize>) {
    w.u8(s.map_or(u8::MAX, |s| s as u8));
}

fn opt_seat_r(r: &mut Reader, n: usize) -> Result<Option<usize>> {
    match r.u8()? {
        u8::MAX => Ok(None),
        s if (s as usize) < n => Ok(Some(s as usize)),
        _ => Err(bad()),
    }
}

fn write_positions(w: &mut Writer, p: &Positions) {
    w.u8(p.button as u8);
    w.u8(p.small_blind as u8);
    w.u8(p.big_blind as u8);
    w.bool(p.button_dead);
    w.bool(p.small_blind_dead);
}

fn read_positions(r: &mut Reader, n: usize) -> Result<Positions> {
    Ok(Positions {
        button: r.seat(n)?,
        small_blind: r.seat(n)?,
        big_blind: r.seat(n)?,
        button_dead: r.bool()?,
        small_blind_dead: r.bool()?,
    })
}

fn write_deal(w: &mut Writer, d: Option<&Deal>) {
    let Some(d) = d else {
        w.bool(false);
        return;
    };
    w.bool(true);
    w.len(d.seats.len());
    for (&s, &st) in d.seats.iter().zip(&d.starting) {
        w.u8(s as u8);
        w.u64(st);
    }
    write_positions(w, &d.positions);
    w.u8(d.seating.button as u8);
    opt_seat_w(w, d.seating.small_blind);
    w.u8(d.seating.big_blind as u8);
    write_seat_sets(
        w,
        d.seating.posting,
        d.seating.dead_blinds,
        d.seating.dead_hands,
    );
    w.u64(d.number);
    w.u64(d.cards);
    w.u64(d.absent as u64);
    w.len(d.entering.len());
    for &(s, st) in &d.entering {
        w.u8(s as u8);
        w.u8(st as u8);
    }
    match &d.before.0 {
        None => w.bool(false),
        Some(p) => {
            w.bool(true);
            write_positions(w, p);
        }
    }
    w.u64(d.before.1 as u64);
    w.u64((d.before.1 >> 64) as u64);
}

fn read_deal(r: &mut Reader, n: usize) -> Result<Option<Deal>> {
    if !r.bool()? {
        return Ok(None);
    }
    let k = r.len(n)?;
    let mut ds = Vec::with_capacity(k);
    let mut starting = Vec::with_capacity(k);
    for _ in 0..k {
        ds.push(r.seat(n)?);
        starting.push(r.u64()?);
    }
    let positions = read_positions(r, n)?;
    let (button, small_blind, big_blind) = (r.seat(k)?, opt_seat_r(r, k)?, r.seat(k)?);
    let (posting, dead_blinds, dead_hands) = read_seat_sets(r)?;
    let seating = Seating {
        button,
        small_blind,
        big_blind,
        posting,
        dead_blinds,
        dead_hands,
    };
    let number = r.u64()?;
    let cards = r.u64()?;
    let absent = u32_of(r.u64()?)?;
    let e = r.len(n)?;
    let mut entering = Vec::with_capacity(e);
    for _ in 0..e {
        entering.push((r.seat(n)?, Status::from_u8(r.u8()?).ok_or_else(bad)?));
    }
    let before_pos = if r.bool()? {
        Some(read_positions(r, n)?)
    } else {
        None
    };
    let before_word = r.u64()? as u128 | (r.u64()? as u128) << 64;
    // The hand's seats in table order.
    let ordered = ds.windows(2).all(|p| p[0] < p[1]);
    let beyond = |set: u32| set >> k != 0;
    if k < MIN_SEATS
        || !ordered
        || beyond(posting | dead_blinds | dead_hands | absent)
        || seating.small_blind == Some(seating.big_blind)
    {
        return Err(bad());
    }
    Ok(Some(Deal {
        seats: ds,
        positions,
        seating,
        number,
        starting,
        cards,
        absent,
        entering,
        before: (before_pos, before_word),
    }))
}

fn write_table(w: &mut Writer, t: &Table) {
    write_rules(w, &t.rules);
    // The missed-blind rule in the high half of the button rule's byte,
    // whether the button stays put through stud hands in its top bit.
    w.u8(t.button_rule as u8
        | (t.missed_blinds as u8) << 4
        | u8::from(t.freeze_button_in_stud) << 7);
    w.len(t.seats.len());
    for s in &t.seats {
        match s {
            None => w.bool(false),
            Some(p) => {
                w.bool(true);
                w.u64(p.id as u64);
                w.u64(p.stack);
                // The blinds missed and whether the player has played here
                // in the status byte's high bits.
                w.u8(p.status as u8 | p.missed << 4 | u8::from(p.played) << 6);
                match p.before_out {
                    None => w.bool(false),
                    Some((st, at)) => {
                        w.bool(true);
                        w.u8(st as u8);
                        w.u64(at);
                    }
                }
            }
        }
    }
    w.u64(t.next_id as u64);
    match &t.last {
        None => w.bool(false),
        Some(p) => {
            w.bool(true);
            write_positions(w, p);
        }
    }
    opt_seat_w(w, t.first_button);
    w.0.extend_from_slice(&t.seed);
    let pos = t.rng.get_word_pos();
    w.u64(pos as u64);
    w.u64((pos >> 64) as u64);
    w.u64(t.hands);
    write_deal(w, t.dealt());
    write_deal(w, t.last_deal());
    w.len(t.busts.len());
    for b in &t.busts {
        w.u64(b.player as u64);
        w.u8(b.seat as u8);
        w.u64(b.hand);
        w.u64(b.starting_stack);
    }
}

fn u32_of(v: u64) -> Result<u32> {
    u32::try_from(v).map_err(|_| bad())
}

fn read_table(r: &mut Reader) -> Result<Table> {
    let rules = Arc::new(read_rules(r)?);
    let byte = r.u8()?;
    let button_rule = match byte & 15 {
        0 => ButtonRule::Moving,
        1 => ButtonRule::Dead,
        _ => return Err(bad()),
    };
    let missed_blinds = MissedBlinds::from_u8((byte >> 4) & 7).ok_or_else(bad)?;
    let freeze_button_in_stud = byte >> 7 == 1;
    let n = r.len(MAX_SEATS)?;
    if n < MIN_SEATS {
        return Err(bad());
    }
    let mut seats = Vec::with_capacity(n);
    for _ in 0..n {
        seats.push(if r.bool()? {
            let id = u32_of(r.u64()?)?;
            let stack = r.u64()?;
            let byte = r.u8()?;
            let status = Status::from_u8(byte & 15).ok_or_else(bad)?;
            let (missed, played) = ((byte >> 4) & 3, byte >> 6 == 1);
            if byte >> 7 != 0 {
                return Err(bad());
            }
            let before_out = if r.bool()? {
                Some((Status::from_u8(r.u8()?).ok_or_else(bad)?, r.u64()?))
            } else {
                None
            };
            Some(Player {
                id,
                stack,
                status,
                before_out,
                missed,
                played,
            })
        } else {
            None
        });
    }
    let next_id = u32_of(r.u64()?)?;
    let last = if r.bool()? {
        Some(read_positions(r, n)?)
    } else {
        None
    };
    let first_button = opt_seat_r(r, n)?;
    let mut seed = [0u8; 32];
    for b in seed.iter_mut() {
        *b = r.u8()?;
    }
    let pos = r.u64()? as u128 | (r.u64()? as u128) << 64;
    let hands = r.u64()?;
    let out = read_deal(r, n)?;
    if out.as_ref().is_some_and(|d| {
        d.number + 1 != hands
            || !d
                .seats
                .iter()
                .zip(&d.starting)
                .all(|(&s, &st)| seats[s].as_ref().is_some_and(|p| p.stack == st))
    }) {
        return Err(bad());
    }
    let last_deal = read_deal(r, n)?;
    let nb = r.len(1 << 24)?;
    let mut busts = Vec::with_capacity(nb.min(r.0.len() / 25));
    for _ in 0..nb {
        busts.push(Bust {
            player: u32_of(r.u64()?)?,
            seat: r.seat(n)?,
            hand: r.u64()?,
            starting_stack: r.u64()?,
        });
    }
    // Ids unique and issued; chips within the engine's limits.
    let mut ids: Vec<u32> = seats.iter().flatten().map(|p| p.id).collect();
    ids.sort_unstable();
    let unique = ids.windows(2).all(|w| w[0] < w[1]);
    let chips = seats
        .iter()
        .flatten()
        .try_fold(0u64, |a, p| a.checked_add(p.stack));
    if !unique
        || ids.last().is_some_and(|&m| m >= next_id)
        || chips.is_none_or(|c| c > crate::game::rules::MAX_CHIPS)
        || seats.iter().flatten().any(|p| p.stack == 0)
    {
        return Err(bad());
    }
    let mut rng = DeckRng::from_seed(seed);
    rng.set_word_pos(pos);
    let (dealing, finished) = (out.is_some(), last_deal.is_some());
    // Slot 0 the hand out, slot 1 the last finished.
    let deals = [out.unwrap_or_default(), last_deal.unwrap_or_default()];
    Ok(Table {
        rules,
        button_rule,
        seats,
        next_id,
        last,
        first_button,
        seed,
        rng,
        hands,
        deals,
        cur: 0,
        dealing,
        finished,
        busts,
        missed_blinds,
        freeze_button_in_stud,
    })
}

pub fn encode_table(t: &Table) -> Vec<u8> {
    let mut w = Writer::default();
    w.u8(FORMAT);
    write_table(&mut w, t);
    w.0
}

pub fn decode_table(bytes: &[u8]) -> Result<Table> {
    let mut r = Reader(bytes);
    check_version(&mut r)?;
    let t = read_table(&mut r)?;
    if !r.0.is_empty() {
        return Err(bad());
    }
    Ok(t)
}

pub fn encode_tournament(t: &Tournament) -> Vec<u8> {
    let mut w = Writer::default();
    w.u8(FORMAT);
    write_table(&mut w, &t.table);
    w.len(t.mix.len());
    for (structure, game) in &t.mix {
        w.u8(*structure as u8);
        w.u8(game.to_byte());
    }
    w.u8(t.rotation as u8);
    w.u64(t.game_at as u64);
    w.u64(t.round.0 as u64);
    w.u64(t.round.1 as u64);
    w.len(t.levels.len());
    for l in &t.levels {
        for v in [
            l.small_blind,
            l.big_blind,
            l.ante,
            l.big_blind_ante,
            l.bring_in,
        ] {
            w.u64(v);
        }
    }
    match t.advance {
        Advance::Hands(h) => {
            w.u8(0);
            w.u64(h as u64);
        }
        Advance::Seconds(s) => {
            w.u8(1);
            w.u64(s.to_bits());
        }
    }
    w.u64(t.level as u64);
    w.u64(t.hands_at_level as u64);
    w.u64(t.clock.to_bits());
    w.len(t.payouts.len());
    t.payouts.iter().for_each(|&p| w.u64(p));
    w.u64(t.entrants as u64);
    w.len(t.results.len());
    for f in &t.results {
        w.u64(f.player as u64);
        w.u8(f.seat as u8);
        w.u64(f.place as u64);
        w.u64(f.prize);
        w.u64(f.hand.map_or(u64::MAX, |h| h));
    }
    match t.undo {
        None => w.bool(false),
        Some(u) => {
            w.bool(true);
            w.u64(u.level as u64);
            w.u64(u.hands_at_level as u64);
            w.u64(u.clock.to_bits());
            w.u64(u.game_at as u64);
            w.u64(u.round.0 as u64);
            w.u64(u.round.1 as u64);
        }
    }
    w.0
}

pub fn decode_tournament(bytes: &[u8]) -> Result<Tournament> {
    let mut r = Reader(bytes);
    check_version(&mut r)?;
    let table = read_table(&mut r)?;
    let n = table.seat_count();
    let nm = r.len(64)?;
    let mut mix = Vec::with_capacity(nm);
    for _ in 0..nm {
        let structure = Structure::from_u8(r.u8()?)
            .filter(|&s| s != Structure::Progressive)
            .ok_or_else(bad)?;
        mix.push((structure, Game::from_byte(r.u8()?)?));
    }
    let rotation = Rotation::from_u8(r.u8()?).ok_or_else(bad)?;
    let game_at = r.u64()? as usize;
    let round = (u32_of(r.u64()?)?, u32_of(r.u64()?)?);
    let nl = r.len(1 << 16)?;
    let mut levels = Vec::with_capacity(nl);
    for _ in 0..nl {
        levels.push(Level {
            small_blind: r.u64()?,
            big_blind: r.u64()?,
            ante: r.u64()?,
            big_blind_ante: r.u64()?,
            bring_in: r.u64()?,
        });
    }
    let advance = match r.u8()? {
        0 => Advance::Hands(u32_of(r.u64()?)?),
        1 => Advance::Seconds(f64::from_bits(r.u64()?)),
        _ => return Err(bad()),
    };
    let level = r.u64()? as usize;
    let hands_at_level = u32_of(r.u64()?)?;
    let clock = f64::from_bits(r.u64()?);
    let np = r.len(1 << 16)?;
    let payouts = (0..np).map(|_| r.u64()).collect::<Result<Vec<_>>>()?;
    let entrants = u32_of(r.u64()?)?;
    let nr = r.len(1 << 24)?;
    let mut results = Vec::with_capacity(nr.min(r.0.len() / 33));
    for _ in 0..nr {
        let player = u32_of(r.u64()?)?;
        let seat = r.seat(n)?;
        let place = u32_of(r.u64()?)?;
        let prize = r.u64()?;
        let hand = match r.u64()? {
            u64::MAX => None,
            h => Some(h),
        };
        results.push(Finish {
            player,
            seat,
            place,
            prize,
            hand,
        });
    }
    let undo = if r.bool()? {
        Some(Undo {
            level: r.u64()? as usize,
            hands_at_level: u32_of(r.u64()?)?,
            clock: f64::from_bits(r.u64()?),
            game_at: r.u64()? as usize,
            round: (u32_of(r.u64()?)?, u32_of(r.u64()?)?),
        })
    } else {
        None
    };
    if undo.is_some_and(|u| {
        u.level >= levels.len() || !u.clock.is_finite() || u.clock < 0.0 || u.game_at >= mix.len()
    }) || undo.is_some() != table.dealt().is_some()
    {
        return Err(bad());
    }
    // Every game of the mix playable at every level, the table's rules
    // those of the game and level played, and its button frozen through
    // stud hands exactly in a mix with a stud game.
    let mixed = mix.len() > 1;
    if mix.is_empty()
        || game_at >= mix.len()
        || level >= levels.len()
        || table.freeze_button_in_stud != (mixed && mix.iter().any(|(_, g)| g.is_stud()))
        || levels.iter().any(|l| {
            mix.iter()
                .any(|&(s, g)| super::tournament::level_rules(s, g, l, mixed, false).is_err())
        })
    {
        return Err(bad());
    }
    // (the cap lifted or not: a tournament down to two players between
    // hands still holds the last hand's rules, until the next one is dealt)
    let (s, g) = mix[game_at];
    if ![false, true].iter().any(|&heads_up| {
        super::tournament::level_rules(s, g, &levels[level], mixed, heads_up)
            .ok()
            .as_ref()
            == Some(&*table.rules)
    }) {
        return Err(bad());
    }
    if !r.0.is_empty()
        || levels.is_empty()
        || level >= levels.len()
        || !clock.is_finite()
        || clock < 0.0
        || payouts.len() > entrants as usize
        || super::tournament::payout_total(&payouts).is_none()
        || payouts.windows(2).any(|w| w[1] > w[0])
    {
        return Err(bad());
    }
    if let Advance::Seconds(s) = advance {
        if !(s.is_finite() && s > 0.0) {
            return Err(bad());
        }
    }
    if matches!(advance, Advance::Hands(0)) {
        return Err(bad());
    }
    Ok(Tournament {
        table,
        mix,
        rotation,
        game_at,
        round,
        levels,
        advance,
        level,
        hands_at_level,
        clock,
        payouts,
        entrants,
        results,
        undo,
    })
}
