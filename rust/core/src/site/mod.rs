//! Hand histories as poker sites write them, converted to PHH and checked
//! against the site's own numbers.
//!
//! * [`convert`]: a site's text (a file of many hands) to
//!   [`HandHistory`]s, each replayed through the engine and compared with
//!   what the site recorded; every hand that cannot be converted, or whose
//!   replay disagrees with the site, is a [`Problem`] with its line and
//!   why, and the rest of the text still converts.
//! * [`pokerstars`]: PokerStars' English text (cash, Zoom, home games,
//!   tournaments; hold'em, Omaha and Omaha hi/lo in every structure the
//!   engine plays), and GGPoker's, which keeps its layout.
//!
//! The text is hostile: its size is bounded by [`MAX_BYTES`], a hand by
//! [`MAX_HAND_LINES`] lines of at most [`MAX_LINE_BYTES`] bytes, and a
//! name by [`MAX_NAME_CHARS`] characters; amounts are exact decimals.
use crate::error::{Error, Result};
use crate::phh::{Decimal, HandHistory};
use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};

pub mod absolute;
pub mod acpc;
pub mod fulltilt;
mod hand;
pub mod ipoker;
pub mod ongame;
pub mod pacific;
pub mod party;
pub mod party_new;
pub mod pokerstars;
mod verify;
pub mod winamax;

pub use hand::Parsed;

pub use verify::verify;

/// The most bytes a site's text may have (the PHH reader's limit).
pub const MAX_BYTES: usize = crate::phh::toml::MAX_BYTES;
/// The most lines one hand may have (a real hand has under 100).
pub const MAX_HAND_LINES: usize = 2_000;
/// The longest line read (a real line is under 200 bytes).
pub const MAX_LINE_BYTES: usize = 4_096;
/// The longest player or table name.
pub const MAX_NAME_CHARS: usize = 64;

crate::enums::named_enum! {
    /// A site whose hand histories convert.
    pub enum Site {
        PokerStars = "pokerstars",
        /// GGPoker (GGNetwork): the PokerStars layout with its own header,
        /// straddles, fees and showdown line.
        GgPoker = "ggpoker",
        /// Winamax: PokerStars' layout in its own words, no uncalled-bet
        /// lines.
        Winamax = "winamax",
        /// 888poker (Pacific Poker, the Cassava network): amounts in
        /// brackets, each what the action adds, in the client's locale.
        Poker888 = "888poker",
        /// Full Tilt Poker (2005 to 2016): PokerStars' layout in its own
        /// words, with the button's seat after the posts; in 2016
        /// PokerStars' own (`Full Tilt Hand #`, `Full Tilt Rush Hand #`).
        FullTilt = "fulltilt",
        /// The Annual Computer Poker Competition's protocol logs: a hand a
        /// line, the competition's games.
        Acpc = "acpc",
        /// PartyPoker (its format from about 2008): 888poker's family,
        /// with the currency's code after amounts.
        PartyPoker = "partypoker",
        /// The iPoker network's XML.
        IPoker = "ipoker",
        /// The Ongame network (bwin, Betfair, Unibet, ...), 2008 to 2013.
        Ongame = "ongame",
        /// Absolute Poker and UltimateBet, to 2011.
        Absolute = "absolute",
    }
}

/// Why a hand is not among the converted ones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// The hand cannot be converted: a line not understood, a game or a
    /// rule the engine does not play, a hand cut short.
    Refused,
    /// The hand converted, but its replay does not reach the amounts the
    /// site recorded.
    Mismatch,
}

impl ProblemKind {
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::Refused => "refused",
            ProblemKind::Mismatch => "mismatch",
        }
    }
}

/// A hand that did not convert cleanly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The line (1-based) where the hand starts.
    pub line: usize,
    /// The line the problem is on, when it is one line's.
    pub at_line: Option<usize>,
    /// The site's hand number, when the header gave one.
    pub hand: Option<String>,
    pub kind: ProblemKind,
    pub why: String,
    /// A mismatched hand's conversion, to look at (never among the
    /// converted hands).
    pub history: Option<Box<HandHistory>>,
}

/// A text's conversion.
#[derive(Clone, Debug, Default)]
pub struct Converted {
    /// The hands converted and verified, in the text's order, each with
    /// the line where it starts.
    pub hands: Vec<(usize, HandHistory)>,
    /// The others, in the text's order.
    pub problems: Vec<Problem>,
    /// With [`convert_with_rows`] and [`convert_files_with_rows`]: each
    /// converted hand's row for the columnar export, from the replay that
    /// verified it (`rows[i]` is `hands[i]`'s, as
    /// [`crate::phh::rows_each`] would give it); empty otherwise.
    pub rows: Vec<crate::phh::HandRow>,
}

/// The site whose hand histories `text` holds, from its first hand's
/// header (`None` when no site's header is found).
pub fn detect(text: &str) -> Option<Site> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // (every line until a header: junk before the hands is reported,
    // never a reason to miss them; a bare CR ends a line too)
    text.split(['\n', '\r'])
        .filter(|l| !l.trim().is_empty())
        .find_map(|l| {
            let l = l.trim();
            if pokerstars::is_gg_header(l) {
                Some(Site::GgPoker)
            } else if pokerstars::is_header(l) {
                Some(Site::PokerStars)
            } else if winamax::is_header(l) {
                Some(Site::Winamax)
            } else if pacific::is_header(l) {
                Some(Site::Poker888)
            } else if fulltilt::is_header(l) {
                Some(Site::FullTilt)
            } else if acpc::is_header(l) {
                Some(Site::Acpc)
            } else if party::is_header(l) {
                Some(Site::PartyPoker)
            } else if ipoker::is_header(l) {
                Some(Site::IPoker)
            } else if ongame::is_header(l) {
                Some(Site::Ongame)
            } else if absolute::is_header(l) {
                Some(Site::Absolute)
            } else {
                None
            }
        })
}

/// Text from a file's bytes: UTF-16 with its byte-order mark (Full Tilt
/// wrote some files so), or without one when every other byte of the
/// start is zero; else UTF-8 (a byte-order mark dropped); else read as
/// Windows-1252, as older site files are written (every byte is a
/// character, so this never fails; a broken UTF-16 pair is U+FFFD).
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let utf16 = |b: &[u8], le: bool| -> Cow<'_, str> {
        let units = b.chunks_exact(2).map(|p| {
            if le {
                u16::from_le_bytes([p[0], p[1]])
            } else {
                u16::from_be_bytes([p[0], p[1]])
            }
        });
        Cow::Owned(
            char::decode_utf16(units)
                .map(|c| c.unwrap_or('\u{fffd}'))
                .collect(),
        )
    };
    if let Some(b) = bytes.strip_prefix(b"\xff\xfe") {
        return utf16(b, true);
    }
    if let Some(b) = bytes.strip_prefix(b"\xfe\xff") {
        return utf16(b, false);
    }
    // Without a mark: UTF-16 when most of the start's pairs hold a zero on
    // one side and none on the other (a character past Latin-1, as a
    // euro sign in a header, holds none: one is not enough to miss it;
    // text in UTF-8 or Windows-1252 holds no zero byte).
    let head = &bytes[..bytes.len().min(200) & !1];
    if head.len() >= 8 {
        let pairs = head.len() / 2;
        let count = |f: fn(&[u8]) -> bool| head.chunks_exact(2).filter(|p| f(p)).count();
        let zero_odd = count(|p| p[1] == 0 && p[0] != 0);
        let zero_even = count(|p| p[0] == 0 && p[1] != 0);
        let both = count(|p| p[0] == 0 && p[1] == 0);
        if both == 0
            && (zero_even == 0) != (zero_odd == 0)
            && 4 * (zero_odd + zero_even) >= 3 * pairs
        {
            return utf16(bytes, zero_odd > 0);
        }
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| cp1252(b)).collect()),
    }
}

/// One Windows-1252 byte as a character (the five unassigned bytes as the
/// C1 controls Latin-1 gives them).
fn cp1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

/// Converts the hand histories in `text` (`source` names it in the
/// histories and messages) from `site`, or the site [`detect`] finds.
/// Each hand is replayed and compared with the site's amounts
/// ([`verify`]); `cancel`, when set, stops the work between hands with
/// [`crate::ErrorKind::Interrupted`]. An error only for the text as a
/// whole: too large, or no site's hands in it.
pub fn convert(
    text: &str,
    source: &str,
    site: Option<Site>,
    cancel: Option<&AtomicBool>,
) -> Result<Converted> {
    convert_text(text, source, site, cancel, false)
}

/// [`convert`], keeping each converted hand's row for the columnar export
/// ([`Converted::rows`]) from the replay that verified it, so that the
/// export replays no hand a second time.
pub fn convert_with_rows(
    text: &str,
    source: &str,
    site: Option<Site>,
    cancel: Option<&AtomicBool>,
) -> Result<Converted> {
    convert_text(text, source, site, cancel, true)
}

fn convert_text(
    text: &str,
    source: &str,
    site: Option<Site>,
    cancel: Option<&AtomicBool>,
    rows: bool,
) -> Result<Converted> {
    if text.len() > MAX_BYTES {
        return Err(Error::history(
            source,
            format!(
                "{} bytes, more than {MAX_BYTES} (the reader's limit)",
                text.len()
            ),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let site =
        match site.or_else(|| detect(text)) {
            Some(s) => s,
            None => return Err(Error::history(
                source,
                "no hand history of a known site (PokerStars, GGPoker, Winamax, 888poker, Full Tilt, PartyPoker, iPoker, Ongame, Absolute, ACPC) in it",
            )),
        };
    let mut out = Converted::default();
    // each site's header, splitter and parser
    type Each = for<'a> fn(&'a str, &mut dyn FnMut(Block<'a>) -> bool);
    // (a separator: a line between hands that belongs to none)
    type Line = fn(&str) -> bool;
    let (is_header, separator, each, parse): (Line, Line, Each, Parser) = match site {
        // (one scanner: GGPoker writes PokerStars' layout)
        Site::PokerStars | Site::GgPoker => (
            pokerstars::is_header,
            |l| l.starts_with("***********"),
            |t, f| pokerstars::for_each_hand(t, f),
            pokerstars::parse,
        ),
        Site::Winamax => (
            winamax::is_header,
            |_| false,
            |t, f| winamax::for_each_hand(t, f),
            winamax::parse,
        ),
        Site::FullTilt => (
            fulltilt::is_header,
            |_| false,
            |t, f| fulltilt::for_each_hand(t, f),
            fulltilt::parse,
        ),
        Site::Acpc => (
            acpc::is_header,
            acpc::is_separator,
            |t, f| acpc::for_each_hand(t, f),
            acpc::parse,
        ),
        Site::PartyPoker => (
            party::is_header,
            party::is_separator,
            |t, f| party::for_each_hand(t, f),
            party::parse,
        ),
        Site::IPoker => (
            ipoker::is_header,
            ipoker::is_separator,
            |t, f| ipoker::for_each_hand(t, f),
            ipoker::parse,
        ),
        Site::Ongame => (
            ongame::is_header,
            ongame::is_separator,
            |t, f| ongame::for_each_hand(t, f),
            ongame::parse,
        ),
        Site::Absolute => (
            absolute::is_header,
            |_| false,
            |t, f| absolute::for_each_hand(t, f),
            absolute::parse,
        ),
        Site::Poker888 => (
            pacific::is_header,
            pacific::is_separator,
            |t, f| pacific::for_each_hand(t, f),
            // (a Spanish client's file: its hands whose cards are all clubs
            // or diamonds in English letters are Spanish too, `c` its hearts)
            if pacific::spanish_text(text) {
                pacific::parse_spanish
            } else {
                pacific::parse
            },
        ),
    };
    // text before the first hand: a hand that lost its header, or not a
    // hand history; reported, never dropped silently
    let mut junk = 0usize;
    for l in text.split(['\n', '\r']) {
        let l = l.trim();
        if is_header(l) {
            break;
        }
        if !l.is_empty() && !separator(l) {
            junk += 1;
        }
    }
    if junk > 0 {
        out.problems.push(Problem {
            line: 1,
            at_line: Some(1),
            hand: None,
            kind: ProblemKind::Refused,
            why: format!(
                "{junk} lines before the first hand's header: not a hand (a hand without its header?)"
            ),
            history: None,
        });
    }
    // The hands are cut out in order and converted a chunk at a time on
    // the caller's rayon pool (independent of each other), the results
    // kept in the text's order; a chunk bounds the memory the cut-out
    // hands take whatever the text's size.
    let mut chunk: Vec<Block<'_>> = Vec::with_capacity(CHUNK_HANDS);
    let mut stopped = false;
    // (one list for every chunk's results, written in place: a list
    // collected anew each chunk grows step by step into fresh memory)
    let mut done = Vec::with_capacity(CHUNK_HANDS);
    // problems past MAX_PROBLEMS: counted, and the first one's line
    let mut more: Option<(usize, usize)> = None;
    let mut run = |chunk: &mut Vec<Block<'_>>, out: &mut Converted| -> bool {
        use rayon::prelude::*;
        chunk
            .par_iter()
            .map(|block| {
                if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                    return None;
                }
                Some(convert_guarded(block, source, parse, rows))
            })
            .collect_into_vec(&mut done);
        chunk.clear();
        if done.iter().any(Option::is_none) {
            return false;
        }
        out.hands.reserve(done.len());
        for r in done.drain(..).flatten() {
            match r {
                Ok((line, history, row)) => {
                    out.hands.push((line, history));
                    out.rows.extend(row);
                }
                Err(p) if out.problems.len() < MAX_PROBLEMS => out.problems.push(p),
                Err(p) => {
                    let m = more.get_or_insert((p.line, 0));
                    m.1 += 1;
                }
            }
        }
        true
    };
    each(text, &mut |block| {
        chunk.push(block);
        if chunk.len() == CHUNK_HANDS && !run(&mut chunk, &mut out) {
            stopped = true;
            return false;
        }
        true
    });
    if !stopped && !run(&mut chunk, &mut out) {
        stopped = true;
    }
    if stopped {
        return Err(crate::ErrorKind::Interrupted.into());
    }
    // A text cut right after the line that announces a hand (888's
    // `#Game No : N`, PokerStars' `*********** # N`) holds no part of that
    // hand to refuse: said, not dropped silently.
    if matches!(site, Site::Poker888 | Site::PokerStars | Site::GgPoker) {
        let body = text.trim_end();
        let start = body.rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let last = body[start..].trim();
        if !last.is_empty() && separator(last) && !is_header(last) {
            let line = 1 + body[..start].matches('\n').count();
            out.problems.push(Problem {
                line,
                at_line: Some(line),
                hand: None,
                kind: ProblemKind::Refused,
                why: format!("the text ends after a hand's first line ({last:?}), before its header: cut short?"),
                history: None,
            });
        }
    }
    if let Some((line, count)) = more {
        out.problems.push(Problem {
            line,
            at_line: None,
            hand: None,
            kind: ProblemKind::Refused,
            why: format!(
                "{count} more hands not converted from this line on, not listed one by one \
                 (a text gives its first {MAX_PROBLEMS} problems in full; is it a hand history?)"
            ),
            history: None,
        });
    }
    Ok(out)
}

/// The most problems one text reports one by one; the rest are counted in
/// one last problem (memory stays in proportion for a text of millions
/// of broken hands).
pub const MAX_PROBLEMS: usize = 100_000;

/// Each file of a site's hand histories converted as by [`convert`] (the
/// path's text as its source), on `threads` cores (`None`: all), in the
/// order given: the site found and the conversion, or the error for that
/// file alone (unreadable, too large, no site's hands in it). `site`
/// `None` detects each file's site. A set `cancel` stops the batch
/// ([`crate::ErrorKind::Interrupted`]).
pub fn convert_files<P: AsRef<std::path::Path> + Sync>(
    paths: &[P],
    site: Option<Site>,
    threads: Option<usize>,
    cancel: Option<&AtomicBool>,
) -> Result<Vec<Result<(Site, Converted)>>> {
    files(paths, site, threads, cancel, false)
}

/// [`convert_files`], each file as by [`convert_with_rows`].
pub fn convert_files_with_rows<P: AsRef<std::path::Path> + Sync>(
    paths: &[P],
    site: Option<Site>,
    threads: Option<usize>,
    cancel: Option<&AtomicBool>,
) -> Result<Vec<Result<(Site, Converted)>>> {
    files(paths, site, threads, cancel, true)
}

fn files<P: AsRef<std::path::Path> + Sync>(
    paths: &[P],
    site: Option<Site>,
    threads: Option<usize>,
    cancel: Option<&AtomicBool>,
    rows: bool,
) -> Result<Vec<Result<(Site, Converted)>>> {
    use rayon::prelude::*;
    let all: Vec<Result<(Site, Converted)>> = crate::threads::install(threads, || {
        paths
            .par_iter()
            .map(|p| convert_file(p.as_ref(), site, cancel, rows))
            .collect()
    })?;
    if all
        .iter()
        .any(|r| matches!(r, Err(e) if matches!(e.kind(), crate::ErrorKind::Interrupted)))
    {
        return Err(crate::ErrorKind::Interrupted.into());
    }
    Ok(all)
}

/// The columnar export's tables ([`crate::phh::columns_of`]) of every
/// hand converted by [`convert_files_with_rows`], files in order, built a
/// file at a time on `threads` cores and joined; `None` where no hand
/// converted. Each file's rows are taken out of its conversion (left
/// empty); its hands stay.
pub fn columns_of_files(
    files: &mut [Result<(Site, Converted)>],
    threads: Option<usize>,
) -> Result<Option<crate::phh::Columns>> {
    use rayon::prelude::*;
    let parts: Vec<Result<crate::phh::Columns>> = crate::threads::install(threads, || {
        files
            .par_iter_mut()
            .flatten()
            .filter(|(_, c)| !c.hands.is_empty())
            .map(|(_, c)| {
                let rows = std::mem::take(&mut c.rows);
                let hands: Vec<&HandHistory> = c.hands.iter().map(|(_, h)| h).collect();
                crate::phh::columns_of(&hands, &rows)
            })
            .collect()
    })?;
    if parts.is_empty() {
        return Ok(None);
    }
    let parts = parts.into_iter().collect::<Result<Vec<_>>>()?;
    crate::phh::Columns::concat(parts).map(Some)
}

/// One file read (its size checked first) and converted.
fn convert_file(
    path: &std::path::Path,
    site: Option<Site>,
    cancel: Option<&AtomicBool>,
    rows: bool,
) -> Result<(Site, Converted)> {
    if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
        return Err(crate::ErrorKind::Interrupted.into());
    }
    let name = path.display().to_string();
    let cannot = |e: std::io::Error| Error::history(&name, format!("cannot read it ({e})"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        // (a folder, a pipe or a device: no size to check, maybe no end)
        return Err(Error::history(&name, "not a regular file"));
    }
    let size = meta.len();
    if size > MAX_BYTES as u64 {
        return Err(Error::history(
            &name,
            format!("{size} bytes, more than {MAX_BYTES} (the reader's limit)"),
        ));
    }
    // (one byte more than the limit at most, should the file grow)
    let mut bytes = Vec::with_capacity(size as usize);
    std::io::Read::read_to_end(
        &mut std::io::Read::take(
            crate::phh::load::open_nonblocking(path).map_err(cannot)?,
            MAX_BYTES as u64 + 1,
        ),
        &mut bytes,
    )
    .map_err(cannot)?;
    if bytes.len() > MAX_BYTES {
        return Err(Error::history(
            &name,
            format!("more than {MAX_BYTES} bytes (the reader's limit)"),
        ));
    }
    let text = decode(&bytes);
    let found = site.or_else(|| detect(&text));
    let converted = convert_text(&text, &name, found, cancel, rows)?;
    // (convert refuses a text whose site is unknown)
    let found = found.ok_or_else(|| Error::history(&name, "no known site's hand in it"))?;
    Ok((found, converted))
}

/// How many hands [`convert`] cuts out before converting them together.
const CHUNK_HANDS: usize = 1_024;

/// One hand's text parsed, replayed and compared with the site's amounts:
/// the history with the line it starts on, or the problem.
/// [`convert_hand`], where a fault in a parser (a bug: none is known)
/// costs only its hand: it is reported as that hand's problem, and the
/// rest of the text still converts.
fn convert_guarded(
    block: &Block<'_>,
    source: &str,
    parse: Parser,
    rows: bool,
) -> std::result::Result<(usize, HandHistory, Option<crate::phh::HandRow>), Problem> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        convert_hand(block, source, parse, rows)
    }))
    .unwrap_or_else(|fault| {
        let what = fault
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| fault.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(Problem {
            line: block.line,
            at_line: None,
            hand: block.hand_number(),
            kind: ProblemKind::Refused,
            why: format!("an internal error in the converter (a bug, please report it): {what}"),
            history: None,
        })
    })
}

fn convert_hand(
    block: &Block<'_>,
    source: &str,
    parse: Parser,
    rows: bool,
) -> std::result::Result<(usize, HandHistory, Option<crate::phh::HandRow>), Problem> {
    match parse(block, source) {
        Ok(mut parsed) => match verify::verified(&parsed.history, &parsed.facts).or_else(|e| {
            // The other readings a hand's text leaves open, tried when
            // the first does not reach the site's amounts: a
            // sitting-out player's fold read as a dead hand, where it
            // was one in turn (the hand without it); short deck with
            // three of a kind above a straight (the site's ranking is
            // not written; see docs/sites.md).
            let mut again = parsed.history.clone();
            match again.fields.iter().position(|f| f.0 == "_dead_hands") {
                Some(i) => {
                    again.fields.remove(i);
                }
                None if is_short_deck(&again) => again.fields.push((
                    "_trips_beat_straight".into(),
                    crate::phh::toml::Value::Bool(true),
                )),
                None => return Err(e),
            }
            verify::verified(&again, &parsed.facts)
                .inspect(|_| parsed.history = again)
                .map_err(|_| e)
        }) {
            Ok(r) => Ok((
                block.line,
                parsed.history,
                rows.then(|| crate::phh::HandRow::of_replay(&r)),
            )),
            Err((kind, why)) => Err(Problem {
                line: block.line,
                at_line: None,
                hand: parsed.facts.hand.clone(),
                kind,
                why,
                history: Some(Box::new(parsed.history)),
            }),
        },
        Err(refusal) => Err(Problem {
            line: block.line,
            at_line: refusal.line,
            hand: block.hand_number(),
            kind: ProblemKind::Refused,
            why: refusal.why,
            history: None,
        }),
    }
}

/// Whether a line is the header of any site's hand (or the line before
/// one, 888poker's `#Game No : N`): inside another hand's summary, the
/// sign of a hand whose header was not read, which must not pass as
/// part of the summary.
pub(super) fn any_header(line: &str) -> bool {
    pokerstars::is_header(line)
        || winamax::is_header(line)
        || fulltilt::is_header(line)
        || party::is_header(line)
        || ipoker::is_header(line)
        || ongame::is_header(line)
        || absolute::is_header(line)
        || pacific::is_header(line)
        || line.starts_with("#Game No : ")
}

/// The refusal of a summary holding another hand's header.
pub(super) fn header_in_summary(n: usize) -> Refusal {
    Refusal::at(
        n,
        "another hand's header inside this hand's summary (a hand of another site, or a \
         file damaged): the hand is refused rather than the rest read as its summary",
    )
}

/// A site's parser of one hand's lines.
type Parser = fn(&Block<'_>, &str) -> std::result::Result<Parsed, Refusal>;

/// Whether a converted hand is short deck (`NS`, `PS`, `FS`).
fn is_short_deck(h: &HandHistory) -> bool {
    h.fields.iter().any(|f| {
        f.0 == "variant"
            && matches!(&f.1, crate::phh::toml::Value::Str(v) if hand::is_short_deck_code(v))
    })
}

/// What the site recorded about a hand, for [`verify`]: amounts by player
/// in the history's order (`p1` first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteFacts {
    pub hand: Option<String>,
    /// Chips each player put in (forced bets, bets and calls), less
    /// uncalled bets returned.
    pub contributed: Vec<Decimal>,
    /// What each player collected from the pots (after rake).
    pub collected: Vec<Decimal>,
    /// The pot as the site totals it.
    pub total_pot: Option<Decimal>,
    pub rake: Decimal,
}

/// Why a hand was refused, and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub line: Option<usize>,
    pub why: String,
}

impl Refusal {
    pub fn at(line: usize, why: impl Into<String>) -> Refusal {
        Refusal {
            line: Some(line),
            why: why.into(),
        }
    }
    pub fn hand(why: impl Into<String>) -> Refusal {
        Refusal {
            line: None,
            why: why.into(),
        }
    }
}

/// A hand's lines as the text holds them.
#[derive(Clone, Debug)]
pub struct Block<'a> {
    /// The header's line number (1-based).
    pub line: usize,
    /// The lines, trimmed, each with its number; the header first.
    pub lines: Vec<(usize, &'a str)>,
    /// More lines than [`MAX_HAND_LINES`] (the rest not kept).
    pub too_long: bool,
}

impl Block<'_> {
    /// The hand number in the header (the digits after the first `#`).
    pub fn hand_number(&self) -> Option<String> {
        let h = self.lines.first()?.1;
        let i = h.find('#')?;
        let digits: String = h[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .take(30)
            .collect();
        (!digits.is_empty()).then_some(digits)
    }
}
