//! `Rules`, `Hand` and their small value types. Conversions only: every rule
//! is enforced by holecards-core.
use crate::cards::{cards_to_py, to_cards, CardObj};
use crate::enums::member;
use crate::errors::{to_py, IntoPyResult};
use holecards_core::card::Card as CoreCard;
use holecards_core::game::{
    self, codec, BlindOptions, CardList, EventCards, GivenCards, HandState, Move, StraddleMinRaise,
    Structure,
};
use holecards_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use std::sync::Arc;

/// A configuration error about argument `field`.
fn config(field: &str, msg: String) -> PyErr {
    to_py(Error::config(field, msg))
}

/// A chip amount: a non-negative int (bools and floats are refused).
fn chips(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u64> {
    match crate::args::as_u64(value) {
        Some(v) if v <= game::rules::MAX_CHIPS => Ok(v),
        _ if value.is_instance_of::<pyo3::types::PyInt>()
            && !value.is_instance_of::<pyo3::types::PyBool>() =>
        {
            Err(config(
                name,
                format!(
                    "{name} must be from 0 to 2**60 chips, not {}",
                    value.repr()?
                ),
            ))
        }
        _ => Err(config(
            name,
            format!(
                "{name} must be an integer number of chips, not {}",
                value.repr()?
            ),
        )),
    }
}

fn opt_chips(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    match value {
        Some(v) if !v.is_none() => chips(name, v).map(Some),
        _ => Ok(None),
    }
}

fn chip_list(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    if value.is_instance_of::<PyString>() {
        return Err(config(
            name,
            format!("{name} must be a sequence of chip amounts, not a string"),
        ));
    }
    let iter = value.try_iter().map_err(|_| {
        config(
            name,
            format!(
                "{name} must be a sequence of chip amounts, not {}",
                value.repr().map(|r| r.to_string()).unwrap_or_default()
            ),
        )
    })?;
    let mut out = Vec::new();
    // (one past the most seats read at most: the engine refuses that many,
    // however long the iterator)
    for (i, item) in iter.take(game::hand::MAX_SEATS + 1).enumerate() {
        let item = item?;
        // Fast path first; the labelled message is only built for bad input.
        match item.extract::<u64>() {
            Ok(v)
                if v <= game::rules::MAX_CHIPS
                    && item.is_exact_instance_of::<pyo3::types::PyInt>() =>
            {
                out.push(v)
            }
            _ => out.push(chips(&format!("{name}[{i}]"), &item)?),
        }
    }
    Ok(out)
}

/// The rules of a game: betting structure and forced bets. Build with
/// `Rules.no_limit`, `Rules.pot_limit`, `Rules.fixed_limit` or `Rules.progressive`.
#[pyclass(module = "holecards", name = "Rules", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rules(pub Arc<game::Rules>);

/// The blind options as given: small and big blind, then ante, big-blind
/// ante, straddles and straddle_min_raise, each maybe absent.
type BlindArgs<'a, 'py> = (
    &'a Bound<'py, PyAny>,
    &'a Bound<'py, PyAny>,
    [Option<&'a Bound<'py, PyAny>>; 4],
);

fn blind_options(
    (small_blind, big_blind, [ante, big_blind_ante, straddles, straddle_min_raise]): BlindArgs<
        '_,
        '_,
    >,
) -> PyResult<BlindOptions> {
    let default_smr;
    let straddle_min_raise = match straddle_min_raise {
        Some(v) => v,
        None => {
            default_smr = PyString::new(small_blind.py(), "straddle").into_any();
            &default_smr
        }
    };
    let smr = match straddle_min_raise
        .cast::<PyString>()
        .ok()
        .and_then(|s| s.to_cow().ok().map(|c| c.into_owned()))
        .as_deref()
    {
        Some("straddle") => StraddleMinRaise::Straddle,
        Some("big_blind") => StraddleMinRaise::BigBlind,
        _ => {
            return Err(config(
                "straddle_min_raise",
                format!(
                    "straddle_min_raise must be 'straddle' or 'big_blind', not {}",
                    straddle_min_raise.repr()?
                ),
            ))
        }
    };
    Ok(BlindOptions {
        small_blind: chips("small_blind", small_blind)?,
        big_blind: chips("big_blind", big_blind)?,
        ante: opt_chips("ante", ante)?.unwrap_or(0),
        big_blind_ante: opt_chips("big_blind_ante", big_blind_ante)?.unwrap_or(0),
        straddles: match straddles {
            Some(s) if !s.is_none() => chip_list("straddles", s)?,
            _ => Vec::new(),
        },
        straddle_min_raise: Some(smr),
        button_blind: false,
    })
}

/// `Rules`' methods, with the blind structures that take only the blind
/// options (no-limit, pot-limit) written once.
macro_rules! rules_methods {
    ($( $(#[$doc:meta])* $name:ident => $ctor:path; )* { $($extra:tt)* }) => {
        with_getters!(Rules [
            small_blind: u64, big_blind: u64, ante: u64, big_blind_ante: u64, straddles: Vec<u64>,
            raise_cap: Option<u32>, heads_up_uncapped: bool, button_blind: bool, bring_in: u64
        ] {
            $(
                $(#[$doc])*
                #[staticmethod]
                #[pyo3(signature = (*, small_blind, big_blind, ante=None, big_blind_ante=None, straddles=None, straddle_min_raise=None, button_blind=false, game=None), text_signature = "(*, small_blind, big_blind, ante=0, big_blind_ante=0, straddles=(), straddle_min_raise='straddle', button_blind=False, game='holdem')")]
                #[allow(clippy::too_many_arguments)]
                fn $name(small_blind: &Bound<'_, PyAny>, big_blind: &Bound<'_, PyAny>, ante: Option<&Bound<'_, PyAny>>,
                    big_blind_ante: Option<&Bound<'_, PyAny>>, straddles: Option<&Bound<'_, PyAny>>, straddle_min_raise: Option<&Bound<'_, PyAny>>,
                    button_blind: bool, game: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
                    let g = game_arg(game)?;
                    let mut o = blind_options((small_blind, big_blind, [ante, big_blind_ante, straddles, straddle_min_raise]))?;
                    o.button_blind = button_blind;
                    Ok(Rules(Arc::new($ctor(o).py()?.for_game(g).py()?)))
                }
            )*
            $($extra)*
        });
    };
}

rules_methods! {
    /// No-limit betting; `game` is the game dealt (a `Game` or its code,
    /// e.g. 'omaha'), hold'em by default.
    no_limit => game::Rules::no_limit;
    /// Pot-limit betting; `game` as for `no_limit`.
    pot_limit => game::Rules::pot_limit;
{
    /// Fixed-limit betting. `raise_cap` counts raises after the first bet of a
    /// round (`None`: no cap); `heads_up_uncapped` lifts it for two players;
    /// `game` as for `no_limit`.
    #[staticmethod]
    #[pyo3(signature = (*, small_blind, big_blind, small_bet=None, big_bet=None, raise_cap=crate::args::RaiseCap::Cap(4), heads_up_uncapped=true, ante=None, big_blind_ante=None, straddles=None, straddle_min_raise=None, button_blind=false, game=None), text_signature = "(*, small_blind, big_blind, small_bet=None, big_bet=None, raise_cap=4, heads_up_uncapped=True, ante=0, big_blind_ante=0, straddles=(), straddle_min_raise='straddle', button_blind=False, game='holdem')")]
    #[allow(clippy::too_many_arguments)]
    fn fixed_limit(
        small_blind: &Bound<'_, PyAny>,
        big_blind: &Bound<'_, PyAny>,
        small_bet: Option<&Bound<'_, PyAny>>,
        big_bet: Option<&Bound<'_, PyAny>>,
        raise_cap: crate::args::RaiseCap,
        heads_up_uncapped: bool,
        ante: Option<&Bound<'_, PyAny>>,
        big_blind_ante: Option<&Bound<'_, PyAny>>,
        straddles: Option<&Bound<'_, PyAny>>,
        straddle_min_raise: Option<&Bound<'_, PyAny>>,
        button_blind: bool,
        game: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Rules> {
        let g = game_arg(game)?;
        let mut o = blind_options((small_blind, big_blind, [ante, big_blind_ante, straddles, straddle_min_raise]))?;
        o.button_blind = button_blind;
        let cap = match raise_cap {
            crate::args::RaiseCap::Cap(c) => Some(c),
            crate::args::RaiseCap::NoCap => None,
            crate::args::RaiseCap::Bad(r) => {
                return Err(config("raise_cap", format!("raise_cap must be a number of raises (0 or more) or None, not {r}")))
            }
        };
        let r = game::Rules::fixed_limit(
            o,
            opt_chips("small_bet", small_bet)?,
            opt_chips("big_bet", big_bet)?,
            cap,
            heads_up_uncapped,
        )
        .py()?;
        Ok(Rules(Arc::new(r.for_game(g).py()?)))
    }

    /// A stud game at fixed limit: `game` 'stud', 'stud-hi-lo' or 'razz';
    /// an ante from everyone (may be 0); the bring-in (at least 1, below the
    /// small bet), posted by third street's lowest up card (razz: highest), who
    /// may complete to the small bet instead; the small bet of third and
    /// fourth street and the big bet of fifth to seventh (twice the small
    /// bet by default). `raise_cap` counts raises after the first full bet
    /// of a round (a completion of the bring-in is that bet).
    /// `fourth_street_big_bet`: with an open pair showing on fourth street,
    /// any player may bet or raise the big bet (WSOP live-action rule 230;
    /// seven-card stud only: not razz or stud/8, rules 243 and 247).
    #[staticmethod]
    #[pyo3(signature = (*, game, bring_in, small_bet, big_bet=None, ante=None, raise_cap=crate::args::RaiseCap::Cap(4), heads_up_uncapped=true, fourth_street_big_bet=false), text_signature = "(*, game, bring_in, small_bet, big_bet=None, ante=0, raise_cap=4, heads_up_uncapped=True, fourth_street_big_bet=False)")]
    #[allow(clippy::too_many_arguments)]
    fn stud(
        game: &Bound<'_, PyAny>,
        bring_in: &Bound<'_, PyAny>,
        small_bet: &Bound<'_, PyAny>,
        big_bet: Option<&Bound<'_, PyAny>>,
        ante: Option<&Bound<'_, PyAny>>,
        raise_cap: crate::args::RaiseCap,
        heads_up_uncapped: bool,
        fourth_street_big_bet: bool,
    ) -> PyResult<Rules> {
        let g = game_arg(Some(game))?;
        let cap = match raise_cap {
            crate::args::RaiseCap::Cap(c) => Some(c),
            crate::args::RaiseCap::NoCap => None,
            crate::args::RaiseCap::Bad(r) => {
                return Err(config("raise_cap", format!("raise_cap must be a number of raises (0 or more) or None, not {r}")))
            }
        };
        let o = game::StudOptions {
            ante: opt_chips("ante", ante)?.unwrap_or(0),
            bring_in: chips("bring_in", bring_in)?,
            small_bet: chips("small_bet", small_bet)?,
            big_bet: opt_chips("big_bet", big_bet)?,
            raise_cap: cap,
            heads_up_uncapped,
            fourth_street_big_bet,
        };
        Ok(Rules(Arc::new(game::Rules::stud(g, o).py()?)))
    }

    /// Progressive betting (Progressive Hold'em): an ante from everyone,
    /// then four fixed bets, one per round; each player bets it or folds.
    /// `game` as for `no_limit`.
    #[staticmethod]
    #[pyo3(signature = (*, ante, bets, game=None), text_signature = "(*, ante, bets, game='holdem')")]
    fn progressive(ante: &Bound<'_, PyAny>, bets: &Bound<'_, PyAny>, game: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
        let g = game_arg(game)?;
        let list = chip_list("bets", bets)?;
        let four: [u64; 4] = list
            .as_slice()
            .try_into()
            .map_err(|_| config("bets", format!("bets must be four amounts, one per round, not {}", list.len())))?;
        Ok(Rules(Arc::new(game::Rules::progressive(chips("ante", ante)?, four).py()?.for_game(g).py()?)))
    }

    /// The game dealt.
    #[getter]
    fn game(&self) -> Game {
        Game(self.0.game)
    }

    /// These rules for another game (a `Game` or its code): a community-card
    /// game for rules with blinds, a stud game for stud rules.
    fn with_game(&self, game: &Bound<'_, PyAny>) -> PyResult<Rules> {
        let g = game_arg(Some(game))?;
        Ok(Rules(Arc::new((*self.0).clone().for_game(g).py()?)))
    }

    #[getter]
    fn structure(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        member(py, self.0.structure)
    }
    #[getter]
    fn straddle_min_raise(&self) -> &'static str {
        match self.0.straddle_min_raise {
            StraddleMinRaise::Straddle => "straddle",
            StraddleMinRaise::BigBlind => "big_blind",
        }
    }
    #[getter]
    fn small_bet(&self) -> Option<u64> {
        (self.0.structure == Structure::FixedLimit).then_some(self.0.small_bet)
    }
    #[getter]
    fn big_bet(&self) -> Option<u64> {
        (self.0.structure == Structure::FixedLimit).then_some(self.0.big_bet)
    }
    /// Stud: whether an open pair on fourth street allows the big bet.
    #[getter]
    fn fourth_street_big_bet(&self) -> bool {
        self.0.fourth_street_big_bet
    }
    #[getter]
    fn bets(&self) -> Option<Vec<u64>> {
        (self.0.structure == Structure::Progressive).then(|| self.0.bets.to_vec())
    }

    fn __repr__(&self) -> String {
        let r = &self.0;
        let mut parts = Vec::new();
        if r.is_stud() {
            let mut parts = vec![
                format!("game='{}'", r.game.code()),
                format!("bring_in={}", r.bring_in),
                format!("small_bet={}", r.small_bet),
                format!("big_bet={}", r.big_bet),
            ];
            if r.ante > 0 {
                parts.push(format!("ante={}", r.ante));
            }
            parts.push(format!("raise_cap={}", r.raise_cap.map(|c| c.to_string()).unwrap_or("None".into())));
            parts.push(format!("heads_up_uncapped={}", if r.heads_up_uncapped { "True" } else { "False" }));
            if r.fourth_street_big_bet {
                parts.push("fourth_street_big_bet=True".into());
            }
            return format!("Rules.stud({})", parts.join(", "));
        }
        let method = match r.structure {
            Structure::NoLimit => "no_limit",
            Structure::PotLimit => "pot_limit",
            Structure::FixedLimit => "fixed_limit",
            Structure::Progressive => "progressive",
        };
        if r.structure == Structure::Progressive {
            parts.push(format!("ante={}", r.ante));
            parts.push(format!("bets=({}, {}, {}, {})", r.bets[0], r.bets[1], r.bets[2], r.bets[3]));
        } else {
            parts.push(format!("small_blind={}", r.small_blind));
            parts.push(format!("big_blind={}", r.big_blind));
            if r.structure == Structure::FixedLimit {
                parts.push(format!("small_bet={}", r.small_bet));
                parts.push(format!("big_bet={}", r.big_bet));
                parts.push(format!("raise_cap={}", r.raise_cap.map(|c| c.to_string()).unwrap_or("None".into())));
                parts.push(format!("heads_up_uncapped={}", if r.heads_up_uncapped { "True" } else { "False" }));
            }
            if r.ante > 0 {
                parts.push(format!("ante={}", r.ante));
            }
            if r.big_blind_ante > 0 {
                parts.push(format!("big_blind_ante={}", r.big_blind_ante));
            }
            if !r.straddles.is_empty() {
                let s: Vec<String> = r.straddles.iter().map(|s| s.to_string()).collect();
                parts.push(format!("straddles=[{}]", s.join(", ")));
            }
            if !r.straddles.is_empty() || r.straddle_min_raise != StraddleMinRaise::Straddle {
                parts.push(format!("straddle_min_raise='{}'", self.straddle_min_raise()));
            }
        }
        if r.button_blind {
            parts.push("button_blind=True".into());
        }
        if r.game != game::Game::holdem() {
            parts.push(format!("game='{}'", r.game.code()));
        }
        format!("Rules.{method}({})", parts.join(", "))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let restore = py.import("holecards._core")?.getattr("_restore_rules")?;
        Ok((restore, (PyBytes::new(py, &codec::encode_rules(&self.0)),)))
    }
}}

/// A game: the deck, the hole cards and the showdown. Built from its code:
/// 'holdem', 'omaha' (4 hole cards), 'omaha5', 'omaha6', 'omaha-hi-lo',
/// 'omaha5-hi-lo', 'omaha6-hi-lo', 'short-deck', 'short-deck-trips' (three
/// of a kind above a straight), 'royal', 'stud', 'stud-hi-lo' or 'razz';
/// 'plo', 'plo5', 'plo6', 'plo8' and 'stud8' are read too.
#[pyclass(module = "holecards", name = "Game", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Game(pub game::Game);

#[pymethods]
impl Game {
    #[new]
    fn new(code: &Bound<'_, PyAny>) -> PyResult<Game> {
        if code.is_none() {
            return Err(config(
                "game",
                format!(
                    "a game is named by its code ({}), not None",
                    game::Game::CODES.join(", ")
                ),
            ));
        }
        Ok(Game(game_arg(Some(code))?))
    }
    /// Every game code, in a fixed order.
    #[staticmethod]
    fn codes() -> Vec<&'static str> {
        game::Game::CODES.to_vec()
    }
    /// The game's code ('omaha5').
    #[getter]
    fn code(&self) -> String {
        self.0.code()
    }
    /// The game's name ("5-card Omaha").
    #[getter]
    fn name(&self) -> String {
        self.0.name()
    }
    /// Hole cards each player is dealt.
    #[getter]
    fn hole_cards(&self) -> usize {
        self.0.hole_cards()
    }
    /// Cards in the deck: 52, 36 (short deck) or 20 (royal).
    #[getter]
    fn deck_size(&self) -> usize {
        self.0.deck().len()
    }
    /// The deck's cards, in index order.
    fn deck(&self) -> Vec<CardObj> {
        cards_to_py(self.0.deck())
    }
    /// Whether each pot is split between the best high and the best
    /// eight-or-better low.
    #[getter]
    fn hi_lo(&self) -> bool {
        self.0.is_hi_lo()
    }
    /// Most players a hand of this game has room for.
    #[getter]
    fn max_players(&self) -> usize {
        self.0.max_players()
    }
    /// Whether this is a stud game (a bring-in, up and down cards).
    #[getter]
    fn is_stud(&self) -> bool {
        self.0.is_stud()
    }
    /// Whether this is a draw game (players discard and draw).
    #[getter]
    fn is_draw(&self) -> bool {
        self.0.is_draw()
    }
    /// How many draws a draw game has (0 in the other games).
    #[getter]
    fn draws(&self) -> usize {
        self.0.draws()
    }
    fn __repr__(&self) -> String {
        format!("Game('{}')", self.0.code())
    }
    fn __str__(&self) -> String {
        self.0.name()
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            py.import("holecards._core")?.getattr("Game")?,
            (self.0.code(),),
        ))
    }
}

/// A `game` argument: a `Game`, a game code, or `None` for hold'em.
pub fn game_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<game::Game> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(game::Game::holdem());
    };
    if let Ok(g) = v.cast::<Game>() {
        return Ok(g.get().0);
    }
    match v.cast::<PyString>() {
        Ok(s) => game::Game::from_code(&s.to_cow()?).py(),
        Err(_) => Err(config(
            "game",
            format!(
                "game must be a holecards.Game or a game code such as 'omaha', not {}",
                v.repr()?
            ),
        )),
    }
}

#[pyfunction]
pub fn _restore_rules(state: &[u8]) -> PyResult<Rules> {
    Ok(Rules(Arc::new(codec::decode_rules(state).py()?)))
}

/// What the player to act may do (amounts in chips; raises are street totals).
#[pyclass(module = "holecards", name = "LegalActions", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct LegalActions(pub game::LegalActions);

with_getters!(LegalActions [
    seat: usize, can_fold: bool, can_check: bool, call_amount: u64, min_raise_to: Option<u64>, max_raise_to: Option<u64>,
    bring_in: bool, draw: bool
] {
    /// True when betting or raising is open to this player.
    #[getter]
    fn can_raise(&self) -> bool {
        self.0.can_raise()
    }
    fn __repr__(&self) -> String {
        use crate::macros::PyRepr;
        let l = &self.0;
        format!(
            "LegalActions(seat={}, can_fold={}, can_check={}, call_amount={}, min_raise_to={}, max_raise_to={}{}{})",
            l.seat, l.can_fold.py_repr(), l.can_check.py_repr(), l.call_amount,
            l.min_raise_to.py_repr(), l.max_raise_to.py_repr(),
            if l.bring_in { ", bring_in=True" } else { "" },
            if l.draw { ", draw=True" } else { "" }
        )
    }
    /// Pickled as its fields (an `IllegalActionError` carries one).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, LegalFields)> {
        let restore = py.import("holecards._core")?.getattr("_restore_legal_actions")?;
        let l = &self.0;
        Ok((restore, (l.seat, l.can_fold, l.can_check, l.call_amount, l.min_raise_to, l.max_raise_to, l.bring_in, l.draw)))
    }
});

/// `LegalActions`' fields, as pickled.
type LegalFields = (usize, bool, bool, u64, Option<u64>, Option<u64>, bool, bool);

#[pyfunction]
#[pyo3(signature = (seat, can_fold, can_check, call_amount, min_raise_to, max_raise_to, bring_in=false, draw=false))]
#[allow(clippy::too_many_arguments)] // (the fields as pickled, one argument each)
pub fn _restore_legal_actions(
    seat: usize,
    can_fold: bool,
    can_check: bool,
    call_amount: u64,
    min_raise_to: Option<u64>,
    max_raise_to: Option<u64>,
    bring_in: bool,
    draw: bool,
) -> LegalActions {
    LegalActions(game::LegalActions {
        seat,
        can_fold,
        can_check,
        call_amount,
        min_raise_to,
        max_raise_to,
        bring_in,
        draw,
    })
}

/// A pot: its chips, the seats that can win it and, once paid, its winners.
#[pyclass(module = "holecards", name = "Pot", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Pot(game::Pot);

#[pymethods]
impl Pot {
    #[getter]
    fn amount(&self) -> u64 {
        self.0.amount
    }
    #[getter]
    fn eligible<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.eligible.to_vec())
    }
    /// The seats paid (in a hi/lo game, the high half's winners).
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.winners.to_vec())
    }
    /// In a hi/lo game, the seats paid the low half; empty when no
    /// qualifying low was shown (the high took the whole pot) and in the
    /// other games.
    #[getter]
    fn low_winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.low_winners.to_vec())
    }
    fn __repr__(&self) -> String {
        let t = |v: Vec<usize>| match v.as_slice() {
            [one] => format!("({one},)"),
            _ => format!(
                "({})",
                v.iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let low = if self.0.low_winners.is_empty() {
            String::new()
        } else {
            format!(", low_winners={}", t(self.0.low_winners.to_vec()))
        };
        format!(
            "Pot(amount={}, eligible={}, winners={}{low})",
            self.0.amount,
            t(self.0.eligible.to_vec()),
            t(self.0.winners.to_vec())
        )
    }
}

/// The attributes `Action` and `Event` share, written once: both hold an
/// engine `Event` (an action is an event whose kind is a post or an action).
macro_rules! event_class {
    ($class:ident, { $($extra:tt)* }) => {
        #[pymethods]
        impl $class {
            #[getter]
            fn street(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                member(py, self.0.street)
            }
            /// Chips: posted, added by a call, the street total of a bet or
            /// raise, returned, or awarded; 0 otherwise.
            #[getter]
            fn amount(&self) -> u64 {
                self.0.amount
            }
            /// Whether this put the player all-in.
            #[getter]
            fn all_in(&self) -> bool {
                self.0.all_in
            }
            $($extra)*
        }
    };
}

/// One entry of a hand's history: a post or a player action.
#[pyclass(module = "holecards", name = "Action", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Action(game::Event);

impl Action {
    fn of(a: game::Action) -> Action {
        Action(a.into())
    }
}

event_class!(Action, {
    /// An `ActionKind` (the bring-in's number differs from its `EventKind`).
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.0.kind.action() {
            Some(k) => member(py, k),
            None => member(py, self.0.kind),
        }
    }
    #[getter]
    fn seat(&self) -> usize {
        self.0.seat.unwrap_or_default()
    }
    fn __repr__(&self) -> String {
        format!(
            "Action(seat={}, kind={}, street={}, amount={}{})",
            self.0.seat.unwrap_or_default(),
            self.0.kind.name(),
            self.0.street.name().to_uppercase(),
            self.0.amount,
            if self.0.all_in { ", all_in=True" } else { "" }
        )
    }
});

/// The cards of an event: `[]` when it has none, `None` when hidden from the reader.
fn event_cards(c: &EventCards) -> Option<Vec<CardObj>> {
    match c {
        EventCards::NoCards => Some(Vec::new()),
        EventCards::Known(list) => Some(cards_to_py(list.as_slice())),
        EventCards::Hidden(_) => None,
    }
}

/// One thing that happened in a hand: a post, a deal, an action, a return,
/// a show or muck, an award.
#[pyclass(module = "holecards", name = "Event", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Event(game::Event);

event_class!(Event, {
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        member(py, self.0.kind)
    }
    /// The seat it concerns (`None` for burns and board cards).
    #[getter]
    fn seat(&self) -> Option<usize> {
        self.0.seat
    }
    /// The cards dealt, shown or mucked (`[]` for events without cards;
    /// `None` where this reader may not see them).
    #[getter]
    fn cards(&self) -> Option<Vec<CardObj>> {
        event_cards(&self.0.cards)
    }
    /// For an award: the index of the pot in `Hand.pots`.
    #[getter]
    fn pot(&self) -> Option<usize> {
        self.0.pot
    }
    fn __repr__(&self) -> String {
        let e = &self.0;
        let mut parts = vec![format!("kind={}", e.kind.name())];
        if let Some(s) = e.seat {
            parts.push(format!("seat={s}"));
        }
        use holecards_core::enums::Members;
        let street = game::Street::VARIANTS[e.street as usize];
        parts.push(format!(
            "street={}",
            holecards_core::enums::python_member(street)
        ));
        if e.amount > 0 {
            parts.push(format!("amount={}", e.amount));
        }
        match &e.cards {
            EventCards::Known(c) => parts.push(format!(
                "cards='{}'",
                holecards_core::card::cards_to_string(c.as_slice())
            )),
            EventCards::Hidden(_) => parts.push("cards=None".into()),
            EventCards::NoCards => {}
        }
        if let Some(p) = e.pot {
            parts.push(format!("pot={p}"));
        }
        if e.all_in {
            parts.push("all_in=True".into());
        }
        format!("Event({})", parts.join(", "))
    }
});

/// One seat's given hole cards, as many as `g` deals.
fn to_hole(value: &Bound<'_, PyAny>, seat: usize, g: game::Game) -> PyResult<CardList> {
    let cards = to_cards(value)?;
    g.check_hole(seat, &cards).py()?;
    Ok(CardList::new(&cards))
}

fn shown_dict<'py>(py: Python<'py>, state: &impl HandState) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for s in 0..state.num_players() {
        if let Some(h) = state.shown_cards(s) {
            d.set_item(s, cards_to_py(&h))?;
        }
    }
    Ok(d)
}

/// A seat argument (`None` allowed) of a hand with `n` seats.
fn opt_seat(seat: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<Option<usize>> {
    match seat {
        Some(s) if !s.is_none() => crate::args::seat(s, n).map(Some),
        _ => Ok(None),
    }
}

/// A value of the engine's `HandState` as Python gets it.
trait ToPy {
    fn to_py(self, py: Python<'_>) -> PyResult<Py<PyAny>>;
}

macro_rules! to_py_as_is {
    ($($t:ty),*) => {$(
        impl ToPy for $t {
            fn to_py(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                pyo3::IntoPyObjectExt::into_py_any(self, py)
            }
        }
    )*};
}
to_py_as_is!(usize, u64, bool, Option<usize>, Vec<u64>, Vec<bool>);

impl ToPy for game::Street {
    fn to_py(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        member(py, self)
    }
}

impl ToPy for Vec<game::Pot> {
    fn to_py(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        pyo3::IntoPyObjectExt::into_py_any(self.into_iter().map(Pot).collect::<Vec<_>>(), py)
    }
}

/// The read-only attributes `Hand` and `SeatView` share, written once:
/// each is one call into the engine's `HandState` plus a conversion. The
/// state a view copies from its hand comes from the engine's one list
/// (`with_view_fields!`); the rest is derived.
macro_rules! hand_state_class {
    ($class:ident { $($extra:tt)* }) => {
        holecards_core::with_view_fields!(hand_state_class!(@impl $class { $($extra)* }));
    };
    (@impl $class:ident { $($extra:tt)* } [$($field:ident: $ty:ty),*]) => {
        #[pymethods]
        impl $class {
            $(
                #[getter]
                fn $field(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    HandState::$field(&self.0).to_py(py)
                }
            )*
            #[getter]
            fn num_players(&self) -> usize {
                HandState::num_players(&self.0)
            }
            #[getter]
            fn payoffs(&self) -> Option<Vec<i64>> {
                HandState::payoffs(&self.0)
            }
            #[getter]
            fn final_stacks(&self) -> Option<Vec<u64>> {
                HandState::final_stacks(&self.0)
            }
            #[getter]
            fn rules(&self) -> Rules {
                Rules(Arc::clone(HandState::rules(&self.0)))
            }
            #[getter]
            fn board(&self) -> Vec<CardObj> {
                cards_to_py(&HandState::board(&self.0))
            }
            /// Posts and player actions, in order.
            #[getter]
            fn history(&self) -> Vec<Action> {
                HandState::history(&self.0).into_iter().map(Action::of).collect()
            }
            /// Everything that happened, in order (a view: without the cards its seat may not see).
            #[getter]
            fn events(&self) -> Vec<Event> {
                HandState::events(&self.0).into_iter().map(Event).collect()
            }
            /// Cards shown at showdown, by seat (empty before a showdown).
            #[getter]
            fn shown<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                shown_dict(py, &self.0)
            }
            $($extra)*
        }
    };
}

/// The state of one hand of hold'em.
#[pyclass(module = "holecards", name = "Hand")]
#[derive(Clone)]
pub struct Hand(pub game::Hand);

hand_state_class!(Hand {
    #[new]
    #[pyo3(signature = (rules, stacks, button=None, seed=None, hole_cards=None, board=None), text_signature = "(rules, stacks, button=0, seed=None, hole_cards=None, board=None)")]
    fn new(
        rules: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        button: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
        hole_cards: Option<&Bound<'_, PyAny>>,
        board: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Hand> {
        let rules = rules
            .cast::<Rules>()
            .map_err(|_| config("rules", "rules must be a holecards.Rules, e.g. Rules.no_limit(small_blind=1, big_blind=2)".into()))?
            .get()
            .0
            .clone();
        let stacks = chip_list("stacks", stacks)?;
        let button = match button {
            None => 0,
            Some(b) => crate::args::as_u64(b).and_then(|v| usize::try_from(v).ok()).ok_or_else(|| {
                config("button", format!("button must be a seat number, not {}", b.repr().map(|r| r.to_string()).unwrap_or_default()))
            })?,
        };
        let mut given = GivenCards::default();
        if let Some(h) = hole_cards.filter(|h| !h.is_none()) {
            let per_seat = rules.game.hole_cards();
            let not_a_list = || to_py(Error::cards("hole_cards", format!("hole_cards must be a list with {per_seat} cards (or None) per seat")));
            if h.is_instance_of::<PyString>() {
                return Err(not_a_list());
            }
            // (one past the seats at most: an endless iterable is refused
            // as too long, not read for ever)
            for (seat, item) in h.try_iter().map_err(|_| not_a_list())?.take(stacks.len() + 1).enumerate() {
                let item = item?;
                given.hole_cards.push(if item.is_none() { None } else { Some(to_hole(&item, seat, rules.game)?) });
            }
        }
        if let Some(b) = board.filter(|b| !b.is_none()) {
            given.board = to_cards(b)?;
        }
        let any_given = !given.hole_cards.is_empty() || !given.board.is_empty();
        Ok(Hand(game::Hand::new(rules, &stacks, button, seed, any_given.then_some(&given)).py()?))
    }

    /// The hole cards of `seat` (stud: every card dealt to it so far, up
    /// cards included, in the order dealt; draw games: its hand now, the
    /// cards kept in their order, then those drawn).
    fn hole_cards(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<CardObj>> {
        let seat = crate::args::seat(seat, self.0.num_players())?;
        Ok(self.0.hole_cards(seat).map(|h| cards_to_py(&h)).unwrap_or_default())
    }

    /// Stud: the up cards of `seat`, which every player sees (empty in the
    /// other games).
    fn up_cards(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<CardObj>> {
        let seat = crate::args::seat(seat, self.0.num_players())?;
        Ok(cards_to_py(&self.0.up_cards(seat)))
    }

    /// What the player to act may do; `None` once the hand is over.
    fn legal_actions(&self) -> Option<LegalActions> {
        self.0.legal_actions().map(LegalActions)
    }

    fn fold(&mut self) -> PyResult<()> {
        self.0.fold().py()
    }

    fn check_or_call(&mut self) -> PyResult<()> {
        self.0.check_or_call().py()
    }

    /// Check; refused (`CANNOT_CHECK`) when facing a bet.
    #[pyo3(signature = (*, seat=None))]
    fn check(&mut self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.act_as(seat, Move::Check)
    }

    /// Call; refused (`NOTHING_TO_CALL`) when nothing is owed.
    #[pyo3(signature = (*, seat=None))]
    fn call(&mut self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.act_as(seat, Move::Call)
    }

    /// Stud, third street: post the bring-in; refused (`NOT_BRINGING_IN`)
    /// from a player who does not owe it. Completing is `bet_or_raise_to`
    /// the small bet.
    #[pyo3(signature = (*, seat=None))]
    fn bring_in(&mut self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.act_as(seat, Move::BringIn)
    }

    /// Draw games: discard `cards` (none: stand pat) in the draw in
    /// progress; the replacements come once every player still in has
    /// discarded. Refused (`BAD_DISCARD`) with no draw in progress or for a
    /// card the player does not hold, and (`NOT_YOUR_TURN`) out of turn.
    #[pyo3(signature = (cards=None, *, seat=None))]
    fn discard(&mut self, cards: Option<&Bound<'_, PyAny>>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let seat = opt_seat(seat, self.0.num_players())?;
        if self.0.is_over() {
            // a finished hand refuses the move (the engine says why) before
            // its cards are read: an object whose conversion raises gets
            // the same refusal as any other
            return self.0.discard(seat, &[]).py();
        }
        let cards = match cards {
            Some(c) if !c.is_none() => to_cards(c)?,
            _ => Vec::new(),
        };
        self.0.discard(seat, &cards).py()
    }

    /// Draw games: stand pat (discard nothing) in the draw in progress.
    #[pyo3(signature = (*, seat=None))]
    fn stand_pat(&mut self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let seat = opt_seat(seat, self.0.num_players())?;
        self.0.discard(seat, &[]).py()
    }

    /// Offers to run the board more than once: when the betting ends with
    /// players all-in and board cards to come, the hand stops
    /// (`awaiting_runs`) until `run_it` says how many times. Community-card
    /// games.
    fn offer_run_it(&mut self) -> PyResult<()> {
        self.0.offer_run_it().py()
    }

    /// Whether the hand waits for the players to choose how many times to
    /// run the board (`run_it`).
    #[getter]
    fn awaiting_runs(&self) -> bool {
        self.0.awaiting_runs()
    }

    /// How many times the board is run (1 until the players chose more).
    #[getter]
    fn run_count(&self) -> usize {
        self.0.run_count()
    }

    /// Each run's board (the board alone until it is run more than once).
    #[getter]
    fn boards(&self) -> Vec<Vec<CardObj>> {
        self.0.boards().iter().map(|b| cards_to_py(b)).collect()
    }

    /// Runs the rest of the board `times` times (1 to 3) and plays the hand
    /// to its end: each pot is split between the runs (the odd chips to the
    /// first) and each share paid on its run's board. `boards`: each other
    /// run's cards to come (else cards no one has seen, shuffled from
    /// `seed` or the operating system's entropy). Refused, the hand
    /// unchanged, when the hand is not waiting for this.
    #[pyo3(signature = (times, boards=None, *, seed=None))]
    fn run_it(
        &mut self,
        times: &Bound<'_, PyAny>,
        boards: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
    ) -> PyResult<()> {
        let times = crate::args::as_u64(times)
            .and_then(|t| usize::try_from(t).ok())
            .ok_or_else(|| {
                to_py(holecards_core::Error::config(
                    "times",
                    format!("times must be 1 to 3, not {}", times.repr().map(|r| r.to_string()).unwrap_or_default()),
                ))
            })?;
        let boards: Vec<Vec<holecards_core::card::Card>> = match boards {
            Some(b) if !b.is_none() => {
                let mut out = Vec::new();
                for item in b.try_iter()? {
                    if out.len() >= holecards_core::game::MAX_RUNS {
                        return Err(to_py(holecards_core::Error::cards(
                            "boards",
                            "more boards than runs".into(),
                        )));
                    }
                    out.push(to_cards(&item?)?);
                }
                out
            }
            _ => Vec::new(),
        };
        self.0.run_it(times, &boards, seed).py()
    }

    fn bet_or_raise_to(&mut self, amount: &Bound<'_, PyAny>) -> PyResult<()> {
        match crate::args::as_u64(amount) {
            Some(to) => self.0.bet_or_raise_to(to).py(),
            // Not a whole, non-negative number of chips (a float, a negative
            // or huge number): refused by the engine with the legal actions.
            None => Err(to_py(self.0.not_an_amount(&amount.repr()?.to_string()))),
        }
    }

    /// `seat` makes the move `kind` (an `ActionKind`: `FOLD`, `CHECK`,
    /// `CALL`, `BET` or `RAISE`, the last two with `amount`, the street
    /// total; `BRING_IN` in a stud game); refused with `NOT_YOUR_TURN` unless it is that seat's turn.
    #[pyo3(signature = (seat, kind, amount=None))]
    fn act(&mut self, seat: &Bound<'_, PyAny>, kind: &Bound<'_, PyAny>, amount: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let seat = crate::args::seat(seat, self.0.num_players())?;
        let Some(code) = crate::args::as_u64(kind).and_then(|k| u8::try_from(k).ok()) else {
            return Err(to_py(holecards_core::Error::config(
                "kind",
                format!(
                    "{} is not a player action: use ActionKind.FOLD, CHECK, CALL, BET, RAISE or \
                     BRING_IN",
                    kind.repr()?
                ),
            )));
        };
        let to = match amount {
            Some(a) if !a.is_none() => match crate::args::as_u64(a) {
                Some(v) => Some(v),
                None => return Err(to_py(self.0.not_an_amount(&a.repr()?.to_string()))),
            },
            _ => None,
        };
        let mv = game::Move::from_action(code, to).map_err(to_py)?;
        self.0.act(Some(seat), mv).py()
    }

    /// An independent copy.
    fn copy(&self) -> Hand {
        self.clone()
    }
    fn __copy__(&self) -> Hand {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Hand {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Hand>().map(|o| o.borrow().0 == self.0).unwrap_or(false)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let restore = py.import("holecards._core")?.getattr("_restore_hand")?;
        Ok((restore, (PyBytes::new(py, &codec::encode_hand(&self.0)),)))
    }

    /// What `seat` may see (public information and its own hole cards);
    /// `None` gives the public view a spectator gets.
    #[pyo3(signature = (seat=None))]
    fn view(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<SeatView> {
        let seat = opt_seat(seat, self.0.num_players())?;
        Ok(SeatView(self.0.view(seat)))
    }

    fn __repr__(&self) -> String {
        let h = &self.0;
        let board: String = h.board().iter().map(|c| c.to_string()).collect();
        format!(
            "<Hand {} players, {}, board '{}', pot {}, {}>",
            h.num_players(),
            h.street().name(),
            board,
            h.pot(),
            match h.actor() {
                Some(a) => format!("seat {a} to act"),
                None => "over".to_string(),
            }
        )
    }
});

impl Hand {
    fn act_as(&mut self, seat: Option<&Bound<'_, PyAny>>, mv: Move) -> PyResult<()> {
        let seat = opt_seat(seat, self.0.num_players())?;
        self.0.act(seat, mv).py()
    }
}

#[pyfunction]
pub fn _restore_hand(state: &[u8]) -> PyResult<Hand> {
    Ok(Hand(codec::decode_hand(state).py()?))
}

#[pyfunction]
pub fn _restore_view(state: &[u8]) -> PyResult<SeatView> {
    Ok(SeatView(codec::decode_view(state).py()?))
}

/// One seat's view of a hand (or the public view): public information and
/// that seat's own cards, nothing else (other hole cards appear only once
/// shown at showdown; the deck never). Safe to send to that player.
#[pyclass(module = "holecards", name = "SeatView", frozen, eq)]
#[derive(PartialEq)]
pub struct SeatView(pub game::SeatView);

fn card_strs(cards: &[CoreCard]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

hand_state_class!(SeatView {
    /// The seat this view is for; `None` for the public view.
    #[getter]
    fn seat(&self) -> Option<usize> {
        self.0.seat
    }
    /// This seat's own hole cards (`None` for the public view).
    #[getter]
    fn hole_cards(&self) -> Option<Vec<CardObj>> {
        self.0.own_cards().map(|h| cards_to_py(&h))
    }
    /// Stud: every seat's up cards, which everyone sees (empty lists in
    /// the other games).
    #[getter]
    fn up_cards(&self) -> Vec<Vec<CardObj>> {
        self.0.up_cards.iter().map(|u| cards_to_py(u)).collect()
    }
    /// The legal actions when this seat is to act, else `None`.
    fn legal_actions(&self) -> Option<LegalActions> {
        self.0.legal.map(LegalActions)
    }
    /// The view as plain Python data (ints, strings, lists, dicts; cards as
    /// strings like "Ah"), ready for JSON: what a game server sends the seat.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let v = &self.0;
        let d = PyDict::new(py);
        d.set_item("seat", v.seat)?;
        d.set_item("game", v.rules.game.code())?;
        d.set_item("num_players", v.num_players())?;
        d.set_item("button", v.button)?;
        d.set_item("street", v.street.name())?;
        d.set_item("actor", v.actor)?;
        d.set_item("is_over", v.is_over)?;
        d.set_item("is_drawing", v.is_drawing)?;
        d.set_item("hole_cards", v.own_cards().map(|c| card_strs(&c)))?;
        d.set_item("board", card_strs(&v.board))?;
        let ups: Vec<Vec<String>> = v.up_cards.iter().map(|u| card_strs(u)).collect();
        d.set_item("up_cards", ups)?;
        d.set_item("starting_stacks", &v.starting_stacks)?;
        d.set_item("stacks", &v.stacks)?;
        d.set_item("final_stacks", v.final_stacks())?;
        d.set_item("bets", &v.bets)?;
        d.set_item("contributions", &v.contributions)?;
        d.set_item("folded", &v.folded)?;
        d.set_item("all_in", &v.all_in)?;
        d.set_item("pot", v.pot)?;
        let pots = PyList::empty(py);
        for p in &v.pots {
            let pd = PyDict::new(py);
            pd.set_item("amount", p.amount)?;
            pd.set_item("eligible", p.eligible.to_vec())?;
            pd.set_item("winners", p.winners.to_vec())?;
            if !p.low_winners.is_empty() {
                pd.set_item("low_winners", p.low_winners.to_vec())?;
            }
            pots.append(pd)?;
        }
        d.set_item("pots", pots)?;
        let shown = PyDict::new(py);
        for s in 0..v.num_players() {
            if let Some(c) = v.shown_cards(s) {
                shown.set_item(s, card_strs(&c))?;
            }
        }
        d.set_item("shown", shown)?;
        d.set_item("payoffs", v.payoffs())?;
        let history = PyList::empty(py);
        for a in v.history() {
            let ad = PyDict::new(py);
            ad.set_item("seat", a.seat)?;
            ad.set_item("street", a.street.name())?;
            ad.set_item("kind", a.kind.name().to_lowercase())?;
            ad.set_item("amount", a.amount)?;
            ad.set_item("all_in", a.all_in)?;
            history.append(ad)?;
        }
        d.set_item("history", history)?;
        let events = PyList::empty(py);
        for e in &v.events {
            let ed = PyDict::new(py);
            ed.set_item("kind", e.kind.name().to_lowercase())?;
            ed.set_item("seat", e.seat)?;
            ed.set_item("street", e.street.name())?;
            ed.set_item("amount", e.amount)?;
            ed.set_item("all_in", e.all_in)?;
            ed.set_item("cards", e.cards.known().map(card_strs).or_else(|| (e.cards == EventCards::NoCards).then(Vec::new)))?;
            ed.set_item("pot", e.pot)?;
            events.append(ed)?;
        }
        d.set_item("events", events)?;
        match &v.legal {
            Some(la) => {
                let ld = PyDict::new(py);
                ld.set_item("can_fold", la.can_fold)?;
                ld.set_item("can_check", la.can_check)?;
                ld.set_item("call_amount", la.call_amount)?;
                ld.set_item("min_raise_to", la.min_raise_to)?;
                ld.set_item("max_raise_to", la.max_raise_to)?;
                ld.set_item("bring_in", la.bring_in)?;
                ld.set_item("draw", la.draw)?;
                d.set_item("legal_actions", ld)?;
            }
            None => d.set_item("legal_actions", py.None())?,
        }
        Ok(d)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let restore = py.import("holecards._core")?.getattr("_restore_view")?;
        Ok((restore, (PyBytes::new(py, &codec::encode_view(&self.0)),)))
    }

    fn __repr__(&self) -> String {
        match self.0.seat {
            Some(s) => format!("<SeatView seat {s} of a {}-player hand>", self.0.num_players()),
            None => format!("<SeatView public view of a {}-player hand>", self.0.num_players()),
        }
    }
});
