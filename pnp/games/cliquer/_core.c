/* CliqueR perfect play: the hot loop of pnp/games/cliquer/solver.py, in C.
 *
 * Optional: `pip install .` builds it when a C compiler is there; without it the pure-Python
 * search in solver.py runs the same algorithm (the tests check both agree with brute force
 * and with each other). Only ``search`` lives here; best lines, budgets and messages stay in
 * Python, so both cores print the same text.
 *
 * The algorithm is solver.py's (see its docstring): the *bonus* game (3 a triangle, 5 a
 * 4-clique; the 1 point a line is parity, added by the caller), negamax, fail-soft alpha-beta with
 * principal-variation null windows, ordering by bonus then open segments blocked, the last two
 * open segments answered directly. What differs is the table: a fixed array of 16-byte entries,
 * four to a 64-byte bucket (one cache line; a new position replaces the smallest subtree), so
 * memory is fixed when the solver starts instead of growing with the positions searched. A bound
 * in the table is only used for the very position it was stored for (the whole key is compared),
 * so losing entries costs time, never correctness.
 *
 * Additions, each measured on the boards of the day (bench/solver_times.py; CPU for the value of
 * Sunday 2026-11-22's 11-dot board: 83.5 s before them, 42.8 s after, on a shared machine; 159 s
 * and 80 s under a heavier load; about 2x either way):
 *
 * - the table sits on 2 MiB pages where Linux allows it (madvise): its probes land all over
 *   hundreds of MB, and on 4 KiB pages nearly each one also missed the TLB (1.45x);
 * - while the moves of a position are scored, the table buckets of its children are prefetched,
 *   so the children's probes find them in cache (1.2x);
 * - an enhanced transposition cutoff: before searching a position with at least ETC_DEPTH open
 *   segments, each child is looked up in the table, and a child whose stored upper bound
 *   already refutes the position answers it (from 11 open segments: from 8 it saved more
 *   positions but cost more probes than it saved, once probes were cheaper);
 * - settled pairs (see settled_pairs): two moves of equal fixed value that nothing else
 *   depends on cancel, and are dropped (30% fewer positions at 10 dots, about even in time).
 *
 * - (issue 26, second stop) two builds of this file, 64- and 128-bit sets (12 dots), see
 *   CORE_WIDE below; and an optional helper thread sharing the table (run_search), with
 *   entries read and written so that a torn one is a miss.
 *
 * Tried and left out: a history heuristic (above the blocks ten times slower, below them no
 * faster); a key that drops drawn segments that can no longer score (every drawn segment of a
 * game in progress lies on a triangle that can still be completed: 1-5% of positions merged).
 * Values are exact whatever the table holds, so both cores still agree; only the work differs.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#ifndef _WIN32
#include <pthread.h>
#define THREADS 1            /* a helper thread where POSIX threads are (not on Windows) */
#else
#define THREADS 0
#endif

#define INF 2047
#define WAYS 4               /* entries a bucket: 4 x 16 bytes, one cache line */

/* Two builds of this one file (setup.py): ``_core``, whose sets of segments are one 64-bit word
 * (up to 63 segments: 11 dots), and ``_core_wide`` (CORE_WIDE), whose sets are an unsigned
 * __int128 (up to 78 segments: 13 dots; 12 dots needs 66). The narrow build stays for 11 dots
 * and fewer because every mask operation of the wide one costs two words (the same search took
 * 1.4x the CPU on Sunday 2026-11-22's 11 dots, docs/difficulty.md, "Perfect play at 11 and 12
 * dots"). A table key is the drawn set: its low 64 bits, and key_hi: the rest and a marker bit
 * (a stored position, not an empty slot), so an entry stays 16 bytes, four to a cache line, in
 * both builds (see Entry). */
#ifdef CORE_WIDE
typedef unsigned __int128 mask_t;
#define MAXSEG 78            /* hi holds 15 key bits beside its marker: 64 + 15 = 79 */
#define MODULE_NAME "_core_wide"
#define INIT_FUNC PyInit__core_wide
static inline int popcount_m(mask_t x) {
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}
static inline int lowest(mask_t x) {          /* x != 0 */
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static inline int highest(mask_t x) {         /* x != 0 */
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)x);
}
static inline uint16_t key_hi(mask_t drawn) { return (uint16_t)(0x8000u | (uint64_t)(drawn >> 64)); }
static inline uint64_t hash_of(mask_t drawn) {
    return ((uint64_t)drawn ^ ((uint64_t)(drawn >> 64) * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL;
}
#else
typedef uint64_t mask_t;
#define MAXSEG 63
#define MODULE_NAME "_core"
#define INIT_FUNC PyInit__core
static inline int popcount_m(mask_t x) { return __builtin_popcountll(x); }
static inline int lowest(mask_t x) { return __builtin_ctzll(x); }
static inline int highest(mask_t x) { return 63 - __builtin_clzll(x); }
static inline uint16_t key_hi(mask_t drawn) { (void)drawn; return 0x8000u; }
static inline uint64_t hash_of(mask_t drawn) { return drawn * 0x9E3779B97F4A7C15ULL; }
#endif
#define BIT(k) ((mask_t)1 << (k))
#ifndef TABLE_DEPTH
#define TABLE_DEPTH 3        /* positions with fewer open segments are searched without the table */
#endif
#ifndef SKEW_DEPTH
#define SKEW_DEPTH 14        /* open segments at least where the helper takes its second move first */
#endif
#ifndef ETC_DEPTH
#define ETC_DEPTH 11         /* measured on 10- and 11-dot boards: 6, 8, 13, 16 and none no faster */
#endif

/* An entry is two 64-bit words, written and read one word at a time: `data` packs the key's
 * high part (bits 0-15: 0x8000 | the drawn set's bits from 64 up; 0 for an empty slot), the
 * lower and upper bounds (16-31, 32-47), the best segment (48-55) and the open segments left
 * (56-63: the subtree's size, roughly); `check` is the key's low 64 bits XOR `data`. Two
 * threads share the table (Core.workers): a reader that catches an entry half-written by the
 * other sees check ^ data != the key it wants, and takes it for a miss (Hyatt's lockless
 * hashing), so a torn entry can never be read as a bound. */
typedef struct {
    uint64_t check, data;
} Entry;

typedef struct {             /* one entry as read, whole: what the search uses */
    int lower, upper, best, depth;
} Found;

#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define STORE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

static inline int holds(Entry *e, mask_t drawn, Found *out) {
    uint64_t data = LOAD(e->data), check = LOAD(e->check);
    if ((data & 0xFFFF) != key_hi(drawn) || (check ^ data) != (uint64_t)drawn) return 0;
    out->lower = (int16_t)(data >> 16);
    out->upper = (int16_t)(data >> 32);
    out->best = (uint8_t)(data >> 48);
    out->depth = (uint8_t)(data >> 56);
    return 1;
}

static inline void put(Entry *e, mask_t drawn, int lower, int upper, int best, int depth) {
    uint64_t data = key_hi(drawn) | (uint64_t)(uint16_t)lower << 16
                    | (uint64_t)(uint16_t)upper << 32 | (uint64_t)(uint8_t)best << 48
                    | (uint64_t)(uint8_t)depth << 56;
    STORE(e->data, data);
    STORE(e->check, (uint64_t)drawn ^ data);
}

static inline int entry_depth(Entry *e) { return (uint8_t)(LOAD(e->data) >> 56); }
static inline int entry_empty(Entry *e) { return !(LOAD(e->data) & 0xFFFF); }

typedef struct {
    PyObject_HEAD
    int n, nseg;
    uint8_t ea[MAXSEG], eb[MAXSEG];
    mask_t cross[MAXSEG], keep[MAXSEG];
    uint32_t adj[32];
    Entry *table;            /* `raw`, aligned to a cache line (a huge page on Linux) */
    void *raw;
    size_t raw_bytes;
    uint64_t mask;           /* buckets - 1 */
    int shift;
    long long positions, next_check, every;
    PyObject *hook;          /* called with the position count every `every` positions: held
                              * only for one search (passed to search(), borrowed from its
                              * arguments) or set by set_hook (owned; the type takes part in
                              * garbage collection, so a hook that refers back to its owner,
                              * such as a bound method of the Solver, is no leak) */
    PyObject *call_hook;     /* this search's hook, borrowed; NULL between searches */
    int failed;              /* a hook raised (budget, Ctrl-C): unwind without searching */
    int settle_from, etc_from; /* SETTLE_DEPTH and ETC_DEPTH unless given (tests try them low) */
    int busy;                /* a search is under way: a hook may not start another or re-init */
    int workers;             /* 1, or 2: a helper thread searches the same position beside */
    int helper;              /* this is the helper's copy: no Python, stops when *stop is set */
    int skew_from;           /* the helper tries its second-best move first from here up */
    volatile int *stop;      /* the helper's: set when the main search is done */
    long long helper_positions; /* positions the helper expanded in the last search */
} Core;

static inline int popcount32(uint32_t x) { return __builtin_popcount(x); }

static inline int bonus(Core *c, int a, int b) {
    uint32_t common = c->adj[a] & c->adj[b];
    if (!common) return 0;
    if (!(common & (common - 1))) return 3;
    int twice = 0;
    uint32_t rest = common;
    while (rest) {
        int d = __builtin_ctz(rest);
        rest &= rest - 1;
        twice += popcount32(c->adj[d] & common);
    }
    return 3 * popcount32(common) + 5 * (twice / 2);
}

static inline void join(Core *c, int a, int b) { c->adj[a] |= 1u << b; c->adj[b] |= 1u << a; }
static inline void part(Core *c, int a, int b) { c->adj[a] ^= 1u << b; c->adj[b] ^= 1u << a; }

static int last_two(Core *c, int one, int two) {
    int a1 = c->ea[one], b1 = c->eb[one], a2 = c->ea[two], b2 = c->eb[two];
    int first1 = bonus(c, a1, b1), first2 = bonus(c, a2, b2);
    if ((c->cross[one] >> two) & 1) return first1 > first2 ? first1 : first2;
    join(c, a1, b1);
    int then2 = bonus(c, a2, b2);
    part(c, a1, b1);
    join(c, a2, b2);
    int then1 = bonus(c, a1, b1);
    part(c, a2, b2);
    int one_first = first1 - then2, two_first = first2 - then1;
    return one_first > two_first ? one_first : two_first;
}

static inline Entry *bucket(Core *c, mask_t drawn) {
    uint64_t h = hash_of(drawn) >> c->shift;
    return c->table + WAYS * (h & c->mask);
}

static int check(Core *c) {
    c->next_check = c->positions + c->every;
    if (c->helper) return __atomic_load_n(c->stop, __ATOMIC_RELAXED) ? -1 : 0;
    if (PyErr_CheckSignals() < 0) return -1;
    PyObject *hook = c->call_hook ? c->call_hook : c->hook;
    if (hook && hook != Py_None) {
        PyObject *r = PyObject_CallFunction(hook, "L", c->positions);
        if (!r) return -1;
        Py_DECREF(r);
    }
    return 0;
}

/* sort keys, largest first (at most MAXSEG of them: insertion sort) */
static void sort_desc(uint64_t *keys, int count) {
    for (int i = 1; i < count; i++) {
        uint64_t v = keys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] < v) { keys[j + 1] = keys[j]; j--; }
        keys[j + 1] = v;
    }
}

/* A move's sort key: its bonus first, then how many open segments it blocks (they shrink the
 * game, so refuting the alternatives costs least), then its number. The bonus is read back from
 * the top byte. (A history heuristic, moves that cut off before, ranked above the blocks was
 * ten times slower at 10 dots, and as a tie-break below them no faster.) */
#define KEY(bonus, blocks, k) (((uint64_t)(bonus) << 56) | ((uint64_t)(blocks) << 8) | (uint64_t)(k))
#define KEY_SEGMENT(key) ((int)((key) & 0xFF))
#define KEY_BONUS(key) ((int)((key) >> 56))

#ifndef PREFETCH
#define PREFETCH 1
#endif

static int ordered(Core *c, mask_t drawn, mask_t candidates, mask_t open, uint64_t *keys) {
    int count = 0;
    /* each child will probe its bucket first thing: ask for those cache lines now, while the
     * moves are scored (the children have one open segment fewer, at least) */
    int fetch = PREFETCH && popcount_m(open) > TABLE_DEPTH;
    while (candidates) {
        int k = lowest(candidates);
        candidates &= candidates - 1;
        if (fetch) __builtin_prefetch(bucket(c, drawn | BIT(k)));
        uint64_t key = KEY(bonus(c, c->ea[k], c->eb[k]), popcount_m(c->cross[k] & open), k);
        keys[count++] = key;
    }
    sort_desc(keys, count);
    return count;
}

#ifndef SETTLE
#define SETTLE 1
#endif
#ifndef SETTLE_DEPTH
#define SETTLE_DEPTH 8       /* open segments at least: below, the check costs more than it saves */
#endif

/* Settled moves, and why pairs of equal ones can be left out.
 *
 * An open segment is *settled* when it crosses no open segment (nothing can block it: it will be
 * drawn, by someone), and every triangle through it is either dead (one of its other sides is
 * blocked) or has both other sides drawn already, and no 4-clique through it that can still be
 * completed has an open side. Then drawing it scores the same bonus whenever it is drawn, and
 * drawing it changes what no other open segment scores: it is a coin of fixed value lying on
 * the table, and stays one to the end (open sets only shrink, dead triangles stay dead, drawn
 * sides stay drawn).
 *
 * Two coins of the same value cancel (the Tweedledum-Tweedledee argument): whoever would gain
 * by the pair answers the opponent's taking one by taking the other, so the value of the game
 * with the pair is the value without it, for either player. So pairs of settled moves of equal
 * bonus are dropped from the open set and written into the key as if drawn: the position
 * reached by really drawing them (they score nothing for anyone else) is the same position,
 * so the table merges the two, and the subtree shrinks by two moves. Only the key and the open
 * set change; adjacency is left as it is (a settled segment is in no triangle that another open
 * segment can complete, so drawn or not, it scores nothing for anyone else).
 *
 * Returns the segments to drop (pairs of equal value, the lowest-numbered first). */
static mask_t settled_pairs(Core *c, mask_t open) {
    uint32_t open_adj[32];
    memset(open_adj, 0, sizeof open_adj);
    mask_t free_ = 0, rest = open;
    while (rest) {
        int k = lowest(rest);
        rest &= rest - 1;
        open_adj[c->ea[k]] |= 1u << c->eb[k];
        open_adj[c->eb[k]] |= 1u << c->ea[k];
        if (!(c->cross[k] & open)) free_ |= BIT(k);
    }
    if (!(free_ & (free_ - 1))) return 0;       /* fewer than two: nothing to pair */
    int pending_value[MAXSEG], pending_k[MAXSEG], pending = 0;
    mask_t drop = 0;
    while (free_) {
        int k = lowest(free_);
        free_ &= free_ - 1;
        int x = c->ea[k], y = c->eb[k];
        uint32_t both = c->adj[x] & c->adj[y];
        uint32_t alive = (c->adj[x] | open_adj[x]) & (c->adj[y] | open_adj[y]);
        if (alive & ~both) continue;             /* a triangle through it still has an open side */
        int live_k4 = 0;
        for (uint32_t zs = both; zs && !live_k4; zs &= zs - 1)
            if (open_adj[__builtin_ctz(zs)] & both) live_k4 = 1;
        if (live_k4) continue;
        int value = bonus(c, x, y), j = 0;
        while (j < pending && pending_value[j] != value) j++;
        if (j < pending) {
            drop |= BIT(k) | BIT(pending_k[j]);
            pending--;
            pending_value[j] = pending_value[pending];
            pending_k[j] = pending_k[pending];
        } else {
            pending_value[pending] = value;
            pending_k[pending++] = k;
        }
    }
    return drop;
}

static int search(Core *c, mask_t drawn, mask_t open, int alpha, int beta) {
    if (c->failed) return 0;
    int settled = !SETTLE;
again:;
    mask_t rest = open & (open - 1);
    if (!(rest & (rest - 1))) {
        if (!rest) {
            if (!open) return 0;
            int k = highest(open);
            return bonus(c, c->ea[k], c->eb[k]);
        }
        return last_two(c, highest(rest), highest(open ^ rest));
    }
    int depth = popcount_m(open);
    Entry *slot = NULL, *found = NULL;
    Found got;
    if (depth >= TABLE_DEPTH) {
        slot = bucket(c, drawn);
        for (int w = 0; w < WAYS; w++)
            if (holds(slot + w, drawn, &got)) { found = slot + w; break; }
    }
    /* not in the table as it stands: maybe as it stands with its settled pairs dropped (most
     * positions have none, so the table is probed first and the pairs sought only on a miss;
     * dropping a pair settles nothing new, so once is enough) */
    if (!found && !settled && depth >= c->settle_from) {
        mask_t drop = settled_pairs(c, open);
        settled = 1;
        if (drop) {
            drawn |= drop;
            open &= ~drop;
            goto again;
        }
    }
    int lower = -INF, upper = INF, first = -1;
    if (found) {
        lower = got.lower;
        upper = got.upper;
        if (lower >= beta || lower == upper) return lower;
        if (upper <= alpha) return upper;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
        first = got.best;
    }
    /* enhanced transposition cutoff: a child already known to be bad enough for the opponent
     * refutes this position without searching anything (large subtrees only: it costs a probe
     * a move) */
    if (depth >= c->etc_from) {
        mask_t rest2 = open;
        while (rest2) {
            int k = lowest(rest2);
            rest2 &= rest2 - 1;
            mask_t child = drawn | BIT(k);
            Entry *cs = bucket(c, child);
            for (int w = 0; w < WAYS; w++) {
                Found kid;
                if (holds(cs + w, child, &kid)) {
                    int bound = bonus(c, c->ea[k], c->eb[k]) - kid.upper;
                    if (bound >= beta) return bound;
                    break;
                }
            }
        }
    }
    c->positions++;
    if (c->positions >= c->next_check && check(c) < 0) {
        c->failed = 1;
        return 0;
    }
    uint64_t keys[MAXSEG];
    int count, i = 0;
    mask_t later;
    if (first >= 0) {
        /* the table's move first, alone: when it cuts off, the others are never scored */
        keys[0] = KEY(bonus(c, c->ea[first], c->eb[first]), 0, first);
        count = 1;
        later = open & ~BIT(first);
    } else {
        count = ordered(c, drawn, open, open, keys);
        later = 0;
    }
    if (c->helper && depth >= c->skew_from && count + popcount_m(later) > 1) {
        /* the helper near the top takes the second move first, so it works ahead of the main
         * search on what the main one will need next instead of on the same subtree */
        if (count == 1) {
            count = ordered(c, drawn, open, open, keys);
            later = 0;
        }
        uint64_t t = keys[0]; keys[0] = keys[1]; keys[1] = t;
    }
    int start_alpha = alpha, best = -INF, best_k = KEY_SEGMENT(keys[0]), window = 0;
    for (;;) {
        if (i == count) {
            if (!later) break;
            count = ordered(c, drawn, later, open, keys);
            later = 0;
            i = 0;
        }
        int k = KEY_SEGMENT(keys[i]), score = KEY_BONUS(keys[i]), value;
        i++;
        int a = c->ea[k], b = c->eb[k];
        mask_t child = drawn | BIT(k), child_open = open & c->keep[k];
        join(c, a, b);
        if (window) {
            value = score - search(c, child, child_open, score - alpha - 1, score - alpha);
            if (alpha < value && value < beta)
                value = score - search(c, child, child_open, score - beta, score - value);
        } else {
            value = score - search(c, child, child_open, score - beta, score - alpha);
            window = 1;
        }
        part(c, a, b);
        if (c->failed) return 0;
        if (value > best) {
            best = value;
            best_k = k;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }
    if (best <= start_alpha) upper = best;
    else if (best >= beta) lower = best;
    else lower = upper = best;
    /* the same position again if it is still there; else an empty slot, else the one with the
     * smallest subtree (the cheapest to search again) */
    if (!slot) return best;
    Entry *into = found;
    if (!into || !holds(into, drawn, &got)) {
        into = slot;
        for (int w = 1; w < WAYS && !entry_empty(into); w++)
            if (entry_empty(slot + w) || entry_depth(slot + w) < entry_depth(into)) into = slot + w;
    }
    put(into, drawn, lower, upper, best_k, depth);
    return best;
}

/* ---- the Python type ------------------------------------------------------------------------- */

/* A set of segments from a Python int: non-negative and within mask_t, else an error set and -1
 * (hostile callers: nothing is silently truncated). */
static int to_mask(PyObject *o, mask_t *out) {
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "a set of segments must be an int");
        return -1;
    }
#ifdef CORE_WIDE
    PyObject *sixty_four = PyLong_FromLong(64);
    if (!sixty_four) return -1;
    PyObject *top = PyNumber_Rshift(o, sixty_four);
    Py_DECREF(sixty_four);
    if (!top) return -1;
    unsigned long long hi = PyLong_AsUnsignedLongLong(top);   /* negative or too big: error */
    Py_DECREF(top);
    if (PyErr_Occurred()) return -1;
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(o);
    if (PyErr_Occurred()) return -1;
    *out = ((mask_t)hi << 64) | lo;
#else
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (PyErr_Occurred()) return -1;
    *out = v;
#endif
    return 0;
}

/* The table: zeroed pages mapped as they are first touched, so a small solve stays small. On
 * Linux it is asked to sit on 2 MiB pages (transparent huge pages, when the system allows them
 * on request): the probes land all over hundreds of MB, and with 4 KiB pages nearly each one
 * also missed the TLB. */
#define HUGE_PAGE ((size_t)2 << 20)

static int alloc_table(Core *self, size_t bytes) {
#ifdef __linux__
    size_t mapped = bytes + HUGE_PAGE;
    void *raw = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return -1;
    uintptr_t start = ((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
    if (bytes >= HUGE_PAGE) madvise((void *)start, bytes & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
#endif
    self->raw = raw;
    self->raw_bytes = mapped;
    self->table = (Entry *)start;
#else
    self->raw = calloc(bytes + 64, 1);
    if (!self->raw) return -1;
    self->raw_bytes = bytes + 64;
    self->table = (Entry *)(((uintptr_t)self->raw + 63) & ~(uintptr_t)63);
#endif
    return 0;
}

static void release_table(Core *self) {
    if (!self->raw) return;
#ifdef __linux__
    munmap(self->raw, self->raw_bytes);
#else
    free(self->raw);
#endif
    self->raw = NULL;
    self->table = NULL;
}

/* Each segment's crossing set from Python (``crossing[k]``: an int), checked, into ``cross`` and
 * ``keep`` (what stays open after drawing k: neither k nor what crosses it); -1 with an error
 * set on a bad one. Shared by the solver (Core) and the search rungs (Searcher). */
static int read_crossing(PyObject *crossing, Py_ssize_t nseg, mask_t *cross, mask_t *keep) {
    for (Py_ssize_t k = 0; k < nseg; k++) {
        PyObject *item = PySequence_GetItem(crossing, k);
        if (!item) return -1;
        mask_t mask;
        int failed = to_mask(item, &mask);
        Py_DECREF(item);
        if (failed) return -1;
        if ((mask >> nseg) || ((mask >> k) & 1)) {
            PyErr_SetString(PyExc_ValueError, "a crossing mask names a segment that is not there");
            return -1;
        }
        cross[k] = mask;
        keep[k] = ~(mask | BIT(k));
    }
    return 0;
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"n", "ends_a", "ends_b", "crossing", "table_bits", "settle_from",
                             "etc_from", "workers", NULL};
    int n, bits, settle_from = SETTLE ? SETTLE_DEPTH : 99, etc_from = ETC_DEPTH, workers = 1;
    Py_buffer ea, eb;
    PyObject *crossing;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iy*y*Oi|iii", kwlist, &n, &ea, &eb, &crossing, &bits,
                                     &settle_from, &etc_from, &workers))
        return -1;
    if (self->busy) {
        PyBuffer_Release(&ea);
        PyBuffer_Release(&eb);
        PyErr_SetString(PyExc_RuntimeError, "the solver core is searching");
        return -1;
    }
    Py_ssize_t nseg = ea.len;
    int bad = n < 3 || n > 32 || nseg < 1 || nseg > MAXSEG || eb.len != nseg || bits < 4
              || bits > 30 || !PySequence_Check(crossing) || PySequence_Size(crossing) != nseg;
    /* every segment joins two different dots of the board: an end at or past n would index
     * adj[] out of bounds (and past 31 shift a 32-bit mask too far) */
    const uint8_t *a = ea.buf, *b = eb.buf;
    int ends_bad = 0;
    for (Py_ssize_t k = 0; !bad && k < nseg; k++)
        if (a[k] >= n || b[k] >= n || a[k] == b[k]) ends_bad = 1;
    if (!bad && !ends_bad) {
        memcpy(self->ea, ea.buf, nseg);
        memcpy(self->eb, eb.buf, nseg);
    }
    PyBuffer_Release(&ea);
    PyBuffer_Release(&eb);
    if (bad) {
        PyErr_Format(PyExc_ValueError, "the C solver takes 3..32 dots and 1..%d segments", MAXSEG);
        return -1;
    }
    if (ends_bad) {
        PyErr_SetString(PyExc_ValueError, "a segment's ends must be two different dots below n");
        return -1;
    }
    self->nseg = 0;          /* not searchable until the whole table below is in */
    self->n = n;
    self->settle_from = settle_from < 3 ? 3 : settle_from;
    self->etc_from = etc_from < 3 ? 3 : etc_from;
    self->workers = THREADS && workers > 1 ? 2 : 1;
    self->helper = 0;
    self->skew_from = SKEW_DEPTH;
    if (read_crossing(crossing, nseg, self->cross, self->keep) < 0) return -1;
    size_t buckets = (size_t)1 << (bits - 2);
    release_table(self);
    if (alloc_table(self, WAYS * buckets * sizeof(Entry)) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->mask = buckets - 1;
    self->shift = 64 - (bits - 2);
    self->nseg = (int)nseg;
    self->every = 1 << 14;
    self->positions = 0;
    self->next_check = self->every;
    return 0;
}

static int Core_traverse(Core *self, visitproc visit, void *arg) {
    Py_VISIT(self->hook);
    return 0;
}

static int Core_clear(Core *self) {
    Py_CLEAR(self->hook);
    return 0;
}

static void Core_dealloc(Core *self) {
    PyObject_GC_UnTrack(self);
    Core_clear(self);
    release_table(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

#if THREADS
typedef struct {
    Core copy;               /* the helper's own position state and counters; the table shared */
    mask_t drawn, open;
    int alpha, beta;
} Helper;

static void *helper_main(void *arg) {
    Helper *h = arg;
    search(&h->copy, h->drawn, h->open, h->alpha, h->beta);
    return NULL;
}
#endif

/* The search, with a helper thread beside it when workers is 2 (lazy SMP): the helper searches
 * the same position in the same table, its second-best move first near the top, and every
 * bound either stores is exact for its position, so the main search's answer is the same
 * value whatever the helper did or when; only the work (and so the positions count) varies
 * from run to run. The helper never calls Python; it stops when the main search returns. */
static int run_search(Core *self, mask_t drawn, mask_t open, int alpha, int beta) {
    self->helper_positions = 0;
#if THREADS
    if (self->workers > 1 && popcount_m(open) >= self->skew_from) {
        Helper *h = malloc(sizeof(Helper));
        volatile int stop = 0;
        if (h) {
            memcpy(&h->copy, self, sizeof(Core));
            h->copy.helper = 1;
            h->copy.stop = &stop;
            h->copy.hook = h->copy.call_hook = NULL;
            h->copy.positions = 0;
            h->copy.every = 1024;       /* answers a stop within a fraction of a millisecond */
            h->copy.next_check = 1024;
            h->copy.failed = 0;
            h->drawn = drawn;
            h->open = open;
            h->alpha = alpha;
            h->beta = beta;
            pthread_t thread;
            if (pthread_create(&thread, NULL, helper_main, h) == 0) {
                int value = search(self, drawn, open, alpha, beta);
                __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
                pthread_join(thread, NULL);
                self->helper_positions = h->copy.positions;
                free(h);
                return value;
            }
            free(h);
        }
    }
#endif
    return search(self, drawn, open, alpha, beta);
}

static PyObject *Core_search(Core *self, PyObject *args) {
    mask_t drawn, open;
    PyObject *drawn_o, *open_o, *adj, *hook = NULL;
    int alpha, beta;
    if (!PyArg_ParseTuple(args, "OOOii|O", &drawn_o, &open_o, &adj, &alpha, &beta, &hook)) return NULL;
    if (to_mask(drawn_o, &drawn) < 0 || to_mask(open_o, &open) < 0) return NULL;
    if (!self->table || self->nseg == 0) {
        PyErr_SetString(PyExc_ValueError, "the solver core was not set up");
        return NULL;
    }
    mask_t all = BIT(self->nseg) - 1;
    if ((drawn | open) & ~all) {
        PyErr_SetString(PyExc_ValueError, "drawn and open name segments that are not there");
        return NULL;
    }
    if (alpha < -INF || beta > INF || alpha >= beta) {
        PyErr_SetString(PyExc_ValueError, "the window needs -2047 <= alpha < beta <= 2047");
        return NULL;
    }
    if (!PySequence_Check(adj) || PySequence_Size(adj) != self->n) {
        PyErr_SetString(PyExc_ValueError, "adjacency needs one mask per dot");
        return NULL;
    }
    for (int i = 0; i < self->n; i++) {
        PyObject *item = PySequence_GetItem(adj, i);
        if (!item) return NULL;
        unsigned long mask = PyLong_AsUnsignedLong(item);
        Py_DECREF(item);
        if (PyErr_Occurred()) return NULL;
        if (self->n < 32 && (mask >> self->n)) {
            PyErr_SetString(PyExc_ValueError, "an adjacency mask names a dot that is not there");
            return NULL;
        }
        self->adj[i] = (uint32_t)mask;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the solver core is already searching");
        return NULL;
    }
    self->failed = 0;
    self->busy = 1;
    /* the call's own hook is borrowed from args for the call only: nothing outlives it */
    self->call_hook = hook;
    int value = run_search(self, drawn, open, alpha, beta);
    self->call_hook = NULL;
    self->busy = 0;
    if (self->failed) return NULL;   /* the hook's exception is set */
    return PyLong_FromLong(value);
}

static PyObject *Core_set_hook(Core *self, PyObject *args) {
    PyObject *hook;
    long long every;
    if (!PyArg_ParseTuple(args, "OL", &hook, &every)) return NULL;
    if (every < 1) every = 1;
    Py_XINCREF(hook);
    Py_XSETREF(self->hook, hook);
    self->every = every;
    self->next_check = self->positions + every;
    Py_RETURN_NONE;
}

static PyObject *Core_positions(Core *self, void *closure) { return PyLong_FromLongLong(self->positions); }
static PyObject *Core_helper_positions(Core *self, void *closure) {
    return PyLong_FromLongLong(self->helper_positions);
}
static PyObject *Core_workers(Core *self, void *closure) { return PyLong_FromLong(self->workers); }

static PyMethodDef Core_methods[] = {
    {"search", (PyCFunction)Core_search, METH_VARARGS,
     "search(drawn, open, adjacency, alpha, beta[, hook]) -> fail-soft bonus margin for the "
     "mover; hook(positions) is called every `every` positions during this search only"},
    {"set_hook", (PyCFunction)Core_set_hook, METH_VARARGS,
     "set_hook(callable, every): call callable(positions) every `every` positions"},
    {NULL}
};

static PyGetSetDef Core_getset[] = {
    {"positions", (getter)Core_positions, NULL, "positions expanded so far", NULL},
    {"helper_positions", (getter)Core_helper_positions, NULL,
     "positions the helper thread expanded in the last search (0 with one worker)", NULL},
    {"workers", (getter)Core_workers, NULL, "threads a search runs on: 1 or 2", NULL},
    {NULL}
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pnp.games.cliquer." MODULE_NAME ".Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_traverse = (traverseproc)Core_traverse,
    .tp_clear = (inquiry)Core_clear,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_doc = "CliqueR bonus-game search with a fixed-size table",
};

/* ---- the search rungs of the skill chain ------------------------------------------------------
 *
 * players.Lookahead and players.Deepening, move for move: the same values, the same order of
 * moves, the same count of positions and the same passes begun and thrown away, so a game
 * between them is the same game with this core or without it (tests/games/cliquer compare the
 * two on random positions). They score whole moves (1 a line, 3 a triangle, 5 a 4-clique), not
 * the solver's bonus game, and keep no table. Only the tied best moves come back: the game's
 * random.Random breaks the tie in Python, as the pure-Python players do. Why here: the chain
 * plays hundreds of games a board, and these two players took nearly all of its CPU in Python.
 */

typedef struct {
    PyObject_HEAD
    int n, nseg;
    uint8_t ea[MAXSEG], eb[MAXSEG];
    mask_t keep[MAXSEG];        /* open segments left after drawing k: neither k nor its crossers */
    uint32_t adj[32];
    long long spent, limit;     /* positions counted this move; limit < 0: none (the depth-3 pass) */
    int out;                    /* a pass went past the limit: unwind (Python's _Spent) */
} Searcher;

#define SEARCH_INF ((long long)1 << 30)     /* players._INF */

static inline int points(Searcher *s, int a, int b) {   /* rules.move_points */
    uint32_t common = s->adj[a] & s->adj[b];
    int triangles = popcount32(common);
    if (triangles < 2) return 1 + 3 * triangles;
    int twice = 0;
    for (uint32_t rest = common; rest; rest &= rest - 1)
        twice += popcount32(s->adj[__builtin_ctz(rest)] & common);
    return 1 + 3 * triangles + 5 * (twice / 2);
}

#define S_JOIN(s, a, b) ((s)->adj[a] |= 1u << (b), (s)->adj[b] |= 1u << (a))
#define S_PART(s, a, b) ((s)->adj[a] ^= 1u << (b), (s)->adj[b] ^= 1u << (a))

/* players._margins' best value: the mover's best margin of points over ``depth`` moves, both
 * sides looking that far (0 when nothing is open). */
static long long look(Searcher *s, mask_t open, int depth);

/* open segment k's margin over ``depth`` moves: its points, less the reply's best (players._margins) */
static long long margin_of(Searcher *s, mask_t open, int k, int depth) {
    int a = s->ea[k], b = s->eb[k];
    long long p = points(s, a, b);
    mask_t after = open & s->keep[k];
    if (depth > 1 && after) {
        S_JOIN(s, a, b);
        p -= look(s, after, depth - 1);
        S_PART(s, a, b);
    }
    return p;
}

static long long look(Searcher *s, mask_t open, int depth) {
    long long best = 0;
    int first = 1;
    for (mask_t rest = open; rest; rest &= rest - 1) {
        long long p = margin_of(s, open, lowest(rest), depth);
        if (first || p > best) best = p, first = 0;
    }
    return best;
}

/* players._ordered: (points, segment), most points first, then segment order */
static int by_points(Searcher *s, mask_t open, uint64_t *keys) {
    int count = 0;
    for (mask_t rest = open; rest; rest &= rest - 1) {
        int k = lowest(rest);
        keys[count++] = ((uint64_t)points(s, s->ea[k], s->eb[k]) << 8) | (uint64_t)(255 - k);
    }
    sort_desc(keys, count);
    return count;
}

static inline int counted(Searcher *s, long long positions) {   /* players.Deepening._count */
    s->spent += positions;
    if (s->limit >= 0 && s->spent > s->limit) s->out = 1;
    return s->out;
}

/* players.Deepening._value: alpha-beta, fail-soft, exact inside (alpha, beta) */
static long long deep_value(Searcher *s, mask_t open, int depth, long long alpha, long long beta) {
    if (!open || depth < 1) return 0;
    if (depth <= 2) {
        if (counted(s, popcount_m(open))) return 0;
        return look(s, open, depth);
    }
    if (counted(s, 1)) return 0;
    uint64_t keys[MAXSEG];
    int count = by_points(s, open, keys);
    long long best = -SEARCH_INF;
    for (int i = 0; i < count; i++) {
        int k = 255 - (int)(keys[i] & 0xFF), a = s->ea[k], b = s->eb[k];
        long long p = (long long)(keys[i] >> 8);
        S_JOIN(s, a, b);
        long long v = p - deep_value(s, open & s->keep[k], depth - 1, p - beta, p - alpha);
        S_PART(s, a, b);
        if (s->out) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

/* players.Deepening._root: the tied best root moves, as a bit set (read out in segment order) */
static mask_t deep_root(Searcher *s, mask_t open, int depth) {
    uint64_t keys[MAXSEG];
    int count = by_points(s, open, keys), have = 0;
    long long best = 0;
    mask_t tied = 0;
    for (int i = 0; i < count; i++) {
        int k = 255 - (int)(keys[i] & 0xFF), a = s->ea[k], b = s->eb[k];
        long long p = (long long)(keys[i] >> 8), v;
        S_JOIN(s, a, b);
        if (!have) v = p - deep_value(s, open & s->keep[k], depth - 1, -SEARCH_INF, SEARCH_INF);
        else v = p - deep_value(s, open & s->keep[k], depth - 1, -SEARCH_INF, p - best + 1);
        S_PART(s, a, b);
        if (s->out) return 0;
        if (!have || v > best) best = v, tied = BIT(k), have = 1;
        else if (v == best) tied |= BIT(k);
    }
    return tied;
}

static PyObject *segment_list(mask_t set) {
    PyObject *out = PyList_New(0);
    for (; out && set; set &= set - 1) {
        PyObject *k = PyLong_FromLong(lowest(set));
        if (!k || PyList_Append(out, k) < 0) {
            Py_XDECREF(k);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(k);
    }
    return out;
}

static int Searcher_init(Searcher *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"n", "ends_a", "ends_b", "crossing", NULL};
    int n;
    Py_buffer ea, eb;
    PyObject *crossing;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iy*y*O", kwlist, &n, &ea, &eb, &crossing))
        return -1;
    Py_ssize_t nseg = ea.len;
    int bad = n < 3 || n > 32 || nseg < 1 || nseg > MAXSEG || eb.len != nseg
              || !PySequence_Check(crossing) || PySequence_Size(crossing) != nseg;
    const uint8_t *a = ea.buf, *b = eb.buf;
    for (Py_ssize_t k = 0; !bad && k < nseg; k++)
        if (a[k] >= n || b[k] >= n || a[k] == b[k]) bad = 1;
    if (!bad) {
        memcpy(self->ea, ea.buf, nseg);
        memcpy(self->eb, eb.buf, nseg);
    }
    PyBuffer_Release(&ea);
    PyBuffer_Release(&eb);
    if (bad) {
        PyErr_Format(PyExc_ValueError, "the search takes 3..32 dots, 1..%d segments, each joining "
                     "two different dots below n", MAXSEG);
        return -1;
    }
    self->nseg = 0;          /* not usable until the whole crossing table is in */
    self->n = n;
    mask_t cross[MAXSEG];
    if (read_crossing(crossing, nseg, cross, self->keep) < 0) return -1;
    self->nseg = (int)nseg;
    return 0;
}

/* open and adjacency from Python, checked as Core_search checks them */
static int searcher_position(Searcher *self, PyObject *open_o, PyObject *adj, mask_t *open) {
    if (self->nseg == 0) {
        PyErr_SetString(PyExc_ValueError, "the search was not set up");
        return -1;
    }
    if (to_mask(open_o, open) < 0) return -1;
    if (*open & ~(BIT(self->nseg) - 1)) {
        PyErr_SetString(PyExc_ValueError, "open names segments that are not there");
        return -1;
    }
    if (!PySequence_Check(adj) || PySequence_Size(adj) != self->n) {
        PyErr_SetString(PyExc_ValueError, "adjacency needs one mask per dot");
        return -1;
    }
    for (int i = 0; i < self->n; i++) {
        PyObject *item = PySequence_GetItem(adj, i);
        if (!item) return -1;
        unsigned long mask = PyLong_AsUnsignedLong(item);
        Py_DECREF(item);
        if (PyErr_Occurred()) return -1;
        if (self->n < 32 && (mask >> self->n)) {
            PyErr_SetString(PyExc_ValueError, "an adjacency mask names a dot that is not there");
            return -1;
        }
        self->adj[i] = (uint32_t)mask;
    }
    return 0;
}

static PyObject *Searcher_lookahead(Searcher *self, PyObject *args) {
    PyObject *open_o, *adj;
    int depth;
    mask_t open;
    if (!PyArg_ParseTuple(args, "OOi", &open_o, &adj, &depth)) return NULL;
    if (searcher_position(self, open_o, adj, &open) < 0) return NULL;
    if (!open || depth < 1 || depth > 64) {
        PyErr_SetString(PyExc_ValueError, "lookahead needs an open segment and a depth of 1..64");
        return NULL;
    }
    long long best = 0;
    mask_t tied = 0;
    for (mask_t rest = open; rest; rest &= rest - 1) {     /* players.Lookahead.__call__ */
        int k = lowest(rest);
        long long p = margin_of(self, open, k, depth);
        if (!tied || p > best) best = p, tied = BIT(k);
        else if (p == best) tied |= BIT(k);
    }
    return segment_list(tied);
}

/* players.Deepening.__call__ less the exact endgame: depth 3 whole, then passes ``step`` moves deeper
 * while the last pass's cost times its growth fits in what is left of ``positions``; a pass cut
 * short is thrown away. Returns (tied best moves, positions counted). */
static PyObject *Searcher_deepen(Searcher *self, PyObject *args) {
    PyObject *open_o, *adj;
    int left, step;
    long long positions;
    mask_t open;
    if (!PyArg_ParseTuple(args, "OOiLi", &open_o, &adj, &left, &positions, &step)) return NULL;
    if (searcher_position(self, open_o, adj, &open) < 0) return NULL;
    if (!open || left < 1 || left > MAXSEG || positions < 1 || step < 1) {
        PyErr_SetString(PyExc_ValueError, "deepen needs an open segment, 1..segments moves left, "
                        "a positive count of positions and a positive step");
        return NULL;
    }
    self->spent = 0;
    self->limit = -1;
    self->out = 0;
    int depth = left < 3 ? left : 3;
    mask_t choice = deep_root(self, open, depth);
    long long last = self->spent;
    double growth = popcount_m(open) / 2.0;
    depth = 3;
    self->limit = positions;
    while (depth < left && (double)self->spent + (double)last * growth <= (double)positions) {
        depth = depth + step < left ? depth + step : left;
        long long before = self->spent;
        mask_t got = deep_root(self, open, depth);
        if (self->out) break;
        choice = got;
        long long cost = self->spent - before;
        growth = (double)cost / (double)(last > 1 ? last : 1);
        last = cost;
    }
    PyObject *tied = segment_list(choice);
    if (!tied) return NULL;
    return Py_BuildValue("NL", tied, self->spent);
}

static PyMethodDef Searcher_methods[] = {
    {"lookahead", (PyCFunction)Searcher_lookahead, METH_VARARGS,
     "lookahead(open, adjacency, depth) -> the tied best moves of players.Lookahead(depth)"},
    {"deepen", (PyCFunction)Searcher_deepen, METH_VARARGS,
     "deepen(open, adjacency, moves_left, positions, step) -> (tied best moves, positions counted) of "
     "players.Deepening(positions) before its exact endgame"},
    {NULL}
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pnp.games.cliquer." MODULE_NAME ".Searcher",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_methods = Searcher_methods,
    .tp_doc = "the skill chain's lookahead and deepening search rungs on one board",
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, MODULE_NAME, NULL, -1, NULL};

PyMODINIT_FUNC INIT_FUNC(void) {
    if (PyType_Ready(&CoreType) < 0 || PyType_Ready(&SearcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&SearcherType);
    if (PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) < 0) {
        Py_DECREF(&SearcherType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
