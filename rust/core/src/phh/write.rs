//! Any [`Hand`], finished or not, written as a PHH hand history, from its
//! events.
//!
//! PHH orders players from the small blind: `p1` is the seat left of the
//! button and the last player is the button, so PHH player `i` (0-based) is
//! seat `(button + 1 + i) % n`. Forced bets are written in the fields
//! (`antes`, `blinds_or_straddles`) and not as actions; burns, returns and
//! awards follow from the rules and are not written either.
use super::history::HandHistory;
use super::toml::{self, Table, Value};
use crate::card::cards_to_string;
use crate::game::{Event, EventKind, Hand, HandState, Street, Structure};

fn num(v: u64) -> Value {
    Value::Num(super::toml::NumText::new(&v.to_string()))
}

fn nums(v: impl IntoIterator<Item = u64>) -> Value {
    Value::Array(v.into_iter().map(num).collect())
}

/// The fields of `hand` as a PHH history.
pub fn hand_fields(hand: &Hand) -> Table {
    let n = hand.num_players();
    let b = hand.button();
    let seat_of = |i: usize| (b + 1 + i) % n;
    let player_of = |seat: usize| (seat + n - b - 1) % n;
    let r = hand.rules();
    let mut t: Table = Vec::with_capacity(12);
    t.push((
        "variant".into(),
        Value::Str(super::variant_code(r.structure, r.game.kind())),
    ));
    // This project's fields for the games the variant code leaves open.
    if r.game.uses_two_hole_cards() && r.game.hole_cards() != 4 {
        t.push(("_hole_cards".into(), num(r.game.hole_cards() as u64)));
    }
    if r.game.short_deck_ranking() == crate::eval::short_deck::ShortDeckRanking::TripsBeatStraight
        && r.game.kind() == crate::game::GameKind::ShortDeck
    {
        t.push(("_trips_beat_straight".into(), Value::Bool(true)));
    }
    let uniform = r.big_blind_ante == 0;
    let seating = hand.seating();
    // Heads-up PHH lists the big blind first and still writes the small
    // blind in entry 0 ("reversed"): the standard layout, always.
    let standard = n == 2
        || crate::game::Seating {
            dead_hands: 0,
            ..seating
        } == crate::game::Seating::standard(n, b);
    let bb_player = if standard {
        1
    } else {
        player_of(seating.big_blind)
    };
    let antes: Vec<u64> = (0..n)
        .map(|i| {
            // A dead small blind is dead money, as an ante is: written with it.
            let dead_blind = if seating.dead_blinds & (1 << seat_of(i)) != 0 {
                r.small_blind
            } else {
                0
            };
            dead_blind
                + if uniform {
                    r.ante
                } else if i == bb_player {
                    r.big_blind_ante
                } else {
                    0
                }
        })
        .collect();
    t.push(("antes".into(), nums(antes)));
    // This project's fields (players by number from 1): who posted a dead
    // small blind (in their `antes` entry), whose hands were dead.
    let players = |set: u32| -> Vec<u64> {
        let mut v: Vec<u64> = (0..n)
            .filter(|&s| set & (1 << s) != 0)
            .map(|s| player_of(s) as u64 + 1)
            .collect();
        v.sort_unstable();
        v
    };
    if seating.dead_blinds != 0 {
        t.push((
            "_dead_small_blinds".into(),
            nums(players(seating.dead_blinds)),
        ));
    }
    if seating.dead_hands != 0 {
        t.push(("_dead_hands".into(), nums(players(seating.dead_hands))));
    }
    let mut blinds = vec![0u64; n];
    if r.structure != Structure::Progressive {
        if r.button_blind && n == 2 {
            // Heads-up the entries are reversed: the button's is the first.
            blinds[0] = r.big_blind;
        } else if standard && !r.button_blind {
            blinds[0] = r.small_blind;
            blinds[1] = r.big_blind;
        } else {
            // A table's hand: a dead small blind, players posting to come in.
            if let Some(sb) = seating.small_blind {
                blinds[player_of(sb)] = r.small_blind;
            }
            blinds[bb_player] = r.big_blind;
            for seat in 0..n {
                if seating.posting & (1 << seat) != 0 {
                    blinds[player_of(seat)] = r.big_blind;
                }
            }
        }
        // (the straddles posted: a straddler who cannot go above the big
        // blind posts none, and none after it; written as the rules list
        // them, a reader would post them)
        let posted = hand.straddles_posted();
        for (i, &s) in r.straddles.iter().take(posted).enumerate() {
            if let Some(slot) = blinds.get_mut(bb_player + 1 + i) {
                *slot = s;
            }
        }
    }
    if r.is_stud() {
        // A stud game has a bring-in and no blinds (the spec: the two never
        // go together).
        t.push(("bring_in".into(), num(r.bring_in)));
        if r.fourth_street_big_bet {
            t.push(("_fourth_street_big_bet".into(), Value::Bool(true)));
        }
    } else {
        t.push(("blinds_or_straddles".into(), nums(blinds)));
    }
    match r.structure {
        Structure::FixedLimit => {
            t.push(("small_bet".into(), num(r.small_bet)));
            t.push(("big_bet".into(), num(r.big_bet)));
            // This project's fields, written only when not the defaults
            // (a cap of 4, lifted heads-up): other readers play those.
            match r.raise_cap {
                Some(4) => {}
                Some(c) => t.push(("_raise_cap".into(), num(c as u64))),
                None => t.push(("_raise_cap".into(), Value::Str("none".into()))),
            }
            if !r.heads_up_uncapped {
                t.push(("_heads_up_uncapped".into(), Value::Bool(false)));
            }
        }
        Structure::Progressive => t.push(("_progressive_bets".into(), nums(r.bets))),
        _ => t.push(("min_bet".into(), num(r.big_blind))),
    }
    if r.straddle_min_raise == crate::game::StraddleMinRaise::BigBlind {
        t.push(("_straddle_min_raise".into(), Value::Str("big_blind".into())));
    }
    let starting = hand.starting_stacks();
    t.push((
        "starting_stacks".into(),
        nums((0..n).map(|i| starting[seat_of(i)])),
    ));
    let progressive = r.structure == Structure::Progressive;
    let events = hand.events();
    let actions: Vec<Value> = if r.is_stud() {
        stud_actions(&events, n, &player_of)
    } else {
        events
            .iter()
            .filter_map(|e| action_text(e, &player_of, progressive))
            .collect()
    }
    .into_iter()
    .map(Value::Str)
    .collect();
    t.push(("actions".into(), Value::Array(actions)));
    if hand.run_count() > 1 {
        // (the board run more than once: each other run's `d db` follow
        // the first's)
        t.push(("_run_count".into(), num(hand.run_count() as u64)));
    } else if hand.runs.offer && !hand.runs.chosen && !hand.is_over() {
        // (offered, the choice still to come: the replay stops for it too)
        t.push(("_run_it_offered".into(), Value::Bool(true)));
    }
    if let Some(f) = HandState::final_stacks(hand) {
        t.push((
            "finishing_stacks".into(),
            nums((0..n).map(|i| f[seat_of(i)])),
        ));
    }
    t
}

fn action_text(e: &Event, player_of: &dyn Fn(usize) -> usize, progressive: bool) -> Option<String> {
    let p = |s: Option<usize>| {
        s.map(|s| format!("p{}", player_of(s) + 1))
            .unwrap_or_default()
    };
    let cards = || {
        e.cards
            .known()
            .map(cards_to_string)
            .unwrap_or_else(|| "??".repeat(e.cards.len()))
    };
    Some(match e.kind {
        EventKind::DealHole => format!("d dh {} {}", p(e.seat), cards()),
        EventKind::DealBoard => format!("d db {}", cards()),
        EventKind::Fold => format!("{} f", p(e.seat)),
        EventKind::Check | EventKind::Call => format!("{} cc", p(e.seat)),
        // Progressive: the round's bet is `cc` (bet it or call it).
        EventKind::Bet if progressive => format!("{} cc", p(e.seat)),
        EventKind::Bet | EventKind::Raise => format!("{} cbr {}", p(e.seat), e.amount),
        EventKind::Show => format!("{} sm {}", p(e.seat), cards()),
        // A draw: the cards discarded (none: standing pat); the burn is
        // not written, and the cards drawn are the `d dh` that follow.
        EventKind::Discard if e.cards.is_empty() => format!("{} sd", p(e.seat)),
        EventKind::Discard => format!("{} sd {}", p(e.seat), cards()),
        _ => return None,
    })
}

/// A stud hand's actions: third street's two down cards and up card as one
/// `d dh` per player (down cards first, as dealt), one card a player on
/// each later street, seventh street's community card (when the deck ran
/// short) as `d db`, the bring-in as `pb`; the rest as in the other games.
fn stud_actions(events: &[Event], n: usize, player_of: &dyn Fn(usize) -> usize) -> Vec<String> {
    let mut out = Vec::with_capacity(events.len());
    let mut down: Vec<Option<String>> = vec![None; n];
    let text = |e: &Event| {
        e.cards
            .known()
            .map(cards_to_string)
            .unwrap_or_else(|| "??".repeat(e.cards.len()))
    };
    for e in events {
        let seat = e.seat.unwrap_or(0);
        let p = format!("p{}", player_of(seat) + 1);
        match e.kind {
            EventKind::DealHole if e.street == Street::Third && seat < n => {
                down[seat] = Some(text(e));
            }
            EventKind::DealUp if e.street == Street::Third && seat < n => {
                let first = down[seat].take().unwrap_or_default();
                out.push(format!("d dh {p} {first}{}", text(e)));
            }
            EventKind::DealHole | EventKind::DealUp => out.push(format!("d dh {p} {}", text(e))),
            EventKind::BringIn => out.push(format!("{p} pb")),
            _ => out.extend(action_text(e, player_of, false)),
        }
    }
    out
}

/// `hand` as PHH text.
pub fn write_hand(hand: &Hand) -> String {
    let mut out = String::with_capacity(512);
    toml::write_table(&mut out, &hand_fields(hand));
    out
}

/// Several histories as one `.phhs` text: `[1]`, `[2]`, ... (or their own
/// table names).
pub fn write_hands(histories: &[HandHistory]) -> String {
    let mut out = String::with_capacity(512 * histories.len());
    // Table names once each: histories from several files (or a site's
    // hand seen in two files) may share one; a repeat gets `-2`, `-3`, ...
    // (each name's next suffix kept: many hands of one name, as a site's
    // hands of one file, cost one try each, not one per earlier repeat)
    let mut used = std::collections::HashSet::with_capacity(histories.len());
    let mut next: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, h) in histories.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let base = h.section.clone().unwrap_or_else(|| (i + 1).to_string());
        let mut name = base.clone();
        if !used.insert(name.clone()) {
            let k = next.entry(base.clone()).or_insert(2);
            loop {
                name = format!("{base}-{k}");
                *k += 1;
                if used.insert(name.clone()) {
                    break;
                }
            }
        }
        out.push('[');
        toml::write_key(&mut out, &name);
        out.push_str("]\n");
        toml::write_table(&mut out, &h.fields);
    }
    out
}

/// The fields of a hand a table dealt: [`hand_fields`] plus the hand's
/// number (`hand`, from 1), the players' table seats (`seats`, from 1, in
/// PHH's player order), `seat_count` and, in a tournament, the blind
/// `level` (from 1).
pub fn table_hand_fields(
    hand: &Hand,
    seats: &[usize],
    seat_count: usize,
    number: u64,
    level: Option<usize>,
) -> Table {
    let mut t = hand_fields(hand);
    let n = hand.num_players();
    let b = hand.button();
    let order: Vec<u64> = (0..n)
        .map(|i| seats.get((b + 1 + i) % n).map_or(0, |&s| s as u64 + 1))
        .collect();
    t.push(("hand".into(), num(number + 1)));
    if let Some(l) = level {
        t.push(("level".into(), num(l as u64 + 1)));
    }
    t.push(("seats".into(), nums(order)));
    t.push(("seat_count".into(), num(seat_count as u64)));
    t
}
