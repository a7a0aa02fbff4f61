//! Validated evaluation of many hands at once, optionally on several threads,
//! and interruptible.
//!
//! The rows go through one of three kernels, chosen once per process from
//! what the processor can do ([`Kernel::best`]):
//!
//! * [`Kernel::Avx512`] (x86-64 with AVX-512 F, BW, VBMI, BITALG and
//!   VPOPCNTDQ): 16 rows per step, every lookup of the 16 in flight at once.
//!   Two byte permutes turn each card into its suit-major bit number
//!   (`16 * suit + rank`) and move card `j` of every row into its own 32-bit
//!   lane; the rank bases come from an in-register table (`vpermd`), so the
//!   only memory reads are the rows themselves and two 16-lane gathers (the
//!   rows' offsets, then their values). Flushes need no branch: each suit's
//!   13 ranks are a 16-bit lane, their popcounts find a suit with five or
//!   more, and a blend picks the flush table's slot (the copy at `LOOKUP`'s
//!   end) for those rows. Checking is part of the same step: a byte compare
//!   finds card indices of 52 or more, and the popcount of the suit-major
//!   mask is the row's width exactly when its cards are distinct. The steps
//!   run in blocks of 2,048 (32,768 rows), in two passes: every step's table
//!   slot first, then every step's value, so that the value reads of many
//!   steps are in flight together and each pass has the caches to itself.
//! * [`Kernel::Avx512Interleaved`]: the same steps in one pass, each step's
//!   value read issued [`INTERLEAVE_STEPS`] steps after its slot was found,
//!   so that it never waits on its own offset read and the key arithmetic
//!   of later steps runs while it is in flight. On an Intel Xeon (Emerald
//!   Rapids: 48 KiB of level 1, gathers that keep many reads in flight)
//!   it measured 1.1x to 1.15x the two passes on 10 million rows. The two
//!   passes were chosen on AMD Zen 4 (32 KiB of level 1, where the offsets
//!   and the value reads evict each other) over a pass doing both without
//!   the distance, and they stay ahead of the interleaved pass there too
//!   (about 580 against 530 M/s on 10 million rows: Zen 4 runs each
//!   512-bit permute and gather as two halves, so its kernel is bound by
//!   the arithmetic, not by reads in flight), so [`Kernel::best`] takes
//!   the interleaved pass on Intel processors only.
//! * [`Kernel::Scalar`] (every other processor and architecture): each row
//!   summed into a [`HandAcc`], whose card mask doubles as the check (an
//!   index of 52 or more adds no bit; a repeated card adds no bit to the
//!   count, its carry at most takes one away). (Four rows
//!   interleaved by hand measured no faster: the core already overlaps
//!   independent rows.)
//!
//! A bad row anywhere stops the work; the error names the first bad row.
use super::short_deck::ShortDeckRanking;
use super::HandAcc;
use crate::card::Card;
use crate::error::{Error, ErrorKind, Result};
use rayon::prelude::*;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// Rows per parallel task: large enough that scheduling is noise, and one
/// whole block of the AVX-512 kernel's two passes.
const CHUNK_ROWS: usize = 1 << 15;
/// Rows between two looks at the cancel flag on one thread (about 0.1 ms of
/// work).
const CANCEL_ROWS: usize = 1 << 16;

/// How a batch is evaluated; see the module documentation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// One row at a time through [`HandAcc`]; every processor.
    Scalar,
    /// 16 rows per step with AVX-512 (F, BW, VBMI, BITALG, VPOPCNTDQ),
    /// in blocks of two passes (slots, then values).
    Avx512,
    /// The same steps in one pass, each step's value read issued
    /// [`INTERLEAVE_STEPS`] steps after its slot was found.
    Avx512Interleaved,
}

/// How many steps after its slot [`Kernel::Avx512Interleaved`] reads a
/// step's values (160 rows): far enough that a value read never waits on
/// its own offset read, near enough that the slots stay in registers and
/// level 1.
pub const INTERLEAVE_STEPS: usize = 10;

impl Kernel {
    /// A short name: `"scalar"`, `"avx512"`, `"avx512-interleaved"`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Avx512 => "avx512",
            Kernel::Avx512Interleaved => "avx512-interleaved",
        }
    }

    /// Whether this processor can run the kernel.
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Scalar => true,
            #[cfg(all(target_arch = "x86_64", holecards_avx512))]
            Kernel::Avx512 | Kernel::Avx512Interleaved => {
                std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi")
                    && std::is_x86_feature_detected!("avx512bitalg")
                    && std::is_x86_feature_detected!("avx512vpopcntdq")
            }
            #[cfg(not(all(target_arch = "x86_64", holecards_avx512)))]
            Kernel::Avx512 | Kernel::Avx512Interleaved => false,
        }
    }

    /// Every kernel this processor can run, the scalar one first.
    pub fn available() -> Vec<Kernel> {
        Kernel::ALL
            .into_iter()
            .filter(|k| k.is_available())
            .collect()
    }

    /// The kernel by its [`Kernel::name`].
    pub fn from_name(name: &str) -> Option<Kernel> {
        Kernel::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Every kernel, the scalar one first.
    pub const ALL: [Kernel; 3] = [Kernel::Scalar, Kernel::Avx512, Kernel::Avx512Interleaved];

    /// Whether this is one of the AVX-512 kernels.
    pub fn is_avx512(self) -> bool {
        matches!(self, Kernel::Avx512 | Kernel::Avx512Interleaved)
    }

    /// The kernel the batch functions use, chosen once per process: the
    /// fastest this processor can run, or the one the environment variable
    /// `HOLECARDS_BATCH_KERNEL` names (`scalar`, `avx512`,
    /// `avx512-interleaved`) if this processor can run it (for tests and
    /// benchmarks; another value is ignored). With AVX-512, the interleaved
    /// pass on Intel processors and the two passes on others (see the
    /// module documentation).
    pub fn best() -> Kernel {
        static BEST: OnceLock<Kernel> = OnceLock::new();
        *BEST.get_or_init(|| {
            let asked = std::env::var("HOLECARDS_BATCH_KERNEL")
                .ok()
                .and_then(|n| Kernel::from_name(n.trim()));
            match asked {
                Some(k) if k.is_available() => k,
                _ if Kernel::Avx512.is_available() && is_intel() => Kernel::Avx512Interleaved,
                _ if Kernel::Avx512.is_available() => Kernel::Avx512,
                _ => Kernel::Scalar,
            }
        })
    }
}

/// Whether the processor's vendor is Intel (`GenuineIntel`).
fn is_intel() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: leaf 0 exists on every x86-64 processor (the call is
        // safe from Rust 1.87; unsafe before, and the crate builds on 1.85).
        #[allow(unused_unsafe)]
        let id = unsafe { core::arch::x86_64::__cpuid(0) };
        // the vendor string is in EBX, EDX, ECX: "Genu" "ineI" "ntel"
        id.ebx == 0x756e_6547 && id.edx == 0x4965_6e69 && id.ecx == 0x6c65_746e
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// What is wrong with row `row_index`, whose cards are `row` then `more`
/// (Omaha's hole and board): its first index that is not a card, its first
/// card `refuse` turns away (a card of another game's deck, with the
/// message `refuse` gives), or the first card it holds twice; `None` when
/// nothing is.
fn row_problem(
    row_index: usize,
    row: &[u8],
    more: &[u8],
    refuse: &impl Fn(Card) -> Option<String>,
) -> Option<Error> {
    let mut seen = 0u64;
    for &c in row.iter().chain(more) {
        let Ok(card) = Card::new(c) else {
            return Some(Error::card(
                c.to_string(),
                format!("row {row_index}: {c} is not a card: a card index is 0..51"),
            ));
        };
        if let Some(why) = refuse(card) {
            return Some(Error::card(
                card.to_string(),
                format!("row {row_index}: {why}"),
            ));
        }
        if seen & card.bit() != 0 {
            return Some(
                ErrorKind::DuplicateCard {
                    card,
                    row: Some(row_index),
                }
                .into(),
            );
        }
        seen |= card.bit();
    }
    None
}

/// The error for row `row_index`, known to be bad (see [`row_problem`]).
#[cold]
pub(crate) fn describe_bad_row(
    row_index: usize,
    row: &[u8],
    more: &[u8],
    refuse: impl Fn(Card) -> Option<String>,
) -> Error {
    row_problem(row_index, row, more, &refuse)
        .unwrap_or_else(|| Error::bad_cards(format!("row {row_index} is not a valid hand")))
}

/// The error for the first bad row of `cards` (rows of `width`), which a
/// kernel found to hold one; `first_row` is the index of its first row,
/// `refuse` as in [`row_problem`].
#[cold]
pub(crate) fn first_bad_row(
    cards: &[u8],
    width: usize,
    first_row: usize,
    refuse: impl Fn(Card) -> Option<String>,
) -> Error {
    cards
        .chunks_exact(width)
        .enumerate()
        .find_map(|(i, row)| row_problem(first_row + i, row, &[], &refuse))
        .unwrap_or_else(|| Error::bad_cards("a row is not a valid hand".into()))
}

/// The scalar kernel's loop over rows of `W` cards: each row summed into a
/// [`HandAcc`] and valued by `eval`, writing every row's value. Returns
/// whether every row held `W` distinct cards (indices of 52 or more add no
/// card) and none of the cards of `FORBIDDEN` (bits as
/// [`HandAcc::suit_bits`]); a bad row leaves the values unspecified. The
/// check costs no branch per row: the rows' checks are folded together and
/// looked at once.
#[inline(always)]
fn scalar_rows<const W: usize, const FORBIDDEN: u64>(
    cards: &[u8],
    out: &mut [MaybeUninit<u16>],
    eval: impl Fn(HandAcc) -> u16,
) -> bool {
    let mut bad = 0u32;
    for (r, o) in cards.chunks_exact(W).zip(out.iter_mut()) {
        // As an array, so that the card loop is unrolled (a slice's length
        // is not known to the compiler here: twice as slow). Never the
        // fallback: chunks_exact gives W bytes.
        let r: &[u8; W] = r.try_into().unwrap_or(&[255; W]);
        let h = r.iter().fold(HandAcc::EMPTY, |h, &c| h.add_index(c));
        bad |= (h.len() ^ W as u32) | (h.suit_bits() & FORBIDDEN != 0) as u32;
        o.write(eval(h));
    }
    bad == 0
}

// Inlined into scalar_popcnt, so that the card count there is one POPCNT.
#[inline(always)]
fn scalar_generic<const FORBIDDEN: u64>(
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    eval: impl Fn(HandAcc) -> u16 + Copy,
) -> bool {
    match width {
        7 => scalar_rows::<7, FORBIDDEN>(cards, out, eval),
        6 => scalar_rows::<6, FORBIDDEN>(cards, out, eval),
        _ => scalar_rows::<5, FORBIDDEN>(cards, out, eval),
    }
}

/// The same loop compiled for processors with POPCNT (the card count of the
/// check), which the baseline x86-64 target lacks.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
fn scalar_popcnt<const FORBIDDEN: u64>(
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    eval: impl Fn(HandAcc) -> u16 + Copy,
) -> bool {
    scalar_generic::<FORBIDDEN>(cards, width, out, eval)
}

/// The scalar kernel with any evaluation of a [`HandAcc`] (the standard
/// value, or another game's table): rows of `width` (5 to 7) cards into
/// `out`, false if a row is not `width` distinct cards outside `FORBIDDEN`.
pub(crate) fn scalar_by<const FORBIDDEN: u64>(
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    eval: impl Fn(HandAcc) -> u16 + Copy,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static POPCNT: OnceLock<bool> = OnceLock::new();
        if *POPCNT.get_or_init(|| {
            std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi2")
        }) {
            // SAFETY: the features scalar_popcnt is compiled for were
            // detected on this processor.
            return unsafe { scalar_popcnt::<FORBIDDEN>(cards, width, out, eval) };
        }
    }
    scalar_generic::<FORBIDDEN>(cards, width, out, eval)
}

fn scalar(cards: &[u8], width: usize, out: &mut [MaybeUninit<u16>]) -> bool {
    scalar_by::<0>(cards, width, out, HandAcc::eval)
}

// The AVX-512 intrinsics are stable since Rust 1.89 (build.rs sets
// holecards_avx512 for such a compiler); the crate's declared minimum builds
// the scalar kernel alone.
#[cfg(all(target_arch = "x86_64", holecards_avx512))]
#[allow(clippy::incompatible_msrv)]
mod avx512 {
    use super::super::tables::*;
    use core::arch::x86_64::*;

    /// How far ahead of a step the first pass prefetches its rows, in bytes.
    const PREFETCH: usize = 4096;
    /// Rows per step.
    pub(super) const LANES: usize = 16;
    /// Steps per block of the two passes (see the end of [`rows`]).
    const BLOCK_STEPS: usize = 2048;

    thread_local! {
        /// A thread's slots between the two passes, kept for its next call.
        static SLOTS: std::cell::Cell<Vec<__m512i>> = const { std::cell::Cell::new(Vec::new()) };
    }

    /// Card index -> its suit-major bit number `16 * suit + rank` (indices
    /// 52..63 get rank 15, never a card; the byte compare rejects them).
    const fn bit_numbers() -> [u8; 64] {
        let mut t = [15u8; 64];
        let mut c = 0;
        while c < 52 {
            t[c] = (16 * (c & 3) + (c >> 2)) as u8;
            c += 1;
        }
        t
    }
    static BIT_NUMBER: [u8; 64] = bit_numbers();

    /// Rank -> its base (ranks 13..15: 0), one per 32-bit lane.
    const fn bases() -> [u32; 16] {
        let mut b = [0u32; 16];
        let mut r = 0;
        while r < 13 {
            b[r] = RANK_BASES[r] as u32;
            r += 1;
        }
        b
    }
    static BASES: [u32; 16] = bases();
    const _: () = assert!(RANK_BASES[12] < 1 << 32 && (LOOKUP_FLUSH + 0x2000) <= LOOKUP.len());

    /// For card `j` of a row of `w`: the byte permute that puts card `j` of
    /// each of 16 rows (bytes `w * i + j` of 128) into byte `4 * i`, and
    /// byte 127 into the other three bytes of each lane: past the 16 rows'
    /// `16 w` bytes (at most 112), where the masked load reads zeros and
    /// the bit-number permute makes them card 0's bit number, 0, so each
    /// lane is its card's bit number with no mask to apply.
    const fn gather_index(w: usize, j: usize) -> [u8; 64] {
        let mut x = [127u8; 64];
        let mut i = 0;
        while i < 16 {
            x[4 * i] = (w * i + j) as u8;
            i += 1;
        }
        x
    }
    const fn gather_indices<const W: usize>() -> [[u8; 64]; W] {
        let mut x = [[0u8; 64]; W];
        let mut j = 0;
        while j < W {
            x[j] = gather_index(W, j);
            j += 1;
        }
        x
    }

    const _: () = assert!(LANES * 7 <= 127);

    /// `vpsllvd`: each lane of `a` shifted left by `count`'s, 0 for a count
    /// of 32 or more. Written as the instruction itself: the compiler turns
    /// the intrinsic into a shift and a compare against 32 with a masked or
    /// after it, two more operations a card on the kernel's busiest units.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn sllv(a: __m512i, count: __m512i) -> __m512i {
        let r: __m512i;
        // SAFETY: one AVX-512 F instruction (the feature is enabled), on
        // registers only.
        unsafe {
            std::arch::asm!(
                "vpsllvd {r}, {a}, {c}",
                r = lateout(zmm_reg) r,
                a = in(zmm_reg) a,
                c = in(zmm_reg) count,
                options(pure, nomem, nostack, preserves_flags)
            );
        }
        r
    }

    struct Idx<const W: usize>;
    impl<const W: usize> Idx<W> {
        const BYTES: [[u8; 64]; W] = gather_indices::<W>();
    }

    /// The tables the kernel reads: a rank hash over [`RANK_BASES`]' keys
    /// (rows of `1 << ROW_BITS` keys, as the standard one) and its value
    /// table, padded (see `Padded`), with a flush table at `flush_base`
    /// indexed by the flush suit's ranks shifted right by `flush_shift`.
    /// A row holding a rank of `forbidden` (a bit per rank) is bad. Without
    /// `flush`, every row reads at its rank key's slot (suits play no part).
    pub(crate) struct Tables {
        offsets: &'static [u32],
        values: *const u16,
        len: usize,
        flush_base: usize,
        flush_shift: u32,
        forbidden: u16,
        flush: bool,
    }
    // SAFETY: the pointer is to a static, read only.
    unsafe impl Sync for Tables {}

    /// The standard evaluator's tables.
    pub(crate) static STANDARD: Tables = Tables {
        offsets: &OFFSETS,
        values: LOOKUP_PADDED.table.as_ptr(),
        len: LOOKUP.len(),
        flush_base: LOOKUP_FLUSH,
        flush_shift: 0,
        forbidden: 0,
        flush: true,
    };
    /// The ace-to-five values by the standard hash's slots (no flush).
    pub(crate) static ACE_TO_FIVE: Tables = Tables {
        offsets: &OFFSETS,
        values: A5_LOOKUP_PADDED.table.as_ptr(),
        len: A5_LOOKUP.len(),
        flush_base: LOOKUP_FLUSH,
        flush_shift: 0,
        forbidden: 0,
        flush: false,
    };
    /// The deuce-to-seven values by the standard hash's slots; a row with
    /// five cards of a suit reads a 0 at the flush base (to be worked out
    /// one by one).
    pub(crate) static DEUCE_TO_SEVEN: Tables = Tables {
        offsets: &OFFSETS,
        values: D27_LOOKUP_PADDED.table.as_ptr(),
        len: D27_LOOKUP.len(),
        flush_base: LOOKUP_FLUSH,
        flush_shift: 0,
        forbidden: 0,
        flush: true,
    };
    /// Short-deck's, one per ranking (no card below a six).
    pub(crate) static SHORT_DECK: [Tables; 2] = [
        Tables {
            offsets: &SD_OFFSETS,
            values: SD_LOOKUP_STRAIGHT_FIRST_PADDED.table.as_ptr(),
            len: SD_LOOKUP_STRAIGHT_FIRST.len(),
            flush_base: SD_LOOKUP_FLUSH,
            flush_shift: 4,
            forbidden: 0xf,
            flush: true,
        },
        Tables {
            offsets: &SD_OFFSETS,
            values: SD_LOOKUP_TRIPS_FIRST_PADDED.table.as_ptr(),
            len: SD_LOOKUP_TRIPS_FIRST.len(),
            flush_base: SD_LOOKUP_FLUSH,
            flush_shift: 4,
            forbidden: 0xf,
            flush: true,
        },
    ];
    // Every table set: rows as the standard hash's (the row index below is
    // below OFFSETS.len() for any lanes), a power-of-two value table with
    // its flush table inside.
    const _: () = assert!(
        SD_ROW_BITS == ROW_BITS
            && SD_OFFSETS.len() == OFFSETS.len()
            && SD_LOOKUP_STRAIGHT_FIRST.len().is_power_of_two()
            && SD_LOOKUP_FLUSH + 0x200 <= SD_LOOKUP_STRAIGHT_FIRST.len()
            && SD_LOOKUP_TRIPS_FIRST.len() == SD_LOOKUP_STRAIGHT_FIRST.len()
            && A5_LOOKUP.len() == LOOKUP.len()
            && D27_LOOKUP.len() == LOOKUP.len()
    );

    /// Evaluates the first `16 * (out.len() / 16)` rows (`cards` holds at
    /// least that many rows of `W`) with the tables `t`; returns false if one
    /// of them is bad (the values are then unspecified).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg,avx512vpopcntdq,popcnt")]
    pub(crate) fn rows<const W: usize>(
        t: &Tables,
        cards: &[u8],
        out: &mut [std::mem::MaybeUninit<u16>],
        interleaved: bool,
    ) -> bool {
        let steps = out.len() / LANES;
        assert!(cards.len() >= steps * LANES * W && (5..=7).contains(&W));
        let hi_bytes = LANES * W - 64; // 16, 32 or 48
        let hi_mask: __mmask64 = (1u64 << hi_bytes) - 1;
        // SAFETY (all the loads below): the static tables are 64 bytes (or
        // longer) and read with unaligned loads of exactly their size.
        let bit_number = unsafe { _mm512_loadu_si512(BIT_NUMBER.as_ptr().cast()) };
        let bases = unsafe { _mm512_loadu_si512(BASES.as_ptr().cast()) };
        let idx: [__m512i; W] = std::array::from_fn(|j| unsafe {
            _mm512_loadu_si512(Idx::<W>::BYTES[j].as_ptr().cast())
        });
        let one = _mm512_set1_epi32(1);
        let thirty_two = _mm512_set1_epi32(32);
        let width = _mm512_set1_epi32(W as i32);
        let five = _mm512_set1_epi16(5);
        let not_card = _mm512_set1_epi8(52);
        let low16 = _mm512_set1_epi32(0xffff);
        let slot_mask = _mm512_set1_epi32((t.len - 1) as i32);
        let flush_base = _mm512_set1_epi32(t.flush_base as i32);
        let flush_shift = _mm512_set1_epi32(t.flush_shift as i32);
        let forbidden = _mm512_set1_epi32(t.forbidden as i32 * 0x1_0001);
        let flush_lanes: __mmask16 = if t.flush { 0xffff } else { 0 };
        assert!(t.offsets.len() == OFFSETS.len() && t.len.is_power_of_two());
        let offsets = t.offsets.as_ptr();
        let values = t.values;
        // One step's keys: the rank keys, the suit-major card masks (suits 0
        // and 1 in `lo`, 2 and 3 in `hi`) and whether a row is bad.
        macro_rules! keys {
            ($s:expr) => {{
                // SAFETY: rows 16 s .. 16 s + 16 are in `cards` (asserted
                // above): 64 bytes from 16 s W, then the rest of the 16 W
                // bytes through a masked load (the bytes past them are not
                // read).
                let (lo, hi) = unsafe {
                    let at = $s * LANES * W;
                    // The rows PREFETCH bytes ahead asked for now (clamped to
                    // the last byte): with the gathers in flight, the
                    // hardware's prefetch alone left this pass waiting on
                    // memory when the rows come from past the caches (1.9x
                    // slower on 10 million rows than on 500,000 on an Intel
                    // Xeon; level with the prefetch).
                    // (A step is at most 112 bytes: two lines a step cover them.)
                    for line in [PREFETCH, PREFETCH + 64] {
                        let ahead = cards.as_ptr().add((at + line).min(cards.len() - 1));
                        _mm_prefetch::<_MM_HINT_T0>(ahead.cast());
                    }
                    let p = cards.as_ptr().add(at);
                    (
                        _mm512_loadu_si512(p.cast()),
                        _mm512_maskz_loadu_epi8(hi_mask, p.add(64).cast()),
                    )
                };
                let bad_card =
                    _mm512_cmpge_epu8_mask(lo, not_card) | _mm512_cmpge_epu8_mask(hi, not_card);
                let tlo = _mm512_permutexvar_epi8(lo, bit_number);
                let thi = _mm512_permutexvar_epi8(hi, bit_number);
                let mut rank_key = _mm512_setzero_si512();
                let mut suits_lo = _mm512_setzero_si512();
                let mut suits_hi = _mm512_setzero_si512();
                for ix in &idx {
                    // card j of row i, as its bit number, in lane i
                    let t = _mm512_permutex2var_epi8(tlo, *ix, thi);
                    rank_key = _mm512_add_epi32(rank_key, _mm512_permutexvar_epi32(t, bases));
                    // a shift of 32 or more gives 0: each bit lands in one half
                    suits_lo = _mm512_or_si512(suits_lo, sllv(one, t));
                    suits_hi =
                        _mm512_or_si512(suits_hi, sllv(one, _mm512_xor_si512(t, thirty_two)));
                }
                let count =
                    _mm512_add_epi32(_mm512_popcnt_epi32(suits_lo), _mm512_popcnt_epi32(suits_hi));
                let bad = bad_card
                    | _mm512_cmpneq_epi32_mask(count, width) as u64
                    | _mm512_test_epi32_mask(_mm512_or_si512(suits_lo, suits_hi), forbidden) as u64;
                (rank_key, suits_lo, suits_hi, bad)
            }};
        }
        // The offset read of a step (the row is below OFFSETS.len() for any
        // lanes: each base is below 2^25 / 7).
        macro_rules! offset {
            ($rank_key:expr) => {{
                // SAFETY: every row index is below OFFSETS.len() (above).
                unsafe {
                    _mm512_i32gather_epi32::<4>(
                        _mm512_srli_epi32::<ROW_BITS>($rank_key),
                        offsets.cast(),
                    )
                }
            }};
        }
        // The slot: rank key + offset, or for a flush (the suit, a 16-bit
        // lane, with five or more cards; at most one of a row's four has) the
        // flush table's copy at the flush suit's ranks.
        macro_rules! slot {
            ($rank_key:expr, $offset:expr, $suits_lo:expr, $suits_hi:expr) => {{
                let f_lo = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16($suits_lo), five);
                let f_hi = _mm512_cmpge_epu16_mask(_mm512_popcnt_epi16($suits_hi), five);
                let sel = _mm512_or_si512(
                    _mm512_maskz_mov_epi16(f_lo, $suits_lo),
                    _mm512_maskz_mov_epi16(f_hi, $suits_hi),
                );
                let flush_ranks = _mm512_srlv_epi32(
                    _mm512_or_si512(_mm512_and_si512(sel, low16), _mm512_srli_epi32::<16>(sel)),
                    flush_shift,
                );
                let is_flush = _mm512_test_epi32_mask(sel, sel) & flush_lanes;
                let slot = _mm512_mask_blend_epi32(
                    is_flush,
                    _mm512_add_epi32($rank_key, $offset),
                    _mm512_add_epi32(flush_ranks, flush_base),
                );
                _mm512_and_si512(slot, slot_mask)
            }};
        }
        // The value read, stored as 16 u16.
        macro_rules! store {
            ($s:expr, $slot:expr) => {{
                // SAFETY: each slot is below t.len; the 4 bytes read at
                // byte 2 * slot end inside the padded table (its padding).
                let value = unsafe { _mm512_i32gather_epi32::<2>($slot, values.cast()) };
                // the low 16 bits of each lane; SAFETY: out holds rows
                // 16 s .. 16 s + 16 (steps = out.len() / 16).
                unsafe {
                    _mm256_storeu_si256(
                        out.as_mut_ptr().add($s * LANES).cast(),
                        _mm512_cvtepi32_epi16(value),
                    )
                };
            }};
        }
        // Block by block, in two passes: first every step's slot (the cards
        // and the row offsets: the input streams past the offsets, which stay
        // in level 1), kept in `slots`, then every step's value (the value
        // table's level-2 reads, 16 at a time, with nothing else in the
        // way). One pass doing both measured 1.5x to 1.8x slower here: a
        // step's value read waits on its offset read, so few steps' reads are
        // in flight at once, and the two tables evict each other. The longer
        // the block, the fewer switches: 2,048 steps (128 KiB of slots)
        // measured 5% faster than 1,024 and level with 4,096.
        if interleaved {
            // One pass: step s finds its slot, then reads the values of step
            // s - INTERLEAVE_STEPS, whose slot is long known; the slots wait
            // in a ring. (A bad row anywhere: false, the values unspecified.)
            const RING: usize = 16;
            const D: usize = super::INTERLEAVE_STEPS;
            const _: () = assert!(D < RING && RING.is_power_of_two());

            let mut ring = [_mm512_setzero_si512(); RING];
            let mut bad = 0u64;
            for s in 0..steps + D {
                if s < steps {
                    let (k, lo, hi, bad_rows) = keys!(s);
                    let o = offset!(k);
                    ring[s % RING] = slot!(k, o, lo, hi);
                    bad |= bad_rows;
                }
                if s >= D {
                    store!(s - D, ring[(s - D) % RING]);
                }
            }
            return bad == 0;
        }
        let mut slots = SLOTS.take();
        if slots.len() < BLOCK_STEPS.min(steps) {
            slots.resize(BLOCK_STEPS.min(steps), _mm512_setzero_si512());
        }
        let mut ok = true;
        let mut first = 0;
        while first < steps && ok {
            let n = BLOCK_STEPS.min(steps - first);
            let mut bad = 0u64;
            for (b, slot) in slots[..n].iter_mut().enumerate() {
                let (k, lo, hi, bad_rows) = keys!(first + b);
                let o = offset!(k);
                *slot = slot!(k, o, lo, hi);
                bad |= bad_rows;
            }
            ok = bad == 0;
            if ok {
                for (b, slot) in slots[..n].iter().enumerate() {
                    store!(first + b, *slot);
                }
            }
            first += n;
        }
        SLOTS.set(slots);
        ok
    }
}

/// The AVX-512 kernel with tables `t` on the whole 16-row blocks of `out`,
/// then `rest` (a scalar path) on the rows left: `Some(all rows good)`, or
/// `None` when `kernel` is not the AVX-512 one or this processor lacks it.
#[cfg(all(target_arch = "x86_64", holecards_avx512))]
fn avx512_rows(
    kernel: Kernel,
    t: &avx512::Tables,
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    rest: impl FnOnce(&[u8], &mut [MaybeUninit<u16>]) -> bool,
) -> Option<bool> {
    if !kernel.is_avx512() || !kernel.is_available() {
        return None;
    }
    let interleaved = kernel == Kernel::Avx512Interleaved;
    let n = out.len() / avx512::LANES * avx512::LANES;
    // SAFETY: the features avx512::rows is compiled for were detected on
    // this processor (is_available).
    let ok = unsafe {
        match width {
            7 => avx512::rows::<7>(t, cards, &mut out[..n], interleaved),
            6 => avx512::rows::<6>(t, cards, &mut out[..n], interleaved),
            _ => avx512::rows::<5>(t, cards, &mut out[..n], interleaved),
        }
    };
    Some(ok && rest(&cards[n * width..], &mut out[n..]))
}

/// Runs `kernel` on whole rows (`cards.len() == width * out.len()`); false
/// if a row is bad.
fn run_kernel(kernel: Kernel, cards: &[u8], width: usize, out: &mut [MaybeUninit<u16>]) -> bool {
    #[cfg(all(target_arch = "x86_64", holecards_avx512))]
    if let Some(ok) = avx512_rows(kernel, &avx512::STANDARD, cards, width, out, |c, o| {
        scalar(c, width, o)
    }) {
        return ok;
    }
    let _ = kernel;
    scalar(cards, width, out)
}

/// The short-deck batch on whole rows of `width` cards under `ranking`,
/// with the best kernel this processor runs (the same values with each);
/// false if a row is not `width` distinct cards of the short deck.
pub(crate) fn short_deck_kernel(
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    ranking: ShortDeckRanking,
) -> bool {
    short_deck_kernel_with(Kernel::best(), cards, width, out, ranking)
}

/// [`short_deck_kernel`] with a given kernel (one this processor runs).
pub(crate) fn short_deck_kernel_with(
    kernel: Kernel,
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    ranking: ShortDeckRanking,
) -> bool {
    #[cfg(all(target_arch = "x86_64", holecards_avx512))]
    if let Some(ok) = avx512_rows(
        kernel,
        &avx512::SHORT_DECK[ranking as usize],
        cards,
        width,
        out,
        |c, o| short_deck_kernel_with(Kernel::Scalar, c, width, o, ranking),
    ) {
        return ok;
    }
    let _ = kernel;
    // the cards below a six, as HandAcc::suit_bits holds them
    const BELOW_SIX: u64 = 0x000f_000f_000f_000f;
    let values = super::short_deck::values(ranking);
    scalar_by::<BELOW_SIX>(cards, width, out, |h| values[h.short_deck_slot()])
}

/// The lowball batch on whole rows of `width` cards under `ranking`, with
/// the best kernel this processor runs: the ace-to-five value of every
/// row; the deuce-to-seven value of every row without five cards of a suit
/// or with every card of one suit, and for the others the best
/// deuce-to-seven flush of their suited cards, which
/// [`super::lowball::evaluate_rows`] works out again. False if
/// a row is not `width` distinct cards.
pub(crate) fn lowball_kernel_with(
    kernel: Kernel,
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    ranking: super::lowball::Lowball,
) -> bool {
    use super::lowball::Lowball;
    use super::tables::{A5_LOOKUP, D27_LOOKUP};
    #[cfg(all(target_arch = "x86_64", holecards_avx512))]
    if let Some(ok) = avx512_rows(
        kernel,
        match ranking {
            Lowball::AceToFive => &avx512::ACE_TO_FIVE,
            Lowball::DeuceToSeven => &avx512::DEUCE_TO_SEVEN,
        },
        cards,
        width,
        out,
        |c, o| lowball_kernel_with(Kernel::Scalar, c, width, o, ranking),
    ) {
        return ok;
    }
    let _ = kernel;
    match ranking {
        Lowball::AceToFive => scalar_by::<0>(cards, width, out, |h| A5_LOOKUP[h.rank_slot()]),
        Lowball::DeuceToSeven => scalar_by::<0>(cards, width, out, |h| D27_LOOKUP[h.slot()]),
    }
}

/// Runs `chunk(i, out_i)` over `out` in pieces of `chunk_rows` rows (piece
/// `i` starts at row `i * chunk_rows`): on the calling thread for
/// `threads == Some(1)` or a single piece, else on rayon's pool
/// (`crate::threads::install`). The result is the first error in row
/// order; each piece looks at `cancel` first and stops with
/// [`ErrorKind::Interrupted`] when it is set.
pub(crate) fn by_pieces(
    out: &mut [u16],
    chunk_rows: usize,
    threads: Option<usize>,
    cancel: Option<&AtomicBool>,
    chunk: impl Fn(usize, &mut [u16]) -> Result<()> + Sync,
) -> Result<()> {
    let piece = |i: usize, o: &mut [u16]| -> Result<()> {
        if cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Err(ErrorKind::Interrupted.into());
        }
        chunk(i, o)
    };
    match threads {
        Some(0) => Err(Error::bad_config("threads must be at least 1".into())),
        Some(1) => out
            .chunks_mut(chunk_rows)
            .enumerate()
            .try_for_each(|(i, o)| piece(i, o)),
        _ if out.len() <= chunk_rows => piece(0, out),
        _ => crate::threads::install(threads, || {
            let results: Vec<Result<()>> = out
                .par_chunks_mut(chunk_rows)
                .enumerate()
                .map(|(i, o)| piece(i, o))
                .collect();
            results.into_iter().collect()
        })?,
    }
}

/// One thread: the rows in pieces of `CANCEL_ROWS`, looking at `cancel`
/// before each.
fn serial(
    kernel: Kernel,
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    first_row: usize,
    cancel: Option<&AtomicBool>,
) -> Result<()> {
    for (i, (c, o)) in cards
        .chunks(CANCEL_ROWS * width)
        .zip(out.chunks_mut(CANCEL_ROWS))
        .enumerate()
    {
        if cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Err(ErrorKind::Interrupted.into());
        }
        if !run_kernel(kernel, c, width, o) {
            return Err(first_bad_row(c, width, first_row + i * CANCEL_ROWS, |_| {
                None
            }));
        }
    }
    Ok(())
}

fn check_shape(cards: &[u8], width: usize, rows: usize) -> Result<()> {
    check_rows("a hand", cards, width, rows)
}

/// Checks that `cards` are `rows` rows of `width` card indices, 5 to 7 (`what`
/// names the hand in the error: "a short-deck hand").
pub(crate) fn check_rows(what: &str, cards: &[u8], width: usize, rows: usize) -> Result<()> {
    if !(5..=7).contains(&width) {
        return Err(Error::bad_cards(format!(
            "{what} is 5, 6 or 7 cards, not {width}"
        )));
    }
    if cards.len() % width != 0 || cards.len() / width != rows {
        return Err(Error::bad_cards(format!(
            "{} card indices do not make {rows} rows of {width}",
            cards.len()
        )));
    }
    Ok(())
}

/// Evaluates `cards.len() / width` hands stored row by row (card indices
/// 0..51), writing one value per row into `out`.
///
/// `threads`: `Some(1)` runs on the calling thread; `None` uses rayon's global
/// pool; `Some(n)` a pool of `n` threads. Every row is checked: a card index
/// of 52 or more, or a card twice in a row, is an error naming the first such
/// row, and `out` is then unspecified.
pub fn evaluate_rows(
    cards: &[u8],
    width: usize,
    out: &mut [u16],
    threads: Option<usize>,
) -> Result<()> {
    evaluate_rows_cancellable(cards, width, out, threads, None)
}

/// `out` seen as not yet initialized: sound, as the kernels only ever write
/// initialized values into it.
pub(crate) fn as_uninit(out: &mut [u16]) -> &mut [MaybeUninit<u16>] {
    // SAFETY: MaybeUninit<u16> has u16's layout; nothing uninitialized is
    // written through the result.
    unsafe { &mut *(out as *mut [u16] as *mut [MaybeUninit<u16>]) }
}

/// [`evaluate_rows`] that stops soon after `cancel` is set (within about
/// 0.1 ms of work per thread), returning [`ErrorKind::Interrupted`] (`out` is
/// then unspecified).
pub fn evaluate_rows_cancellable(
    cards: &[u8],
    width: usize,
    out: &mut [u16],
    threads: Option<usize>,
    cancel: Option<&AtomicBool>,
) -> Result<()> {
    evaluate_rows_uninit(cards, width, as_uninit(out), threads, cancel)
}

/// [`evaluate_rows_cancellable`] into memory that need not be initialized
/// (a `Vec`'s spare capacity: no pass to zero it first). On `Ok`, every
/// element of `out` has been written; on an error, which of them have is
/// unspecified.
pub fn evaluate_rows_uninit(
    cards: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u16>],
    threads: Option<usize>,
    cancel: Option<&AtomicBool>,
) -> Result<()> {
    check_shape(cards, width, out.len())?;
    let kernel = Kernel::best();
    let rows = out.len();
    let parallel = |out: &mut [MaybeUninit<u16>]| -> Result<()> {
        // Tasks after a chunk known to hold a bad row are skipped; those
        // before it all run, so the lowest chunk with an error holds the
        // first bad row.
        let first_bad = AtomicUsize::new(usize::MAX);
        let errors: Mutex<Vec<(usize, Error)>> = Mutex::new(Vec::new());
        cards
            .par_chunks(CHUNK_ROWS * width)
            .zip(out.par_chunks_mut(CHUNK_ROWS))
            .enumerate()
            .for_each(|(i, (c, o))| {
                if i > first_bad.load(Ordering::Relaxed) {
                    return;
                }
                if let Err(e) = serial(kernel, c, width, o, i * CHUNK_ROWS, cancel) {
                    first_bad.fetch_min(i, Ordering::Relaxed);
                    errors
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, e));
                }
            });
        let mut errors = errors.into_inner().unwrap_or_else(|e| e.into_inner());
        if cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Err(ErrorKind::Interrupted.into());
        }
        errors.sort_by_key(|e| e.0);
        match errors.into_iter().next() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    };
    match threads {
        Some(0) => Err(Error::bad_config("threads must be at least 1".into())),
        Some(1) => serial(kernel, cards, width, out, 0, cancel),
        _ if rows <= CHUNK_ROWS => serial(kernel, cards, width, out, 0, cancel),
        _ => crate::threads::install(threads, || parallel(out))?,
    }
}

/// [`evaluate_rows`] on the calling thread with a given kernel (for tests
/// and benchmarks: the results are the same with every kernel). A kernel
/// this processor cannot run is an error.
pub fn evaluate_rows_with(
    kernel: Kernel,
    cards: &[u8],
    width: usize,
    out: &mut [u16],
) -> Result<()> {
    check_shape(cards, width, out.len())?;
    if !kernel.is_available() {
        return Err(Error::bad_config(format!(
            "this processor cannot run the {} kernel",
            kernel.name()
        )));
    }
    serial(kernel, cards, width, as_uninit(out), 0, None)
}
