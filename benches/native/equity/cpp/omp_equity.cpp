// zekyll/OMPEval's own EquityCalculator on the spots of holecards'
// benches/native/equity (see ../README.md), on one thread. Prints one
// tab-separated SPOT line per spot (see SPOTS in ../src/main.rs, which prints
// the same lines for holecards):
//
//   SPOT  id  exact|mc  runs  best_s  median_s  deals  evaluations  eq1,eq2,...  t1,t2,...
//
// deals: OMPEval's Results::hands (weighted boards for an enumeration, deals
// sampled for Monte Carlo); evaluations: Results::evaluations (showdowns
// evaluated, each one hand per player; see the README for what both count).
// Every run is a fresh EquityCalculator: start() does not clear the
// calculator's cache of preflop results (mLookup), so a reused one would
// answer a repeated question from that cache.
//
//   omp_equity [EXACT_RUNS [MC_RUNS [MC_DEALS]]]    (default 7, 5, 10000000)
#include "omp/EquityCalculator.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Spot {
    const char* id;
    std::vector<std::string> ranges;
    const char* board;
    const char* dead;
    bool exact;
};

struct Run {
    double seconds;
    omp::EquityCalculator::Results results;
};

Run runOnce(const Spot& s, uint64_t mcDeals)
{
    std::vector<omp::CardRange> ranges(s.ranges.begin(), s.ranges.end());
    uint64_t board = omp::CardRange::getCardMask(s.board);
    uint64_t dead = omp::CardRange::getCardMask(s.dead);
    std::unique_ptr<omp::EquityCalculator> eq(new omp::EquityCalculator());
    if (!s.exact)
        eq->setHandLimit(mcDeals); // stdevTarget 0 below: no other stop
    auto t0 = std::chrono::steady_clock::now();
    // start(ranges, board, dead, enumerate, stdevTarget, callback, updateInterval, threadCount)
    if (!eq->start(ranges, board, dead, s.exact, s.exact ? 5e-5 : 0.0, nullptr, 0.2, 1)) {
        std::fprintf(stderr, "omp_equity: %s: start() refused the spot\n", s.id);
        std::exit(2);
    }
    eq->wait();
    auto t1 = std::chrono::steady_clock::now();
    Run r;
    r.seconds = std::chrono::duration<double>(t1 - t0).count();
    r.results = eq->getResults();
    if (!r.results.finished) {
        std::fprintf(stderr, "omp_equity: %s: results not finished\n", s.id);
        std::exit(2);
    }
    return r;
}

} // namespace

int main(int argc, char** argv)
{
    int exactRuns = argc > 1 ? std::atoi(argv[1]) : 7;
    int mcRuns = argc > 2 ? std::atoi(argv[2]) : 5;
    uint64_t mcDeals = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 10000000ull;
    if (exactRuns < 1 || mcRuns < 1 || mcDeals < 1) {
        std::fprintf(stderr, "usage: omp_equity [EXACT_RUNS [MC_RUNS [MC_DEALS]]]\n");
        return 2;
    }
    const std::vector<Spot> spots = {
        {"hu-preflop", {"AhKh", "QsQd"}, "", "", true},
        {"hu-dead-2c", {"AhKh", "QsQd"}, "", "2c", true},
        {"3way-preflop", {"AhKh", "QsQd", "Jc9c"}, "", "", true},
        {"hu-mc", {"AhKh", "QsQd"}, "", "", false},
        {"range-flop", {"AhKh", "TT+,AQs+"}, "2c7d9h", "", true},
    };
    for (const Spot& s : spots) {
        int runs = s.exact ? exactRuns : mcRuns;
        runOnce(s, mcDeals); // warm-up, untimed (the evaluator's tables, page faults)
        std::vector<double> times;
        Run last;
        for (int i = 0; i < runs; ++i) {
            last = runOnce(s, mcDeals);
            times.push_back(last.seconds);
        }
        std::sort(times.begin(), times.end());
        double median = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
        const auto& r = last.results;
        std::printf("SPOT\t%s\t%s\t%d\t%.9f\t%.9f\t%llu\t%llu\t", s.id, s.exact ? "exact" : "mc", runs, times[0],
                    median, (unsigned long long)r.hands, (unsigned long long)r.evaluations);
        for (unsigned p = 0; p < r.players; ++p)
            std::printf("%s%.12f", p ? "," : "", r.equity[p]);
        std::printf("\t");
        for (size_t i = 0; i < times.size(); ++i)
            std::printf("%s%.9f", i ? "," : "", times[i]);
        std::printf("\n");
        std::fflush(stdout);
        std::fprintf(stderr, "  %s: OMPEval preflop combos %llu, evaluated %llu, skipped %llu\n", s.id,
                     (unsigned long long)r.preflopCombos, (unsigned long long)r.evaluatedPreflopCombos,
                     (unsigned long long)r.skippedPreflopCombos);
    }
    return 0;
}
