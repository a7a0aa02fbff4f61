//! A hand history's actions played through a [`Hand`], each one checked: the
//! player PHH names must be the one to act, and the engine must accept the
//! move.
//!
//! Mapping (spec `required.rst`, and `shared/phh/README.md`):
//! * players `p1..pn` are seats `0..n-1`, the button the last seat, so `p1` is
//!   the small blind; heads-up the button (`p2`) posts the small blind, which
//!   is what "the forced-bet arrays are reversed heads-up" means: entry 0 of
//!   `blinds_or_straddles` is the small blind, entry 1 the big blind, always;
//! * non-zero `blinds_or_straddles` from entry 2 on, contiguous, are
//!   straddles under the gun first;
//! * `antes` all equal are a uniform ante; only entry 1 (the big blind's)
//!   non-zero is a big-blind ante (dead money); anything else is refused;
//! * amounts with decimals are played in the smallest unit the file's input
//!   amounts use (0.01 for cents): stacks times the unit are the file's;
//! * known hole cards and the board are given to the hand; unknown ones
//!   (`????`) are dealt from a seed fixed by the hand's location, and a card
//!   shown later with `sm` fills in an unknown deal;
//! * `cbr X` is a bet or raise to X, `cc` a check or call, `f` a fold, `sm` a
//!   show (every player still in shows in this engine).
use super::history::{Decimal, HandHistory};
use super::toml::Value;
use crate::card::{parse_cards, Card};
use crate::error::{Error, ErrorKind, ReplayError, Result};
use crate::eval::short_deck::ShortDeckRanking;
use crate::game::{
    BlindOptions, CardList, Game, GameKind, GivenCards, Hand, Move, Rules, Seating,
    StraddleMinRaise, Structure,
};
use std::sync::Arc;

mod draw;

/// A replayed history.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The hand after the last action.
    pub hand: Hand,
    /// Decimal places of the chip unit (0: whole chips; 2: cents).
    pub places: u32,
    /// The result depends on cards the file does not give (a showdown with
    /// an unknown hand still in, or an unknown board card): then only the
    /// legality and pot arithmetic of the replay are checkable.
    pub unknown_cards: bool,
}

/// One parsed action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhhAction {
    DealHole {
        seat: usize,
        cards: Option<Vec<Card>>,
    },
    DealBoard(Vec<Card>),
    Fold(usize),
    CheckOrCall(usize),
    BetOrRaiseTo(usize, Decimal),
    Show(usize, Option<Vec<Card>>),
    /// Stud: the player posts the bring-in (`pN pb`).
    BringIn(usize),
    /// Draw games: the player discards these cards (`None`: an unknown
    /// one), or stands pat (none): `pN sd [cards]`.
    Discard(usize, Vec<Option<Card>>),
    /// A commentary or an empty string.
    Nothing,
}

fn cards_of(text: &str) -> std::result::Result<Option<Vec<Card>>, String> {
    if text.contains('?') {
        return Ok(None);
    }
    parse_cards(text).map(Some).map_err(|e| e.to_string())
}

/// Parses one action of the grammar (`d dh p1 AhKh`, `d db 2c3d4h`,
/// `p2 cbr 300`, `p1 cc`, `p3 f`, `p1 sm AhKh`, `# words`).
pub fn parse_action(text: &str, players: usize) -> std::result::Result<PhhAction, String> {
    // (a byte scan: '#' is ASCII, so the cut is a character boundary; for
    // a dozen bytes it is quicker than the string searcher)
    let body = match text.bytes().position(|b| b == b'#') {
        Some(i) => &text[..i],
        None => text,
    };
    // At most four words in any action; a fifth makes it no action.
    let mut buf = [""; 5];
    let mut count = 0;
    for w in body.split_whitespace() {
        if count == buf.len() {
            return Err("not an action of the PHH grammar".into());
        }
        buf[count] = w;
        count += 1;
    }
    let words = &buf[..count];
    let seat_of = |w: &str| -> std::result::Result<usize, String> {
        let n: usize = w
            .strip_prefix('p')
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| format!("{w:?} is not a player (p1..p{players})"))?;
        if n == 0 || n > players {
            return Err(format!("there is no player {w} (p1..p{players})"));
        }
        Ok(n - 1)
    };
    Ok(match words {
        [] => PhhAction::Nothing,
        ["d", "dh", p, cards] => PhhAction::DealHole {
            seat: seat_of(p)?,
            cards: cards_of(cards)?,
        },
        ["d", "db", cards] => {
            PhhAction::DealBoard(cards_of(cards)?.ok_or("an unknown board card")?)
        }
        [p, "f"] => PhhAction::Fold(seat_of(p)?),
        [p, "cc"] => PhhAction::CheckOrCall(seat_of(p)?),
        [p, "cbr", amount] => {
            let seat = seat_of(p)?;
            PhhAction::BetOrRaiseTo(
                seat,
                Decimal::parse(amount)
                    .filter(|d| d.mantissa >= 0)
                    .ok_or_else(|| format!("{amount:?} is not an amount"))?,
            )
        }
        [p, "sm"] => PhhAction::Show(seat_of(p)?, None),
        [p, "sm", cards] => PhhAction::Show(
            seat_of(p)?,
            if *cards == "-" {
                None
            } else {
                cards_of(cards)?
            },
        ),
        ["d", verb, ..] => return Err(format!("the dealer action {verb:?} is not one of dh, db")),
        [p, "pb"] => PhhAction::BringIn(seat_of(p)?),
        [p, "sd"] => PhhAction::Discard(seat_of(p)?, Vec::new()),
        [p, "sd", cards] => PhhAction::Discard(seat_of(p)?, slot_cards(cards)?),
        _ => return Err("not an action of the PHH grammar".into()),
    })
}

/// The rules, starting stacks (in units) and the chip unit's places.
struct Setup {
    rules: Arc<Rules>,
    stacks: Vec<u64>,
    places: u32,
    /// Who posts, when a table's layout is not the standard one.
    seating: Option<Seating>,
}

/// Amounts as the history writes them (not in the replay's units).
fn shown(v: &[Decimal]) -> String {
    let all: Vec<String> = v.iter().map(|d| d.to_string()).collect();
    format!("[{}]", all.join(", "))
}

fn setup(h: &HandHistory, actions: &[PhhAction]) -> Result<Setup> {
    let variant = h.variant()?.to_string();
    let Some((structure, kind)) = super::variant_game(&variant) else {
        return Err(Error::unsupported_variant(&variant, h.where_()));
    };
    let bad = |why: String| Error::history(h.where_(), why);
    let game = game_of(h, kind).map_err(|e| bad(e.to_string()))?;
    let need = |key: &str| -> Result<Vec<Decimal>> {
        let v = h
            .numbers(key)?
            .ok_or_else(|| bad(format!("the required field '{key}' is missing")))?;
        v.into_iter()
            .map(|d| d.ok_or_else(|| bad(format!("'{key}' holds an unknown amount (inf)"))))
            .collect()
    };
    let stacks = need("starting_stacks")?;
    let n = stacks.len();
    let antes = need("antes")?;
    if game.is_stud() {
        return stud_setup(h, game, &stacks, &antes, actions);
    }
    let blinds = need("blinds_or_straddles")?;
    if !(crate::game::MIN_SEATS..=game.max_players()).contains(&n) {
        return Err(bad(format!(
            "{n} players: a hand of {game} needs 2 to {}",
            game.max_players()
        )));
    }
    for (key, v) in [("antes", &antes), ("blinds_or_straddles", &blinds)] {
        if v.len() != n {
            return Err(bad(format!(
                "'{key}' has {} entries for {n} players",
                v.len()
            )));
        }
    }
    if let Some(Some(count)) = h.number("seat_count")?.map(|d| d.in_units(0)) {
        if count < n as i128 {
            return Err(bad(format!(
                "seat_count is {count} but {n} players are dealt in"
            )));
        }
    }
    let extra: Vec<Decimal> = ["min_bet", "small_bet", "big_bet"]
        .iter()
        .filter_map(|k| h.number(k).transpose())
        .collect::<Result<_>>()?;
    let progressive = match structure {
        Structure::Progressive => need("_progressive_bets")?,
        _ => Vec::new(),
    };
    // every amount read: the fields above and the bets and raises
    let amounts = || {
        stacks
            .iter()
            .chain(&antes)
            .chain(&blinds)
            .chain(&extra)
            .chain(&progressive)
            .copied()
            .chain(actions.iter().filter_map(|a| match a {
                PhhAction::BetOrRaiseTo(_, d) => Some(*d),
                _ => None,
            }))
    };
    if amounts().any(|d| d.mantissa < 0) {
        return Err(bad("a negative amount".into()));
    }
    // unit_places, from the amounts read above (reading them again was a
    // fifth of a replay); the fields not read here are read as it reads
    // them
    let mut places = amounts().fold(0, |p, d| p.max(d.places()));
    if structure != Structure::Progressive {
        for d in h
            .numbers("_progressive_bets")?
            .unwrap_or_default()
            .into_iter()
            .flatten()
        {
            places = places.max(d.places());
        }
    }
    if let Some(d) = h.number("bring_in")? {
        places = places.max(d.places());
    }
    debug_assert_eq!(Some(places), unit_places(h).ok(), "unit places");
    if places > 6 {
        return Err(bad(format!(
            "amounts with {places} decimal places: at most 6 are played"
        )));
    }
    let units = |d: Decimal| -> Result<u64> {
        d.in_units(places)
            .and_then(|v| u64::try_from(v).ok())
            .filter(|&v| v <= crate::game::rules::MAX_CHIPS)
            .ok_or_else(|| bad("an amount too large to play".into()))
    };
    let stacks_u = stacks
        .iter()
        .map(|&d| units(d))
        .collect::<Result<Vec<_>>>()?;
    let mut antes_u = antes
        .iter()
        .map(|&d| units(d))
        .collect::<Result<Vec<_>>>()?;
    // This project's fields for a table's hand: players whose hands were
    // dead (away from the table; their kill is the fold written for them
    // before anyone acts) and players who posted a dead small blind (written
    // in their `antes` entry, which is dead money as an ante is).
    let players = |key: &str| -> Result<u32> {
        let Some(v) = h.numbers(key)? else {
            return Ok(0);
        };
        v.into_iter()
            .try_fold(0u32, |m, d| match d.and_then(|d| d.in_units(0)) {
                Some(p) if (1..=n as i128).contains(&p) => Ok(m | 1 << (p - 1)),
                _ => Err(bad(format!("'{key}' lists players by number, 1 to {n}"))),
            })
    };
    let dead_hands = players("_dead_hands")?;
    let dead_blinds = players("_dead_small_blinds")?;
    if n < 32 && dead_hands.count_ones() as usize >= n {
        return Err(bad(
            "every hand is dead in '_dead_hands': at least one player must be in".into(),
        ));
    }
    let mut dead_blind = 0u64;
    if dead_blinds != 0 {
        // The ante is a player's entry without a dead blind; the dead blind
        // what a poster's entry holds above it.
        let base = (0..n)
            .find(|&i| dead_blinds & (1 << i) == 0)
            .map_or(0, |i| antes_u[i]);
        let first = (0..n)
            .find(|&i| dead_blinds & (1 << i) != 0)
            .map_or(0, |i| antes_u[i]);
        dead_blind = first.checked_sub(base).filter(|&d| d > 0).ok_or_else(|| bad("a '_dead_small_blinds' player's antes entry holds no dead small blind above the ante".into()))?;
        for (i, a) in antes_u.iter_mut().enumerate() {
            if dead_blinds & (1 << i) != 0 {
                *a = a.checked_sub(dead_blind).ok_or_else(|| {
                    bad("the '_dead_small_blinds' players' antes entries differ".into())
                })?;
            }
        }
    }
    let blinds_u = blinds
        .iter()
        .map(|&d| units(d))
        .collect::<Result<Vec<_>>>()?;
    // A table's layout (this engine's tables write it; pokerkit plays it):
    // three or more players where entry 0 is the big blind and entry 1
    // empty (a dead small blind: p1, first left of the button, has the big
    // blind), and, after the blinds, entries of exactly the big blind
    // (players posting to come in; a straddle is always more).
    let bb_amount = match structure {
        Structure::NoLimit | Structure::PotLimit => h
            .number("min_bet")?
            .and_then(|d| d.in_units(places))
            .and_then(|v| u64::try_from(v).ok()),
        Structure::FixedLimit => h
            .number("small_bet")?
            .and_then(|d| d.in_units(places))
            .and_then(|v| u64::try_from(v).ok()),
        Structure::Progressive => None,
    };
    // A button blind (short-deck's): only the button's entry, the last
    // (heads-up, reversed: the first, the other entry empty), is set.
    let button_blind = match n {
        2 => blinds_u[0] > 0 && blinds_u[1] == 0,
        _ => blinds_u[n - 1] > 0 && blinds_u[..n - 1].iter().all(|&b| b == 0),
    } && structure != Structure::Progressive
        && dead_blinds == 0;
    let dead_sb = n >= 3
        && !button_blind
        && bb_amount.is_some_and(|b| b > 0 && blinds_u[0] == b && blinds_u[1] == 0);
    // Two big blinds (the moving button's player due the big blind, in the
    // small blind's seat) in a hand with a dead small blind: p1 posts to
    // come in, and the dead blinds say what the small blind is.
    let double_bb = n >= 3
        && dead_blinds != 0
        && bb_amount.is_some_and(|b| b > 0 && blinds_u[0] == b && blinds_u[1] == b);
    let first_rest = if dead_sb { 1 } else { 2 };
    let posting: u32 = match bb_amount {
        Some(b) if n >= 3 && b > 0 && !button_blind => (first_rest..n)
            .filter(|&i| blinds_u[i] == b)
            .fold(u32::from(double_bb), |m, i| m | (1 << i)),
        _ => 0,
    };
    let mut o = if button_blind {
        BlindOptions {
            big_blind: if n == 2 { blinds_u[0] } else { blinds_u[n - 1] },
            button_blind: true,
            ..Default::default()
        }
    } else if dead_sb {
        BlindOptions {
            small_blind: 0,
            big_blind: blinds_u[0],
            ..Default::default()
        }
    } else if double_bb {
        BlindOptions {
            small_blind: dead_blind,
            big_blind: blinds_u[1],
            ..Default::default()
        }
    } else {
        BlindOptions {
            small_blind: blinds_u[0],
            big_blind: blinds_u[1],
            ..Default::default()
        }
    };
    let rest: Vec<u64> = blinds_u[first_rest..]
        .iter()
        .take(if button_blind { 0 } else { n })
        .enumerate()
        .map(|(i, &s)| {
            if posting & (1 << (i + first_rest)) != 0 {
                0
            } else {
                s
            }
        })
        .collect();
    let rest = &rest[..];
    let k = rest.iter().take_while(|&&s| s > 0).count();
    if rest[k..].iter().any(|&s| s > 0) {
        return Err(bad(format!(
            "blinds_or_straddles {}: a straddle that is not under the gun (or a gap) is not played",
            shown(&blinds)
        )));
    }
    o.straddles = rest[..k].to_vec();
    if dead_sb && dead_blinds != 0 {
        // Nobody posted a small blind: the dead ones say what it is.
        o.small_blind = dead_blind;
    } else if dead_blinds != 0 && dead_blind != o.small_blind {
        return Err(bad(format!(
            "a dead small blind of {dead_blind} in a game whose small blind is {}",
            o.small_blind
        )));
    }
    let seating = (dead_sb || (posting | dead_blinds | dead_hands) != 0).then(|| {
        if !dead_sb && posting == 0 && dead_blinds == 0 && n == 2 {
            return Seating {
                dead_hands,
                ..Seating::standard(n, n - 1)
            };
        }
        let bb = if dead_sb { 0 } else { 1 };
        Seating {
            button: n - 1,
            small_blind: if dead_sb || double_bb { None } else { Some(0) },
            big_blind: bb,
            posting,
            dead_blinds,
            dead_hands,
        }
    });
    let bb_seat = if button_blind {
        n - 1
    } else if dead_sb {
        0
    } else {
        1
    };
    if antes_u.iter().all(|&a| a == antes_u[0]) {
        o.ante = antes_u[0];
    } else if antes_u
        .iter()
        .enumerate()
        .all(|(i, &a)| i == bb_seat || a == 0)
    {
        o.big_blind_ante = antes_u[bb_seat];
    } else {
        return Err(bad(format!(
            "antes {}: neither uniform nor a big-blind ante",
            shown(&antes)
        )));
    }
    o.straddle_min_raise = match h.get("_straddle_min_raise") {
        None => None,
        Some(Value::Str(v)) if v == "straddle" => Some(StraddleMinRaise::Straddle),
        Some(Value::Str(v)) if v == "big_blind" => Some(StraddleMinRaise::BigBlind),
        Some(_) => {
            return Err(bad(
                "straddle_min_raise must be 'straddle' or 'big_blind'".into()
            ))
        }
    };
    let raise_cap = match h.get("_raise_cap") {
        None => Some(4),
        Some(Value::Str(v)) if v == "none" => None,
        Some(Value::Num(v)) => Some(
            v.parse::<u32>()
                .map_err(|_| bad(format!("raise_cap {v} is not a number of raises")))?,
        ),
        Some(_) => return Err(bad("raise_cap must be a number of raises or 'none'".into())),
    };
    let heads_up_uncapped = match h.get("_heads_up_uncapped") {
        None => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("heads_up_uncapped must be true or false".into())),
    };
    let get = |key: &str| -> Result<u64> {
        let d = h.number(key)?.ok_or_else(|| {
            bad(format!(
                "the required field '{key}' is missing for {variant}"
            ))
        })?;
        units(d)
    };
    let rules = match structure {
        Structure::NoLimit | Structure::PotLimit => {
            let min_bet = get("min_bet")?;
            if min_bet != o.big_blind {
                // (the amounts as written, not in chip units)
                let written = |u: u64| Decimal {
                    mantissa: i128::from(u),
                    scale: places,
                };
                return Err(bad(if o.big_blind == 0 {
                    format!(
                        "no big blind is posted (min_bet is {}): a hand without one is not played",
                        written(min_bet)
                    )
                } else {
                    format!(
                        "min_bet {} differs from the big blind {} (not played)",
                        written(min_bet),
                        written(o.big_blind)
                    )
                }));
            }
            if structure == Structure::NoLimit {
                Rules::no_limit(o)
            } else {
                Rules::pot_limit(o)
            }
        }
        Structure::FixedLimit => Rules::fixed_limit(
            o,
            Some(get("small_bet")?),
            Some(get("big_bet")?),
            raise_cap,
            heads_up_uncapped,
        ),
        _ => {
            let b: Vec<u64> = progressive
                .iter()
                .map(|&d| units(d))
                .collect::<Result<_>>()?;
            let four: [u64; 4] = b
                .as_slice()
                .try_into()
                .map_err(|_| bad(format!("'_progressive_bets' has {} sizes, not 4", b.len())))?;
            if o.small_blind + o.big_blind + o.straddles.len() as u64 > 0 {
                return Err(bad(
                    "Progressive Hold'em has no blinds: blinds_or_straddles must be zeros".into(),
                ));
            }
            Rules::progressive(o.ante, four)
        }
    }
    .map_err(|e| bad(e.to_string()))?
    .with_game(game);
    Ok(Setup {
        rules: Arc::new(rules),
        stacks: stacks_u,
        places,
        seating,
    })
}

/// The game of a history of `kind`: its hole cards (`_hole_cards`, Omaha
/// only, 4 when absent) and short-deck ranking (`_trips_beat_straight`).
fn game_of(h: &HandHistory, kind: GameKind) -> Result<Game> {
    let hole = match h.get("_hole_cards") {
        None => None,
        Some(Value::Num(v)) => Some(
            v.parse::<usize>()
                .ok()
                .filter(|k| (4..=6).contains(k))
                .ok_or_else(|| {
                    Error::bad_config(format!("_hole_cards is {v}: Omaha deals 4, 5 or 6"))
                })?,
        ),
        Some(_) => {
            return Err(Error::bad_config(
                "_hole_cards must be a number of cards".into(),
            ))
        }
    };
    let trips = match h.get("_trips_beat_straight") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            return Err(Error::bad_config(
                "_trips_beat_straight must be true or false".into(),
            ))
        }
    };
    if hole.is_some() && !matches!(kind, GameKind::Omaha | GameKind::OmahaHiLo) {
        return Err(Error::bad_config(
            "_hole_cards is for the Omaha variants only".into(),
        ));
    }
    if trips && kind != GameKind::ShortDeck {
        return Err(Error::bad_config(
            "_trips_beat_straight is for short-deck only".into(),
        ));
    }
    Ok(match kind {
        GameKind::Holdem => Game::holdem(),
        GameKind::Omaha => Game::omaha(hole.unwrap_or(4))?,
        GameKind::OmahaHiLo => Game::omaha_hi_lo(hole.unwrap_or(4))?,
        GameKind::ShortDeck => Game::short_deck(if trips {
            ShortDeckRanking::TripsBeatStraight
        } else {
            ShortDeckRanking::StraightBeatsTrips
        }),
        GameKind::Royal => Game::royal(),
        GameKind::Stud => Game::stud(),
        GameKind::StudHiLo => Game::stud_hi_lo(),
        GameKind::Razz => Game::razz(),
        GameKind::DeuceSevenTripleDraw => Game::deuce_seven_triple_draw(),
        GameKind::DeuceSevenSingleDraw => Game::deuce_seven_single_draw(),
        GameKind::Badugi => Game::badugi(),
    })
}

/// The chip unit a history is played in: `10^-places`, [`unit_places`].
/// `HandHistory.unit` and the `unit` column of the columnar export are this
/// value, and a replay plays in it.
pub fn unit(h: &HandHistory) -> Result<Decimal> {
    unit_places(h).map(Decimal::unit)
}

/// Decimal places of the chip unit a history is played in (0 for whole
/// chips, 2 for cents): the most any of its input amounts uses (forced bets,
/// stacks, bet sizes and the amounts of `cbr` actions). A replay plays in
/// this unit (at most six places).
pub fn unit_places(h: &HandHistory) -> Result<u32> {
    let mut places = 0;
    for key in [
        "antes",
        "blinds_or_straddles",
        "starting_stacks",
        "_progressive_bets",
    ] {
        for d in h.numbers(key)?.unwrap_or_default().into_iter().flatten() {
            places = places.max(d.places());
        }
    }
    for key in ["min_bet", "small_bet", "big_bet", "bring_in"] {
        if let Some(d) = h.number(key)? {
            places = places.max(d.places());
        }
    }
    for a in h.actions()? {
        // (three words, the second `cbr`: no list of the words made)
        let mut words = a.split('#').next().unwrap_or("").split_whitespace();
        if let (Some(_), Some("cbr"), Some(amount), None) =
            (words.next(), words.next(), words.next(), words.next())
        {
            if let Some(d) = Decimal::parse(amount) {
                places = places.max(d.places());
            }
        }
    }
    Ok(places)
}

fn parse_texts(h: &HandHistory, texts: &[&str]) -> Result<Vec<PhhAction>> {
    let n_hint = match h.get("starting_stacks") {
        Some(super::toml::Value::Array(v)) => v.len(),
        _ => 0,
    };
    // (a loop into a list of the right size: collecting results into a
    // list grows it step by step, a reallocation every few actions)
    let mut out = Vec::with_capacity(texts.len());
    for (i, t) in texts.iter().enumerate() {
        out.push(parse_action(t, n_hint).map_err(|message| replay_error(h, i, t, message))?);
    }
    Ok(out)
}

/// A seed for the cards a history leaves unknown, fixed by its location, so
/// that a replay is reproducible.
fn seed_for(h: &HandHistory) -> u64 {
    // FNV-1a of the location's text (`file [table]`), read in pieces so as
    // not to build it.
    let section = h.section.as_deref();
    let pieces = [
        h.source.as_str(),
        if section.is_some() { " [" } else { "" },
        section.unwrap_or(""),
        if section.is_some() { "]" } else { "" },
    ];
    pieces
        .iter()
        .flat_map(|p| p.bytes())
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        })
}

/// Replays a history: builds its hand and plays every action, checked.
pub fn replay(h: &HandHistory) -> Result<Replayed> {
    let variant = h.variant()?;
    if super::variant_game(variant).is_none() {
        return Err(Error::unsupported_variant(variant, h.where_()));
    }
    let texts = h.actions()?;
    let actions = parse_texts(h, &texts)?;
    if super::variant_game(variant).is_some_and(|(_, k)| Game::draw_kind_of(k)) {
        return draw::replay_draw(h, &texts, &actions);
    }
    // (no other game draws: stud's replay included)
    if let Some(i) = actions
        .iter()
        .position(|a| matches!(a, PhhAction::Discard(..)))
    {
        return Err(replay_error(
            h,
            i,
            texts[i],
            format!("a draw (sd) in a hand of {variant}, which has no draws"),
        ));
    }
    if super::variant_game(variant).is_some_and(|(_, k)| Game::stud_kind_of(k)) {
        return replay_stud(h, &texts, &actions);
    }
    let Setup {
        rules,
        stacks,
        places,
        seating,
    } = setup(h, &actions)?;
    let n = stacks.len();
    let game = rules.game;
    let mut holes: Vec<Option<CardList>> = vec![None; n];
    let mut board = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        match a {
            PhhAction::DealHole {
                seat,
                cards: Some(c),
            }
            | PhhAction::Show(seat, Some(c)) => {
                if c.len() != game.hole_cards() {
                    return Err(replay_error(
                        h,
                        i,
                        texts[i],
                        format!(
                            "{} hole cards are {}, not {}",
                            game.name(),
                            game.hole_cards(),
                            c.len()
                        ),
                    ));
                }
                let cards = CardList::new(c);
                let mask = |l: &CardList| l.iter().fold(0u64, |m, c| m | c.bit());
                match holes[*seat] {
                    Some(prev) if mask(&prev) != mask(&cards) => {
                        return Err(replay_error(
                            h,
                            i,
                            texts[i],
                            format!("p{} shows cards other than the ones dealt", seat + 1),
                        ))
                    }
                    Some(_) => {}
                    None => holes[*seat] = Some(cards),
                }
            }
            PhhAction::DealBoard(c) => board.extend_from_slice(c),
            _ => {}
        }
    }
    let unknown: Vec<bool> = holes.iter().map(|c| c.is_none()).collect();
    // The board run more than once (`_run_count`): the first five `d db`
    // cards are the board, the rest each other run's cards to come, in turn
    let runs = run_count(h)?;
    // (offered and not yet chosen: the hand stops for the choice)
    let offered = match h.get("_run_it_offered") {
        None => false,
        Some(Value::Bool(b)) => *b && runs == 1,
        Some(_) => {
            return Err(Error::history(
                h.where_(),
                "_run_it_offered must be true or false",
            ))
        }
    };
    let mut other_runs: Vec<Vec<Card>> = Vec::new();
    if runs > 1 && board.len() > 5 {
        let more = board.len() - 5;
        let each = more / (runs - 1);
        if more % (runs - 1) != 0 || ![1, 2, 5].contains(&each) {
            return Err(Error::history(
                h.where_(),
                format!(
                    "{more} board cards beyond the first run's, not the cards to come of {} \
                     more runs",
                    runs - 1
                ),
            ));
        }
        other_runs = board[5..].chunks(each).map(<[Card]>::to_vec).collect();
        board.truncate(5);
        // Unknown hole cards are dealt here, out of every run's cards (the
        // engine's deal knows only the first run's board)
        if unknown.contains(&true) {
            let mut seen = crate::card::CardSet::default();
            for c in holes
                .iter()
                .flatten()
                .flat_map(|h| h.iter())
                .chain(board.iter())
            {
                seen.insert(*c);
            }
            for c in other_runs.iter().flatten() {
                seen.insert(*c);
            }
            let mut rest: Vec<Card> = game
                .deck()
                .iter()
                .copied()
                .filter(|c| !seen.contains(*c))
                .collect();
            {
                use rand::seq::SliceRandom;
                rest.shuffle(&mut crate::deck::make_rng(Some(seed_for(h))));
            }
            let k = game.hole_cards();
            let mut fill = rest.chunks(k);
            for hole in holes.iter_mut().filter(|c| c.is_none()) {
                let cards = fill.next().filter(|c| c.len() == k).ok_or_else(|| {
                    Error::history(h.where_(), "too many unknown hole cards for the deck")
                })?;
                *hole = Some(CardList::new(cards));
            }
        }
    }
    let given = GivenCards {
        hole_cards: holes,
        board,
    };
    let all_known = !unknown.contains(&true) && given.board.len() == 5;
    let seed = (!all_known || runs > 1).then(|| seed_for(h));
    let dealt = match seating {
        None => Hand::new(rules, &stacks, n - 1, seed, Some(&given)),
        Some(s) => Hand::new_seated(rules, &stacks, s, None, seed, Some(&given)),
    };
    let mut hand = dealt.map_err(|e| Error::history(h.where_(), e))?;
    if runs > 1 || offered {
        hand.offer_run_it()
            .map_err(|e| Error::history(h.where_(), e))?;
    }
    // (the players' choice, once the hand stops for it; a hand whose
    // choice is still to be made stays waiting)
    let run_out = |hand: &mut Hand, i: usize| -> Result<()> {
        if !hand.awaiting_runs() || offered {
            return Ok(());
        }
        hand.run_it(runs, &other_runs, seed)
            .map_err(|e| replay_error(h, i, texts.get(i).copied().unwrap_or(""), e.to_string()))
    };
    let unit = |d: &Decimal| {
        d.in_units(places)
            .and_then(|v| u64::try_from(v).ok())
            .unwrap_or(u64::MAX)
    };
    for (i, a) in actions.iter().enumerate() {
        let (seat, mv) = match a {
            // A dead hand's fold: the hand was killed at the deal.
            PhhAction::Fold(s)
                if *s < 32
                    && seating.is_some_and(|st| st.dead_hands & (1 << s) != 0)
                    && hand.is_folded(*s) =>
            {
                continue
            }
            PhhAction::Fold(s) => (*s, Move::Fold),
            PhhAction::CheckOrCall(s) => (*s, Move::CheckOrCall),
            PhhAction::BetOrRaiseTo(s, d) => (*s, Move::BetOrRaiseTo(capped_raise(&hand, unit(d)))),
            PhhAction::BringIn(s) => (*s, Move::BringIn),
            _ => continue,
        };
        if let Err(e) = hand.act(Some(seat), mv) {
            return Err(action_error(h, &texts, i, seat, &hand, e));
        }
        run_out(&mut hand, i)?;
    }
    if runs > 1 && !other_runs.is_empty() && hand.run_count() == 1 {
        return Err(Error::history(
            h.where_(),
            "more board cards than one board, but no all-in to run it more than once",
        ));
    }
    let showdown = hand.street() == crate::game::Street::Showdown;
    let folded = hand.folded();
    let unknown_cards = showdown
        && (given.board.len() < 5
            || (0..n).any(|s| unknown[s] && !folded[s])
            || (hand.run_count() > 1 && other_runs.is_empty()));
    Ok(Replayed {
        hand,
        places,
        unknown_cards,
    })
}

/// A history's `_run_count`: how many times its board was run (1 when
/// not written).
fn run_count(h: &HandHistory) -> Result<usize> {
    match h.get("_run_count") {
        None => Ok(1),
        Some(Value::Num(v)) => v
            .as_str()
            .parse::<usize>()
            .ok()
            .filter(|c| (1..=crate::game::MAX_RUNS).contains(c))
            .ok_or_else(|| {
                Error::history(
                    h.where_(),
                    format!(
                        "_run_count must be 1 to {}, not {}",
                        crate::game::MAX_RUNS,
                        v.as_str()
                    ),
                )
            }),
        Some(_) => Err(Error::history(h.where_(), "_run_count must be a number")),
    }
}

/// A fixed-limit raise to `to` as the engine plays it. Histories written by
/// pokerkit (and some sites) cap a limit raise at what the other players
/// can still put in; the engine raises the full limit and returns the
/// part nobody can call. The chips come out the same, so a raise below the
/// limit's but to at least every other player's all-in is played as the
/// limit's raise.
fn capped_raise(hand: &Hand, to: u64) -> u64 {
    if hand.rules().structure != Structure::FixedLimit {
        return to;
    }
    let Some(la) = hand.legal_actions() else {
        return to;
    };
    let Some(lo) = la.min_raise_to else {
        return to;
    };
    let reach = (0..hand.num_players())
        .filter(|&s| s != la.seat && !hand.is_folded(s))
        .map(|s| hand.bet(s).unwrap_or(0) + hand.stack(s).unwrap_or(0))
        .max()
        .unwrap_or(0);
    if to < lo && to > hand.bets().iter().copied().max().unwrap_or(0) && to >= reach {
        lo
    } else {
        to
    }
}

/// The replay error of action `i` (by `seat`) that the hand refused with `e`.
fn action_error(
    h: &HandHistory,
    texts: &[&str],
    i: usize,
    seat: usize,
    hand: &Hand,
    e: Error,
) -> Error {
    let (reason, legal, message) = match e.into_kind() {
        ErrorKind::IllegalAction(ia) => {
            let why = match (hand.actor(), ia.reason) {
                (Some(actor), crate::error::IllegalReason::NotYourTurn) => {
                    format!(
                        "p{} acts, but p{} is to act ({})",
                        seat + 1,
                        actor + 1,
                        hand.legal_text()
                    )
                }
                _ => ia.message.clone(),
            };
            (Some(ia.reason), ia.legal, why)
        }
        other => (None, None, other.to_string()),
    };
    // The engine's amounts are the replay's whole units: say what one is
    // when the history writes decimals.
    let message = match unit_places(h) {
        Ok(places) if places > 0 => format!(
            "{message} (amounts in units of {})",
            Decimal {
                mantissa: 1,
                scale: places
            }
        ),
        _ => message,
    };
    ErrorKind::Replay(ReplayError {
        location: h.where_(),
        index: i,
        action: texts[i].to_string(),
        message,
        reason,
        legal,
    })
    .into()
}

fn replay_error(h: &HandHistory, index: usize, action: &str, message: String) -> Error {
    ErrorKind::Replay(ReplayError {
        location: h.where_(),
        index,
        action: action.to_string(),
        message,
        reason: None,
        legal: None,
    })
    .into()
}

/// What a replay showed about a history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The hand ended with the recorded `finishing_stacks`, to the chip;
    /// `half_chip`: the file records a split pot in half chips and the
    /// engine paid the odd chip by its rule (one chip at a time from the
    /// button's left), which is the only difference accepted.
    Matched { half_chip: bool },
    /// Every action was legal, but there is nothing to compare the result
    /// with (no `finishing_stacks`, a showdown with unknown cards, or a
    /// record that stops before the end).
    Legal,
    /// The replay ended with other stacks than the recorded ones.
    Mismatch(String),
}

/// What checking a history against its record found, as a caller counts
/// it: [`Verdict`]'s cases, and the two ways a replay fails.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckStatus {
    /// The replay ended with the recorded stacks, to the chip.
    Matched,
    /// Matched but for a split pot recorded in half chips.
    HalfChip,
    /// Every action legal, nothing to compare the result with.
    Legal,
    /// The replay ended with other stacks than the recorded ones.
    Mismatch,
    /// A variant the engine does not play.
    Unsupported,
    /// Any other error: the file cannot be played as written.
    Failed,
}

impl CheckStatus {
    pub const ALL: [CheckStatus; 6] = [
        CheckStatus::Matched,
        CheckStatus::HalfChip,
        CheckStatus::Legal,
        CheckStatus::Mismatch,
        CheckStatus::Unsupported,
        CheckStatus::Failed,
    ];

    /// The status's name (`matched`, `half_chip`, `legal`, `mismatch`,
    /// `unsupported`, `failed`).
    pub fn name(self) -> &'static str {
        match self {
            CheckStatus::Matched => "matched",
            CheckStatus::HalfChip => "half_chip",
            CheckStatus::Legal => "legal",
            CheckStatus::Mismatch => "mismatch",
            CheckStatus::Unsupported => "unsupported",
            CheckStatus::Failed => "failed",
        }
    }

    /// How a replay that failed with `e` is counted.
    pub fn of_error(e: &Error) -> CheckStatus {
        match e.kind() {
            ErrorKind::UnsupportedVariant(_) => CheckStatus::Unsupported,
            _ => CheckStatus::Failed,
        }
    }

    /// A check's outcome classified, with its detail in words: what differs,
    /// the error's message, the variant not played, or empty.
    pub fn classify(r: &Result<(Replayed, Verdict)>) -> (CheckStatus, String) {
        match r {
            Ok((_, Verdict::Matched { half_chip: false })) => (CheckStatus::Matched, String::new()),
            Ok((_, Verdict::Matched { half_chip: true })) => (
                CheckStatus::HalfChip,
                "a split pot recorded in half chips; the odd chip paid from the button's left"
                    .into(),
            ),
            Ok((_, Verdict::Legal)) => (CheckStatus::Legal, String::new()),
            Ok((_, Verdict::Mismatch(m))) => (CheckStatus::Mismatch, m.clone()),
            Err(e) => match e.kind() {
                ErrorKind::UnsupportedVariant(u) => (CheckStatus::Unsupported, u.variant.clone()),
                _ => (CheckStatus::Failed, e.to_string()),
            },
        }
    }
}

/// Replays `h` and compares the result with its `finishing_stacks`.
pub fn check(h: &HandHistory) -> Result<(Replayed, Verdict)> {
    let r = replay(h)?;
    let Some(want) = h.numbers("finishing_stacks")? else {
        return Ok((r, Verdict::Legal));
    };
    if r.unknown_cards {
        return Ok((r, Verdict::Legal));
    }
    let Some(got) = crate::game::HandState::final_stacks(&r.hand) else {
        return Ok((
            r,
            Verdict::Mismatch("the record ends before the hand is over".into()),
        ));
    };
    if want.len() != got.len() {
        return Ok((
            r,
            Verdict::Mismatch(format!(
                "finishing_stacks has {} entries for {} players",
                want.len(),
                got.len()
            )),
        ));
    }
    if let Some(v) = raked(h, &want, &got, r.places)? {
        return Ok((r, v));
    }
    let mut half = false;
    // (in tenths of the unit: the record's total, and the replay's)
    let (mut want_total, mut got_total) = (0i128, 0i128);
    // the seats paid a share of a pot split between several
    let pots = r.hand.pots();
    let sharing = |seat: usize| {
        pots.iter().any(|p| {
            (p.winners.len() > 1 && p.winners.contains(seat))
                || (p.low_winners.len() > 1 && p.low_winners.contains(seat))
        })
    };
    let mismatch = |r: &Replayed, why: &str| {
        let shown: Vec<String> = got.iter().map(|g| g.to_string()).collect();
        Verdict::Mismatch(format!(
            "finishing_stacks differ{why}: the replay ends with [{}] (in units of 10^-{})",
            shown.join(", "),
            r.places
        ))
    };
    for (seat, (w, &g)) in want.iter().zip(&got).enumerate() {
        let Some(w) = w else {
            return Ok((r, Verdict::Legal));
        };
        let wh = w.in_units(r.places + 1);
        // (a stack not in tenths of the unit mismatches below)
        want_total += wh.unwrap_or(0);
        got_total += 10 * g as i128;
        match w.in_units(r.places) {
            Some(x) if x == g as i128 => {}
            _ => {
                // In half units: a recorded half chip against the engine's
                // whole chip either side of it, for a player paid a share
                // of a split pot.
                if wh.is_some_and(|x| (x - 10 * g as i128).abs() == 5) && sharing(seat) {
                    half = true;
                } else {
                    let v = mismatch(&r, "");
                    return Ok((r, v));
                }
            }
        }
    }
    // (the half chips only move the odd chip: the chips in all are the same)
    if half && want_total != got_total {
        let v = mismatch(&r, " in total (a half chip recorded beside no odd chip)");
        return Ok((r, v));
    }
    Ok((
        r,
        if half {
            Verdict::Matched { half_chip: true }
        } else {
            Verdict::Matched { half_chip: false }
        },
    ))
}

/// A site's hand with a rake (this project's `_rake` field, written by
/// [`crate::site`]): its `finishing_stacks` are after the rake, which the
/// engine does not take. They match when the replay's stacks exceed the
/// recorded ones (never falling short) by the rake in all; compared in the
/// finer of the play's unit and the record's. `None`
/// without a rake (or an unknown stack).
fn raked(
    h: &HandHistory,
    want: &[Option<Decimal>],
    got: &[u64],
    places: u32,
) -> Result<Option<Verdict>> {
    let Some(rake) = h.number("_rake")?.filter(|d| d.mantissa > 0) else {
        return Ok(None);
    };
    let Some(want) = want.iter().copied().collect::<Option<Vec<Decimal>>>() else {
        return Ok(None);
    };
    let fine = want
        .iter()
        .map(|d| d.places())
        .chain([rake.places()])
        .fold(places, u32::max)
        .min(super::history::MAX_PLACES);
    let scale = 10i128.pow(fine - places);
    let (Some(want), Some(rake)) = (
        want.iter()
            .map(|d| d.in_units(fine))
            .collect::<Option<Vec<i128>>>(),
        rake.in_units(fine),
    ) else {
        return Ok(None);
    };
    let mut taken = 0i128;
    for (&w, &g) in want.iter().zip(got) {
        let d = g as i128 * scale - w;
        if d < 0 {
            taken = -1;
            break;
        }
        taken += d;
    }
    Ok(Some(if taken == rake {
        Verdict::Matched { half_chip: false }
    } else {
        let shown: Vec<String> = got.iter().map(|g| g.to_string()).collect();
        Verdict::Mismatch(format!(
            "finishing_stacks differ by other than the rake: the replay ends with [{}] (in units of 10^-{places})",
            shown.join(", ")
        ))
    }))
}

/// [`setup`] for a stud game (F7S, F7S/8, FR): uniform antes (or none),
/// `bring_in`, `small_bet` and `big_bet`; no blinds.
fn stud_setup(
    h: &HandHistory,
    game: Game,
    stacks: &[Decimal],
    antes: &[Decimal],
    actions: &[PhhAction],
) -> Result<Setup> {
    let bad = |why: String| Error::history(h.where_(), why);
    let n = stacks.len();
    if !(crate::game::MIN_SEATS..=game.max_players()).contains(&n) {
        return Err(bad(format!(
            "{n} players: a hand of {game} needs 2 to {}",
            game.max_players()
        )));
    }
    if antes.len() != n {
        return Err(bad(format!(
            "'antes' has {} entries for {n} players",
            antes.len()
        )));
    }
    if let Some(v) = h.numbers("blinds_or_straddles")? {
        if v.iter().any(|d| d.is_none_or(|d| d.mantissa != 0)) {
            return Err(bad(
                "a stud game has a bring-in, no blinds: blinds_or_straddles must be absent or zeros"
                    .into(),
            ));
        }
    }
    let places = unit_places(h)?;
    if places > 6 {
        return Err(bad(format!(
            "amounts with {places} decimal places: at most 6 are played"
        )));
    }
    let units = |d: Decimal| -> Result<u64> {
        if d.mantissa < 0 {
            return Err(bad("a negative amount".into()));
        }
        d.in_units(places)
            .and_then(|v| u64::try_from(v).ok())
            .filter(|&v| v <= crate::game::rules::MAX_CHIPS)
            .ok_or_else(|| bad("an amount too large to play".into()))
    };
    let get = |key: &str| -> Result<u64> {
        let d = h.number(key)?.ok_or_else(|| {
            bad(format!(
                "the required field '{key}' is missing for {}",
                game.name()
            ))
        })?;
        units(d)
    };
    let stacks_u = stacks
        .iter()
        .map(|&d| units(d))
        .collect::<Result<Vec<_>>>()?;
    let antes_u = antes
        .iter()
        .map(|&d| units(d))
        .collect::<Result<Vec<_>>>()?;
    if antes_u.iter().any(|&a| a != antes_u[0]) {
        return Err(bad(format!(
            "antes {}: a stud game's antes are uniform",
            shown(antes)
        )));
    }
    for a in actions {
        if let PhhAction::BetOrRaiseTo(_, d) = a {
            units(*d)?;
        }
    }
    let raise_cap = match h.get("_raise_cap") {
        None => Some(4),
        Some(Value::Str(v)) if v == "none" => None,
        Some(Value::Num(v)) => Some(
            v.parse::<u32>()
                .map_err(|_| bad(format!("raise_cap {v} is not a number of raises")))?,
        ),
        Some(_) => return Err(bad("raise_cap must be a number of raises or 'none'".into())),
    };
    let heads_up_uncapped = match h.get("_heads_up_uncapped") {
        None => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("heads_up_uncapped must be true or false".into())),
    };
    let fourth_street_big_bet = match h.get("_fourth_street_big_bet") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("fourth_street_big_bet must be true or false".into())),
    };
    let rules = Rules::stud(
        game,
        crate::game::StudOptions {
            ante: antes_u[0],
            bring_in: get("bring_in")?,
            small_bet: get("small_bet")?,
            big_bet: Some(get("big_bet")?),
            raise_cap,
            heads_up_uncapped,
            fourth_street_big_bet,
        },
    )
    .map_err(|e| bad(e.to_string()))?;
    // A table's hand: players whose hands were dead (away; their kill is
    // the fold written for them before anyone acts).
    let dead_hands = match h.numbers("_dead_hands")? {
        None => 0u32,
        Some(v) => v
            .into_iter()
            .try_fold(0u32, |m, d| match d.and_then(|d| d.in_units(0)) {
                Some(p) if (1..=n as i128).contains(&p) => Ok(m | 1 << (p - 1)),
                _ => Err(bad(format!(
                    "'_dead_hands' lists players by number, 1 to {n}"
                ))),
            })?,
    };
    if dead_hands.count_ones() as usize >= n {
        return Err(bad(
            "every hand is dead in '_dead_hands': at least one player must be in".into(),
        ));
    }
    let seating = (dead_hands != 0).then(|| Seating {
        dead_hands,
        ..Seating::of_rules(&rules, n, n - 1)
    });
    Ok(Setup {
        rules: Arc::new(rules),
        stacks: stacks_u,
        places,
        seating,
    })
}

/// Seeds tried for a stud history's unknown cards (see [`replay_stud`]).
const STUD_SEEDS: u64 = 64;

/// The cards of a stud or draw `d dh` action, `??` for an unknown one.
fn stud_cards(text: &str) -> std::result::Result<Vec<Option<Card>>, String> {
    let body = text.split('#').next().unwrap_or("");
    slot_cards(body.split_whitespace().nth(3).unwrap_or(""))
}

/// Cards written as one word, `??` for an unknown one.
fn slot_cards(word: &str) -> std::result::Result<Vec<Option<Card>>, String> {
    if word.len() % 2 != 0 || !word.is_ascii() {
        return Err(format!("{word:?} is not a list of cards"));
    }
    (0..word.len() / 2)
        .map(|i| {
            let c = &word[2 * i..2 * i + 2];
            if c.contains('?') {
                Ok(None)
            } else {
                parse_cards(c)
                    .map(|v| v.first().copied())
                    .map_err(|e| e.to_string())
            }
        })
        .collect()
}

/// Replays a stud history. Each player's cards are laid out in the order
/// dealt (three on third street, one a street after); cards shown with
/// `sm` fill in unknown ones. Unknown cards are dealt from a seed fixed by
/// the history's location; as who brings in and who opens each street
/// depend on up cards, the first of a few seeds whose deal agrees with the
/// recorded actions is kept (a history that hides an up card says nothing
/// against it).
/// The stud deals since the last move, street by street (see
/// `replay_stud`): how many times each player was dealt, and the most.
#[derive(Default)]
struct StreetDeals {
    count: Vec<u8>,
    most: u8,
}

impl StreetDeals {
    /// A deal to `seat`; false when no street can deal it now: a street
    /// finishes dealing everyone the one before dealt (in any order)
    /// before the next begins, and only the first street of a run takes in
    /// players not dealt yet.
    fn deal(&mut self, seat: usize) -> bool {
        if self.count.len() <= seat {
            self.count.resize(seat + 1, 0);
        }
        let c = self.count[seat];
        // Completing the street being dealt (the first one: a player
        // joining), or starting the next once the last dealt everyone.
        let ok = c + 1 == self.most || (c == self.most && self.street_done());
        if ok {
            self.count[seat] = c + 1;
            self.most = self.most.max(c + 1);
        }
        ok
    }

    /// Whether every player dealt since the last move has its card of the
    /// street being dealt.
    fn street_done(&self) -> bool {
        self.count.iter().all(|&c| c == 0 || c == self.most)
    }

    /// A move: the deals so far end; false when the last street was short.
    fn moved(&mut self) -> bool {
        let done = self.street_done();
        self.count.iter_mut().for_each(|c| *c = 0);
        self.most = 0;
        done
    }
}

fn replay_stud(h: &HandHistory, texts: &[&str], actions: &[PhhAction]) -> Result<Replayed> {
    let Setup {
        rules,
        stacks,
        places,
        seating,
    } = setup(h, actions)?;
    let n = stacks.len();
    let mut slots: Vec<Vec<Option<Card>>> = vec![Vec::new(); n];
    let mut board: Vec<Card> = Vec::new();
    // A street deals each player still in once, from the dealer's left
    // (p1 first). Between two moves, several streets may be dealt (an
    // all-in run-out): a deal to a player at or before the last one dealt
    // starts the next street, which deals the same players. A player dealt
    // twice in one street would leave another short of a card.
    let mut deals = StreetDeals::default();
    for (i, a) in actions.iter().enumerate() {
        match a {
            PhhAction::DealHole { seat, .. } => {
                if !deals.deal(*seat) {
                    return Err(replay_error(
                        h,
                        i,
                        texts[i],
                        format!(
                            "p{} is dealt out of turn: each street deals every player still in once",
                            seat + 1
                        ),
                    ));
                }
                let cards = stud_cards(texts[i]).map_err(|m| replay_error(h, i, texts[i], m))?;
                slots[*seat].extend(cards);
                if slots[*seat].len() > crate::game::STUD_CARDS {
                    return Err(replay_error(
                        h,
                        i,
                        texts[i],
                        format!("p{} is dealt more than 7 cards", seat + 1),
                    ));
                }
            }
            PhhAction::DealBoard(c) => board.extend_from_slice(c),
            _ => {
                if !deals.moved() {
                    return Err(replay_error(
                        h,
                        i,
                        texts[i],
                        "a street's deal leaves out a player the street before dealt to".into(),
                    ));
                }
            }
        }
    }
    for (i, a) in actions.iter().enumerate() {
        if let PhhAction::Show(seat, Some(shown)) = a {
            let own = &mut slots[*seat];
            // Shown in the order dealt, as many as were dealt when shown (a
            // player all-in shows before the last card); a community card
            // may close the list.
            let mut ok = shown.len() <= crate::game::STUD_CARDS;
            for (slot, &c) in own.iter_mut().zip(shown.iter()) {
                match slot {
                    Some(d) if *d != c => ok = false,
                    Some(_) => {}
                    None => *slot = Some(c),
                }
            }
            if !ok {
                return Err(replay_error(
                    h,
                    i,
                    texts[i],
                    format!("p{} shows cards other than the ones dealt", seat + 1),
                ));
            }
        }
    }
    let known: Vec<Card> = slots
        .iter()
        .flatten()
        .flatten()
        .copied()
        .chain(board.iter().copied())
        .collect();
    crate::card::check_distinct(&known).map_err(|e| Error::history(h.where_(), e))?;
    let unknown = slots.iter().flatten().any(|c| c.is_none());
    let unit = |d: &Decimal| {
        d.in_units(places)
            .and_then(|v| u64::try_from(v).ok())
            .unwrap_or(u64::MAX)
    };
    let mut first_error = None;
    for attempt in 0..if unknown { STUD_SEEDS } else { 1 } {
        let seed = seed_for(h).wrapping_add(attempt);
        // Unknown cards from a shuffle of the cards the history never shows.
        let mut rest: Vec<Card> = crate::game::Game::stud()
            .deck()
            .iter()
            .copied()
            .filter(|c| !known.contains(c))
            .collect();
        {
            use rand::seq::SliceRandom;
            rest.shuffle(&mut crate::deck::make_rng(Some(seed)));
        }
        let mut fill = rest.into_iter();
        let holes: Vec<Option<CardList>> = slots
            .iter()
            .map(|s| {
                let cards: Vec<Card> = s
                    .iter()
                    .map(|c| c.or_else(|| fill.next()).unwrap_or(Card::FIRST))
                    .collect();
                (!cards.is_empty()).then(|| CardList::new(&cards))
            })
            .collect();
        let given = GivenCards {
            hole_cards: holes,
            board: board.clone(),
        };
        let dealt = match seating {
            None => Hand::new(Arc::clone(&rules), &stacks, n - 1, Some(seed), Some(&given)),
            Some(st) => Hand::new_seated(
                Arc::clone(&rules),
                &stacks,
                st,
                None,
                Some(seed),
                Some(&given),
            ),
        };
        let mut hand = dealt.map_err(|e| Error::history(h.where_(), e))?;
        let mut failed = None;
        for (i, a) in actions.iter().enumerate() {
            let (seat, mv) = match a {
                // A dead hand's fold: the hand was killed at the deal.
                PhhAction::Fold(s)
                    if *s < 32
                        && seating.is_some_and(|st| st.dead_hands & (1 << s) != 0)
                        && hand.is_folded(*s) =>
                {
                    continue
                }
                PhhAction::Fold(s) => (*s, Move::Fold),
                PhhAction::CheckOrCall(s) => (*s, Move::CheckOrCall),
                PhhAction::BetOrRaiseTo(s, d) => {
                    (*s, Move::BetOrRaiseTo(capped_raise(&hand, unit(d))))
                }
                PhhAction::BringIn(s) => (*s, Move::BringIn),
                _ => continue,
            };
            if let Err(e) = hand.act(Some(seat), mv) {
                failed = Some(action_error(h, texts, i, seat, &hand, e));
                break;
            }
        }
        match failed {
            None => {
                let showdown = hand.street() == crate::game::Street::Showdown;
                let folded = hand.folded();
                let unknown_cards =
                    showdown && (0..n).any(|s| !folded[s] && slots[s].iter().any(|c| c.is_none()));
                return Ok(Replayed {
                    hand,
                    places,
                    unknown_cards,
                });
            }
            Some(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| Error::history(h.where_(), "no deal replays")))
}
