//! Validated evaluation of many hands at once, optionally on several threads.
use super::{eval5_indices, eval6_indices, eval7_indices};
use crate::card::Card;
use crate::error::{Error, Result};
use rayon::prelude::*;

/// Rows per parallel task: large enough that scheduling is noise.
const CHUNK_ROWS: usize = 1 << 14;

fn describe_bad_row(row_index: usize, row: &[u8]) -> Error {
    let mut seen = 0u64;
    for &c in row {
        if c >= 52 {
            return Error::bad_card(format!("row {row_index}: {c} is not a card: a card index is 0..51"));
        }
        if seen & (1u64 << c) != 0 {
            if let Ok(card) = Card::new(c) {
                return crate::error::ErrorKind::DuplicateCard { card, row: Some(row_index) }.into();
            }
        }
        seen |= 1u64 << c;
    }
    Error::bad_cards(format!("row {row_index} is not a valid hand"))
}

/// `1 << c` for a card index, 0 for anything that is not a card: a row is
/// valid exactly when the OR of its bits has one bit per card.
const fn build_bits() -> [u64; 256] {
    let mut bits = [0u64; 256];
    let mut c = 0;
    while c < 52 {
        bits[c] = 1u64 << c;
        c += 1;
    }
    bits
}
static BITS: [u64; 256] = build_bits();

macro_rules! serial_width {
    ($name:ident, $width:literal, $eval:ident) => {
        #[inline(always)]
        fn $name(cards: &[u8], out: &mut [u16], first_row: usize) -> Result<()> {
            for (i, (row, o)) in cards.chunks_exact($width).zip(out.iter_mut()).enumerate() {
                let Ok(r) = <&[u8; $width]>::try_from(row) else {
                    return Err(describe_bad_row(first_row + i, row));
                };
                let mut mask = 0u64;
                for &c in r {
                    mask |= BITS[c as usize];
                }
                if mask.count_ones() != $width {
                    return Err(describe_bad_row(first_row + i, row));
                }
                *o = $eval(r);
            }
            Ok(())
        }
    };
}
serial_width!(rows7, 7, eval7_indices);
serial_width!(rows6, 6, eval6_indices);
serial_width!(rows5, 5, eval5_indices);

#[inline(always)]
fn serial_generic(cards: &[u8], width: usize, out: &mut [u16], first_row: usize) -> Result<()> {
    match width {
        7 => rows7(cards, out, first_row),
        6 => rows6(cards, out, first_row),
        5 => rows5(cards, out, first_row),
        _ => Err(Error::bad_cards(format!("a hand is 5, 6 or 7 cards, not {width}"))),
    }
}

/// The same loop compiled for processors with POPCNT and BMI, which the
/// baseline x86-64 target lacks: counting the bits of each row's card mask is
/// most of the cost of checking it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
fn serial_popcnt(cards: &[u8], width: usize, out: &mut [u16], first_row: usize) -> Result<()> {
    serial_generic(cards, width, out, first_row)
}

fn serial(cards: &[u8], width: usize, out: &mut [u16], first_row: usize) -> Result<()> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi2") {
            // SAFETY: the features serial_popcnt is compiled for were detected
            // on this processor just above.
            return unsafe { serial_popcnt(cards, width, out, first_row) };
        }
    }
    serial_generic(cards, width, out, first_row)
}

/// Evaluates `cards.len() / width` hands stored row by row (card indices
/// 0..51), writing one value per row into `out`.
///
/// `threads`: `Some(1)` runs on the calling thread; `None` uses rayon's global
/// pool; `Some(n)` a pool of `n` threads built for this call. Every row is
/// checked: a card index of 52 or more, or a card twice in a row, is an error
/// naming the first such row, and `out` is then unspecified.
pub fn evaluate_rows(cards: &[u8], width: usize, out: &mut [u16], threads: Option<usize>) -> Result<()> {
    if !(5..=7).contains(&width) {
        return Err(Error::bad_cards(format!("a hand is 5, 6 or 7 cards, not {width}")));
    }
    if cards.len() % width != 0 || cards.len() / width != out.len() {
        return Err(Error::bad_cards(format!("{} card indices do not make {} rows of {width}", cards.len(), out.len())));
    }
    let rows = out.len();
    let parallel = |out: &mut [u16]| -> Result<()> {
        let res = cards.par_chunks(CHUNK_ROWS * width).zip(out.par_chunks_mut(CHUNK_ROWS)).enumerate().try_for_each(|(i, (c, o))| serial(c, width, o, i * CHUNK_ROWS));
        if res.is_err() {
            // Report the first bad row, whichever task found one first.
            let mut scratch = vec![0u16; rows];
            serial(cards, width, &mut scratch, 0)?;
        }
        res
    };
    match threads {
        Some(0) => Err(Error::bad_config("threads must be at least 1".into())),
        Some(1) => serial(cards, width, out, 0),
        _ if rows <= CHUNK_ROWS => serial(cards, width, out, 0),
        _ => crate::threads::install(threads, || parallel(out))?,
    }
}
