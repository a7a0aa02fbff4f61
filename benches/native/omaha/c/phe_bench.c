/* PokerHandEvaluator's side of benches/native/omaha: times its C Omaha high
 * evaluators on the deals that holecards' harness (../rust) times.
 *
 *   phe_bench H DEALS_FILE REPS VALUES_OUT
 *
 * H = 4, 5 or 6 hole cards. DEALS_FILE: rows of 5 + H card indices (one byte
 * each, rank * 4 + suit: PHEvaluator's card id and holecards' index), the
 * board first, then the hole cards, as evaluate_ploH_cards takes them. One
 * untimed pass writes every deal's rank (PHEvaluator's: 1 = royal flush ..
 * 7462, lower is better) to VALUES_OUT as little-endian u16 (it also brings
 * the tables' pages in); then REPS timed passes, each one call per deal,
 * summing the ranks. Prints tab-separated lines for run.sh:
 *   RESULT  H  phe  PHEvaluator  API  rate per pass (evaluations/s)...
 *   CYCLES  H  phe  TSC cycles per deal, per pass...
 *   SUM     H  phe  the checksum of every pass (all equal)
 * The evaluator is linked from PHEvaluator's own objects (no LTO), so each
 * evaluation is a real call, as with its libphevalploN.a.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef __x86_64__
#include <x86intrin.h>
#endif

#include "phevaluator/phevaluator.h"

static void die(const char *msg) {
    fprintf(stderr, "phe_bench: %s\n", msg);
    exit(2);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t tsc(void) {
#ifdef __x86_64__
    return __rdtsc();
#else
    return 0;
#endif
}

/* One pass: one call per deal, the ranks summed (or stored, when out). */
__attribute__((noinline)) static uint64_t pass4(const unsigned char *d, size_t n, uint16_t *out) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++, d += 9) {
        int r = evaluate_plo4_cards(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8]);
        if (out) out[i] = (uint16_t)r;
        s += (uint64_t)r;
    }
    return s;
}

__attribute__((noinline)) static uint64_t pass5(const unsigned char *d, size_t n, uint16_t *out) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++, d += 10) {
        int r = evaluate_plo5_cards(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9]);
        if (out) out[i] = (uint16_t)r;
        s += (uint64_t)r;
    }
    return s;
}

__attribute__((noinline)) static uint64_t pass6(const unsigned char *d, size_t n, uint16_t *out) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++, d += 11) {
        int r = evaluate_plo6_cards(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9], d[10]);
        if (out) out[i] = (uint16_t)r;
        s += (uint64_t)r;
    }
    return s;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 5) die("usage: phe_bench H DEALS_FILE REPS VALUES_OUT");
    int h = atoi(argv[1]), reps = atoi(argv[3]);
    if (h < 4 || h > 6) die("H must be 4, 5 or 6");
    if (reps < 1) die("REPS must be at least 1");
    uint64_t (*pass)(const unsigned char *, size_t, uint16_t *) = h == 4 ? pass4 : h == 5 ? pass5 : pass6;
    size_t width = 5 + (size_t)h;

    FILE *f = fopen(argv[2], "rb");
    if (!f) die(argv[2]);
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (bytes <= 0 || bytes % (long)width) die("the deals file is not whole rows of 5 + H cards");
    size_t n = (size_t)bytes / width;
    unsigned char *deals = malloc((size_t)bytes);
    if (!deals || fread(deals, 1, (size_t)bytes, f) != (size_t)bytes) die("cannot read the deals");
    fclose(f);
    for (size_t i = 0; i < n * width; i++)
        if (deals[i] >= 52) die("a card index above 51");

    uint16_t *values = malloc(n * sizeof(uint16_t));
    if (!values) die("out of memory");
    uint64_t sum0 = pass(deals, n, values); /* untimed: the values, and the tables' pages in */
    f = fopen(argv[4], "wb");
    if (!f || fwrite(values, sizeof(uint16_t), n, f) != n || fclose(f) != 0) die(argv[4]);

    double *rate = malloc(sizeof(double) * (size_t)reps), *cyc = malloc(sizeof(double) * (size_t)reps);
    uint64_t *sums = malloc(sizeof(uint64_t) * (size_t)reps);
    for (int r = 0; r < reps; r++) {
        uint64_t c0 = tsc();
        double t0 = now();
        sums[r] = pass(deals, n, NULL);
        double dt = now() - t0;
        uint64_t dc = tsc() - c0;
        rate[r] = (double)n / dt;
        cyc[r] = (double)dc / (double)n;
    }
    printf("RESULT\t%d\tphe\tPHEvaluator\tevaluate_plo4/5/6_cards(5 + H ints)", h);
    for (int r = 0; r < reps; r++) printf("\t%.0f", rate[r]);
    printf("\nCYCLES\t%d\tphe", h);
    for (int r = 0; r < reps; r++) printf("\t%.3f", cyc[r]);
    printf("\nSUM\t%d\tphe\t%llu", h, (unsigned long long)sum0);
    for (int r = 0; r < reps; r++) {
        printf("\t%llu", (unsigned long long)sums[r]);
        if (sums[r] != sum0) die("the passes' checksums differ");
    }
    printf("\n");
    qsort(rate, (size_t)reps, sizeof(double), cmp_double);
    fprintf(stderr, "  PLO%d: PHEvaluator median %.1f M/s\n", h, rate[reps / 2] / 1e6);
    return 0;
}
