//! Who is dealt in, and who posts what, hand after hand.
//!
//! Seats are the table's (0 to seat_count - 1), clockwise. Two rules:
//!
//! **Moving button** (cash games). The button moves to the next seat
//! clockwise whose player is playing; the small blind is the next playing
//! player after it; the big blind the next player after the small blind who
//! is playing or coming in (a player waiting for the big blind, or posting
//! one, comes in by taking it). Players posting to come in post a big blind
//! out of position at the next hand, except from a seat strictly between the
//! button and the small blind (they would have the button without paying a
//! blind: WSOP tournament rule 66; live-action rules 274 and 307 offer
//! posting or waiting), where they wait a hand. Nobody skips the big blind
//! (Robert's Rules: "there may be more than one big blind"): a player dealt
//! in between last hand's big blind and this one's posts a big blind too,
//! in the small blind's seat instead of the small blind.
//! Players sitting out are not dealt in; the blinds that go past their
//! seats are owed when they come back (a live big blind, a dead small
//! blind: [`super::MissedBlinds`]).
//!
//! **Dead button** (tournaments, TDA rule; WSOP tournament rule 85). The big
//! blind moves forward one seat every hand: to the next player clockwise
//! after last hand's big blind, whoever that is, so nobody skips a big
//! blind. The small blind is the seat of last hand's big blind, dead (not
//! posted) if that player busted; the button is the seat of last hand's
//! small blind, dead if nobody plays there now. Players sitting out are dealt
//! in and post (they are blinded off), and their hands are dead (TDA rule
//! 30: folded after the forced bets). Players joining are dealt in at once,
//! except from a seat strictly between the button and the small blind
//! (WSOP tournament rule 66), where they wait a hand, unless nobody else
//! dealt in is present.
//!
//! **Heads-up** (both rules). The button posts the small blind and the other
//! player the big blind (WSOP tournament rule 87). With a moving button the
//! button alternates, except that when a game comes down to two players the
//! button is placed so that nobody has the big blind twice in a row; with a
//! dead button the big blind moves forward as always, which never gives
//! anyone two in a row.
//!
//! At the first hand the button is at the seat given (or the first player),
//! the blinds the next two players. When fewer than two players could be
//! dealt in (the others waiting to come in), the game starts over: everyone
//! waiting comes in without posting (with the dead button, the button goes
//! to the next player after the last button, the blinds after it).
use super::{ButtonRule, Status, Table};
use crate::error::{Error, Result};
use crate::game::Seating;

/// Where the button and blinds were for one hand, in table seats.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Positions {
    /// The button's seat (possibly dead: nobody dealt in there).
    pub button: usize,
    /// The small blind's seat (possibly dead: nobody posted).
    pub small_blind: usize,
    pub big_blind: usize,
    pub button_dead: bool,
    pub small_blind_dead: bool,
}

impl Positions {
    /// The button and both blinds at these seats, none of them dead.
    pub fn live(button: usize, small_blind: usize, big_blind: usize) -> Positions {
        Positions {
            button,
            small_blind,
            big_blind,
            button_dead: false,
            small_blind_dead: false,
        }
    }
}

/// The next hand, worked out.
pub(crate) struct Plan {
    /// Table seats dealt in, in seat order (the hand's seats 0, 1, ...).
    pub seats: Vec<usize>,
    pub seating: Seating,
    pub positions: Positions,
    /// Seats whose player comes in with this hand.
    pub entering: Vec<usize>,
}

/// The first seat of `set` strictly after `after`, clockwise (`after`
/// itself when it is the only one). Bit tricks, no division: this runs
/// several times a hand.
#[inline]
fn next_in(set: u32, after: usize, n: usize) -> Option<usize> {
    debug_assert!(n <= 32 && after < n && set >> n == 0);
    if set == 0 {
        return None;
    }
    let above = set & !(u32::MAX >> (31 - after as u32));
    Some(if above != 0 {
        above.trailing_zeros()
    } else {
        set.trailing_zeros()
    } as usize)
}

/// The first seat of `set` strictly before `before`, counter-clockwise.
#[inline]
fn prev_in(set: u32, before: usize, n: usize) -> Option<usize> {
    debug_assert!(n <= 32 && before < n && set >> n == 0);
    if set == 0 {
        return None;
    }
    let below = set & ((1u32 << before) - 1);
    Some(if below != 0 {
        31 - below.leading_zeros()
    } else {
        31 - set.leading_zeros()
    } as usize)
}

/// Whether `x` lies strictly between `a` and `b` going clockwise from `a`.
#[inline]
fn between(a: usize, b: usize, x: usize, n: usize) -> bool {
    let d = |from: usize, to: usize| if to >= from { to - from } else { to + n - from };
    x != a && x != b && d(a, x) < d(a, b)
}

/// The seats of each status (bit i is seat i), in one pass.
fn status_sets(t: &Table) -> [u32; 4] {
    let mut sets = [0u32; 4];
    for (i, p) in t.seats.iter().enumerate() {
        if let Some(p) = p {
            sets[p.status as usize] |= 1 << i;
        }
    }
    sets
}

fn too_few() -> Error {
    Error::bad_config(
        "a hand needs two players at the table, and fewer are seated and playing".into(),
    )
}

/// `buffer`: a vector to reuse for the plan's seats.
pub(crate) fn plan(t: &Table, buffer: Vec<usize>) -> Result<Plan> {
    if t.rules.is_stud() {
        return stud_plan(t, buffer);
    }
    blind_plan(t, buffer)
}

/// A stud hand's plan: no blinds, so nobody waits or posts to come in.
/// With the moving button every player playing or coming in is dealt in
/// (those coming in at once); with the dead button every seated player,
/// the hands of those sitting out dead (folded after the antes, so a dead
/// hand never brings in). The dealer button moves to the next player dealt
/// in, or on a mixed game's table stays where the next flop game's hand
/// would have it (WSOP tournament rule 67b; the table's positions are then
/// left as they were). The hand is dealt from the player after it.
fn stud_plan(t: &Table, buffer: Vec<usize>) -> Result<Plan> {
    let n = t.seats.len();
    let sets = status_sets(t);
    let joiners =
        sets[Status::WaitingForBigBlind as usize] | sets[Status::PostingBigBlind as usize];
    let away = sets[Status::SittingOut as usize];
    let dealt = match t.button_rule {
        ButtonRule::Moving => sets[Status::Playing as usize] | joiners,
        ButtonRule::Dead => sets[0] | sets[1] | sets[2] | sets[3],
    };
    if dealt.count_ones() < 2 {
        return Err(too_few());
    }
    if dealt & !away == 0 {
        return Err(Error::bad_config("every player dealt in would be sitting out: bring someone back (sit_in) before dealing".into()));
    }
    let moved = match (t.last, t.first_button) {
        (Some(last), _) => next_in(dealt, last.button, n),
        (None, Some(b)) if dealt & (1 << b) != 0 => Some(b),
        (None, Some(b)) => next_in(dealt, b, n),
        (None, None) => next_in(dealt, n - 1, n),
    }
    .ok_or_else(too_few)?;
    let button = if t.freeze_button_in_stud && t.last.is_some() {
        // Where the next flop game's hand would put it.
        blind_plan(t, Vec::new()).map_or(moved, |p| p.positions.button)
    } else {
        moved
    };
    let mut seats = buffer;
    seats.clear();
    seats.extend((0..n).filter(|&s| dealt & (1 << s) != 0));
    let index = |s: usize| seats.iter().position(|&x| x == s);
    // The player dealt in at the button's seat, or the last one before it.
    let at = if dealt & (1 << button) != 0 {
        Some(button)
    } else {
        prev_in(dealt, button, n)
    };
    let hand_button = at.and_then(index).ok_or_else(too_few)?;
    let dead_hands = seats
        .iter()
        .enumerate()
        .filter(|(_, &s)| away & (1 << s) != 0)
        .fold(0u32, |m, (i, _)| m | (1 << i));
    let entering = (0..n)
        .filter(|&s| joiners & dealt & (1 << s) != 0)
        .collect();
    Ok(Plan {
        seating: Seating {
            dead_hands,
            ..Seating::of_rules(&t.rules, seats.len(), hand_button)
        },
        seats,
        positions: Positions::live(button, button, button),
        entering,
    })
}

/// A blind game's plan (see the module's comment).
fn blind_plan(t: &Table, buffer: Vec<usize>) -> Result<Plan> {
    let n = t.seats.len();
    let sets = status_sets(t);
    let mut entering: Vec<usize> = Vec::new();
    let (dealt, positions, posting, dead_blinds) = match t.button_rule {
        ButtonRule::Moving => {
            let mut active = sets[Status::Playing as usize];
            let mut waiting = sets[Status::WaitingForBigBlind as usize];
            let mut posting = sets[Status::PostingBigBlind as usize];
            let straddling = !t.rules.straddles.is_empty();
            if straddling {
                // Nobody posts in out of position in a straddle game (the
                // engine's rule): they wait for the big blind.
                waiting |= posting;
                posting = 0;
            }
            let restart = active.count_ones() < 2;
            if restart {
                // The game starts (again): everyone coming in is in.
                let all = active | waiting | posting;
                entering.extend((0..n).filter(|&s| (waiting | posting) & (1 << s) != 0));
                active = all;
                waiting = 0;
                posting = 0;
            }
            if active.count_ones() < 2 {
                return Err(too_few());
            }
            let button = match (t.last, t.first_button) {
                (Some(last), _) => next_in(active, last.button, n),
                (None, Some(b)) if active & (1 << b) != 0 => Some(b),
                (None, Some(b)) => next_in(active, b, n),
                (None, None) => next_in(active, n - 1, n),
            }
            .ok_or_else(too_few)?;
            let sb = next_in(active, button, n).ok_or_else(too_few)?;
            let bb = next_in(active | waiting | posting, sb, n).ok_or_else(too_few)?;
            if bb == button {
                // Heads-up: two players, nobody coming in between them.
                let other = sb;
                let (button, bb) = match t.last {
                    // Coming down to two: the one who just had the big
                    // blind takes the button (TDA: nobody has it twice).
                    Some(last) if last.big_blind == other => (other, button),
                    _ => (button, other),
                };
                let pos = Positions::live(button, button, bb);
                // Posting players between the button and the big blind (the
                // only seats left) wait; so does everyone waiting.
                (active, pos, 0u32, 0u32)
            } else {
                let mut dealt = active | (1 << bb);
                if active & (1 << bb) == 0 {
                    entering.push(bb);
                }
                let (mut post, mut dead) = (0u32, 0u32);
                for s in 0..n {
                    if posting & (1 << s) != 0 && s != bb && !between(button, sb, s, n) {
                        // A new player posts a big blind; one back from
                        // missing blinds posts what he missed.
                        let (live, dead_small) = t.seats[s]
                            .as_ref()
                            .map_or((true, false), |p| p.owes(t.missed_blinds));
                        post |= u32::from(live) << s;
                        // (no small blind, no dead one: a blind of 0 chips
                        // would be a post of nothing, and a history could
                        // not tell it from none)
                        dead |= u32::from(dead_small && t.rules.small_blind > 0) << s;
                        dealt |= 1 << s;
                        entering.push(s);
                    }
                }
                // Nobody skips the big blind (Robert's Rules, moving button:
                // "there may be more than one big blind"): a player dealt in
                // who was due it (between last hand's big blind and this
                // one's: the big blind's player left, busted or sat out)
                // posts a big blind too, in the small blind's seat instead
                // of the small blind.
                let mut small_blind_dead = false;
                if let Some(last) = t
                    .last
                    .filter(|l| !restart && !straddling && l.small_blind != l.button)
                {
                    for s in 0..n {
                        if active & (1 << s) != 0 && between(last.big_blind, bb, s, n) {
                            post |= 1 << s;
                            small_blind_dead |= s == sb;
                        }
                    }
                }
                (
                    dealt,
                    Positions {
                        button,
                        small_blind: sb,
                        big_blind: bb,
                        button_dead: false,
                        small_blind_dead,
                    },
                    post,
                    dead,
                )
            }
        }
        ButtonRule::Dead => {
            // Everyone seated is dealt in (sitting out too), but players
            // joining between the button and the small blind wait a hand.
            let seated = sets[0] | sets[1] | sets[2] | sets[3];
            let joiners =
                sets[Status::WaitingForBigBlind as usize] | sets[Status::PostingBigBlind as usize];
            if seated.count_ones() < 2 {
                return Err(too_few());
            }
            let pos = match t.last {
                None => {
                    let button = match t.first_button {
                        Some(b) if seated & (1 << b) != 0 => b,
                        Some(b) => next_in(seated, b, n).ok_or_else(too_few)?,
                        None => next_in(seated, n - 1, n).ok_or_else(too_few)?,
                    };
                    if seated.count_ones() == 2 {
                        let bb = next_in(seated, button, n).ok_or_else(too_few)?;
                        Positions::live(button, button, bb)
                    } else {
                        let sb = next_in(seated, button, n).ok_or_else(too_few)?;
                        let bb = next_in(seated, sb, n).ok_or_else(too_few)?;
                        Positions::live(button, sb, bb)
                    }
                }
                Some(last) => {
                    let bb = next_in(seated, last.big_blind, n).ok_or_else(too_few)?;
                    if seated.count_ones() == 2 {
                        let other = next_in(seated, bb, n).ok_or_else(too_few)?;
                        Positions::live(other, other, bb)
                    } else {
                        let sb = last.big_blind;
                        let button = last.small_blind;
                        // A player who joined at the button's or the small
                        // blind's seat since takes it.
                        Positions {
                            button,
                            small_blind: sb,
                            big_blind: bb,
                            button_dead: seated & (1 << button) == 0,
                            small_blind_dead: seated & (1 << sb) == 0,
                        }
                    }
                }
            };
            let mut dealt = seated;
            for s in 0..n {
                if joiners & (1 << s) != 0 {
                    if pos.small_blind != pos.button && between(pos.button, pos.small_blind, s, n) {
                        dealt &= !(1 << s);
                    } else {
                        entering.push(s);
                    }
                }
            }
            if dealt.count_ones() >= 2 && dealt & !sets[Status::SittingOut as usize] == 0 {
                // Everyone who would be dealt in is away: players joining
                // who would wait a hand are the only ones at the table, and
                // come in now. With nobody at the table no hand is dealt
                // (nobody could win it).
                let waiting = seated & !dealt;
                if waiting == 0 {
                    return Err(Error::bad_config("every player dealt in would be sitting out: bring someone back (sit_in) before dealing".into()));
                }
                dealt |= waiting;
                entering.extend((0..n).filter(|&s| waiting & (1 << s) != 0));
            }
            if dealt.count_ones() < 2 {
                // Fewer than two could play (the others joining where they
                // must wait): the game starts over, everyone in, the button
                // at the next player after the last button.
                let button =
                    next_in(seated, t.last.map_or(n - 1, |l| l.button), n).ok_or_else(too_few)?;
                let sb = if seated.count_ones() == 2 {
                    button
                } else {
                    next_in(seated, button, n).ok_or_else(too_few)?
                };
                let bb = next_in(seated, sb, n).ok_or_else(too_few)?;
                entering.clear();
                entering.extend((0..n).filter(|&s| joiners & (1 << s) != 0));
                (seated, Positions::live(button, sb, bb), 0u32, 0u32)
            } else if dealt.count_ones() == 2 && seated.count_ones() > 2 {
                // Two dealt in, the others waiting: heads-up between them,
                // the big blind where it moved.
                let other = next_in(dealt, pos.big_blind, n).ok_or_else(too_few)?;
                entering.retain(|&s| dealt & (1 << s) != 0);
                (
                    dealt,
                    Positions::live(other, other, pos.big_blind),
                    0u32,
                    0u32,
                )
            } else {
                (dealt, pos, 0u32, 0u32)
            }
        }
    };
    let mut seats = buffer;
    seats.clear();
    seats.extend((0..n).filter(|&s| dealt & (1 << s) != 0));
    let index = |s: usize| seats.iter().position(|&x| x == s);
    let heads_up = seats.len() == 2;
    let hand_button = if heads_up || positions.small_blind == positions.button {
        index(positions.button)
    } else {
        // The player who acts last after the flop: the last one dealt in
        // before the small blind's seat (the button's player, or with a
        // dead button the one before it).
        prev_in(dealt, positions.small_blind, n).and_then(index)
    }
    .ok_or_else(too_few)?;
    let small_blind = if positions.small_blind_dead {
        None
    } else {
        index(positions.small_blind)
    };
    let big_blind = index(positions.big_blind).ok_or_else(too_few)?;
    let in_hand = |set: u32| {
        seats
            .iter()
            .enumerate()
            .filter(|(_, &s)| set & (1 << s) != 0)
            .fold(0u32, |m, (i, _)| m | (1 << i))
    };
    // Players away are dealt in only with the dead button; their hands are
    // dead (TDA rule 30).
    let dead_hands = in_hand(sets[Status::SittingOut as usize]);
    let seating = if t.rules.button_blind {
        // A button blind: the player acting last posts it, nobody posts a
        // small blind or a blind to come in (the blinds' positions above
        // still move the button and decide who is dealt in).
        Seating {
            dead_hands,
            ..Seating::of_rules(&t.rules, seats.len(), hand_button)
        }
    } else {
        Seating {
            button: hand_button,
            small_blind,
            big_blind,
            posting: in_hand(posting),
            dead_blinds: in_hand(dead_blinds),
            dead_hands,
        }
    };
    Ok(Plan {
        seats,
        seating,
        positions,
        entering,
    })
}

/// Blinds the players not dealt in missed in the hand `deal` (moving button,
/// players who have played here): the big blind missed when it went past
/// their seat (strictly between last hand's big blind and this one's), the
/// small blind likewise. Returns (seat, missed bits) to add.
pub(crate) fn missed_in(t: &Table, deal: &super::Deal) -> Vec<(usize, u8)> {
    let n = t.seats.len();
    if t.rules.is_stud() {
        // (no blinds to miss)
        return Vec::new();
    }
    let (Some(last), ButtonRule::Moving) = (deal.before.0, t.button_rule) else {
        return Vec::new();
    };
    let now = deal.positions;
    (0..n)
        .filter(|s| !deal.seats.contains(s))
        .filter_map(|s| {
            t.seats[s].as_ref().filter(|p| p.played)?;
            let big = if between(last.big_blind, now.big_blind, s, n) {
                super::MISSED_BIG
            } else {
                0
            };
            let small = if between(last.small_blind, now.small_blind, s, n) {
                super::MISSED_SMALL
            } else {
                0
            };
            let bits = big | small;
            (bits != 0).then_some((s, bits))
        })
        .collect()
}
