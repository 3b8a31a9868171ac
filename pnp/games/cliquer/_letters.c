/* Dot letters: the per-dot spot search of pnp/games/cliquer/labels.py (``_search_python``), in C.
 *
 * Why: placing the letters was about a third of a whole build's time (issue 14), nearly all of
 * it in this loop of float tests. Optional: `pip install .` builds it when a C compiler is there;
 * without it labels.py runs its own search. The two must choose the very same spots, to the last
 * bit, because a spec promises the same PDF bytes on every machine, built here or not. So only
 * the search is here; what sets it up (units, steps, font widths, which dots and lines are near)
 * and what is made of its answer (Label, Crowded) stays in Python, shared by both.
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
 * - NaN, infinities or numbers past 1e100 in the input, or an own_share outside [1e-6, 1e6]:
 *   the search declines (returns NotImplemented) and labels.py runs its own. Within these no
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
 * ``exact_calls()`` counts the times math.hypot was asked, so the tests can see the guard band
 * taken; a wider ``band`` (the last argument) sends more decisions through it.
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

typedef struct {
    double inner_l, inner_b, inner_r, inner_t, gap;
    const double *clear_of, *rivals, *taken;
    Py_ssize_t nclear, nrivals, ntaken;
    Tests ts;
} Where;

/* _free: 1, 0, or -1 with an exception */
static int is_free(const Where *w, Box box, double cx, double cy, double px, double py) {
    if (box.l < w->inner_l || box.r > w->inner_r || box.b < w->inner_b || box.t > w->inner_t)
        return 0;
    for (Py_ssize_t k = 0; k < w->ntaken; k++) {
        const double *t = &w->taken[4 * k];
        if (box.l < t[2] + w->gap && box.r > t[0] - w->gap && box.b < t[3] + w->gap
            && box.t > t[1] - w->gap)
            return 0;
    }
    for (Py_ssize_t k = 0; k < w->nclear; k++) {
        double x = w->clear_of[2 * k], y = w->clear_of[2 * k + 1];
        double a = PYMAX(PYMAX(box.l - x, 0.0), x - box.r);
        double b = PYMAX(PYMAX(box.b - y, 0.0), y - box.t);
        int near = nearer_than(&w->ts, a, b);
        if (near) return near < 0 ? -1 : 0;
    }
    return names_own(&w->ts, cx, cy, px, py, w->rivals, w->nrivals);
}

static PyObject *found(Box box, int tier) {
    return Py_BuildValue("((dddd)i)", box.l, box.b, box.r, box.t, tier);
}

PyDoc_STRVAR(search_doc,
"search(board, px, py, half_w, half_h, starts, clear_of, rivals, lines, taken, band)\n"
"-> ((left, bottom, right, top), tier), None (no spot: Crowded), or NotImplemented (numbers\n"
"this core leaves to labels._search_python). ``board`` is (units, steps, (left, bottom, right,\n"
"top) of the inner square, reach_dot, gap, grow, own_share); ``lines`` a list, a tier each, of\n"
"_Lines.segments lists. Arguments as labels._search_python takes them.");

static PyObject *search(PyObject *self, PyObject *args) {
    PyObject *board, *starts_o, *clear_o, *rivals_o, *lines_o, *taken_o;
    PyObject *units_o, *steps_o, *inner_o, *reach_o, *gap_o, *grow_o, *share_o;
    double px, py, half_w, half_h, band;
    if (!PyArg_ParseTuple(args, "O!ddddOOOOOd:search", &PyTuple_Type, &board, &px, &py, &half_w,
                          &half_h, &starts_o, &clear_o, &rivals_o, &lines_o, &taken_o, &band))
        return NULL;
    if (!PyArg_ParseTuple(board, "OOOOOOO:search board", &units_o, &steps_o, &inner_o, &reach_o,
                          &gap_o, &grow_o, &share_o))
        return NULL;
    if (!(band >= BAND_MIN && band <= BAND_MAX))
        return PyErr_Format(PyExc_ValueError, "band must be within [%g, %g]", BAND_MIN, BAND_MAX);

    Reader rd = {1};
    Where w = {0};
    double *units = NULL, *steps = NULL, *inner = NULL, *starts = NULL, *clear_of = NULL;
    double *rivals = NULL, *taken = NULL;
    Py_ssize_t nunits = 0, nsteps = 0, ninner = 0, nstarts = 0;
    double reach, gap, grow, share;
    Tier *tiers = NULL;
    Py_ssize_t ntiers = 0;
    Box *free_boxes = NULL;
    PyObject *result = NULL, *lines_fast = NULL;

    double probe[4] = {px, py, half_w, half_h};
    for (int k = 0; k < 4; k++) if (!(fabs(probe[k]) < TAME)) rd.tame = 0;
    if (!(fabs(band) < TAME)) rd.tame = 0;
    if (read_rows(&rd, units_o, 2, &units, &nunits, "units") < 0) goto done;
    if (read_flat(&rd, steps_o, &steps, &nsteps, "steps") < 0) goto done;
    if (read_flat(&rd, inner_o, &inner, &ninner, "inner") < 0) goto done;
    if (ninner != 4) { PyErr_SetString(PyExc_ValueError, "inner: 4 numbers expected"); goto done; }
    if (read_double(&rd, reach_o, &reach) < 0 || read_double(&rd, gap_o, &gap) < 0
        || read_double(&rd, grow_o, &grow) < 0 || read_double(&rd, share_o, &share) < 0)
        goto done;
    if (read_flat(&rd, starts_o, &starts, &nstarts, "starts") < 0) goto done;
    if (nstarts != nunits) {
        PyErr_SetString(PyExc_ValueError, "starts: one a unit expected");
        goto done;
    }
    if (read_rows(&rd, clear_o, 2, &clear_of, &w.nclear, "clear_of") < 0) goto done;
    if (read_rows(&rd, rivals_o, 2, &rivals, &w.nrivals, "rivals") < 0) goto done;
    if (read_rows(&rd, taken_o, 4, &taken, &w.ntaken, "taken") < 0) goto done;
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
    /* c positive for (B)'s monotone step, and within bounds that keep its products normal */
    if (!rd.tame || !(share >= SHARE_MIN && share <= SHARE_MAX)) {
        result = Py_NewRef(Py_NotImplemented);
        goto done;
    }

    w.inner_l = inner[0]; w.inner_b = inner[1]; w.inner_r = inner[2]; w.inner_t = inner[3];
    w.gap = gap;
    w.clear_of = clear_of; w.rivals = rivals; w.taken = taken;
    w.ts.r = reach;
    w.ts.r_squares = reach >= R_MIN;
    w.ts.low = 1.0 - band;
    w.ts.high = 1.0 + band;
    w.ts.rr_low = reach * reach * w.ts.low;
    w.ts.rr_high = reach * reach * w.ts.high;
    w.ts.c = share;
    w.ts.cc = share * share;

    free_boxes = PyMem_Malloc(sizeof(Box) * (size_t)(nsteps * nunits + 1));
    if (!free_boxes) { PyErr_NoMemory(); goto done; }
    Py_ssize_t nfree = 0;
    for (Py_ssize_t k = 0; k < nsteps; k++) {
        double s = steps[k];
        for (Py_ssize_t d = 0; d < nunits; d++) {
            double dist = starts[d] + s;
            double cx = px + dist * units[2 * d], cy = py + dist * units[2 * d + 1];
            Box box = {cx - half_w, cy - half_h, cx + half_w, cy + half_h};
            int ok = is_free(&w, box, cx, cy, px, py);
            if (ok < 0) goto done;
            if (!ok) continue;
            if (nfree == 0 && ntiers == 0) { result = found(box, 1); goto done; }
            free_boxes[nfree++] = box;
            if (ntiers && !meet(&tiers[0], box.l - grow, box.b - grow, box.r + grow, box.t + grow)) {
                result = found(box, 1);
                goto done;
            }
        }
    }
    if (nfree == 0) { result = Py_NewRef(Py_None); goto done; }
    for (Py_ssize_t t = 1; t < ntiers; t++) {
        for (Py_ssize_t k = 0; k < nfree; k++) {
            Box box = free_boxes[k];
            if (!meet(&tiers[t], box.l - grow, box.b - grow, box.r + grow, box.t + grow)) {
                result = found(box, (int)t + 1);
                goto done;
            }
        }
    }
    result = found(free_boxes[0], (int)ntiers + 1);

done:
    PyMem_Free(units); PyMem_Free(steps); PyMem_Free(inner); PyMem_Free(starts);
    PyMem_Free(clear_of); PyMem_Free(rivals); PyMem_Free(taken); PyMem_Free(free_boxes);
    if (tiers) {
        for (Py_ssize_t t = 0; t < ntiers; t++) PyMem_Free(tiers[t].seg);
        PyMem_Free(tiers);
    }
    Py_XDECREF(lines_fast);
    return result;
}

static PyObject *get_exact_calls(PyObject *self, PyObject *unused) {
    return PyLong_FromUnsignedLongLong(exact_calls);
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, search_doc},
    {"exact_calls", get_exact_calls, METH_NOARGS,
     "exact_calls() -> times the search has asked math.hypot (decisions inside the guard band)"},
    {NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_letters",
    "The dot letters' spot search in C: same spots as labels._search_python, to the bit.", -1, methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__letters(void) {
    PyObject *math = PyImport_ImportModule("math");
    if (!math) return NULL;
    py_hypot = PyObject_GetAttrString(math, "hypot");
    Py_DECREF(math);
    if (!py_hypot) return NULL;
    return PyModule_Create(&module);
}
