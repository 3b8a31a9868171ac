/* Dot letters: the loop of pnp/games/cliquer/labels.py that places a board's letters one dot at
 * a time (``_place_python``), with each dot's spot search (``_search_python``), in C.
 *
 * Why: placing the letters was about a third of a whole build's time (issue 14), nearly all of
 * it in float tests. A first core searched one dot a call; the search was then a tenth of the
 * letters' time and the Python round it (which dots and lines are near each dot, the letters
 * placed so far) the rest, so the whole loop over a board's dots is here (``place_all``, one call
 * a board). Optional: `pip install .` builds it when a C compiler is there; without it labels.py
 * runs its own loop. The two must choose the very same spots, to the last bit, because a spec
 * promises the same PDF bytes on every machine, built here or not. What the loop is given stays
 * in Python, shared by both: units, steps, the letters' shapes (font widths), and the order of
 * the dots, most crowded first (from math.hypot of every pair); so does what is made of its
 * answer (Label, Crowded).
 *
 * Same bits, because the arithmetic is the same:
 * - every value is an IEEE double and every operation here is one Python's float does the same
 *   way: +, -, *, comparisons, and min/max/fabs (which only pick one of their operands). The
 *   expressions are Python's, operand for operand, so each rounds the same.
 * - no fused multiply-add (built with -ffp-contract=off; pragmas below for clang and MSVC): on
 *   arm64 a*b+c fused would round once instead of twice and move the last bit.
 * - no excess precision and no fast-math: refused below at compile time, so such a build fails
 *   and pip installs without this core (setup.py marks it optional) rather than a core that
 *   could disagree.
 * - Python's min(a, b) keeps the first of equal operands and C's picks below do too (they could
 *   only differ on the sign of a zero, and these picks only feed comparisons, where -0.0 == 0.0).
 * - NaN, infinities or numbers past 1e100 in the input (for ``place_all``, each segment's
 *   differences too, as _Lines makes them; the boxes placed, which the next dots' searches read,
 *   are inside the inner square and so as tame), or an own_share outside [1e-6, 1e6]: the core
 *   declines (returns NotImplemented) and labels.py runs its own loop. Within these no
 *   sum, difference, product or square below comes near overflow (all stay under 1e230, bands up
 *   to 1e9 included), so nothing here is ever infinite or NaN.
 *
 * The one operation that is not elementary is math.hypot, in two tests of ``_free``:
 *
 *   (A) hypot(a, b) < r           a letter's box too near a dot (a, b >= 0; r = reach_dot)
 *   (B) hypot(own) <= c * min_j hypot(rival_j)     the box's centre names its own dot (c = 0.8)
 *
 * libm's hypot and CPython's own are both almost always correctly rounded but not promised to
 * agree in the last bit, so this file never uses libm's. It decides from squared distances when
 * the answer is far from a tie, and asks Python's math.hypot (the very function labels.py
 * calls, with the very same arguments) only when it is near one. Why each decision is Python's:
 *
 * Notation: u = 2**-53 (unit roundoff); H = Python's math.hypot(a, b), within 4 ulp of the real
 * h = sqrt(a*a + b*b) (CPython 3.10+ promises under 1 ulp; 4 leaves room): |H - h| <= 2**-50 h.
 * band in [1e-9, 1e9] (checked); fl(1 - band), when positive, and fl(1 + band) are within 2u
 * of 1 - band and 1 + band relatively (Sterbenz: 1 - band is exact for band in [0.5, 2]).
 * sqrt(1 - band) <= 1 - band/2 and sqrt(1 + band) >= 1 + b3 where b3 = min(band, 1)/3, and
 * band/2 and b3 are at least 3e-10, which dwarfs every error term below (each under 1e-14).
 *
 * (A), when r >= 1e-140 (so r*r is a normal number) and q = fl(a*a + b*b) >= 1e-280 (a normal
 * number; an underflowed square adds at most 2**-1074 to it, relatively under 1e-43):
 *   q = h^2 (1 + e), |e| <= 3u + 1e-43;   R_low, R_high = fl(fl(r*r) * fl(1 -+ band)).
 *   - q <= R_low  =>  h^2 <= r^2 (1 - band) (1 + 8u)  =>  h <= r (1 - band/2 + 4u)
 *     =>  H <= h (1 + 2**-50) < r. So Python's H < r is true; we answer true.
 *   - q >= R_high =>  h^2 >= r^2 (1 + band) (1 - 8u)  =>  h >= r (1 + b3 - 4u)
 *     =>  H >= h (1 - 2**-50) > r: H < r is false; we answer false.
 *   - otherwise (the guard band, or a tiny q or r): H = math.hypot(a, b) through Python's own
 *     math module, and H < r compared here as Python compares it.
 *   (r <= 0 always takes the last way: squares cannot tell a negative r.)
 *
 * (B) Let O = H(own), R_j = H(rival_j), c > 0 (checked; labels.OWN_SHARE, passed in).
 *   fl(c * x) is non-decreasing in x (rounding is monotone and c > 0), so
 *   fl(c * min_j R_j) = min_j fl(c * R_j), and O <= min_j fl(c R_j) iff O <= fl(c R_j) for
 *   every j. So each rival is decided alone, in any order, and the first failing one ends it
 *   (the order changes nothing: the answer is a conjunction of pure tests). For one rival,
 *   with qo = fl(own^2) and qr = fl(rival^2) both >= 1e-280, and T = fl(fl(c*c) * qr) (normal,
 *   c being in [1e-6, 1e6], so each rounding on the way is relative):
 *   - qo <= fl(T * fl(1 - band))  =>  ho^2 <= c^2 hr^2 (1 - band)(1 + 12u)
 *     =>  ho <= c hr (1 - band/2 + 6u)  =>  O <= ho (1 + 2**-50) < c hr (1 - 2**-50)(1 - u)
 *     <= fl(c R_j). True.
 *   - qo >= fl(T * fl(1 + band))  =>  ho >= c hr (1 + b3 - 6u)  =>  O >= ho (1 - 2**-50)
 *     > c hr (1 + 2**-50)(1 + u) >= fl(c R_j). False.
 *   - otherwise: O and R_j from Python's math.hypot (O once a spot), and O <= fl(c * R_j)
 *     compared here, the same multiplication and comparison Python makes.
 *   No rivals: true, as in Python.
 *   A comparison X <= Y with X >= 1e-280 decides only when Y is at least that too, so a Y that
 *   underflowed (a band near 1) never decides; one that overflowed to infinity never does either.
 *
 * The rest of ``_free`` (inside the square, clear of the letters placed) and ``_Lines.meet``
 * are comparisons of sums, differences and products written as in Python. ``_free``'s tests
 * are pure, so testing them in another order (the cheap ones first) gives the same answer.
 * The spots, the tiers and the fallback through ``free`` follow ``_search_python`` line by line.
 *
 * What is near a dot (``place_all``) is chosen as ``_place_python`` chooses it: the same sums
 * (around + reach_dot, nearest + 2 * centres + 1.0, px -+ around) and comparisons, so the same
 * dots and segments. They stay in Python's order (the dot's own first, then by index; segments
 * as given), though no answer depends on it: every test over them is an "any" or "all" of pure
 * tests, and (B) decides each rival alone (above). Python's min over the rivals would depend on
 * their order only with a NaN among them, and none comes from tame numbers. The order does show
 * in exact_calls(), which the tests compare to see both loops make the very same tests.
 *
 * ``exact_calls()`` counts the times math.hypot was asked, so the tests can see the guard band
 * taken; a wider ``band`` (the last argument) sends more decisions through it (at 1e9, all).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdlib.h>

#include "_exact.h"           /* plain doubles, rounded as Python rounds them */

#define TAME 1e100           /* inputs at least this large (or not finite): Python searches */
#define TINY 1e-280          /* squares below this are not trusted to relative precision */
#define R_MIN 1e-140         /* r*r normal */
#define SHARE_MIN 1e-6
#define SHARE_MAX 1e6
#define BAND_MIN 1e-9
#define BAND_MAX 1e9

/* Python's min and max of two: the first operand unless the second is strictly beyond it */
#define PYMIN(a, b) ((b) < (a) ? (b) : (a))
#define PYMAX(a, b) ((b) > (a) ? (b) : (a))

static PyObject *py_hypot;              /* math.hypot */
static unsigned long long exact_calls;  /* times it was asked */

typedef struct { double x, y; } Pt;
typedef struct { double l, b, r, t; } Box;
typedef struct { double x0, y0, dx, dy, left, right, bottom, top; } Seg;
typedef struct { Seg *seg; Py_ssize_t n; } Tier;

typedef struct {
    int tame;                /* every number parsed so far is finite and below TAME */
} Reader;

static int read_double(Reader *rd, PyObject *o, double *out) {
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred()) return -1;
    if (!(fabs(v) < TAME)) rd->tame = 0;
    *out = v;
    return 0;
}

/* a list or tuple of `width`-tuples of floats into out[count * width]; count from *n */
static int read_rows(Reader *rd, PyObject *seq, Py_ssize_t width, double **out, Py_ssize_t *n,
                     const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    double *buf = PyMem_Malloc(sizeof(double) * (size_t)(count * width + 1));
    if (!buf) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *row = PySequence_Fast(items[i], what);
        if (!row) goto fail;
        if (PySequence_Fast_GET_SIZE(row) != width) {
            Py_DECREF(row);
            PyErr_Format(PyExc_ValueError, "%s: rows of %zd numbers expected", what, width);
            goto fail;
        }
        PyObject **cells = PySequence_Fast_ITEMS(row);
        for (Py_ssize_t k = 0; k < width; k++) {
            if (read_double(rd, cells[k], &buf[i * width + k]) < 0) { Py_DECREF(row); goto fail; }
        }
        Py_DECREF(row);
    }
    Py_DECREF(fast);
    *out = buf;
    *n = count;
    return 0;
fail:
    Py_DECREF(fast);
    PyMem_Free(buf);
    return -1;
}

/* a flat list or tuple of floats */
static int read_flat(Reader *rd, PyObject *seq, double **out, Py_ssize_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    double *buf = PyMem_Malloc(sizeof(double) * (size_t)(count + 1));
    if (!buf) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < count; i++) {
        if (read_double(rd, items[i], &buf[i]) < 0) { Py_DECREF(fast); PyMem_Free(buf); return -1; }
    }
    Py_DECREF(fast);
    *out = buf;
    *n = count;
    return 0;
}

/* Python's math.hypot(a, b) */
static int exact_hypot(double a, double b, double *out) {
    PyObject *x = PyFloat_FromDouble(a), *y = PyFloat_FromDouble(b), *h = NULL;
    if (x && y) h = PyObject_CallFunctionObjArgs(py_hypot, x, y, NULL);
    Py_XDECREF(x);
    Py_XDECREF(y);
    if (!h) return -1;
    *out = PyFloat_AsDouble(h);
    Py_DECREF(h);
    if (*out == -1.0 && PyErr_Occurred()) return -1;
    exact_calls++;
    return 0;
}

typedef struct {
    double r, rr_low, rr_high;      /* (A): reach_dot, and r*r narrowed and widened by the band */
    int r_squares;                  /* r*r is normal: squares may decide (A) */
    double c, cc, low, high;        /* (B): OWN_SHARE, its square, 1 - band, 1 + band */
} Tests;

/* what every spot test of a board needs, read once a board */
typedef struct {
    double *units, *steps;          /* nunits directions (x, y), nsteps distances out */
    Py_ssize_t nunits, nsteps;
    double inner_l, inner_b, inner_r, inner_t, gap, grow;
    Tests ts;
} Board;

/* what can stop one dot's spots: the dots to keep clear of and its rivals ((x, y) rows), the
   letters placed ((left, bottom, right, top) rows) and each tier's segments near the dot */
typedef struct {
    const double *clear_of, *rivals, *taken;
    Py_ssize_t nclear, nrivals, ntaken;
    const Tier *tiers;
    Py_ssize_t ntiers;
} Near;

/* (A): Python's math.hypot(a, b) < r; 1, 0, or -1 with an exception */
static int nearer_than(const Tests *ts, double a, double b) {
    double q = a * a + b * b;
    if (ts->r_squares && q >= TINY) {
        if (q <= ts->rr_low) return 1;
        if (q >= ts->rr_high) return 0;
    }
    double h;
    if (exact_hypot(a, b, &h) < 0) return -1;
    return h < ts->r;
}

/* (B): Python's math.hypot(cx - px, cy - py) <= c * min(math.hypot(cx - x, cy - y) for rivals) */
static int names_own(const Tests *ts, double cx, double cy, double px, double py,
                     const double *rivals, Py_ssize_t nrivals) {
    if (nrivals == 0) return 1;
    double ox = cx - px, oy = cy - py;
    double qo = ox * ox + oy * oy;
    double own = -1.0;               /* Python's hypot of (ox, oy), once asked */
    for (Py_ssize_t j = 0; j < nrivals; j++) {
        double rx = cx - rivals[2 * j], ry = cy - rivals[2 * j + 1];
        double qr = rx * rx + ry * ry;
        if (qo >= TINY && qr >= TINY) {
            double t = ts->cc * qr;
            if (qo <= t * ts->low) continue;
            if (qo >= t * ts->high) return 0;
        }
        double other;
        if (own < 0.0 && exact_hypot(ox, oy, &own) < 0) return -1;
        if (exact_hypot(rx, ry, &other) < 0) return -1;
        if (!(own <= ts->c * other)) return 0;
    }
    return 1;
}

/* _Lines.meet: does any segment touch the upright box? */
static int meet(const Tier *tier, double left, double bottom, double right, double top) {
    for (Py_ssize_t k = 0; k < tier->n; k++) {
        const Seg *s = &tier->seg[k];
        if (left > s->right || right < s->left || bottom > s->top || top < s->bottom) continue;
        double y_a = s->dx * (bottom - s->y0), y_b = s->dx * (top - s->y0);
        double x_a = s->dy * (left - s->x0), x_b = s->dy * (right - s->x0);
        if (PYMIN(y_a, y_b) <= PYMAX(x_a, x_b) && PYMAX(y_a, y_b) >= PYMIN(x_a, x_b)) return 1;
    }
    return 0;
}

/* _free: 1, 0, or -1 with an exception */
static int is_free(const Board *bd, const Near *nr, Box box, double cx, double cy, double px,
                   double py) {
    if (box.l < bd->inner_l || box.r > bd->inner_r || box.b < bd->inner_b || box.t > bd->inner_t)
        return 0;
    for (Py_ssize_t k = 0; k < nr->ntaken; k++) {
        const double *t = &nr->taken[4 * k];
        if (box.l < t[2] + bd->gap && box.r > t[0] - bd->gap && box.b < t[3] + bd->gap
            && box.t > t[1] - bd->gap)
            return 0;
    }
    for (Py_ssize_t k = 0; k < nr->nclear; k++) {
        double x = nr->clear_of[2 * k], y = nr->clear_of[2 * k + 1];
        double a = PYMAX(PYMAX(box.l - x, 0.0), x - box.r);
        double b = PYMAX(PYMAX(box.b - y, 0.0), y - box.t);
        int near = nearer_than(&bd->ts, a, b);
        if (near) return near < 0 ? -1 : 0;
    }
    return names_own(&bd->ts, cx, cy, px, py, nr->rivals, nr->nrivals);
}

/* _search_python for the dot at (px, py): 1 with its spot in *out and *tier, 0 when no spot is
   free, -1 with an exception. free_boxes has room for every spot (nsteps * nunits). */
static int search_dot(const Board *bd, const Near *nr, double px, double py, double half_w,
                      double half_h, const double *starts, Box *free_boxes, Box *out, int *tier) {
    double grow = bd->grow;
    Py_ssize_t nfree = 0;
    for (Py_ssize_t k = 0; k < bd->nsteps; k++) {
        double s = bd->steps[k];
        for (Py_ssize_t d = 0; d < bd->nunits; d++) {
            double dist = starts[d] + s;
            double cx = px + dist * bd->units[2 * d], cy = py + dist * bd->units[2 * d + 1];
            Box box = {cx - half_w, cy - half_h, cx + half_w, cy + half_h};
            int ok = is_free(bd, nr, box, cx, cy, px, py);
            if (ok < 0) return -1;
            if (!ok) continue;
            if (nfree == 0 && nr->ntiers == 0) { *out = box; *tier = 1; return 1; }
            free_boxes[nfree++] = box;
            if (nr->ntiers
                && !meet(&nr->tiers[0], box.l - grow, box.b - grow, box.r + grow, box.t + grow)) {
                *out = box;
                *tier = 1;
                return 1;
            }
        }
    }
    if (nfree == 0) return 0;
    for (Py_ssize_t t = 1; t < nr->ntiers; t++) {
        for (Py_ssize_t k = 0; k < nfree; k++) {
            Box box = free_boxes[k];
            if (!meet(&nr->tiers[t], box.l - grow, box.b - grow, box.r + grow, box.t + grow)) {
                *out = box;
                *tier = (int)t + 1;
                return 1;
            }
        }
    }
    *out = free_boxes[0];
    *tier = (int)nr->ntiers + 1;
    return 1;
}

/* ``board`` (units, steps, (left, bottom, right, top) of the inner square, reach_dot, gap, grow,
   own_share) and the guard band ``band`` into *bd; -1 with an exception (bd's arrays are then
   freed by free_board all the same) */
static int read_board(Reader *rd, PyObject *board, double band, Board *bd) {
    PyObject *units_o, *steps_o, *inner_o, *reach_o, *gap_o, *grow_o, *share_o;
    if (!PyArg_ParseTuple(board, "OOOOOOO:board", &units_o, &steps_o, &inner_o, &reach_o, &gap_o,
                          &grow_o, &share_o))
        return -1;
    if (!(band >= BAND_MIN && band <= BAND_MAX)) {
        PyErr_Format(PyExc_ValueError, "band must be within [%g, %g]", BAND_MIN, BAND_MAX);
        return -1;
    }
    double *inner = NULL, reach, share;
    Py_ssize_t ninner = 0;
    if (read_rows(rd, units_o, 2, &bd->units, &bd->nunits, "units") < 0
        || read_flat(rd, steps_o, &bd->steps, &bd->nsteps, "steps") < 0
        || read_flat(rd, inner_o, &inner, &ninner, "inner") < 0)
        return -1;
    if (ninner != 4) {
        PyMem_Free(inner);
        PyErr_SetString(PyExc_ValueError, "inner: 4 numbers expected");
        return -1;
    }
    bd->inner_l = inner[0]; bd->inner_b = inner[1]; bd->inner_r = inner[2]; bd->inner_t = inner[3];
    PyMem_Free(inner);
    if (read_double(rd, reach_o, &reach) < 0 || read_double(rd, gap_o, &bd->gap) < 0
        || read_double(rd, grow_o, &bd->grow) < 0 || read_double(rd, share_o, &share) < 0)
        return -1;
    if (!(fabs(band) < TAME)) rd->tame = 0;
    bd->ts.r = reach;
    bd->ts.r_squares = reach >= R_MIN;
    bd->ts.low = 1.0 - band;
    bd->ts.high = 1.0 + band;
    bd->ts.rr_low = reach * reach * bd->ts.low;
    bd->ts.rr_high = reach * reach * bd->ts.high;
    bd->ts.c = share;
    bd->ts.cc = share * share;
    return 0;
}

static void free_board(Board *bd) {
    PyMem_Free(bd->units);
    PyMem_Free(bd->steps);
}

/* may the search run on what rd has read? Every number tame, and c positive for (B)'s monotone
   step, within bounds that keep its products normal */
static int vouched(const Reader *rd, const Board *bd) {
    return rd->tame && bd->ts.c >= SHARE_MIN && bd->ts.c <= SHARE_MAX;
}

static PyObject *found(Box box, int tier) {
    return Py_BuildValue("((dddd)i)", box.l, box.b, box.r, box.t, tier);
}

PyDoc_STRVAR(search_doc,
"search(board, px, py, half_w, half_h, starts, clear_of, rivals, lines, taken, band)\n"
"-> ((left, bottom, right, top), tier), None (no spot), or NotImplemented (numbers this core\n"
"leaves to labels._search_python). One dot's search, as labels._search_python takes its\n"
"arguments (``lines`` a list, a tier each, of _Lines.segments lists): place_all runs it for\n"
"every dot; the tests hold it to _search_python alone, on grids of ties boards seldom meet.");

static PyObject *search(PyObject *self, PyObject *args) {
    PyObject *board, *starts_o, *clear_o, *rivals_o, *lines_o, *taken_o;
    double px, py, half_w, half_h, band;
    if (!PyArg_ParseTuple(args, "O!ddddOOOOOd:search", &PyTuple_Type, &board, &px, &py, &half_w,
                          &half_h, &starts_o, &clear_o, &rivals_o, &lines_o, &taken_o, &band))
        return NULL;

    Reader rd = {1};
    Board bd = {0};
    Near nr = {0};
    double *starts = NULL, *clear_of = NULL, *rivals = NULL, *taken = NULL;
    Py_ssize_t nstarts = 0, ntiers = 0;
    Tier *tiers = NULL;
    Box *free_boxes = NULL;
    PyObject *result = NULL, *lines_fast = NULL;

    if (read_board(&rd, board, band, &bd) < 0) goto done;
    double probe[4] = {px, py, half_w, half_h};
    for (int k = 0; k < 4; k++) if (!(fabs(probe[k]) < TAME)) rd.tame = 0;
    if (read_flat(&rd, starts_o, &starts, &nstarts, "starts") < 0) goto done;
    if (nstarts != bd.nunits) {
        PyErr_SetString(PyExc_ValueError, "starts: one a unit expected");
        goto done;
    }
    if (read_rows(&rd, clear_o, 2, &clear_of, &nr.nclear, "clear_of") < 0) goto done;
    if (read_rows(&rd, rivals_o, 2, &rivals, &nr.nrivals, "rivals") < 0) goto done;
    if (read_rows(&rd, taken_o, 4, &taken, &nr.ntaken, "taken") < 0) goto done;
    lines_fast = PySequence_Fast(lines_o, "lines");
    if (!lines_fast) goto done;
    ntiers = PySequence_Fast_GET_SIZE(lines_fast);
    tiers = PyMem_Calloc((size_t)ntiers + 1, sizeof(Tier));
    if (!tiers) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t t = 0; t < ntiers; t++) {
        double *rows;
        if (read_rows(&rd, PySequence_Fast_GET_ITEM(lines_fast, t), 8, &rows, &tiers[t].n,
                      "lines") < 0)
            goto done;
        tiers[t].seg = (Seg *)rows;     /* 8 doubles a row, the layout of Seg */
    }
    if (!vouched(&rd, &bd)) {
        result = Py_NewRef(Py_NotImplemented);
        goto done;
    }
    nr.clear_of = clear_of; nr.rivals = rivals; nr.taken = taken;
    nr.tiers = tiers; nr.ntiers = ntiers;
    free_boxes = PyMem_Malloc(sizeof(Box) * (size_t)(bd.nsteps * bd.nunits + 1));
    if (!free_boxes) { PyErr_NoMemory(); goto done; }
    Box box;
    int tier;
    int got = search_dot(&bd, &nr, px, py, half_w, half_h, starts, free_boxes, &box, &tier);
    if (got >= 0) result = got ? found(box, tier) : Py_NewRef(Py_None);

done:
    free_board(&bd);
    PyMem_Free(starts); PyMem_Free(clear_of); PyMem_Free(rivals); PyMem_Free(taken);
    PyMem_Free(free_boxes);
    if (tiers) {
        for (Py_ssize_t t = 0; t < ntiers; t++) PyMem_Free(tiers[t].seg);
        PyMem_Free(tiers);
    }
    Py_XDECREF(lines_fast);
    return result;
}

/* a segment's end (x, y) */
static int read_end(Reader *rd, PyObject *o, double *x, double *y) {
    PyObject *fast = PySequence_Fast(o, "avoid: segments of two (x, y) ends expected");
    if (!fast) return -1;
    int ok = PySequence_Fast_GET_SIZE(fast) == 2;
    if (!ok)
        PyErr_SetString(PyExc_ValueError, "avoid: segments of two (x, y) ends expected");
    else
        ok = read_double(rd, PySequence_Fast_GET_ITEM(fast, 0), x) == 0
             && read_double(rd, PySequence_Fast_GET_ITEM(fast, 1), y) == 0;
    Py_DECREF(fast);
    return ok ? 0 : -1;
}

/* one tier of ``avoid``, segments ((x0, y0), (x1, y1)), made as _Lines makes them */
static int read_tier(Reader *rd, PyObject *seq, Tier *out) {
    PyObject *fast = PySequence_Fast(seq, "avoid: a list of segments a tier expected");
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    out->seg = PyMem_Malloc(sizeof(Seg) * (size_t)(count + 1));
    if (!out->seg) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *ends = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, k),
                                         "avoid: segments of two (x, y) ends expected");
        if (!ends) goto fail;
        double x0, y0, x1, y1;
        int ok = PySequence_Fast_GET_SIZE(ends) == 2;
        if (!ok)
            PyErr_SetString(PyExc_ValueError, "avoid: segments of two (x, y) ends expected");
        else
            ok = read_end(rd, PySequence_Fast_GET_ITEM(ends, 0), &x0, &y0) == 0
                 && read_end(rd, PySequence_Fast_GET_ITEM(ends, 1), &x1, &y1) == 0;
        Py_DECREF(ends);
        if (!ok) goto fail;
        Seg *s = &out->seg[k];
        s->x0 = x0; s->y0 = y0; s->dx = x1 - x0; s->dy = y1 - y0;
        s->left = x1 < x0 ? x1 : x0; s->right = x1 > x0 ? x1 : x0;
        s->bottom = y1 < y0 ? y1 : y0; s->top = y1 > y0 ? y1 : y0;
        if (!(fabs(s->dx) < TAME && fabs(s->dy) < TAME)) rd->tame = 0;   /* as the search reads them */
    }
    out->n = count;
    Py_DECREF(fast);
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

/* ``order``: a permutation of range(n) into out[n] */
static int read_order(PyObject *seq, Py_ssize_t n, Py_ssize_t *out) {
    PyObject *fast = PySequence_Fast(seq, "order: a list of dot indices expected");
    if (!fast) return -1;
    char *seen = PyMem_Calloc((size_t)n + 1, 1);
    int ok = seen != NULL && PySequence_Fast_GET_SIZE(fast) == n;
    for (Py_ssize_t k = 0; ok && k < n; k++) {
        Py_ssize_t i = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(fast, k));
        ok = i >= 0 && i < n && !seen[i];
        if (ok) seen[i] = 1, out[k] = i;
    }
    if (!seen) PyErr_NoMemory();
    else if (!ok && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "order: each dot's index once expected");
    PyMem_Free(seen);
    Py_DECREF(fast);
    return ok ? 0 : -1;
}

/* ``letters``, a dot's labels._letter each: (ink, half_w, half_h, starts, centres, around) into
   shape[4 * i] (half_w, half_h, centres, around) and starts[nunits * i] */
static int read_letters(Reader *rd, PyObject *seq, Py_ssize_t n, Py_ssize_t nunits, double *shape,
                        double *starts) {
    PyObject *fast = PySequence_Fast(seq, "letters: a list expected");
    if (!fast) return -1;
    int ok = PySequence_Fast_GET_SIZE(fast) == n;
    if (!ok) PyErr_SetString(PyExc_ValueError, "letters: one a dot expected");
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        PyObject *letter = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, i), "letters");
        if (!letter) { ok = 0; break; }
        PyObject *along = NULL;
        PyObject **cells = PySequence_Fast_ITEMS(letter);
        ok = PySequence_Fast_GET_SIZE(letter) == 6;
        if (!ok) PyErr_SetString(PyExc_ValueError, "letters: labels._letter's 6 values expected");
        ok = ok && read_double(rd, cells[1], &shape[4 * i]) == 0
             && read_double(rd, cells[2], &shape[4 * i + 1]) == 0
             && read_double(rd, cells[4], &shape[4 * i + 2]) == 0
             && read_double(rd, cells[5], &shape[4 * i + 3]) == 0
             && (along = PySequence_Fast(cells[3], "letters: starts")) != NULL;
        if (ok && PySequence_Fast_GET_SIZE(along) != nunits) {
            PyErr_SetString(PyExc_ValueError, "starts: one a unit expected");
            ok = 0;
        }
        for (Py_ssize_t d = 0; ok && d < nunits; d++)
            ok = read_double(rd, PySequence_Fast_GET_ITEM(along, d), &starts[nunits * i + d]) == 0;
        Py_XDECREF(along);
        Py_DECREF(letter);
    }
    Py_DECREF(fast);
    return ok ? 0 : -1;
}

PyDoc_STRVAR(place_all_doc,
"place_all(board, pts, order, nearest, letters, avoid, band)\n"
"-> a list, a dot each by index, of ((left, bottom, right, top), tier); or the index of the first\n"
"dot in ``order`` with no spot (Crowded); or NotImplemented (numbers this core leaves to\n"
"labels._place_python). labels._place_python's loop over the dots, with its arguments: ``pts``\n"
"(x, y) a dot, ``order`` their indices (the most crowded first), ``nearest`` each one's distance\n"
"to its nearest, ``letters`` a dot's labels._letter each, ``avoid`` the tiers' segments.");

static PyObject *place_all(PyObject *self, PyObject *args) {
    PyObject *board, *pts_o, *order_o, *nearest_o, *letters_o, *avoid_o;
    double band;
    if (!PyArg_ParseTuple(args, "O!OOOOOd:place_all", &PyTuple_Type, &board, &pts_o, &order_o,
                          &nearest_o, &letters_o, &avoid_o, &band))
        return NULL;

    /* nearest only bounds which dots are rivals, in comparisons: infinite for a lone dot, it
       works as in Python, so it need not be tame (read apart) */
    Reader rd = {1}, bounds = {1};
    Board bd = {0};
    Near nr = {0};
    double *pts = NULL, *nearest = NULL, *shape = NULL, *starts = NULL, *lists = NULL;
    Py_ssize_t n = 0, nnearest = 0, ntiers = 0, *order = NULL;
    Tier *tiers = NULL, *near_tiers = NULL;
    Box *free_boxes = NULL;
    PyObject *result = NULL, *avoid = NULL, *out = NULL;

    if (read_board(&rd, board, band, &bd) < 0) goto done;
    if (read_rows(&rd, pts_o, 2, &pts, &n, "pts") < 0) goto done;
    if (read_flat(&bounds, nearest_o, &nearest, &nnearest, "nearest") < 0) goto done;
    if (nnearest != n) {
        PyErr_SetString(PyExc_ValueError, "nearest: one a dot expected");
        goto done;
    }
    order = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(n + 1));
    shape = PyMem_Malloc(sizeof(double) * (size_t)(4 * n + 1));
    starts = PyMem_Malloc(sizeof(double) * (size_t)(bd.nunits * n + 1));
    /* each dot's clear_of and rivals (2 a dot), and the letters taken (4 a dot) */
    lists = PyMem_Malloc(sizeof(double) * (size_t)(8 * n + 1));
    free_boxes = PyMem_Malloc(sizeof(Box) * (size_t)(bd.nsteps * bd.nunits + 1));
    if (!order || !shape || !starts || !lists || !free_boxes) { PyErr_NoMemory(); goto done; }
    if (read_order(order_o, n, order) < 0) goto done;
    if (read_letters(&rd, letters_o, n, bd.nunits, shape, starts) < 0) goto done;
    avoid = PySequence_Fast(avoid_o, "avoid: a list of tiers expected");
    if (!avoid) goto done;
    ntiers = PySequence_Fast_GET_SIZE(avoid);
    tiers = PyMem_Calloc((size_t)ntiers + 1, sizeof(Tier));
    near_tiers = PyMem_Calloc((size_t)ntiers + 1, sizeof(Tier));
    if (!tiers || !near_tiers) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t t = 0; t < ntiers; t++) {
        if (read_tier(&rd, PySequence_Fast_GET_ITEM(avoid, t), &tiers[t]) < 0) goto done;
        near_tiers[t].seg = PyMem_Malloc(sizeof(Seg) * (size_t)(tiers[t].n + 1));
        if (!near_tiers[t].seg) { PyErr_NoMemory(); goto done; }
    }
    if (!vouched(&rd, &bd)) {
        result = Py_NewRef(Py_NotImplemented);
        goto done;
    }
    out = PyList_New(n);
    if (!out) goto done;

    double *clear_of = lists, *rivals = lists + 2 * n, *taken = lists + 4 * n;
    nr.clear_of = clear_of; nr.rivals = rivals; nr.taken = taken;
    nr.tiers = near_tiers; nr.ntiers = ntiers;
    double reach_dot = bd.ts.r;
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_ssize_t i = order[k];
        double px = pts[2 * i], py = pts[2 * i + 1];
        double half_w = shape[4 * i], half_h = shape[4 * i + 1];
        double centres = shape[4 * i + 2], around = shape[4 * i + 3];
        /* labels._place_python's choice of what is near, its sums and comparisons to the bit */
        double near_dot = around + reach_dot;
        double reach = nearest[i] + 2 * centres + 1.0;
        clear_of[0] = px;
        clear_of[1] = py;
        nr.nclear = 1;
        nr.nrivals = 0;
        for (Py_ssize_t j = 0; j < n; j++) {
            if (j == i) continue;
            double x = pts[2 * j], y = pts[2 * j + 1];
            if (fabs(x - px) < near_dot && fabs(y - py) < near_dot) {
                clear_of[2 * nr.nclear] = x;
                clear_of[2 * nr.nclear + 1] = y;
                nr.nclear++;
            }
            if (fabs(x - px) <= reach && fabs(y - py) <= reach) {
                rivals[2 * nr.nrivals] = x;
                rivals[2 * nr.nrivals + 1] = y;
                nr.nrivals++;
            }
        }
        double left = px - around, bottom = py - around, right = px + around, top = py + around;
        for (Py_ssize_t t = 0; t < ntiers; t++) {
            near_tiers[t].n = 0;
            for (Py_ssize_t m = 0; m < tiers[t].n; m++) {
                const Seg *s = &tiers[t].seg[m];
                if (s->left <= right && s->right >= left && s->bottom <= top && s->top >= bottom)
                    near_tiers[t].seg[near_tiers[t].n++] = *s;
            }
        }
        nr.ntaken = k;
        Box box;
        int tier;
        int got = search_dot(&bd, &nr, px, py, half_w, half_h, &starts[bd.nunits * i],
                             free_boxes, &box, &tier);
        if (got < 0) goto done;
        if (!got) { result = PyLong_FromSsize_t(i); goto done; }
        /* the next dots' searches read this box: inside the inner square, it is as tame */
        taken[4 * k] = box.l; taken[4 * k + 1] = box.b; taken[4 * k + 2] = box.r;
        taken[4 * k + 3] = box.t;
        PyObject *spot = found(box, tier);
        if (!spot) goto done;
        PyList_SET_ITEM(out, i, spot);
    }
    result = out;
    out = NULL;

done:
    free_board(&bd);
    PyMem_Free(pts); PyMem_Free(nearest); PyMem_Free(order); PyMem_Free(shape);
    PyMem_Free(starts); PyMem_Free(lists); PyMem_Free(free_boxes);
    for (Py_ssize_t t = 0; t < ntiers; t++) {
        if (tiers) PyMem_Free(tiers[t].seg);
        if (near_tiers) PyMem_Free(near_tiers[t].seg);
    }
    PyMem_Free(tiers); PyMem_Free(near_tiers);
    Py_XDECREF(avoid);
    Py_XDECREF(out);
    return result;
}

static PyObject *get_exact_calls(PyObject *self, PyObject *unused) {
    return PyLong_FromUnsignedLongLong(exact_calls);
}

static PyMethodDef methods[] = {
    {"place_all", place_all, METH_VARARGS, place_all_doc},
    {"search", search, METH_VARARGS, search_doc},
    {"exact_calls", get_exact_calls, METH_NOARGS,
     "exact_calls() -> times the searches have asked math.hypot (decisions inside the guard band)"},
    {NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_letters",
    "The dot letters' placing loop in C: same spots as labels._place_python, to the bit.", -1, methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__letters(void) {
    PyObject *math = PyImport_ImportModule("math");
    if (!math) return NULL;
    py_hypot = PyObject_GetAttrString(math, "hypot");
    Py_DECREF(math);
    if (!py_hypot) return NULL;
    return PyModule_Create(&module);
}
