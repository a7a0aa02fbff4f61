//! Which game a hand plays, as data: the deck, the hole cards each player
//! gets, and how the showdown ranks hands. The community-card games have
//! hold'em's streets (preflop, a three-card flop, a turn and a river, a
//! burn before each board card or cards), so the betting structures and
//! forced bets of [`super::Rules`] apply to each. The stud games (seven-card
//! stud, stud eight-or-better, razz) deal each player two down cards and an
//! up card, three more up cards and a last down card, with a bring-in in
//! place of blinds (see `stud.rs`).
use super::hand::Street;
use crate::card::Card;
use crate::error::{Error, Result};
use crate::eval::low::{low_mask, omaha_low_on};
use crate::eval::omaha::OmahaBoard;
use crate::eval::short_deck::{short_deck_order, ShortDeckRanking};
use crate::eval::HandAcc;

crate::enums::named_enum! {
    /// A game family: its deck and its showdown. The hole-card count of the
    /// Omaha games is a field of [`Game`].
    pub enum GameKind {
        /// Texas hold'em: 52 cards, two hole cards, the best five of seven.
        Holdem = "hold'em",
        /// Omaha: 52 cards, 4 to 6 hole cards, exactly two of them and three
        /// of the board.
        Omaha = "Omaha",
        /// Omaha eight-or-better: Omaha's high, and the pot split with the
        /// best ace-to-five low of five distinct ranks eight or lower (also
        /// two plus three) when one qualifies.
        OmahaHiLo = "Omaha hi/lo",
        /// Short-deck (six-plus) hold'em: 36 cards (6 to A), a flush above a
        /// full house, A-6-7-8-9 the lowest straight.
        ShortDeck = "short-deck hold'em",
        /// Royal hold'em: 20 cards (T to A), the standard ranking.
        Royal = "royal hold'em",
        /// Seven-card stud: the best five of a player's seven cards.
        Stud = "seven-card stud",
        /// Seven-card stud eight-or-better: stud's high, and the pot split
        /// with the best ace-to-five low of five distinct ranks eight or
        /// lower from any five of the seven, when one qualifies.
        StudHiLo = "seven-card stud hi/lo",
        /// Razz: seven-card stud for the best ace-to-five low (aces low,
        /// straights and flushes do not count).
        Razz = "razz",
        /// Deuce-to-seven triple draw: five cards, three draws, the best
        /// deuce-to-seven low (aces high, straights and flushes count).
        DeuceSevenTripleDraw = "2-7 triple draw",
        /// Deuce-to-seven single draw: five cards, one draw.
        DeuceSevenSingleDraw = "2-7 single draw",
        /// Badugi: four cards, three draws, the best badugi (aces low).
        Badugi = "badugi",
    }
}

/// Most hole cards a community-card game here deals (six-card Omaha).
pub const MAX_HOLE_CARDS: usize = 6;

/// Cards a stud player holds at the end: two down, four up, one down.
pub const STUD_CARDS: usize = 7;

/// Most players at a stud table (WSOP stud is dealt to eight at most; the
/// eighth player's seventh street may need a community card, `stud.rs`).
pub const STUD_MAX_PLAYERS: usize = 8;

/// Board cards and burns of a community-card deal.
const BOARD_AND_BURNS: usize = 5 + 3;

/// A game: built with [`Game::holdem`], [`Game::omaha`],
/// [`Game::omaha_hi_lo`], [`Game::short_deck`] or [`Game::royal`], or by
/// its code with [`Game::from_code`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    kind: GameKind,
    hole_cards: u8,
    ranking: ShortDeckRanking,
}

impl Default for Game {
    fn default() -> Game {
        Game::holdem()
    }
}

/// A deck in index order, as a const.
const fn deck_from(lowest_rank: u8) -> ([Card; 52], usize) {
    let mut d = [Card::FIRST; 52];
    let mut n = 0;
    let mut i = lowest_rank as usize * 4;
    while i < 52 {
        d[n] = Card::from_index_const(i as u8);
        n += 1;
        i += 1;
    }
    (d, n)
}

const STANDARD: ([Card; 52], usize) = deck_from(0);
const SHORT: ([Card; 52], usize) = deck_from(4);
const ROYAL: ([Card; 52], usize) = deck_from(8);

impl Game {
    /// Texas hold'em.
    pub const fn holdem() -> Game {
        Game {
            kind: GameKind::Holdem,
            hole_cards: 2,
            ranking: ShortDeckRanking::StraightBeatsTrips,
        }
    }

    fn omaha_kind(kind: GameKind, hole_cards: usize) -> Result<Game> {
        if !(4..=MAX_HOLE_CARDS).contains(&hole_cards) {
            return Err(Error::config(
                "hole_cards",
                format!("Omaha deals 4, 5 or 6 hole cards, not {hole_cards}"),
            ));
        }
        Ok(Game {
            kind,
            hole_cards: hole_cards as u8,
            ranking: ShortDeckRanking::StraightBeatsTrips,
        })
    }

    /// Omaha high with 4, 5 or 6 hole cards.
    pub fn omaha(hole_cards: usize) -> Result<Game> {
        Game::omaha_kind(GameKind::Omaha, hole_cards)
    }

    /// Omaha eight-or-better (hi/lo split) with 4, 5 or 6 hole cards.
    pub fn omaha_hi_lo(hole_cards: usize) -> Result<Game> {
        Game::omaha_kind(GameKind::OmahaHiLo, hole_cards)
    }

    /// Short-deck hold'em under `ranking` (where trips stand against a straight).
    pub const fn short_deck(ranking: ShortDeckRanking) -> Game {
        Game {
            kind: GameKind::ShortDeck,
            hole_cards: 2,
            ranking,
        }
    }

    /// Royal hold'em.
    pub const fn royal() -> Game {
        Game {
            kind: GameKind::Royal,
            hole_cards: 2,
            ranking: ShortDeckRanking::StraightBeatsTrips,
        }
    }

    const fn stud_kind(kind: GameKind) -> Game {
        Game {
            kind,
            hole_cards: STUD_CARDS as u8,
            ranking: ShortDeckRanking::StraightBeatsTrips,
        }
    }

    /// Seven-card stud.
    pub const fn stud() -> Game {
        Game::stud_kind(GameKind::Stud)
    }

    /// Seven-card stud eight-or-better (hi/lo split).
    pub const fn stud_hi_lo() -> Game {
        Game::stud_kind(GameKind::StudHiLo)
    }

    /// Razz (seven-card stud for the ace-to-five low).
    pub const fn razz() -> Game {
        Game::stud_kind(GameKind::Razz)
    }

    /// Deuce-to-seven triple draw (five cards, three draws).
    pub const fn deuce_seven_triple_draw() -> Game {
        Game {
            kind: GameKind::DeuceSevenTripleDraw,
            hole_cards: 5,
            ranking: ShortDeckRanking::StraightBeatsTrips,
        }
    }

    /// Deuce-to-seven single draw (five cards, one draw).
    pub const fn deuce_seven_single_draw() -> Game {
        Game {
            kind: GameKind::DeuceSevenSingleDraw,
            hole_cards: 5,
            ranking: ShortDeckRanking::StraightBeatsTrips,
        }
    }

    /// Badugi (four cards, three draws).
    pub const fn badugi() -> Game {
        Game {
            kind: GameKind::Badugi,
            hole_cards: 4,
            ranking: ShortDeckRanking::StraightBeatsTrips,
        }
    }

    /// Whether this is a draw game (players discard and draw; no board).
    #[inline]
    pub fn is_draw(self) -> bool {
        matches!(
            self.kind,
            GameKind::DeuceSevenTripleDraw | GameKind::DeuceSevenSingleDraw | GameKind::Badugi
        )
    }

    /// Whether this is a community-card game (a board shared by all).
    #[inline]
    pub fn is_community(self) -> bool {
        !self.is_stud() && !self.is_draw()
    }

    /// How many draws a draw game has (0 in the other games).
    pub fn draws(self) -> usize {
        match self.kind {
            GameKind::DeuceSevenTripleDraw | GameKind::Badugi => 3,
            GameKind::DeuceSevenSingleDraw => 1,
            _ => 0,
        }
    }

    /// The first betting round of a hand of this game.
    pub fn first_street(self) -> Street {
        if self.is_stud() {
            Street::Third
        } else if self.is_draw() {
            Street::Predraw
        } else {
            Street::Preflop
        }
    }

    /// The betting round after `street` in this game; `None` after the last
    /// (the river, seventh street, the last draw).
    pub fn next_street(self, street: Street) -> Option<Street> {
        if street.is_draw() && street.round() >= self.draws() {
            return None;
        }
        street.next()
    }

    /// Whether a fixed-limit bet on `street` is the big bet: the turn and
    /// river, fifth to seventh street, and after the second and third draws
    /// of a triple draw (after the draw of a single draw: the limit doubles
    /// after the draw).
    #[inline]
    pub fn big_bet_on(self, street: Street) -> bool {
        if self.kind == GameKind::DeuceSevenSingleDraw {
            return street == Street::FirstDraw;
        }
        street.big_bet()
    }

    /// Whether a game of `kind` is a draw game.
    pub fn draw_kind_of(kind: GameKind) -> bool {
        matches!(
            kind,
            GameKind::DeuceSevenTripleDraw | GameKind::DeuceSevenSingleDraw | GameKind::Badugi
        )
    }

    /// Whether a game of `kind` is a stud game.
    pub fn stud_kind_of(kind: GameKind) -> bool {
        matches!(kind, GameKind::Stud | GameKind::StudHiLo | GameKind::Razz)
    }

    /// Whether this is a stud game (a bring-in, up and down cards, no board).
    #[inline]
    pub fn is_stud(self) -> bool {
        matches!(
            self.kind,
            GameKind::Stud | GameKind::StudHiLo | GameKind::Razz
        )
    }

    /// Refuses a stud or draw game where `what` (environments, ...) plays
    /// only the community-card games.
    pub fn community_only(self, what: &str) -> Result<()> {
        if self.is_community() {
            return Ok(());
        }
        Err(Error::config(
            "game",
            format!(
                "{what} plays the community-card games (hold'em, Omaha, short-deck, royal), not {}",
                self.name()
            ),
        ))
    }

    pub fn kind(self) -> GameKind {
        self.kind
    }

    /// Hole cards each player is dealt (in a stud game, the seven cards a
    /// player holds at the end, up cards included).
    pub fn hole_cards(self) -> usize {
        self.hole_cards as usize
    }

    /// The short-deck ranking (meaningful for short-deck hold'em only).
    pub fn short_deck_ranking(self) -> ShortDeckRanking {
        self.ranking
    }

    /// Whether the showdown splits each pot between a high and a low.
    pub fn is_hi_lo(self) -> bool {
        matches!(self.kind, GameKind::OmahaHiLo | GameKind::StudHiLo)
    }

    /// Whether a hand uses exactly two hole cards and three board cards.
    pub fn uses_two_hole_cards(self) -> bool {
        matches!(self.kind, GameKind::Omaha | GameKind::OmahaHiLo)
    }

    /// The cards of the deck, in index order.
    pub fn deck(self) -> &'static [Card] {
        let (cards, n) = match self.kind {
            GameKind::ShortDeck => &SHORT,
            GameKind::Royal => &ROYAL,
            _ => &STANDARD,
        };
        &cards[..*n]
    }

    /// Whether `card` is in this game's deck.
    pub fn has_card(self, card: Card) -> bool {
        card.rank() >= self.lowest_rank()
    }

    /// The lowest rank of the deck (deuce = 0).
    pub fn lowest_rank(self) -> u8 {
        match self.kind {
            GameKind::ShortDeck => 4,
            GameKind::Royal => 8,
            _ => 0,
        }
    }

    /// The deck's name as messages give it.
    pub fn deck_name(self) -> &'static str {
        match self.kind {
            GameKind::ShortDeck => "the 36-card short deck (6 to A)",
            GameKind::Royal => "the 20-card royal deck (T to A)",
            _ => "the 52-card deck",
        }
    }

    /// Most players a deal has room for: every player's hole cards, the
    /// five board cards and three burns come off the deck.
    #[inline]
    pub fn max_players(self) -> usize {
        if self.kind == GameKind::Holdem {
            // (every new hand asks: no division for hold'em)
            return super::MAX_SEATS;
        }
        if self.is_stud() {
            return STUD_MAX_PLAYERS;
        }
        if self.is_draw() {
            // (every hand and a burn off the deck: the draws reshuffle)
            return (51 / self.hole_cards()).min(super::draw::DRAW_MAX_PLAYERS);
        }
        ((self.deck().len() - BOARD_AND_BURNS) / self.hole_cards()).min(super::MAX_SEATS)
    }

    /// This game's name in messages: "hold'em", "5-card Omaha hi/lo", ...
    pub fn name(self) -> String {
        match self.kind {
            GameKind::Omaha | GameKind::OmahaHiLo if self.hole_cards != 4 => {
                format!("{}-card {}", self.hole_cards, self.kind.name())
            }
            GameKind::ShortDeck if self.ranking == ShortDeckRanking::TripsBeatStraight => {
                "short-deck hold'em (trips beat a straight)".into()
            }
            _ => self.kind.name().into(),
        }
    }

    /// The short code naming this game in Python, on the command line and
    /// in hand-history files: "holdem", "omaha", "omaha5", "omaha6",
    /// "omaha-hi-lo", "omaha5-hi-lo", "omaha6-hi-lo", "short-deck",
    /// "short-deck-trips", "royal", "stud", "stud-hi-lo", "razz".
    pub fn code(self) -> String {
        let n = |base: &str| match self.hole_cards {
            4 => base.to_string(),
            k => format!("omaha{k}{}", &base[5..]),
        };
        match self.kind {
            GameKind::Holdem => "holdem".into(),
            GameKind::Omaha => n("omaha"),
            GameKind::OmahaHiLo => n("omaha-hi-lo"),
            GameKind::ShortDeck => match self.ranking {
                ShortDeckRanking::StraightBeatsTrips => "short-deck".into(),
                ShortDeckRanking::TripsBeatStraight => "short-deck-trips".into(),
            },
            GameKind::Royal => "royal".into(),
            GameKind::Stud => "stud".into(),
            GameKind::StudHiLo => "stud-hi-lo".into(),
            GameKind::Razz => "razz".into(),
            GameKind::DeuceSevenTripleDraw => "2-7-triple-draw".into(),
            GameKind::DeuceSevenSingleDraw => "2-7-single-draw".into(),
            GameKind::Badugi => "badugi".into(),
        }
    }

    /// Every game code [`Game::from_code`] reads, in a fixed order.
    pub const CODES: [&'static str; 16] = [
        "holdem",
        "omaha",
        "omaha5",
        "omaha6",
        "omaha-hi-lo",
        "omaha5-hi-lo",
        "omaha6-hi-lo",
        "short-deck",
        "short-deck-trips",
        "royal",
        "stud",
        "stud-hi-lo",
        "razz",
        "2-7-triple-draw",
        "2-7-single-draw",
        "badugi",
    ];

    /// The game of a code (see [`Game::code`]; "plo", "plo5", "plo6" and
    /// "plo8" are read as Omaha, 5- and 6-card Omaha and Omaha hi/lo;
    /// "stud8" as stud hi/lo; "27td" and "27sd" as the deuce-to-seven
    /// draws).
    pub fn from_code(code: &str) -> Result<Game> {
        let g = match code.trim().to_ascii_lowercase().as_str() {
            "holdem" | "hold'em" | "texas-holdem" => Game::holdem(),
            "omaha" | "plo" | "omaha4" => Game::omaha(4)?,
            "omaha5" | "plo5" => Game::omaha(5)?,
            "omaha6" | "plo6" => Game::omaha(6)?,
            "omaha-hi-lo" | "omaha8" | "plo8" | "omaha4-hi-lo" => Game::omaha_hi_lo(4)?,
            "omaha5-hi-lo" => Game::omaha_hi_lo(5)?,
            "omaha6-hi-lo" => Game::omaha_hi_lo(6)?,
            "short-deck" | "shortdeck" | "six-plus" => {
                Game::short_deck(ShortDeckRanking::StraightBeatsTrips)
            }
            "short-deck-trips" => Game::short_deck(ShortDeckRanking::TripsBeatStraight),
            "royal" => Game::royal(),
            "stud" | "seven-card-stud" => Game::stud(),
            "stud-hi-lo" | "stud8" | "stud-8" => Game::stud_hi_lo(),
            "razz" => Game::razz(),
            "2-7-triple-draw"
            | "27td"
            | "2-7-td"
            | "deuce-to-seven-triple-draw"
            | "triple-draw" => Game::deuce_seven_triple_draw(),
            "2-7-single-draw"
            | "27sd"
            | "2-7-sd"
            | "deuce-to-seven-single-draw"
            | "single-draw" => Game::deuce_seven_single_draw(),
            "badugi" => Game::badugi(),
            _ => {
                let shown: String = code.chars().take(40).collect();
                return Err(Error::config(
                    "game",
                    format!(
                        "unknown game {shown:?}: the games are {}",
                        Game::CODES.join(", ")
                    ),
                ));
            }
        };
        Ok(g)
    }

    /// Checks one seat's given hole cards: the count, and every card in the
    /// deck. A stud seat may be given its first 1 to 7 cards, in the order
    /// they are dealt (the rest are dealt from the deck).
    pub fn check_hole(self, seat: usize, cards: &[Card]) -> Result<()> {
        if self.is_stud() {
            if !(1..=STUD_CARDS).contains(&cards.len()) {
                return Err(Error::cards(
                    "hole_cards",
                    format!(
                        "{} deals 7 cards a player: give seat {seat} its first 1 to 7, not {}",
                        self.name(),
                        cards.len()
                    ),
                ));
            }
            return self.check_in_deck(cards);
        }
        if cards.len() != self.hole_cards() {
            return Err(Error::cards(
                "hole_cards",
                format!(
                    "{} needs {} hole cards, got {} for seat {seat}",
                    self.name(),
                    self.hole_cards,
                    cards.len()
                ),
            ));
        }
        self.check_in_deck(cards)
    }

    /// Checks that every card is in this game's deck.
    pub fn check_in_deck(self, cards: &[Card]) -> Result<()> {
        if let Some(c) = cards.iter().find(|c| !self.has_card(**c)) {
            return Err(Error::cards(
                "cards",
                format!(
                    "{c} is not in {} that {} is dealt from",
                    self.deck_name(),
                    self.name()
                ),
            ));
        }
        Ok(())
    }

    /// Encoded in one byte for the state formats: the kind in the low four
    /// bits, the hole cards in the next three, the ranking in the top bit.
    pub(crate) fn to_byte(self) -> u8 {
        self.kind as u8
            | self.hole_cards << 4
            | u8::from(self.ranking == ShortDeckRanking::TripsBeatStraight) << 7
    }

    pub(crate) fn from_byte(b: u8) -> Result<Game> {
        let kind = GameKind::from_u8(b & 15).ok_or_else(bad)?;
        let hole = ((b >> 4) & 7) as usize;
        let trips = b >> 7 == 1;
        let g = match kind {
            GameKind::Holdem => Game::holdem(),
            GameKind::Omaha => Game::omaha(hole).map_err(|_| bad())?,
            GameKind::OmahaHiLo => Game::omaha_hi_lo(hole).map_err(|_| bad())?,
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
        };
        if g.to_byte() != b {
            return Err(bad());
        }
        Ok(g)
    }
}

/// A five-card board's part of the showdown of `game`, worked out once for
/// every hand shown on it.
pub(crate) struct BoardShowdown {
    game: Game,
    acc: HandAcc,
    omaha: Option<OmahaBoard>,
    lows: u8,
}

impl BoardShowdown {
    pub(crate) fn new(game: Game, board: &[Card; 5]) -> BoardShowdown {
        let two = game.uses_two_hole_cards();
        BoardShowdown {
            game,
            // (each is worked out only for the games that use it)
            acc: if two {
                HandAcc::EMPTY
            } else {
                HandAcc::from_cards(board)
            },
            omaha: two.then(|| OmahaBoard::new(board)),
            lows: if game.is_hi_lo() { low_mask(board) } else { 0 },
        }
    }

    /// The high value of `hole` (the game's own hole cards, none of them on
    /// the board): greater is better, 1 and up.
    pub(crate) fn high(&self, hole: &[Card]) -> u16 {
        if let Some(o) = &self.omaha {
            return o.high(hole);
        }
        match self.game.kind {
            // (seven distinct cards of the short deck, as the deal and the
            // checks of every caller give)
            GameKind::ShortDeck => short_deck_order(self.acc + hole[0] + hole[1], self.ranking()),
            _ => (self.acc + hole[0] + hole[1]).eval7(),
        }
    }

    /// The eight-or-better low of `hole` in a hi/lo game: 0 when none
    /// qualifies, else greater is better (255 less the low's rank mask).
    pub(crate) fn low(&self, hole: &[Card]) -> u8 {
        if !self.game.is_hi_lo() {
            return 0;
        }
        omaha_low_on(hole, self.lows).map_or(0, |(m, _)| 255 - m)
    }

    fn ranking(&self) -> ShortDeckRanking {
        self.game.ranking
    }
}

fn bad() -> Error {
    Error::corrupt()
}

impl std::fmt::Display for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() -> Result<()> {
        for code in Game::CODES {
            let g = Game::from_code(code)?;
            assert_eq!(g.code(), code);
            assert_eq!(Game::from_byte(g.to_byte())?, g);
        }
        Ok(())
    }

    #[test]
    fn decks_and_room() -> Result<()> {
        assert_eq!(Game::holdem().deck().len(), 52);
        assert_eq!(
            Game::short_deck(ShortDeckRanking::default()).deck().len(),
            36
        );
        assert_eq!(Game::royal().deck().len(), 20);
        assert_eq!(Game::royal().deck()[0].to_string(), "Tc");
        assert_eq!(Game::holdem().max_players(), 22);
        assert_eq!(Game::omaha(4)?.max_players(), 11);
        assert_eq!(Game::omaha(6)?.max_players(), 7);
        assert_eq!(Game::royal().max_players(), 6);
        assert_eq!(Game::deuce_seven_triple_draw().max_players(), 10);
        assert_eq!(Game::badugi().max_players(), 12);
        assert_eq!(
            Game::short_deck(ShortDeckRanking::default()).max_players(),
            14
        );
        Ok(())
    }
}
