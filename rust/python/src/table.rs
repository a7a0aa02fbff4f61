//! `Table`, `Tournament` and `icm`: conversions only; the seating rules,
//! levels, places and ICM are the engine's (holecards_core::table).
use crate::errors::{to_py, IntoPyResult};
use crate::game::{Hand, Rules};
use holecards_core::game;
use holecards_core::table::{
    self as core, codec, icm as core_icm, tournament as tour, ButtonRule, Entry,
};
use holecards_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};
use std::sync::Arc;

fn config(msg: String) -> PyErr {
    to_py(Error::bad_config(msg))
}

fn repr(v: &Bound<'_, PyAny>) -> String {
    v.repr().map(|r| r.to_string()).unwrap_or_default()
}

/// The items of a list, tuple or any other iterable but a string or a
/// mapping, converted by `item` (given each one's index); `what` says what
/// it must be, in the error for a value that is not one. At most
/// [`MAX_ITEMS`] of them: an endless iterator is refused, not followed.
fn list_of<T>(
    value: &Bound<'_, PyAny>,
    what: &str,
    mut item: impl FnMut(usize, &Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    let bad = || config(format!("{what}, not {}", repr(value)));
    if value.is_instance_of::<pyo3::types::PyString>()
        || value.is_instance_of::<pyo3::types::PyBytes>()
        || value.is_instance_of::<pyo3::types::PyDict>()
    {
        return Err(bad());
    }
    let items = value.try_iter().map_err(|_| bad())?;
    let mut out = Vec::new();
    for (i, v) in items.enumerate() {
        if i == MAX_ITEMS {
            return Err(config(format!("{what}: more than {MAX_ITEMS} entries")));
        }
        out.push(item(i, &v.map_err(|_| bad())?)?);
    }
    Ok(out)
}

/// The most entries a list argument of a table, tournament or ICM takes.
const MAX_ITEMS: usize = 1 << 20;

/// `clock=`: seconds since the start, a number (the engine checks its value).
fn clock_arg(clock: Option<&Bound<'_, PyAny>>) -> PyResult<Option<f64>> {
    let Some(c) = clock.filter(|c| !c.is_none()) else {
        return Ok(None);
    };
    match c.extract::<f64>() {
        Ok(x) if !c.is_instance_of::<pyo3::types::PyBool>() => Ok(Some(x)),
        _ => Err(config(format!(
            "clock must be a number of seconds since the start, not {}",
            repr(c)
        ))),
    }
}

fn chips(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u64> {
    crate::args::as_u64(v).ok_or_else(|| {
        let too_large = v.is_instance_of::<pyo3::types::PyInt>()
            && !v.is_instance_of::<pyo3::types::PyBool>()
            && v.ge(0).unwrap_or(false);
        if too_large {
            config(format!(
                "{name} of {} is too large (at most 2**60 chips)",
                repr(v)
            ))
        } else {
            config(format!(
                "{name} must be a whole number of chips (0 or more), not {}",
                repr(v)
            ))
        }
    })
}

/// `button=`: `None` (the engine draws it) or a seat.
fn button_arg(v: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    (!v.is_none()).then(|| seat_arg(v)).transpose()
}

/// `hands_per_level=`: `None` or a number of hands.
fn hands_per_level_arg(h: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
    if h.is_none() {
        return Ok(None);
    }
    crate::args::as_u64(h)
        .and_then(|v| u32::try_from(v).ok())
        .map(Some)
        .ok_or_else(|| {
            config(format!(
                "hands_per_level must be a number of hands, not {}",
                repr(h)
            ))
        })
}

/// `seconds_per_level=`: `None` or a number of seconds.
fn seconds_per_level_arg(s: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    if s.is_none() {
        return Ok(None);
    }
    s.extract::<f64>().map(Some).map_err(|_| {
        config(format!(
            "seconds_per_level must be a number of seconds, not {}",
            repr(s)
        ))
    })
}

fn seat_arg(v: &Bound<'_, PyAny>) -> PyResult<usize> {
    crate::args::as_u64(v)
        .and_then(|s| usize::try_from(s).ok())
        .filter(|&s| s < 64)
        .ok_or_else(|| config(format!("a seat is a number from 0, not {}", repr(v))))
}

/// A named choice (`parse`: the engine's reading of a name), `default`
/// when not given.
fn choice<T>(
    v: Option<&Bound<'_, PyAny>>,
    default: T,
    parse: fn(Option<&str>, &str) -> holecards_core::Result<T>,
) -> PyResult<T> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(default);
    };
    let name = v
        .cast::<PyString>()
        .ok()
        .and_then(|s| s.to_cow().ok().map(|c| c.into_owned()));
    parse(name.as_deref(), &repr(v)).py()
}

fn entry_arg(v: Option<&Bound<'_, PyAny>>, default: Entry) -> PyResult<Entry> {
    choice(v, default, Entry::parse)
}

value_class! {
    /// A seated player.
    Player {
        id: u32,
        seat: usize,
        stack: u64,
        /// `"playing"`, `"sitting_out"`, `"waiting"` (for the big blind) or
        /// `"posting"` (a big blind, to come in at the next hand).
        status: &'static str,
        /// The blinds missed while away (moving button): `"big"`, `"small"`,
        /// `"both"`, or None.
        missed_blinds: Option<&'static str>,
    }
}

value_class! {
    /// A player who lost every chip: in which hand, from which stack.
    Bust from core::Bust {
        player: u32,
        seat: usize,
        /// The table's hand number (0 for its first hand).
        hand: u64,
        /// The stack they started that hand with.
        starting_stack: u64,
    }
}

value_class! {
    /// Where the button and blinds were for a hand, in table seats.
    Positions from core::Positions {
        button: usize,
        small_blind: usize,
        big_blind: usize,
        /// Nobody dealt in at the button's seat (a dead button).
        button_dead: bool,
        /// Nobody posted the small blind (a dead small blind).
        small_blind_dead: bool,
    }
}

value_class! {
    /// A player's tournament result.
    Finish from tour::Finish {
        player: u32,
        seat: usize,
        /// 1 for the winner; players tied share the better place.
        place: u32,
        prize: u64,
        /// The hand they busted in (`None` for the winner).
        hand: Option<u64>,
    }
}

fn players_of(t: &core::Table) -> Vec<Player> {
    let missed = |m: u8| [None, Some("big"), Some("small"), Some("both")][(m & 3) as usize];
    t.seats()
        .iter()
        .enumerate()
        .filter_map(|(seat, p)| {
            p.as_ref().map(|p| Player {
                id: p.id,
                seat,
                stack: p.stack,
                status: p.status.name(),
                missed_blinds: missed(p.missed()),
            })
        })
        .collect()
}

/// Plays the hand `dealer` just dealt with Python `bots`, the engine's way
/// (`game::play`): the dealer is not borrowed while the bots play, so a bot
/// may look at it; on an error the hand is taken back.
fn play_dealt<T: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::False>, D>(
    slf: &Bound<'_, T>,
    mut hand: game::Hand,
    bots: &Bound<'_, PyAny>,
    dealer: impl Fn(&mut T) -> &mut D,
) -> PyResult<(game::Hand, D::Finished)>
where
    D: game::Dealer,
{
    let (seats, absent) = {
        let mut t = slf.borrow_mut();
        let (seats, absent) = dealer(&mut *t).turn_map();
        (seats.to_vec(), absent)
    };
    let played = game::play_out(&mut hand, &seats, absent, crate::bots::policy(bots));
    let mut t = slf.borrow_mut();
    game::play::settle(dealer(&mut *t), hand, played).map_err(|e| e.0)
}

/// A table: seats, stacks carried from hand to hand, the button moving by
/// the chosen rule. See docs/tables.md.
#[pyclass(module = "holecards", name = "Table")]
#[derive(Clone)]
pub struct Table(pub core::Table);

/// A class of seated players (`Table`, `Tournament`): `with_copy_and_pickle!`
/// with the getters both read from their table (`|t| table` finds it in
/// `t`, the class's engine value), `finish` (returning `result`s) and
/// `take_back`, then the class's other methods.
macro_rules! seated_class {
    ($class:ident, $restore:literal, $encode:path, |$t:ident| $table:expr, $result:ident, { $($extra:tt)* }) => {
        with_copy_and_pickle! { $class, $restore, $encode, {
            /// Carries a finished hand back (stacks, busts); returns its
            /// busts (`Table`) or the places it decided (`Tournament`).
            fn finish(&mut self, hand: &Bound<'_, PyAny>) -> PyResult<Vec<$result>> {
                let hand = hand.cast::<Hand>().map_err(|_| {
                    config(format!(
                        "finish takes the Hand this table dealt, not {}",
                        repr(hand)
                    ))
                })?;
                let done = self.0.finish(&hand.borrow().0).py()?;
                Ok(done.iter().map($result::from).collect())
            }
            /// Takes back the hand being played, as if it was never dealt
            /// (a tournament's level, its hand count and the clock too).
            fn take_back(&mut self) -> bool {
                self.0.take_back()
            }
            /// The seated players, by seat.
            #[getter]
            fn players(&self) -> Vec<Player> {
                let $t = &self.0;
                players_of($table)
            }
            /// Each seat's stack (`None` for an empty seat).
            #[getter]
            fn stacks(&self) -> Vec<Option<u64>> {
                let $t = &self.0;
                $table.seats().iter().map(|p| p.as_ref().map(|p| p.stack)).collect()
            }
            /// Every chip at the table.
            #[getter]
            fn chips(&self) -> u64 {
                let $t = &self.0;
                $table.chips()
            }
            #[getter]
            fn hands_dealt(&self) -> u64 {
                let $t = &self.0;
                $table.hands_dealt()
            }
            /// The positions of the last hand dealt.
            #[getter]
            fn positions(&self) -> Option<Positions> {
                let $t = &self.0;
                $table.last_positions().as_ref().map(Positions::from)
            }
            /// The table seats of the hand being played, in the hand's seat order
            /// (the hand's seat `i` is table seat `dealt_seats[i]`).
            #[getter]
            fn dealt_seats(&self) -> Option<Vec<usize>> {
                let $t = &self.0;
                $table.dealt().map(|d| d.seats.clone())
            }
            /// Every player who busted, in order.
            #[getter]
            fn busts(&self) -> Vec<Bust> {
                let $t = &self.0;
                $table.busts().iter().map(Bust::from).collect()
            }
            /// Whether the hand's `seat` belongs to a player sitting out (a
            /// dead-button table deals them in with a dead hand: folded at the deal).
            fn is_absent(&self, seat: &Bound<'_, PyAny>) -> PyResult<bool> {
                let $t = &self.0;
                Ok($table.is_absent(seat_arg(seat)?))
            }
            $($extra)*
        }}
    };
}

seated_class! { Table, "_restore_table", codec::encode_table, |t| t, Bust, {
    #[new]
    #[pyo3(signature = (rules, seats=None, *, button=None, seed=None, missed_blinds=None), text_signature = "(rules, seats=9, *, button='moving', seed=None, missed_blinds='dead')")]
    fn new(
        rules: &Bound<'_, PyAny>,
        seats: Option<&Bound<'_, PyAny>>,
        button: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
        missed_blinds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Table> {
        let rules = rules.cast::<Rules>().map_err(|_| config("rules must be a holecards.Rules, e.g. Rules.no_limit(small_blind=1, big_blind=2)".into()))?.get().0.clone();
        let n = match seats.filter(|s| !s.is_none()) {
            None => 9,
            Some(seats) => crate::args::as_u64(seats)
                .and_then(|s| usize::try_from(s).ok())
                .ok_or_else(|| {
                    config(format!(
                        "seats must be a number of seats, not {}",
                        repr(seats)
                    ))
                })?,
        };
        let missed = choice(
            missed_blinds,
            core::MissedBlinds::Dead,
            core::MissedBlinds::parse,
        )?;
        let mut t = core::Table::new(
            rules,
            n,
            choice(button, ButtonRule::Moving, ButtonRule::parse)?,
            seed,
        )
        .py()?;
        t.set_missed_blinds(missed).py()?;
        Ok(Table(t))
    }

    #[getter]
    fn rules(&self) -> Rules {
        Rules(Arc::clone(self.0.rules()))
    }
    /// New rules (blinds, antes) from the next hand.
    fn set_rules(&mut self, rules: &Bound<'_, PyAny>) -> PyResult<()> {
        let rules = rules
            .cast::<Rules>()
            .map_err(|_| config("rules must be a holecards.Rules".into()))?
            .get()
            .0
            .clone();
        self.0.set_rules(rules).py()
    }
    #[getter]
    fn seat_count(&self) -> usize {
        self.0.seat_count()
    }
    /// `"moving"` or `"dead"`.
    #[getter]
    fn button_rule(&self) -> &'static str {
        self.0.button_rule().name()
    }
    /// What a player back from missing blinds owes: `"dead"` or `"big_blind_only"`.
    #[getter]
    fn missed_blinds(&self) -> &'static str {
        self.0.missed_blinds().name()
    }

    /// Seats a player; returns their id. Before the first hand everyone is
    /// in; later `entry` is `"post"` (a big blind at the next hand) or
    /// `"wait"` (for the big blind).
    #[pyo3(signature = (seat, stack, entry=None), text_signature = "($self, seat, stack, entry='post')")]
    fn sit(
        &mut self,
        seat: &Bound<'_, PyAny>,
        stack: &Bound<'_, PyAny>,
        entry: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u32> {
        let (seat, stack, entry) = (
            seat_arg(seat)?,
            chips("stack", stack)?,
            entry_arg(entry, Entry::PostBigBlind)?,
        );
        self.0.sit(seat, stack, entry).py()
    }
    /// The player leaves with their chips (returned).
    fn leave(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<u64> {
        self.0.leave(seat_arg(seat)?).py()
    }
    /// Adds chips to a stack between hands.
    fn add_chips(&mut self, seat: &Bound<'_, PyAny>, chips_: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0
            .add_chips(seat_arg(seat)?, chips("chips", chips_)?)
            .py()
    }
    fn sit_out(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0.sit_out(seat_arg(seat)?).py()
    }
    /// Back from sitting out: `"wait"` for the big blind or `"post"` one
    /// (a dead-button table deals them in at once).
    #[pyo3(signature = (seat, entry=None), text_signature = "($self, seat, entry='wait')")]
    fn sit_in(
        &mut self,
        seat: &Bound<'_, PyAny>,
        entry: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.0
            .sit_in(seat_arg(seat)?, entry_arg(entry, Entry::WaitForBigBlind)?)
            .py()
    }
    /// Where the first hand's button is (by default the first player).
    fn set_button(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0.set_button(seat_arg(seat)?).py()
    }

    /// Deals the next hand. Its seats are the players dealt in, in table
    /// order (`dealt_seats` maps them back). Give it back with `finish`.
    fn new_hand(&mut self) -> PyResult<Hand> {
        Ok(Hand(self.0.new_hand().py()?))
    }
    /// Plays one hand through: `bots` is one callable for every seat, a
    /// list by table seat, or a dict `{seat: bot}`; a bot gets its seat's
    /// `SeatView` (seats numbered as in the hand) and returns `("fold", 0)`,
    /// `("check", 0)`, `("call", 0)` (check or call), `("call_only", 0)`,
    /// `("bet", x)` or `("raise", x)` (to a street total of x): see
    /// docs/tables.md, "Bots' answers". Returns the finished hand. If a bot
    /// fails, the hand is taken back.
    fn play(slf: &Bound<'_, Self>, bots: &Bound<'_, PyAny>) -> PyResult<Hand> {
        let hand = slf.borrow_mut().0.new_hand().py()?;
        Ok(Hand(
            play_dealt(slf, hand, bots, |t: &mut Table| &mut t.0)?.0,
        ))
    }
    /// The hand as a PHH history with the table's fields (`hand`, `seats`,
    /// `seat_count`): give the hand being played, or one just finished
    /// with the table's `last_deal` (use `history` right after `play`).
    fn history(&self, hand: PyRef<'_, Hand>) -> PyResult<crate::phh::HandHistory> {
        table_history(&self.0, &hand.0, None)
    }

    fn __repr__(&self) -> String {
        let t = &self.0;
        format!(
            "<Table {} seats, {} players, {} button, {} hands dealt>",
            t.seat_count(),
            t.players(),
            t.button_rule().name(),
            t.hands_dealt()
        )
    }
}}

/// PHH fields for a table's hand: the deal being played, or else the last
/// one (hands are numbered by the table).
fn table_history(
    t: &core::Table,
    hand: &game::Hand,
    level: Option<usize>,
) -> PyResult<crate::phh::HandHistory> {
    let deal = t.deal_of(hand).py()?;
    let (seats, number) = (deal.seats.clone(), deal.number);
    let fields =
        holecards_core::phh::write::table_hand_fields(hand, &seats, t.seat_count(), number, level);
    Ok(crate::phh::HandHistory(Arc::new(
        holecards_core::phh::HandHistory::from(fields),
    )))
}

#[pyfunction]
pub fn _restore_table(state: &[u8]) -> PyResult<Table> {
    Ok(Table(codec::decode_table(state).py()?))
}

fn level_of(v: &Bound<'_, PyAny>, rule: tour::AnteRule, i: usize) -> PyResult<tour::Level> {
    let bad = || {
        config(format!("level {} is {}: give (small_blind, big_blind), (small_blind, big_blind, ante) or, with a stud game, (small_blind, big_blind, ante, bring_in), in chips", i + 1, repr(v)))
    };
    let t = v
        .cast::<PyTuple>()
        .map(|t| t.to_owned())
        .or_else(|_| {
            v.extract::<Vec<Bound<'_, PyAny>>>()
                .map(|l| PyTuple::new(v.py(), l).unwrap_or_else(|_| PyTuple::empty(v.py())))
        })
        .map_err(|_| bad())?;
    let nums: Vec<u64> = t
        .iter()
        .map(|x| crate::args::as_u64(&x).ok_or_else(bad))
        .collect::<PyResult<_>>()?;
    let (sb, bb, ante, bring_in) = match nums.as_slice() {
        [sb, bb] => (*sb, *bb, 0, 0),
        [sb, bb, a] => (*sb, *bb, *a, 0),
        [sb, bb, a, b] => (*sb, *bb, *a, *b),
        _ => return Err(bad()),
    };
    Ok(tour::Level::new(sb, bb, ante, rule).with_bring_in(bring_in))
}

/// `mix=`: `None` (one game), a named mix ("horse", "8-game") or a list of
/// (structure, game) pairs.
pub fn mix_arg(v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(game::Structure, game::Game)>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(Vec::new());
    };
    if let Ok(name) = v.cast::<pyo3::types::PyString>() {
        return tour::named_mix(&name.to_cow()?).py();
    }
    let bad = || {
        config(format!("mix must be 'horse', '8-game' or a list of (structure, game) pairs such as ('fixed-limit', 'razz'), not {}", repr(v)))
    };
    let items: Vec<Bound<'_, PyAny>> = v.extract().map_err(|_| bad())?;
    if items.is_empty() || items.len() > 64 {
        return Err(config(format!(
            "a mix has 1 to 64 games, not {}",
            items.len()
        )));
    }
    items
        .iter()
        .map(|item| {
            let pair: Vec<Bound<'_, PyAny>> = item.extract().map_err(|_| bad())?;
            let [s, g] = &pair[..] else {
                return Err(bad());
            };
            Ok((structure_arg(s)?, crate::game::game_arg(Some(g))?))
        })
        .collect()
}

/// `rotation=`: "orbit" (the default) or "level".
pub fn rotation_arg(v: Option<&Bound<'_, PyAny>>) -> PyResult<tour::Rotation> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(tour::Rotation::Orbit);
    };
    let name = v
        .cast::<pyo3::types::PyString>()
        .map_err(|_| {
            config(format!(
                "rotation must be 'orbit' or 'level', not {}",
                repr(v)
            ))
        })?
        .to_cow()?
        .into_owned();
    tour::Rotation::from_name(&name).py()
}

/// `structure=`: `None` (no limit), a name or a `holecards.Structure`.
fn structure_arg(v: &Bound<'_, PyAny>) -> PyResult<game::Structure> {
    if v.is_none() {
        return Ok(game::Structure::NoLimit);
    }
    if let Some(code) = crate::args::as_u64(v) {
        // (Progressive Hold'em, which has no blind levels, the engine refuses.)
        return u8::try_from(code)
            .ok()
            .and_then(game::Structure::from_u8)
            .ok_or_else(|| {
                config(format!(
                    "{code} is not a betting structure: give a holecards.Structure"
                ))
            });
    }
    match v.cast::<PyString>().ok().and_then(|s| s.to_cow().ok().map(|c| c.into_owned())).as_deref() {
        Some("no-limit") => Ok(game::Structure::NoLimit),
        Some("pot-limit") => Ok(game::Structure::PotLimit),
        Some("fixed-limit") => Ok(game::Structure::FixedLimit),
        _ => Err(config(format!("structure must be 'no-limit', 'pot-limit', 'fixed-limit' or a holecards.Structure, not {}", repr(v)))),
    }
}

/// A single-table tournament: the dead button, blind levels, places and
/// payouts. See docs/tables.md.
#[pyclass(module = "holecards", name = "Tournament")]
#[derive(Clone)]
pub struct Tournament(pub tour::Tournament);

seated_class! { Tournament, "_restore_tournament", codec::encode_tournament, |t| t.table(), Finish, {
    #[new]
    #[pyo3(
        signature = (levels, stacks, payouts=None, *, structure=None, hands_per_level=None, seconds_per_level=None, ante=None, button=None, seed=None, game=None, mix=None, rotation=None),
        text_signature = "(levels, stacks, payouts=(), *, structure=None, hands_per_level=None, seconds_per_level=None, ante='uniform', button=None, seed=None, game='holdem', mix=None, rotation='orbit')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        levels: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        payouts: Option<&Bound<'_, PyAny>>,
        structure: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = hands_per_level_arg)] hands_per_level: Option<u32>,
        #[pyo3(from_py_with = seconds_per_level_arg)] seconds_per_level: Option<f64>,
        ante: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = button_arg)] button: Option<usize>,
        #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
        game: Option<&Bound<'_, PyAny>>,
        mix: Option<&Bound<'_, PyAny>>,
        rotation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Tournament> {
        let game = crate::game::game_arg(game)?;
        let mix = mix_arg(mix)?;
        let rotation = rotation_arg(rotation)?;
        let structure_given = structure.is_some_and(|s| !s.is_none());
        let structure = match structure.filter(|s| !s.is_none()) {
            Some(s) => structure_arg(s)?,
            // (a stud game is played at fixed limit)
            None if game.is_stud() => game::Structure::FixedLimit,
            None => game::Structure::NoLimit,
        };
        if !mix.is_empty() && (structure_given || game != game::Game::holdem()) {
            return Err(config("give a mix, or a game and its structure, not both".into()));
        }
        let rule = match ante.filter(|a| !a.is_none()) {
            None => tour::AnteRule::Uniform,
            Some(a) => tour::AnteRule::from_name(
                &a.cast::<PyString>()
                    .ok()
                    .and_then(|s| s.to_cow().ok().map(|c| c.into_owned()))
                    .unwrap_or_default(),
            )
            .py()?,
        };
        let levels = list_of(
            levels,
            "levels must be a list of (small_blind, big_blind[, ante[, bring_in]])",
            |i, l| level_of(l, rule, i),
        )?;
        let stacks = list_of(
            stacks,
            "stacks must be a list of chips by seat (0 for an empty seat)",
            |_, s| chips("a stack", s),
        )?;
        let payouts = match payouts.filter(|p| !p.is_none()) {
            None => Vec::new(),
            Some(p) => list_of(p, "payouts must be a list of prizes by place", |_, x| {
                crate::args::as_u64(x).ok_or_else(|| {
                    config(format!(
                        "a payout is a whole number (0 or more), not {}",
                        repr(x)
                    ))
                })
            })?,
        };
        let advance = tour::Advance::from_options(hands_per_level, seconds_per_level).py()?;
        let mix = if mix.is_empty() { vec![(structure, game)] } else { mix };
        Ok(Tournament(
            tour::Tournament::mixed(mix, rotation, levels, advance, &stacks, payouts, button, seed)
                .py()?,
        ))
    }

    /// The games played, as (structure, game) pairs (one for a single game).
    #[getter]
    fn mix(&self, py: Python<'_>) -> PyResult<Vec<(Py<PyAny>, crate::game::Game)>> {
        self.0
            .mix()
            .iter()
            .map(|&(s, g)| Ok((crate::enums::member(py, s)?, crate::game::Game(g))))
            .collect()
    }
    /// When a mix's game changes: "orbit" or "level".
    #[getter]
    fn rotation(&self) -> &'static str {
        self.0.rotation().name()
    }
    /// The game being played.
    #[getter]
    fn game(&self) -> crate::game::Game {
        crate::game::Game(self.0.game())
    }

    /// The current level (0 for the first).
    #[getter]
    fn level(&self) -> usize {
        self.0.level()
    }
    /// The levels as (small_blind, big_blind, ante), with the bring-in as
    /// a fourth number where a stud game is played.
    #[getter]
    fn levels<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let stud = self.0.mix().iter().any(|(_, g)| g.is_stud());
        self.0
            .levels()
            .iter()
            .map(|l| {
                let a = l.ante + l.big_blind_ante;
                if stud {
                    PyTuple::new(py, [l.small_blind, l.big_blind, a, l.bring_in])
                } else {
                    PyTuple::new(py, [l.small_blind, l.big_blind, a])
                }
            })
            .collect()
    }
    /// The current level's rules.
    #[getter]
    fn rules(&self) -> Rules {
        Rules(Arc::clone(self.0.table().rules()))
    }
    #[getter]
    fn payouts(&self) -> Vec<u64> {
        self.0.payouts().to_vec()
    }
    #[getter]
    fn entrants(&self) -> u32 {
        self.0.entrants()
    }
    /// Players still in.
    #[getter]
    fn remaining(&self) -> usize {
        self.0.remaining()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    /// Places decided so far, in the order decided (the winner last).
    #[getter]
    fn results(&self) -> Vec<Finish> {
        self.0.results().iter().map(Finish::from).collect()
    }
    /// A late entry at an empty seat; returns the player's id.
    fn register(&mut self, seat: &Bound<'_, PyAny>, stack: &Bound<'_, PyAny>) -> PyResult<u32> {
        self.0
            .register(seat_arg(seat)?, chips("stack", stack)?)
            .py()
    }
    /// The player sits out: dealt in and blinded off, checking or folding.
    fn sit_out(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0.table_mut().sit_out(seat_arg(seat)?).py()
    }
    fn sit_in(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0
            .table_mut()
            .sit_in(seat_arg(seat)?, Entry::WaitForBigBlind)
            .py()
    }
    /// Deals the next hand at the level due: with `seconds_per_level`, pass
    /// `clock`, the seconds since the start.
    #[pyo3(signature = (clock=None))]
    fn new_hand(&mut self, clock: Option<&Bound<'_, PyAny>>) -> PyResult<Hand> {
        let clock = clock_arg(clock)?;
        Ok(Hand(self.0.new_hand(clock).py()?))
    }
    /// Plays one hand through with `bots` (as for `Table.play`); returns it.
    #[pyo3(signature = (bots, clock=None))]
    fn play(
        slf: &Bound<'_, Self>,
        bots: &Bound<'_, PyAny>,
        clock: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Hand> {
        let clock = clock_arg(clock)?;
        let hand = slf.borrow_mut().0.new_hand(clock).py()?;
        Ok(Hand(
            play_dealt(slf, hand, bots, |t: &mut Tournament| &mut t.0)?.0,
        ))
    }
    /// ICM of the players still in, by seat, over the prizes left.
    #[pyo3(signature = (*, trials=None, seed=None))]
    fn icm(
        &self,
        trials: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
    ) -> PyResult<std::collections::BTreeMap<usize, f64>> {
        let trials = trials_arg(trials)?;
        self.0.icm_by_seat(trials, seed).py()
    }
    /// The hand as a PHH history with the table's fields and the level.
    fn history(&self, hand: PyRef<'_, Hand>) -> PyResult<crate::phh::HandHistory> {
        table_history(self.0.table(), &hand.0, Some(self.0.level()))
    }
    fn __repr__(&self) -> String {
        format!(
            "<Tournament {} of {} players left, level {}, {} hands dealt>",
            self.0.remaining(),
            self.0.entrants(),
            self.0.level() + 1,
            self.0.table().hands_dealt()
        )
    }
}}

#[pyfunction]
pub fn _restore_tournament(state: &[u8]) -> PyResult<Tournament> {
    Ok(Tournament(codec::decode_tournament(state).py()?))
}

fn trials_arg(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    match crate::args::as_u64(v) {
        Some(t) if t >= 1 => Ok(Some(t)),
        _ => Err(config(format!(
            "trials must be a number of finishing orders to sample (1 or more), not {}",
            repr(v)
        ))),
    }
}

/// Each player's expected prize by the Independent Chip Model.
#[pyfunction]
#[pyo3(signature = (stacks, payouts, *, trials=None, seed=None))]
pub fn icm(
    py: Python<'_>,
    stacks: &Bound<'_, PyAny>,
    payouts: &Bound<'_, PyAny>,
    trials: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
) -> PyResult<Vec<f64>> {
    let stacks = list_of(stacks, "stacks must be a list of chip counts", |_, s| {
        chips("a stack", s)
    })?;
    let payouts = list_of(
        payouts,
        "payouts must be a list of prizes by place",
        |_, p| {
            let amount = (!p.is_instance_of::<pyo3::types::PyBool>())
                .then(|| p.extract::<f64>().ok())
                .flatten();
            amount.ok_or_else(|| config(format!("a payout is an amount, not {}", repr(p))))
        },
    )?;
    let trials = trials_arg(trials)?;
    // (Ctrl-C stops a long Monte Carlo run)
    let control = holecards_core::equity::Control::new();
    let r = crate::equity::supervise(py, None, &control, false, || {
        core_icm::icm_with(&stacks, &payouts, trials, seed, Some(&control.cancel))
    })?;
    Ok(r.equities)
}
