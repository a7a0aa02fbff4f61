// One definition of a four-card hand's badugi value, included
// (`include!`) by `eval::badugi` and by the build script, which tabulates
// it for every four-card hand.

/// C(n, k), exact for n below 64 and k up to 4 (every product on the way
/// fits in 32 bits).
const fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r = 1u32;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// The values below the first of each size: 0, 13, 91, 377 for sizes 1 to 4.
const fn below(size: u32) -> u32 {
    let mut total = 0;
    let mut s = 1;
    while s < size {
        total += choose(13, s);
        s += 1;
    }
    total
}

/// The pairs of a hand's four cards, in the order of [`BEST_SUBSETS`]'s
/// conflict bits.
const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// For each set of conflicting pairs (bit `k`: the cards of `PAIRS[k]`
/// share a rank or a suit), the subsets of the four cards (bits 0 to 3) of
/// the largest size with no conflict inside, and how many there are (at
/// most four: four single cards, or two pairs' four crossings). Only the
/// largest matter: a larger badugi always has the greater value.
static BEST_SUBSETS: [([u8; 4], u8); 64] = {
    let mut t = [([0u8; 4], 0u8); 64];
    let mut conflict = 0;
    while conflict < 64 {
        let mut size = 4;
        while size >= 1 {
            let mut found = [0u8; 4];
            let mut n = 0;
            let mut sub = 1u8;
            while sub < 16 {
                let mut ok = sub.count_ones() == size;
                let mut k = 0;
                while k < 6 {
                    let (i, j) = PAIRS[k];
                    if conflict >> k & 1 == 1 && sub >> i & 1 == 1 && sub >> j & 1 == 1 {
                        ok = false;
                    }
                    k += 1;
                }
                if ok && n < 4 {
                    found[n] = sub;
                    n += 1;
                }
                sub += 1;
            }
            if n > 0 {
                t[conflict] = (found, n as u8);
                break;
            }
            size -= 1;
        }
        conflict += 1;
    }
    t
};

/// The value of every set of one to four ranks (bits, ace = bit 0), 0 for
/// the others: [`BadugiValue::of_ranks`] as a table.
static BY_RANKS: [u16; 8192] = {
    let mut t = [0u16; 8192];
    let mut ranks = 1usize;
    while ranks < 8192 {
        let size = (ranks as u32).count_ones();
        if size <= 4 {
            let mut colex = 0;
            let mut m = ranks as u32;
            let mut i = 1;
            while m != 0 {
                colex += choose(m.trailing_zeros(), i);
                m &= m - 1;
                i += 1;
            }
            t[ranks] = (below(size) + choose(13, size) - colex) as u16;
        }
        ranks += 1;
    }
    t
};

/// The best badugi of four cards whose indices are `c` (unchecked: four
/// distinct cards below 52), and which of the four it plays (bits 0 to 3):
/// the pairs of cards that share a rank or a suit, the largest subsets with
/// none of them inside (a table), the best of their rank sets (a table).
#[inline]
#[allow(dead_code, reason = "included by the build script too")]
fn badugi_best(c: &[u8; 4]) -> (u16, u8) {
    let rank = c.map(|x| 1u16 << ((x / 4 + 1) % 13));
    let suit = c.map(|x| x % 4);
    let mut conflict = 0usize;
    for (k, &(i, j)) in PAIRS.iter().enumerate() {
        conflict |= usize::from(rank[i] == rank[j] || suit[i] == suit[j]) << k;
    }
    let (subs, n) = &BEST_SUBSETS[conflict];
    let mut best = (0u16, 0u8);
    for &sub in &subs[..(*n as usize).min(4)] {
        let ranks = (0..4).fold(0u16, |m, i| m | if sub >> i & 1 == 1 { rank[i] } else { 0 });
        let v = BY_RANKS[ranks as usize & 8191];
        if v > best.0 {
            best = (v, sub);
        }
    }
    best
}

