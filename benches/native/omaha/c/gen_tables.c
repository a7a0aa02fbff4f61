/* Writes PokerHandEvaluator's Omaha (PLO4/PLO5/PLO6) lookup tables, for a
 * source that lacks its generated tables (the search tool's mirror of the
 * repository holds neither cpp/src/tables_plo4.c nor the tables_plo5/6
 * tarballs; PyPI's phevaluator sdist ships tables_plo4.c only).
 *
 *   gen_tables N OUTDIR     N = 4, 5 or 6: writes OUTDIR/flush_ploN.bin and
 *                           OUTDIR/noflush_ploN.bin, the arrays of tables.h
 *                           (`flush_ploN`, `noflush_ploN`) as raw shorts
 *                           (little-endian, x86-64), for run.sh to link in
 *                           with .incbin under the same names and sizes
 *   gen_tables cmp4 OUTDIR  (built with -DWITH_PLO4 and linked with the real
 *                           tables_plo4.c) compares OUTDIR's *_plo4.bin with
 *                           PHEvaluator's own PLO4 tables, entry by entry
 *
 * Layout, read from cpp/src/evaluator_plo{4,5,6}.c:
 *   noflush_ploN[hash_quinary(board ranks, 5) * H + hash_quinary(hole ranks, N)]
 *     with H = 1820, 6175, 18395 hole rank multisets for N = 4, 5, 6: the best
 *     5-card value (PHEvaluator's rank, lower is better) of 3 board ranks and
 *     2 hole ranks, suits ignored (from noflush5);
 *   flush_ploN: for the suit with 3+ board cards and 2+ hole cards, from the
 *     board's and the hole's rank masks of that suit (the 3 + 2 case is read
 *     from flush[] directly and has no entry here):
 *       N = 4: hash_binary(board | pad, 5) * 1365 + hash_binary(hole | pad, 4),
 *              15-bit binaries padded with bits 13, 14;
 *       N = 5: hash_binary(board | pad, 5) * 4368 + hash_binary(hole | pad, 5),
 *              16-bit binaries padded with bits 13, 14, 15;
 *       N = 6: board * 8192 + hole;
 *     the best flush (from flush[]) of 3 board and 2 hole ranks.
 * Entries no deal reads stay 0. hash_quinary, choose[][], flush[] and
 * noflush5[] are PHEvaluator's own (linked from its hash.c, dptables.c,
 * hashtable.c and hashtable5.c); rank_bits() below computes the same
 * combinatorial index as the static hash_binary() of evaluator_plo4.c / _plo5.c
 * (len 15 / 16). `cmp4` checks all of it against the shipped PLO4 tables, and
 * run.sh's value check compares every deal's rank with holecards.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "tables.h"

#define NOVALUE 20000 /* above every rank (1..7462) */

static void die(const char *msg) {
    fprintf(stderr, "gen_tables: %s\n", msg);
    exit(2);
}

/* The index of a k-subset of `len` bits: for each set bit i, lowest first,
 * C(len - 1 - i, k_left), k_left counting down from k (evaluator_plo5.c's
 * hash_binary with len 16, evaluator_plo4.c's with len 15). */
static int rank_bits(int binary, int k, int len) {
    int sum = 0;
    for (int i = 0; i < len && k > 0; i++) {
        if (binary & (1 << i)) {
            if (len - i - 1 >= k) sum += (int)choose[len - i - 1][k];
            k--;
        }
    }
    return sum;
}

/* ---- rank multisets (quinaries) ---- */

typedef struct {
    unsigned char q[13];
    uint64_t packed; /* 4 bits a rank */
    int hash;        /* hash_quinary(q, k) */
} Quinary;

static uint64_t pack(const unsigned char q[13]) {
    uint64_t p = 0;
    for (int r = 0; r < 13; r++) p |= (uint64_t)q[r] << (4 * r);
    return p;
}

/* A packed sum with a rank count above 4 (each field is at most 10). */
static int over4(uint64_t p) { return ((p + 0x3333333333333ULL) & 0x8888888888888ULL) != 0; }

/* Every q with counts 0..4 summing to k, from rank r on (the rest set). */
static void enum_rec(unsigned char q[13], int r, int k, int total, Quinary *v, int *cnt, int cap) {
    if (r == 13) {
        if (k != 0) return;
        if (*cnt == cap) die("too many quinaries");
        memcpy(v[*cnt].q, q, 13);
        v[*cnt].packed = pack(q);
        v[*cnt].hash = hash_quinary(q, total);
        (*cnt)++;
        return;
    }
    for (int c = 0; c <= 4 && c <= k; c++) {
        q[r] = (unsigned char)c;
        enum_rec(q, r + 1, k - c, total, v, cnt, cap);
    }
    q[r] = 0;
}

static void enum_quinaries(int k, Quinary **out, int *n) {
    int cap = 32768, cnt = 0;
    Quinary *v = malloc(sizeof(Quinary) * cap);
    unsigned char q[13] = {0};
    enum_rec(q, 0, k, k, v, &cnt, cap);
    *out = v;
    *n = cnt;
}

/* The index of a multiset of 2 (or 3) ranks among all of them, and back. */
static int pair_id[13][13], triple_id[13][13][13];
static unsigned char pairs[91][13], triples[455][13];

static void index_small(void) {
    int n = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++) {
            pair_id[a][b] = pair_id[b][a] = n;
            memset(pairs[n], 0, 13);
            pairs[n][a]++;
            pairs[n][b]++;
            n++;
        }
    n = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++)
            for (int c = b; c < 13; c++) {
                int p[6][3] = {{a, b, c}, {a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}};
                for (int i = 0; i < 6; i++) triple_id[p[i][0]][p[i][1]][p[i][2]] = n;
                memset(triples[n], 0, 13);
                triples[n][a]++;
                triples[n][b]++;
                triples[n][c]++;
                n++;
            }
}

/* The distinct sub-multisets of size 2 (3) of q, as ids; returns how many. */
static int subs2(const unsigned char q[13], int ids[15]) {
    int ranks[6], n = 0, m = 0;
    for (int r = 0; r < 13; r++)
        for (int j = 0; j < q[r]; j++) ranks[n++] = r;
    unsigned char seen[91] = {0};
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int id = pair_id[ranks[i]][ranks[j]];
            if (!seen[id]) seen[id] = 1, ids[m++] = id;
        }
    return m;
}

static int subs3(const unsigned char q[13], int ids[10]) {
    int ranks[5], n = 0, m = 0;
    for (int r = 0; r < 13; r++)
        for (int j = 0; j < q[r]; j++) ranks[n++] = r;
    unsigned char seen[455] = {0};
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int l = j + 1; l < n; l++) {
                int id = triple_id[ranks[i]][ranks[j]][ranks[l]];
                if (!seen[id]) seen[id] = 1, ids[m++] = id;
            }
    return m;
}

static void write_bin(const char *dir, const char *name, const short *t, size_t n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.bin", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(t, sizeof(short), n, f) != n || fclose(f) != 0) die(path);
}

static short *read_bin(const char *dir, const char *name, size_t n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.bin", dir, name);
    short *t = malloc(n * sizeof(short));
    FILE *f = fopen(path, "rb");
    if (!f || fread(t, sizeof(short), n, f) != n) die(path);
    fclose(f);
    return t;
}

/* noflush_ploN: every board rank multiset (5) with every hole one (N). */
static short *gen_noflush(int hole_n, size_t *size) {
    Quinary *boards, *holes;
    int nb, nh;
    enum_quinaries(5, &boards, &nb);
    enum_quinaries(hole_n, &holes, &nh);
    if (nb != 6175) die("expected 6175 board rank multisets");
    /* the value of every triple with every pair (NOVALUE: five of a rank) */
    static short v[455][91];
    for (int t = 0; t < 455; t++)
        for (int p = 0; p < 91; p++) {
            unsigned char q[13];
            int five = 0;
            for (int r = 0; r < 13; r++) {
                q[r] = triples[t][r] + pairs[p][r];
                if (q[r] > 4) five = 1;
            }
            v[t][p] = five ? NOVALUE : noflush5[hash_quinary(q, 5)];
        }
    /* each hole multiset's pairs, once */
    int(*hp)[15] = malloc(sizeof(int[15]) * nh);
    int *hpn = malloc(sizeof(int) * nh);
    for (int h = 0; h < nh; h++) {
        hpn[h] = subs2(holes[h].q, hp[h]);
        if (holes[h].hash < 0 || holes[h].hash >= nh) die("hole hash out of range");
    }
    *size = (size_t)nb * nh;
    short *t = calloc(*size, sizeof(short));
    for (int b = 0; b < nb; b++) {
        if (boards[b].hash < 0 || boards[b].hash >= nb) die("board hash out of range");
        int tid[10], nt = subs3(boards[b].q, tid);
        short w[91]; /* the board's best with each pair */
        for (int p = 0; p < 91; p++) {
            short m = NOVALUE;
            for (int i = 0; i < nt; i++)
                if (v[tid[i]][p] < m) m = v[tid[i]][p];
            w[p] = m;
        }
        short *row = t + (size_t)boards[b].hash * nh;
        for (int h = 0; h < nh; h++) {
            if (over4(boards[b].packed + holes[h].packed)) continue; /* no such deal */
            short m = NOVALUE;
            for (int i = 0; i < hpn[h]; i++)
                if (w[hp[h][i]] < m) m = w[hp[h][i]];
            if (m == NOVALUE) die("a deal without a value");
            if (row[holes[h].hash] != 0) die("two rank multisets with one hash");
            row[holes[h].hash] = m;
        }
    }
    free(boards), free(holes), free(hp), free(hpn);
    return t;
}

/* The best flush of 3 ranks of `board` and 2 of `hole` (disjoint masks). */
static short best_flush(int board, int hole) {
    int bb[5], nb = 0, hb[6], nh = 0;
    for (int r = 0; r < 13; r++) {
        if (board >> r & 1) bb[nb++] = 1 << r;
        if (hole >> r & 1) hb[nh++] = 1 << r;
    }
    short best = NOVALUE;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++)
            for (int x = 0; x < nb; x++)
                for (int y = x + 1; y < nb; y++)
                    for (int z = y + 1; z < nb; z++) {
                        short f = flush[hb[i] | hb[j] | bb[x] | bb[y] | bb[z]];
                        if (f < best) best = f;
                    }
    return best;
}

static short *gen_flush(int hole_n, size_t *size) {
    /* sizes from tables.h */
    *size = hole_n == 4 ? 4099095 : hole_n == 5 ? (size_t)4368 * 4368 : (size_t)8192 * 8192;
    short *t = calloc(*size, sizeof(short));
    for (int board = 0; board < 8192; board++) {
        int bc = __builtin_popcount(board);
        if (bc < 3 || bc > 5) continue;
        for (int hole = 0; hole < 8192; hole++) {
            int hc = __builtin_popcount(hole);
            if (hc < 2 || hc > hole_n || (hole & board) || (bc == 3 && hc == 2)) continue;
            size_t i;
            if (hole_n == 4) {
                static const int pad[3] = {0x0000, 0x2000, 0x6000};
                i = (size_t)rank_bits(board | pad[5 - bc], 5, 15) * 1365 + rank_bits(hole | pad[4 - hc], 4, 15);
            } else if (hole_n == 5) {
                static const int pad[4] = {0x0000, 0x2000, 0x6000, 0xe000};
                i = (size_t)rank_bits(board | pad[5 - bc], 5, 16) * 4368 + rank_bits(hole | pad[5 - hc], 5, 16);
            } else {
                i = (size_t)board * 8192 + hole;
            }
            if (i >= *size) die("flush index out of range");
            short v = best_flush(board, hole);
            if (t[i] != 0 && t[i] != v) die("two flush masks with one index and different values");
            t[i] = v;
        }
    }
    return t;
}

#ifdef WITH_PLO4
static void cmp4(const char *dir) {
    const struct {
        const char *name;
        const short *real;
        size_t n;
    } t[2] = {{"flush_plo4", flush_plo4, 4099095}, {"noflush_plo4", noflush_plo4, 11238500}};
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        short *mine = read_bin(dir, t[k].name, t[k].n);
        size_t diff = 0, nonzero = 0;
        for (size_t i = 0; i < t[k].n; i++) {
            nonzero += t[k].real[i] != 0;
            if (mine[i] != t[k].real[i]) {
                if (diff < 5)
                    fprintf(stderr, "  %s[%zu]: generated %d, PHEvaluator's %d\n", t[k].name, i, mine[i], t[k].real[i]);
                diff++;
            }
        }
        printf("%s: %zu of %zu entries equal to PHEvaluator's tables_plo4.c (%zu of them non-zero)\n", t[k].name,
               t[k].n - diff, t[k].n, nonzero);
        bad |= diff != 0;
        free(mine);
    }
    exit(bad);
}
#endif

int main(int argc, char **argv) {
    if (argc != 3) die("usage: gen_tables 4|5|6|cmp4 OUTDIR");
#ifdef WITH_PLO4
    if (strcmp(argv[1], "cmp4") == 0) cmp4(argv[2]);
#endif
    int n = atoi(argv[1]);
    if (n < 4 || n > 6) die("N must be 4, 5 or 6");
    index_small();
    char name[64];
    size_t size;
    short *t = gen_flush(n, &size);
    snprintf(name, sizeof name, "flush_plo%d", n);
    write_bin(argv[2], name, t, size);
    free(t);
    t = gen_noflush(n, &size);
    snprintf(name, sizeof name, "noflush_plo%d", n);
    write_bin(argv[2], name, t, size);
    free(t);
    return 0;
}
