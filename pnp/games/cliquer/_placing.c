/* Placing CliqueR dots in C: board generation's hot loops, and the search's free positions.
 *
 * Why: once drawing cost about what reportlab itself needs (issue 14), generating the boards was
 * the largest cost of pnp's own in a build, and most of it was two loops: the screen of sampled
 * candidates (``Placer.fits``, tried on about two candidates a dot) and the count of dots inside
 * every triangle (``difficulty.containment_counts``); and a pack with one board sampling leaves
 * short paid numpy's import for the search's first fill (free_positions spares it); then the
 * exact check of every board (clean) was the largest part left. Optional:
 * `pip install .` builds it when a C compiler is there; without it (or with
 * $PNP_PLACING_CORE=python) the Python and numpy code runs. The two must give the same answers
 * to the last bit, because a spec promises the same boards (and
 * PDF bytes) on every machine, built here or not. What is done with the answers stays in Python.
 *
 * first_fit(others, candidates, space, clear2): the index of the first candidate that
 * ``Placer.fits(others, candidate)`` accepts, or -1. Same bits, because the arithmetic is the same:
 * - coordinates are Python ints of at most 2**50 in absolute value, and there are at most 4096
 *   placed dots (else: NotImplemented, and Python scans), so every difference of two is an exact
 *   int64 below 2**51 and converts to a double exactly, as Python's float(px - cx) and its
 *   float * int (which converts the int) do.
 * - every other value is an IEEE double and every operation +, -, *, < is written as fits writes
 *   it, operand for operand, so each rounds the same. ``space`` and ``clear2`` are the very
 *   doubles Python computed (space2 - 1e-9, clearance**2); anything is accepted for them, since
 *   IEEE infinities and NaNs propagate and compare in C as in Python (Python's float * never
 *   raises).
 * - no fused multiply-add (built with -ffp-contract=off; pragmas below for clang and MSVC): a
 *   fused a*b - c would round once instead of twice and could move the last bit, and with it a
 *   near tie (a lattice with spacing or clearance that makes exact ties is the common case).
 * - no excess precision and no fast-math: refused below at compile time, so such a build fails
 *   and pip installs without this core (setup.py marks it optional) rather than a core that
 *   could disagree.
 * - max(limit, other) is Python's: the first operand unless the second is strictly greater.
 * - fits's tests are pure and its answer is their conjunction, so computing a pair's |ab|^2 term
 *   once for all candidates (the very same expression, the same double) and testing in any order
 *   gives its answer. Candidates are read one at a time, as Python's generator reads them, so one
 *   past the first fit is never looked at.
 *
 * first_draw_fit(others, draws, lo, space, clear2): first_fit on the dots (lo + x, lo + y) of a
 * bytes object of draws taken x then y (Placer._draws's, for boards of up to 255 lattice steps):
 * the same screen, without making 60 Python dots a placed dot of which about two are looked at.
 *
 * free_positions(dots, lo, step, side, space, clear2): the lattice positions where the search's
 * numpy Field (search.py), with ``dots`` added in order, scores 0, i.e. where one more dot breaks
 * no limit: fill.py's first fill runs on it so that a board sampling leaves short does not import
 * numpy. Same bits as numpy, for the reasons above: the differences are of exact int64s (bounds
 * as first_fit's, lo + k * step included; at most 256 dots), and every expression of
 * Field._close and Field._shares is written operand for operand, each numpy ufunc one rounded C
 * operation (numpy never fuses two ufuncs). A position's score is a sum of 0/1 hits, so it is 0
 * exactly when no test hits, tested in any order. The pairs keep the Field's roles: a is the dot
 * added later.
 *
 * containment_counts(dots): for every triangle (combinations order), the number of dots strictly
 * inside it, as a list. Integers only: coordinates within 2**20 in absolute value (else, or with
 * more than 64 dots, NotImplemented), so every product of differences is below 2**43 in int64
 * and each dot's set fits a 64-bit mask; the masks and their combination are difficulty.py's.
 *
 * clean(dots, lo, hi, space_n, space_d, clear_n, clear_d): Limits.clean, the exact integer check
 * every generated board passes (in Python, about a third of what generating a 9-dot board
 * cost once the screen was in C: 600 boards 75 ms, 49 ms with this). Integers only:
 * coordinates and lo, hi within 2**20, the squared limits' numerators and denominators within
 * 2**40, at most 256 dots (else NotImplemented), so every product fits a signed 128-bit integer
 * (no 128-bit integers, as with MSVC: always NotImplemented).
 *
 * Every function declines (returns NotImplemented, and the caller runs the Python code, which
 * then gives the answer or raises Python's own error) on dots that are anything but lists or
 * tuples of 2-tuples or 2-lists of plain ints within those bounds. Their other arguments come from
 * pnp's own code, never from a file: draws that are not bytes, or a lo or step past 64 bits, raise
 * the argument parser's TypeError or OverflowError. Of these functions only clean sees data read
 * from a PDF (the validator's check of a board), and all its arguments are read as above.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_exact.h"           /* plain doubles, rounded as Python rounds them */

#define FIT_BOUND (1LL << 50)     /* first_fit: larger coordinates are left to Python */
#define FIT_DOTS 4096             /* first_fit: more placed dots are left to Python (no board has
                                     near so many; it bounds the pairs' memory) */
#define FREE_SIDE 4096            /* free_positions: lattice positions along a side at most */
#define FREE_DOTS 256             /* free_positions: more dots are left to numpy (a board has at
                                     most 63; it bounds the pairs' memory and the work) */
#define COUNT_BOUND (1LL << 20)   /* containment_counts: likewise */
#define COUNT_DOTS 64             /* containment_counts: one bit a dot in a 64-bit mask */
#define CLEAN_DOTS 256            /* clean: more dots are left to Python (its pair table is n*n) */
#define CLEAN_SQUARE (1LL << 40)  /* clean: larger squared limits are left to Python */

/* Python's max of two: the first operand unless the second is strictly greater */
#define PYMAX(a, b) ((b) > (a) ? (b) : (a))

/* A dot (x, y) of plain ints within bound into *x, *y: 1; 0 to decline; -1 with an exception */
static int read_dot(PyObject *dot, long long bound, long long *x, long long *y) {
    PyObject *cx, *cy;
    if (PyTuple_CheckExact(dot) && PyTuple_GET_SIZE(dot) == 2) {
        cx = PyTuple_GET_ITEM(dot, 0);
        cy = PyTuple_GET_ITEM(dot, 1);
    } else if (PyList_CheckExact(dot) && PyList_GET_SIZE(dot) == 2) {
        cx = PyList_GET_ITEM(dot, 0);
        cy = PyList_GET_ITEM(dot, 1);
    } else {
        return 0;
    }
    if (!PyLong_CheckExact(cx) || !PyLong_CheckExact(cy)) return 0;   /* no bools, no subclasses */
    int over;
    long long vx = PyLong_AsLongLongAndOverflow(cx, &over);
    if (over) return 0;
    if (vx == -1 && PyErr_Occurred()) return -1;
    long long vy = PyLong_AsLongLongAndOverflow(cy, &over);
    if (over) return 0;
    if (vy == -1 && PyErr_Occurred()) return -1;
    if (vx > bound || vx < -bound || vy > bound || vy < -bound) return 0;
    *x = vx;
    *y = vy;
    return 1;
}

/* What a function returns when a reader says 0 (decline: NotImplemented, the caller runs the
   Python code) or -1 (the reader's exception) */
static PyObject *declined(int ok) {
    if (ok < 0) return NULL;
    Py_RETURN_NOTIMPLEMENTED;
}

/* every dot of a list or tuple into xy[2 * count]: 1; 0 to decline; -1 with an exception */
static int read_dots(PyObject *seq, long long bound, Py_ssize_t max_count, long long **xy,
                     Py_ssize_t *n) {
    if (!PyList_CheckExact(seq) && !PyTuple_CheckExact(seq)) return 0;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count > max_count) return 0;
    long long *buf = PyMem_Malloc(sizeof(long long) * (size_t)(2 * count + 1));
    if (!buf) { PyErr_NoMemory(); return -1; }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        int ok = read_dot(items[i], bound, &buf[2 * i], &buf[2 * i + 1]);
        if (ok <= 0) { PyMem_Free(buf); return ok; }
    }
    *xy = buf;
    *n = count;
    return 1;
}

typedef struct { long long ax, ay; double abx, aby, reach; } Pair;
typedef struct { double dx, dy, limit; } Rel;

/* Placer.fits(others, (cx, cy)) */
static int fits(const long long *others, Py_ssize_t n, const Pair *pairs, Py_ssize_t npairs,
                Rel *rel, long long cx, long long cy, double space, double clear2) {
    for (Py_ssize_t p = 0; p < n; p++) {
        double dx = (double)(others[2 * p] - cx), dy = (double)(others[2 * p + 1] - cy);
        double dist2 = dx * dx + dy * dy;
        if (dist2 < space) return 0;
        rel[p].dx = dx;
        rel[p].dy = dy;
        rel[p].limit = clear2 * dist2 - 1e-6;
    }
    for (Py_ssize_t k = 0; k < npairs; k++) {
        const Pair *ab = &pairs[k];
        double cross = ab->abx * (double)(cy - ab->ay) - ab->aby * (double)(cx - ab->ax);
        if (cross * cross < ab->reach) return 0;
    }
    for (Py_ssize_t p = 0; p < n; p++) {
        double px = rel[p].dx, py = rel[p].dy, limit = rel[p].limit;
        for (Py_ssize_t q = p + 1; q < n; q++) {
            double cross = px * rel[q].dy - py * rel[q].dx;
            if (cross * cross < PYMAX(limit, rel[q].limit)) return 0;
        }
    }
    return 1;
}

/* The placed dots, their pairs' terms, and room for fits's per-candidate terms */
typedef struct { long long *others; Py_ssize_t n, npairs; Pair *pairs; Rel *rel; } Screen;

static void screen_free(Screen *sc) {
    PyMem_Free(sc->others);
    PyMem_Free(sc->pairs);
    PyMem_Free(sc->rel);
}

/* Read the placed dots and work out each pair's terms: 1; 0 to decline; -1 with an exception */
static int screen_make(Screen *sc, PyObject *others_o, double clear2) {
    *sc = (Screen){0};
    int ok = read_dots(others_o, FIT_BOUND, FIT_DOTS, &sc->others, &sc->n);
    if (ok <= 0) return ok;
    Py_ssize_t n = sc->n;
    const long long *others = sc->others;
    sc->npairs = n * (n - 1) / 2;
    sc->pairs = PyMem_Malloc(sizeof(Pair) * (size_t)(sc->npairs + 1));
    sc->rel = PyMem_Malloc(sizeof(Rel) * (size_t)(n + 1));
    if (!sc->pairs || !sc->rel) { screen_free(sc); PyErr_NoMemory(); return -1; }
    Py_ssize_t k = 0;
    for (Py_ssize_t a = 0; a < n; a++) {
        for (Py_ssize_t b = a + 1; b < n; b++, k++) {
            /* fits: abx, aby = float(bx - ax), float(by - ay);
                     clear2 * (abx * abx + aby * aby) - 1e-6 */
            double abx = (double)(others[2 * b] - others[2 * a]);
            double aby = (double)(others[2 * b + 1] - others[2 * a + 1]);
            sc->pairs[k] = (Pair){others[2 * a], others[2 * a + 1], abx, aby,
                                  clear2 * (abx * abx + aby * aby) - 1e-6};
        }
    }
    return 1;
}

static int screen_fits(Screen *sc, long long cx, long long cy, double space, double clear2) {
    return fits(sc->others, sc->n, sc->pairs, sc->npairs, sc->rel, cx, cy, space, clear2);
}

PyDoc_STRVAR(first_fit_doc,
"first_fit(others, candidates, space, clear2) -> int or NotImplemented\n"
"The index of the first candidate Placer.fits(others, candidate) accepts, -1 if none; ``space``\n"
"is the placer's space2 - 1e-9, ``clear2`` its clear2. NotImplemented: dots this core leaves to\n"
"the Python scan (see _placing.c).");

static PyObject *first_fit(PyObject *self, PyObject *args) {
    PyObject *others_o, *cands;
    double space, clear2;
    if (!PyArg_ParseTuple(args, "OOdd:first_fit", &others_o, &cands, &space, &clear2))
        return NULL;
    if (!PyList_CheckExact(cands) && !PyTuple_CheckExact(cands)) Py_RETURN_NOTIMPLEMENTED;
    Screen sc;
    int ok = screen_make(&sc, others_o, clear2);
    if (ok <= 0) return declined(ok);
    PyObject *result = NULL;
    Py_ssize_t ncands = PySequence_Fast_GET_SIZE(cands);
    PyObject **items = PySequence_Fast_ITEMS(cands);
    for (Py_ssize_t c = 0; c < ncands; c++) {
        long long cx, cy;
        int read = read_dot(items[c], FIT_BOUND, &cx, &cy);
        if (read < 0) goto done;
        if (read == 0) { result = Py_NewRef(Py_NotImplemented); goto done; }
        if (screen_fits(&sc, cx, cy, space, clear2)) {
            result = PyLong_FromSsize_t(c);
            goto done;
        }
    }
    result = PyLong_FromLong(-1);
done:
    screen_free(&sc);
    return result;
}

PyDoc_STRVAR(first_draw_fit_doc,
"first_draw_fit(others, draws, lo, space, clear2) -> int or NotImplemented\n"
"first_fit on the candidates (lo + draws[0], lo + draws[1]), (lo + draws[2], lo + draws[3]), ...\n"
"of a bytes object of draws (Placer._draws's, before they become dots): the index of the\n"
"first candidate that fits, -1 if none. NotImplemented as first_fit's, or for a lo past 2**49.");

static PyObject *first_draw_fit(PyObject *self, PyObject *args) {
    PyObject *others_o;
    const unsigned char *draws;
    Py_ssize_t ndraws;
    long long lo;
    double space, clear2;
    if (!PyArg_ParseTuple(args, "Oy#Ldd:first_draw_fit", &others_o, &draws, &ndraws, &lo, &space,
                          &clear2))
        return NULL;
    if (lo > FIT_BOUND / 2 || lo < -FIT_BOUND / 2)       /* so lo + 255 is within the bounds */
        Py_RETURN_NOTIMPLEMENTED;
    Screen sc;
    int ok = screen_make(&sc, others_o, clear2);
    if (ok <= 0) return declined(ok);
    Py_ssize_t found = -1;
    for (Py_ssize_t c = 0; 2 * c + 1 < ndraws; c++) {
        if (screen_fits(&sc, lo + draws[2 * c], lo + draws[2 * c + 1], space, clear2)) {
            found = c;
            break;
        }
    }
    screen_free(&sc);
    return PyLong_FromSsize_t(found);
}

/* free_positions: Field's zero test at one position c = (cx, cy), for dots added in order:
 * Field._close against every dot, and Field._shares's three roles for every pair (a, b) where a
 * was added after b (the order fixes which differences are taken, so it is kept) */
typedef struct { long long ax, ay, bx, by; double abx, aby, reach; } Share;

static int position_free(const long long *xy, Py_ssize_t n, const Share *shares, Py_ssize_t nshares,
                         long long cx_i, long long cy_i, double space, double clear2) {
    for (Py_ssize_t p = 0; p < n; p++) {
        /* _close: dx, dy = xs - a[0], ys - a[1]; dx * dx + dy * dy < space2 - 1e-9 */
        double dx = (double)(cx_i - xy[2 * p]), dy = (double)(cy_i - xy[2 * p + 1]);
        if (dx * dx + dy * dy < space) return 0;
    }
    for (Py_ssize_t k = 0; k < nshares; k++) {
        const Share *s = &shares[k];
        /* _shares: cx, cy = xs - a[0], ys - a[1]; cross = abx * cy; cross -= aby * cx; squared */
        double cx = (double)(cx_i - s->ax), cy = (double)(cy_i - s->ay);
        double cross = s->abx * cy;
        cross -= s->aby * cx;
        cross = cross * cross;
        if (cross < s->reach) return 0;                                /* c by line ab */
        if (cross < clear2 * (cx * cx + cy * cy) - 1e-6) return 0;     /* b by line ca */
        /* limit = (xs - bx)**2 + (ys - by)**2, *= clear2, -= 1e-6: a by line cb */
        double lx = (double)(cx_i - s->bx), ly = (double)(cy_i - s->by);
        double limit = lx * lx;
        limit += ly * ly;
        limit *= clear2;
        limit -= 1e-6;
        if (cross < limit) return 0;
    }
    return 1;
}

PyDoc_STRVAR(free_positions_doc,
"free_positions(dots, lo, step, side, space, clear2) -> list[int] or NotImplemented\n"
"The search's Field with ``dots`` added in that order, on the lattice positions lo + k * step\n"
"(k < side) of each axis: the indices j (x = j // side, y = j % side, ascending) where its total\n"
"is 0, i.e. where one more dot breaks no limit. ``space`` is the placer's space2 - 1e-9,\n"
"``clear2`` its clear2. NotImplemented: input this core leaves to numpy (see _placing.c).");

static PyObject *free_positions(PyObject *self, PyObject *args) {
    PyObject *dots_o;
    long long lo, step, side;
    double space, clear2;
    if (!PyArg_ParseTuple(args, "OLLLdd:free_positions", &dots_o, &lo, &step, &side, &space,
                          &clear2))
        return NULL;
    if (step < 1 || step > FIT_BOUND || side < 1 || side > FREE_SIDE || lo < -FIT_BOUND
            || lo > FIT_BOUND || (side - 1) * step > FIT_BOUND || lo + (side - 1) * step > FIT_BOUND)
        Py_RETURN_NOTIMPLEMENTED;
    long long *xy = NULL;
    Py_ssize_t n = 0;
    int ok = read_dots(dots_o, FIT_BOUND, FREE_DOTS, &xy, &n);
    if (ok <= 0) return declined(ok);
    PyObject *result = NULL, *index = NULL;
    Py_ssize_t nshares = n * (n - 1) / 2;
    Share *shares = PyMem_Malloc(sizeof(Share) * (size_t)(nshares + 1));
    if (!shares) { PyErr_NoMemory(); goto done; }
    Py_ssize_t k = 0;
    for (Py_ssize_t a = 1; a < n; a++) {          /* Field.add(a) takes the dots before it */
        for (Py_ssize_t b = 0; b < a; b++, k++) {
            /* abx, aby = bx - a[0], by - a[1]; clear2 * (abx * abx + aby * aby) - 1e-6 */
            double abx = (double)(xy[2 * b] - xy[2 * a]);
            double aby = (double)(xy[2 * b + 1] - xy[2 * a + 1]);
            shares[k] = (Share){xy[2 * a], xy[2 * a + 1], xy[2 * b], xy[2 * b + 1], abx, aby,
                                clear2 * (abx * abx + aby * aby) - 1e-6};
        }
    }
    result = PyList_New(0);
    if (!result) goto done;
    for (long long i = 0; i < side; i++) {
        for (long long j = 0; j < side; j++) {
            if (!position_free(xy, n, shares, nshares, lo + i * step, lo + j * step, space, clear2))
                continue;
            index = PyLong_FromLongLong(i * side + j);
            if (!index || PyList_Append(result, index) < 0) { Py_CLEAR(result); goto done; }
            Py_CLEAR(index);
        }
    }
done:
    Py_XDECREF(index);
    PyMem_Free(xy);
    PyMem_Free(shares);
    return result;
}

/* A plain int within [-bound, bound] into *out: 1; 0 to decline; -1 with an exception */
static int read_int(PyObject *o, long long bound, long long *out) {
    if (!PyLong_CheckExact(o)) return 0;
    int over;
    long long v = PyLong_AsLongLongAndOverflow(o, &over);
    if (over) return 0;
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v > bound || v < -bound) return 0;
    *out = v;
    return 1;
}

PyDoc_STRVAR(clean_doc,
"clean(dots, lo, hi, space_n, space_d, clear_n, clear_d) -> bool or NotImplemented\n"
"Limits.clean: every dot within lo..hi on both axes, every two at least the spacing apart and\n"
"every dot at least the clearance from the line through any two others, in exact integers\n"
"(the spacing is sqrt(space_n / space_d) lattice units, the clearance sqrt(clear_n / clear_d)).\n"
"NotImplemented: more than 256 dots, a coordinate or bound past 2**20, a square past 2**40\n"
"or below 0, or anything but plain ints (Python then answers).");

static PyObject *clean(PyObject *self, PyObject *args) {
    PyObject *dots_o, *lims[6];
    if (!PyArg_ParseTuple(args, "OOOOOOO:clean", &dots_o, &lims[0], &lims[1], &lims[2], &lims[3],
                          &lims[4], &lims[5]))
        return NULL;
    long long v[6];
    for (int i = 0; i < 6; i++) {
        int ok = read_int(lims[i], i < 2 ? COUNT_BOUND : CLEAN_SQUARE, &v[i]);
        if (ok <= 0 || (i >= 2 && v[i] < 0)) return declined(ok);
    }
#if !defined(__SIZEOF_INT128__)
    Py_RETURN_NOTIMPLEMENTED;       /* no 128-bit integers (MSVC): Python answers */
#else
    long long lo = v[0], hi = v[1];
    /* bounds: |coordinate| <= 2**20, so a difference is below 2**21, a squared distance below
       2**43, a cross product below 2**43 and its square below 2**86; times a square of at most
       2**40 every product stays below 2**127 in a signed 128-bit integer */
    __int128 space_n = v[2], space_d = v[3], clear_n = v[4], clear_d = v[5];
    long long *xy = NULL;
    Py_ssize_t n = 0;
    int ok = read_dots(dots_o, COUNT_BOUND, CLEAN_DOTS, &xy, &n);
    if (ok <= 0) return declined(ok);
    int good = 1;
    __int128 *apart = PyMem_Malloc(sizeof(__int128) * (size_t)(n * n + 1));
    if (!apart) { PyMem_Free(xy); return PyErr_NoMemory(); }
    for (Py_ssize_t i = 0; i < n && good; i++) {
        if (xy[2 * i] < lo || xy[2 * i] > hi || xy[2 * i + 1] < lo || xy[2 * i + 1] > hi) good = 0;
    }
    for (Py_ssize_t i = 0; i < n && good; i++) {
        for (Py_ssize_t j = i + 1; j < n; j++) {
            long long dx = xy[2 * j] - xy[2 * i], dy = xy[2 * j + 1] - xy[2 * i + 1];
            __int128 q = (__int128)(dx * dx + dy * dy);
            if (q == 0 || q * space_d < space_n) { good = 0; break; }
            apart[i * n + j] = clear_n * q;
        }
    }
    for (Py_ssize_t i = 0; i < n && good; i++) {
        for (Py_ssize_t j = i + 1; j < n && good; j++) {
            for (Py_ssize_t k = j + 1; k < n; k++) {
                long long cross = (xy[2 * j] - xy[2 * i]) * (xy[2 * k + 1] - xy[2 * i + 1])
                                - (xy[2 * j + 1] - xy[2 * i + 1]) * (xy[2 * k] - xy[2 * i]);
                __int128 area = (__int128)cross * cross * clear_d;
                if (cross == 0 || area < apart[i * n + j] || area < apart[i * n + k]
                        || area < apart[j * n + k]) { good = 0; break; }
            }
        }
    }
    PyMem_Free(apart);
    PyMem_Free(xy);
    return PyBool_FromLong(good);
#endif
}

static int popcount64(unsigned long long v) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(v);
#else
    int count = 0;
    for (; v; v &= v - 1) count++;
    return count;
#endif
}

PyDoc_STRVAR(containment_counts_doc,
"containment_counts(dots) -> list[int] or NotImplemented\n"
"For every triangle of dots (combinations order), how many dots lie strictly inside it: the list\n"
"difficulty.containment_counts gives. NotImplemented: more than 64 dots, a coordinate beyond\n"
"2**20, or anything but plain int pairs (the Python function then answers).");

static PyObject *containment_counts(PyObject *self, PyObject *dots_o) {
    long long *xy = NULL;
    Py_ssize_t n = 0;
    int ok = read_dots(dots_o, COUNT_BOUND, COUNT_DOTS, &xy, &n);
    if (ok <= 0) return declined(ok);
    unsigned long long left[COUNT_DOTS][COUNT_DOTS];
    unsigned long long everyone = n == 64 ? ~0ULL : (1ULL << n) - 1;
    /* left[i][j]: the dots strictly left of the directed line i -> j */
    for (Py_ssize_t i = 0; i < n; i++) {
        long long ax = xy[2 * i], ay = xy[2 * i + 1];
        for (Py_ssize_t j = i + 1; j < n; j++) {
            long long dx = xy[2 * j] - ax, dy = xy[2 * j + 1] - ay;
            unsigned long long mask = 0;
            for (Py_ssize_t k = 0; k < n; k++) {
                if (dx * (xy[2 * k + 1] - ay) > dy * (xy[2 * k] - ax)) mask |= 1ULL << k;
            }
            left[i][j] = mask;
            left[j][i] = everyone & ~mask & ~((1ULL << i) | (1ULL << j));
        }
    }
    PyMem_Free(xy);
    Py_ssize_t ntri = n * (n - 1) * (n - 2) / 6;
    PyObject *counts = PyList_New(ntri);
    if (!counts) return NULL;
    Py_ssize_t t = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        for (Py_ssize_t j = i + 1; j < n; j++) {
            for (Py_ssize_t k = j + 1; k < n; k++) {
                unsigned long long inside = (left[i][j] >> k) & 1
                    ? left[i][j] & left[j][k] & left[k][i]
                    : left[j][i] & left[i][k] & left[k][j];
                PyObject *count = PyLong_FromLong(popcount64(inside));
                if (!count) { Py_DECREF(counts); return NULL; }
                PyList_SET_ITEM(counts, t++, count);
            }
        }
    }
    return counts;
}

static PyMethodDef methods[] = {
    {"first_fit", first_fit, METH_VARARGS, first_fit_doc},
    {"first_draw_fit", first_draw_fit, METH_VARARGS, first_draw_fit_doc},
    {"free_positions", free_positions, METH_VARARGS, free_positions_doc},
    {"containment_counts", containment_counts, METH_O, containment_counts_doc},
    {"clean", clean, METH_VARARGS, clean_doc},
    {NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_placing",
    "CliqueR board generation's candidate screen and triangle counts in C: the same answers as "
    "placer.Placer.fits and difficulty.containment_counts, to the bit.", -1, methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__placing(void) {
    return PyModule_Create(&module);
}
