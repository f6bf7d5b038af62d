/* The C core of a Draw round: the same state and hot path as PureCore in _purecore.py.
 *
 * Read _purecore.py first: it is the reference, and it defines every table this file uses
 * (setup() receives them), so the two cores cannot drift apart on what an action means.
 * Behaviour must be identical: tests/draw/test_cores.py compares the cores step by step.
 *
 * Encoding (see _purecore.py): a tile is its index 0-27, 0-54 with the double-nine set (D25),
 * and a hand a 64-bit set of them; an end code is 2 * tile + side (0: high or A, 1: low or B);
 * an action code indexes ACTIONS. A core plays one set (`tiles`: 28 or 55): its openings,
 * its plays on an end (the double-six ones of an end come first in plays_on, n_plays_six of
 * them) and the tiles a pass proves absent (end_mask_six or end_mask_nine) are its set's.
 * legal_actions() hands out the interned Python action objects of ACTIONS. Illegal actions
 * are explained by the Python function reject(), which raises IllegalActionError; the C code
 * only checks, and changes nothing before the checks pass.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SIX_TILES 28  /* the double-six set (D1) */
#define NTILES 55     /* the double-nine set (D25), which holds the double-six set's 28 */
#define NENDS 110
#define MAX_ACTIONS 2048
#define MAX_PLAYS_ON 10
/* A round has at most 55 plays, 41 draws and, between two plays, fewer passes than players,
 * and a full turn of them at the end. */
#define MAX_HISTORY 320
#define RESERVE 2       /* the last two tiles of the stock are never drawn (D6, D8) */
#define PARTNER_PLAYERS 4 /* partnerships: seats 0 and 2 against 1 and 3 (D21) */

/* -- tables, filled once by setup() ---------------------------------------------------- */

static int n_actions = 0;
static PyObject *actions[MAX_ACTIONS];    /* action code -> interned action object */
static int8_t action_tile[MAX_ACTIONS];   /* tile placed, or -1 */
static int8_t action_end[MAX_ACTIONS];    /* end code joined, or -1 */
static int8_t action_free[MAX_ACTIONS];   /* end code left open instead, or -1 */
static int16_t plays_on[NENDS][MAX_PLAYS_ON]; /* the double-nine set's, double-six's first */
static int8_t n_plays_six[NENDS];             /* how many of them are the double-six set's */
static int8_t n_plays_nine[NENDS];
static uint64_t end_mask_six[NENDS];  /* the double-six tiles that show the number of an end */
static uint64_t end_mask_nine[NENDS]; /* the double-nine tiles that do */
static int16_t opening[NTILES];       /* the action code opening the line with a tile */
static int draw_code = -1, pass_code = -1;
static PyObject *action_code = NULL; /* dict: action object -> code */
static PyTypeObject *play_type = NULL, *draw_type = NULL, *pass_type = NULL;
static PyObject *reject_func = NULL;
static uint8_t tile_pips[NTILES]; /* each tile's count (D12), by tile index */
static PyObject *empty_tuple = NULL;

/* -- the state ----------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *legal; /* cached legal_actions() tuple, or NULL */
    uint64_t hands[4];
    uint64_t absent[4]; /* tiles a seat cannot hold (its passes, D8) */
    uint8_t n, current, leader, passes;
    uint8_t over;
    int8_t domino_by;
    uint8_t stock_len, taken;
    uint8_t reserve; /* tiles of the stock never drawn: RESERVE, or all of it in Block (D18) */
    uint8_t partners; /* two sides of partners, seats 0 and 2 against 1 and 3 (D21) */
    uint8_t tiles;    /* the set's tiles: 28, double-six (D1), or 55, double-nine (D25) */
    uint8_t stock[NTILES];
    int8_t ends[2]; /* open end codes in line order; -1 before the opening */
    uint8_t n_placed;
    uint16_t placed[NTILES];
    uint16_t n_hist;
    uint8_t hist_seat[MAX_HISTORY];
    uint16_t hist_code[MAX_HISTORY];
} CoreObject;

/* Everything after the PyObject header and the cached tuple is plain data. */
#define STATE_OFFSET offsetof(CoreObject, hands)
#define STATE_SIZE (sizeof(CoreObject) - STATE_OFFSET)

static int
check_setup(void)
{
    if (reject_func == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "pegboard.draw._fastround.setup() was not called");
        return -1;
    }
    return 0;
}

static PyObject *
core_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    CoreObject *self = (CoreObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->legal = NULL;
    memset((char *)self + STATE_OFFSET, 0, STATE_SIZE);
    self->ends[0] = self->ends[1] = -1;
    self->domino_by = -1;
    self->reserve = RESERVE;
    self->tiles = SIX_TILES;
    return (PyObject *)self;
}

static void
core_dealloc(CoreObject *self)
{
    Py_CLEAR(self->legal);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static inline void
clear_legal(CoreObject *self)
{
    Py_CLEAR(self->legal);
}

/* A new, empty core of the same (sub)type as `cls`. */
static CoreObject *
alloc_like(PyTypeObject *cls)
{
    return (CoreObject *)core_new(cls, NULL, NULL);
}

/* Read a sequence of small ints into `out`; -1 on error. */
static Py_ssize_t
read_ints(PyObject *seq, const char *what, long lo, long hi, long *out, Py_ssize_t cap)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > cap) {
        PyErr_Format(PyExc_ValueError, "too many %s", what);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < lo || v > hi) {
            PyErr_Format(PyExc_ValueError, "bad value %ld in %s", v, what);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = v;
    }
    Py_DECREF(fast);
    return len;
}

/* Lay the placements (action codes) on an empty line; -1 if they do not make a line. */
static int
lay_placements(CoreObject *self, const long *codes, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        int code = (int)codes[i];
        int tile = action_tile[code], end = action_end[code];
        if (tile < 0 || (i == 0) != (end < 0)) {
            PyErr_SetString(PyExc_ValueError, "the placements do not build a line");
            return -1;
        }
        if (i == 0) {
            self->ends[0] = (int8_t)(2 * tile);
            self->ends[1] = (int8_t)(2 * tile + 1);
        }
        else if (self->ends[0] == end) {
            self->ends[0] = action_free[code];
        }
        else if (self->ends[1] == end) {
            self->ends[1] = action_free[code];
        }
        else {
            PyErr_SetString(PyExc_ValueError, "the placements do not build a line");
            return -1;
        }
        self->placed[self->n_placed++] = (uint16_t)code;
    }
    return 0;
}

/* A new core holding these hands, this stock and a line built from these placements: the
 * part that _make and _fromstate share (their arguments are checked by the caller). */
static CoreObject *
core_of(PyTypeObject *cls, const long *hands, Py_ssize_t n, const long *stock,
        Py_ssize_t n_stock, const long *placed, Py_ssize_t n_placed)
{
    CoreObject *self = alloc_like(cls);
    if (self == NULL) {
        return NULL;
    }
    self->n = (uint8_t)n;
    for (Py_ssize_t s = 0; s < n; s++) {
        self->hands[s] = (uint64_t)hands[s];
    }
    self->stock_len = (uint8_t)n_stock;
    for (Py_ssize_t i = 0; i < n_stock; i++) {
        self->stock[i] = (uint8_t)stock[i];
    }
    if (lay_placements(self, placed, n_placed) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return self;
}

/* The tiles of the set whose highest number is `top` (6 or 9), or -1 with an error. */
static int
tiles_of_set(int top)
{
    if (top == 6 || top == 9) {
        return top == 6 ? SIX_TILES : NTILES;
    }
    PyErr_SetString(PyExc_ValueError, "the set is 6 (double-six, D1) or 9 (double-nine, D25)");
    return -1;
}

/* _make(hands, stock, current, placed[, reserve[, partnerships[, tile_set]]]): a core for
 * any (valid) position. */
static PyObject *
core_make(PyTypeObject *cls, PyObject *args)
{
    PyObject *hands_arg, *stock_arg, *placed_arg;
    int current, reserve = RESERVE, partners = 0, top = 6;
    long hands[4], stock[NTILES], placed[NTILES];
    if (check_setup() < 0) {
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOiO|ipi:_make", &hands_arg, &stock_arg, &current,
                          &placed_arg, &reserve, &partners, &top)) {
        return NULL;
    }
    int tiles = tiles_of_set(top);
    if (tiles < 0) {
        return NULL;
    }
    if (reserve < 0 || reserve > NTILES) {
        PyErr_SetString(PyExc_ValueError, "a reserve is 0 to 55 tiles");
        return NULL;
    }
    Py_ssize_t n = read_ints(hands_arg, "hands", 0, (1L << tiles) - 1, hands, 4);
    if (n < 0) {
        return NULL;
    }
    Py_ssize_t n_stock = read_ints(stock_arg, "stock", 0, tiles - 1, stock, tiles);
    if (n_stock < 0) {
        return NULL;
    }
    Py_ssize_t n_placed = read_ints(placed_arg, "placements", 0, n_actions - 1, placed, NTILES);
    if (n_placed < 0) {
        return NULL;
    }
    if (n < 2 || current < 0 || current >= n) {
        PyErr_SetString(PyExc_ValueError, "a core needs 2 to 4 hands and a seat to play");
        return NULL;
    }
    if (partners && n != PARTNER_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "partnerships are for 4 players (D21)");
        return NULL;
    }
    CoreObject *self = core_of(cls, hands, n, stock, n_stock, placed, n_placed);
    if (self == NULL) {
        return NULL;
    }
    self->current = self->leader = (uint8_t)current;
    self->reserve = (uint8_t)reserve;
    self->partners = (uint8_t)partners;
    self->tiles = (uint8_t)tiles;
    return (PyObject *)self;
}

/* -- the deal: the double-six shuffle of CPython's random (shared with the other core) -- */

#include "../dominoes/_shuffle.h"

/* _deal(players, seed, leader[, reserve[, partnerships[, tile_set]]]): seed is an int with
 * abs(seed) < 2**64. */
static PyObject *
core_deal(PyTypeObject *cls, PyObject *args)
{
    int players, leader, reserve = RESERVE, partners = 0, top = 6;
    PyObject *seed_arg;
    if (check_setup() < 0) {
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "iO!i|ipi:_deal", &players, &PyLong_Type, &seed_arg, &leader,
                          &reserve, &partners, &top)) {
        return NULL;
    }
    int tiles = tiles_of_set(top);
    if (tiles < 0) {
        return NULL;
    }
    if (reserve < 0 || reserve > NTILES) {
        PyErr_SetString(PyExc_ValueError, "a reserve is 0 to 55 tiles");
        return NULL;
    }
    if (players < 2 || players > 4 || leader < 0 || leader >= players) {
        PyErr_SetString(PyExc_ValueError, "Draw is played by 2 to 4 players (D1)");
        return NULL;
    }
    if (partners && players != PARTNER_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "partnerships are for 4 players (D21)");
        return NULL;
    }
    MT mt;
    if (mt_seed(&mt, seed_arg) < 0) {
        return NULL;
    }
    uint8_t order[NTILES];
    shuffle_count(&mt, order, tiles);
    CoreObject *self = alloc_like(cls);
    if (self == NULL) {
        return NULL;
    }
    /* _purecore.hand_size_of: 7 each, 6 each to 4 with the double-six set (D2, D26) */
    int size = players == 4 && tiles == SIX_TILES ? 6 : 7;
    self->n = (uint8_t)players;
    for (int s = 0; s < players; s++) {
        uint64_t hand = 0;
        for (int i = s * size; i < (s + 1) * size; i++) {
            hand |= (uint64_t)1 << order[i];
        }
        self->hands[s] = hand;
    }
    self->stock_len = (uint8_t)(tiles - players * size);
    memcpy(self->stock, order + players * size, self->stock_len);
    self->current = self->leader = (uint8_t)leader;
    self->reserve = (uint8_t)reserve;
    self->partners = (uint8_t)partners;
    self->tiles = (uint8_t)tiles;
    return (PyObject *)self;
}

static PyObject *
tuple_of_u64(const uint64_t *values, int n)
{
    PyObject *t = PyTuple_New(n);
    if (t == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(values[i]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* _getstate(): the whole state as a tuple of ints and tuples (see PureCore._getstate). */
static PyObject *
core_getstate(CoreObject *self, PyObject *unused)
{
    uint64_t stock[NTILES], absent[4], placed[NTILES], seats[MAX_HISTORY], codes[MAX_HISTORY];
    for (int i = 0; i < self->stock_len; i++) {
        stock[i] = self->stock[i];
    }
    for (int i = 0; i < self->n_placed; i++) {
        placed[i] = self->placed[i];
    }
    for (int i = 0; i < self->n_hist; i++) {
        seats[i] = self->hist_seat[i];
        codes[i] = self->hist_code[i];
    }
    memcpy(absent, self->absent, sizeof absent);
    return Py_BuildValue("(NNiiiiNNNNNiiNi)", tuple_of_u64(self->hands, self->n),
                         tuple_of_u64(stock, self->stock_len), self->taken, self->current,
                         self->leader, self->passes, tuple_of_u64(absent, self->n),
                         tuple_of_u64(placed, self->n_placed), tuple_of_u64(seats, self->n_hist),
                         tuple_of_u64(codes, self->n_hist), PyBool_FromLong(self->over),
                         self->domino_by, self->reserve, PyBool_FromLong(self->partners),
                         self->tiles == SIX_TILES ? 6 : 9);
}

/* _fromstate(state): a core from _getstate(), checked so that no index can go astray. */
static PyObject *
core_fromstate(PyTypeObject *cls, PyObject *args)
{
    PyObject *hands_arg, *stock_arg, *absent_arg, *placed_arg, *seats_arg, *codes_arg;
    int taken, current, leader, passes, over, domino_by, reserve = RESERVE, partners = 0;
    int top = 6;
    long hands[4], stock[NTILES], absent[4], placed[NTILES], seats[MAX_HISTORY],
        codes[MAX_HISTORY];
    if (check_setup() < 0) {
        return NULL;
    }
    /* A state of 12 is one from before the Block game (D18): a Draw round's; one of 13 from
     * before partnerships (D21): players alone; one of 14 from before the double-nine set
     * (D25): a double-six round's, whose Block reserve was 28. */
    PyObject *state = NULL;
    if (!PyArg_ParseTuple(args, "O!:_fromstate", &PyTuple_Type, &state)) {
        return NULL;
    }
    int parsed = PyTuple_GET_SIZE(state) == 12
                     ? PyArg_ParseTuple(state, "OOiiiiOOOOpi:_fromstate", &hands_arg, &stock_arg,
                                        &taken, &current, &leader, &passes, &absent_arg,
                                        &placed_arg, &seats_arg, &codes_arg, &over, &domino_by)
                 : PyTuple_GET_SIZE(state) == 13
                     ? PyArg_ParseTuple(state, "OOiiiiOOOOpii:_fromstate", &hands_arg,
                                        &stock_arg, &taken, &current, &leader, &passes,
                                        &absent_arg, &placed_arg, &seats_arg, &codes_arg, &over,
                                        &domino_by, &reserve)
                 : PyTuple_GET_SIZE(state) == 14
                     ? PyArg_ParseTuple(state, "OOiiiiOOOOpiip:_fromstate", &hands_arg,
                                        &stock_arg, &taken, &current, &leader, &passes,
                                        &absent_arg, &placed_arg, &seats_arg, &codes_arg, &over,
                                        &domino_by, &reserve, &partners)
                     : PyArg_ParseTuple(state, "OOiiiiOOOOpiipi:_fromstate", &hands_arg,
                                        &stock_arg, &taken, &current, &leader, &passes,
                                        &absent_arg, &placed_arg, &seats_arg, &codes_arg, &over,
                                        &domino_by, &reserve, &partners, &top);
    if (!parsed) {
        return NULL;
    }
    int tiles = tiles_of_set(top);
    if (tiles < 0) {
        return NULL;
    }
    if (reserve >= SIX_TILES && reserve <= NTILES) { /* the Block game's: 28 before D25 */
        reserve = NTILES;
    }
    Py_ssize_t n = read_ints(hands_arg, "hands", 0, (1L << tiles) - 1, hands, 4);
    if (n < 0) {
        return NULL;
    }
    Py_ssize_t n_stock = read_ints(stock_arg, "stock", 0, tiles - 1, stock, tiles);
    Py_ssize_t n_absent = read_ints(absent_arg, "absent", 0, (1L << tiles) - 1, absent, 4);
    Py_ssize_t n_placed = read_ints(placed_arg, "placements", 0, n_actions - 1, placed, NTILES);
    Py_ssize_t n_seats = read_ints(seats_arg, "seats", 0, 3, seats, MAX_HISTORY);
    Py_ssize_t n_codes = read_ints(codes_arg, "codes", 0, n_actions - 1, codes, MAX_HISTORY);
    if (n_stock < 0 || n_absent < 0 || n_placed < 0 || n_seats < 0 || n_codes < 0) {
        return NULL;
    }
    int bad = n < 2 || n_absent != n || n_seats != n_codes || taken < 0 || taken > n_stock ||
              current < 0 || current >= n || leader < 0 || leader >= n || passes < 0 ||
              passes > n || domino_by < -1 || domino_by >= n || reserve < 0 || reserve > NTILES ||
              (partners && n != PARTNER_PLAYERS);
    for (Py_ssize_t i = 0; i < n_seats && !bad; i++) {
        bad = seats[i] >= n;
    }
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "not the state of a round");
        return NULL;
    }
    CoreObject *self = core_of(cls, hands, n, stock, n_stock, placed, n_placed);
    if (self == NULL) {
        return NULL;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        self->absent[s] = (uint64_t)absent[s];
    }
    self->n_hist = (uint16_t)n_seats;
    for (Py_ssize_t i = 0; i < n_seats; i++) {
        self->hist_seat[i] = (uint8_t)seats[i];
        self->hist_code[i] = (uint16_t)codes[i];
    }
    self->taken = (uint8_t)taken;
    self->current = (uint8_t)current;
    self->leader = (uint8_t)leader;
    self->passes = (uint8_t)passes;
    self->over = (uint8_t)over;
    self->domino_by = (int8_t)domino_by;
    self->reserve = (uint8_t)reserve;
    self->partners = (uint8_t)partners;
    self->tiles = (uint8_t)tiles;
    return (PyObject *)self;
}

static PyObject *
core_clone(CoreObject *self, PyObject *unused)
{
    CoreObject *other = alloc_like(Py_TYPE(self));
    if (other == NULL) {
        return NULL;
    }
    memcpy((char *)other + STATE_OFFSET, (char *)self + STATE_OFFSET, STATE_SIZE);
    Py_XINCREF(self->legal);
    other->legal = self->legal;
    return (PyObject *)other;
}

static PyObject *
core_set_hidden(CoreObject *self, PyObject *args)
{
    PyObject *hands_arg, *stock_arg;
    long hands[4], stock[NTILES];
    if (!PyArg_ParseTuple(args, "OO:_set_hidden", &hands_arg, &stock_arg)) {
        return NULL;
    }
    Py_ssize_t n = read_ints(hands_arg, "hands", 0, (1L << self->tiles) - 1, hands, 4);
    if (n < 0) {
        return NULL;
    }
    Py_ssize_t n_stock = read_ints(stock_arg, "stock", 0, self->tiles - 1, stock, self->tiles);
    if (n_stock < 0) {
        return NULL;
    }
    if (n != self->n) {
        PyErr_SetString(PyExc_ValueError, "one hand per seat");
        return NULL;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        self->hands[s] = (uint64_t)hands[s];
    }
    self->stock_len = (uint8_t)n_stock;
    self->taken = 0;
    for (Py_ssize_t i = 0; i < n_stock; i++) {
        self->stock[i] = (uint8_t)stock[i];
    }
    clear_legal(self);
    Py_RETURN_NONE;
}

/* -- accessors ----------------------------------------------------------------------------- */

static PyObject *
core_hand_masks(CoreObject *self, PyObject *unused)
{
    return tuple_of_u64(self->hands, self->n);
}

static PyObject *
core_absent_masks(CoreObject *self, PyObject *unused)
{
    return tuple_of_u64(self->absent, self->n);
}

static PyObject *
core_stock_tiles(CoreObject *self, PyObject *unused)
{
    uint64_t rest[NTILES];
    int n = self->stock_len - self->taken;
    for (int i = 0; i < n; i++) {
        rest[i] = self->stock[self->taken + i];
    }
    return tuple_of_u64(rest, n);
}

static PyObject *
core_placements(CoreObject *self, PyObject *unused)
{
    uint64_t codes[NTILES];
    for (int i = 0; i < self->n_placed; i++) {
        codes[i] = self->placed[i];
    }
    return tuple_of_u64(codes, self->n_placed);
}

static PyObject *
core_open_ends(CoreObject *self, PyObject *unused)
{
    if (self->n_placed == 0) {
        return PyTuple_New(0);
    }
    return Py_BuildValue("(ii)", self->ends[0], self->ends[1]);
}

static PyObject *
core_history_codes(CoreObject *self, PyObject *unused)
{
    PyObject *t = PyTuple_New(self->n_hist);
    if (t == NULL) {
        return NULL;
    }
    for (int i = 0; i < self->n_hist; i++) {
        PyObject *move = Py_BuildValue("(ii)", self->hist_seat[i], self->hist_code[i]);
        if (move == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, move);
    }
    return t;
}

static PyObject *
core_current_seat(CoreObject *self, PyObject *unused)
{
    return PyLong_FromLong(self->current);
}

static PyObject *
core_domino_seat(CoreObject *self, PyObject *unused)
{
    return PyLong_FromLong(self->domino_by);
}

static PyObject *
core_get_num_players(CoreObject *self, void *closure)
{
    return PyLong_FromLong(self->n);
}

static PyObject *
core_get_leader(CoreObject *self, void *closure)
{
    return PyLong_FromLong(self->leader);
}

static PyObject *
core_get_current_player(CoreObject *self, void *closure)
{
    if (self->over) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(self->current);
}

static PyObject *
core_get_is_over(CoreObject *self, void *closure)
{
    return PyBool_FromLong(self->over);
}

static PyObject *
core_get_stock_size(CoreObject *self, void *closure)
{
    return PyLong_FromLong(self->stock_len - self->taken);
}

static PyObject *
core_get_reserve(CoreObject *self, void *closure)
{
    return PyLong_FromLong(self->reserve);
}

static PyObject *
core_get_partnerships(CoreObject *self, void *closure)
{
    return PyBool_FromLong(self->partners);
}

static PyObject *
core_get_tile_set(CoreObject *self, void *closure)
{
    return PyLong_FromLong(self->tiles == SIX_TILES ? 6 : 9);
}

/* _points(): the points per seat, zeros until the round is over, then its settlement (the
 * reference is scoring.settle, which the pure core calls): alone D13 and D14; in
 * partnerships both partners show their side's points, the opponents' two counts to the
 * side of the player out (D22), blocked the opponents' total to the side of the lower
 * total, equal totals nothing (D23). */
static PyObject *
core_points(CoreObject *self, PyObject *unused)
{
    long points[4] = {0, 0, 0, 0};
    if (self->over) {
        long counts[4] = {0, 0, 0, 0}, total = 0;
        for (int s = 0; s < self->n; s++) {
            for (int t = 0; t < self->tiles; t++) {
                if (self->hands[s] >> t & 1U) {
                    counts[s] += tile_pips[t];
                }
            }
            total += counts[s];
        }
        if (self->partners) {
            long sides[2] = {counts[0] + counts[2], counts[1] + counts[3]};
            int winner = self->domino_by >= 0 ? self->domino_by % 2
                         : sides[0] < sides[1]  ? 0
                         : sides[1] < sides[0]  ? 1
                                                : -1;
            if (winner >= 0) {
                points[winner] = points[winner + 2] = sides[1 - winner];
            }
        }
        else if (self->domino_by >= 0) {
            points[self->domino_by] = total;
        }
        else {
            int lowest = 0, shared = 0;
            for (int s = 1; s < self->n; s++) {
                if (counts[s] < counts[lowest]) {
                    lowest = s;
                    shared = 0;
                }
                else if (counts[s] == counts[lowest]) {
                    shared = 1;
                }
            }
            if (!shared) {
                points[lowest] = total - 2 * counts[lowest];
            }
        }
    }
    PyObject *t = PyTuple_New(self->n);
    if (t == NULL) {
        return NULL;
    }
    for (int s = 0; s < self->n; s++) {
        PyObject *v = PyLong_FromLong(points[s]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, s, v);
    }
    return t;
}

/* -- the hot path -------------------------------------------------------------------------- */

static PyObject *
core_legal_actions(CoreObject *self, PyObject *unused)
{
    PyObject *found[2 * MAX_PLAYS_ON + NTILES + 1];
    int k = 0;
    if (self->legal != NULL) {
        Py_INCREF(self->legal);
        return self->legal;
    }
    if (self->over) {
        Py_INCREF(empty_tuple);
        return empty_tuple;
    }
    uint64_t hand = self->hands[self->current];
    if (self->n_placed) {
        const int8_t *n_plays = self->tiles == SIX_TILES ? n_plays_six : n_plays_nine;
        /* Ends in B4 order: sorting end codes sorts the ends. */
        int first = self->ends[0], second = self->ends[1];
        if (second < first) {
            first = self->ends[1];
            second = self->ends[0];
        }
        const int ends[2] = {first, second};
        for (int e = 0; e < 2; e++) {
            const int16_t *codes = plays_on[ends[e]];
            for (int i = 0; i < n_plays[ends[e]]; i++) {
                if (hand >> action_tile[codes[i]] & 1U) {
                    found[k++] = actions[codes[i]];
                }
            }
        }
    }
    else {
        for (int t = 0; t < self->tiles; t++) {
            if (hand >> t & 1U) {
                found[k++] = actions[opening[t]];
            }
        }
    }
    if (self->stock_len - self->taken > self->reserve) {
        found[k++] = actions[draw_code]; /* D6 */
    }
    else if (k == 0) {
        found[k++] = actions[pass_code]; /* D8, D19 */
    }
    PyObject *legal = PyTuple_New(k);
    if (legal == NULL) {
        return NULL;
    }
    for (int i = 0; i < k; i++) {
        Py_INCREF(found[i]);
        PyTuple_SET_ITEM(legal, i, found[i]);
    }
    Py_INCREF(legal);
    self->legal = legal;
    return legal;
}

/* Let the Python reference explain why `action` is illegal: it always raises. */
static PyObject *
reject(CoreObject *self, PyObject *action)
{
    PyObject *result = PyObject_CallFunctionObjArgs(reject_func, (PyObject *)self, action, NULL);
    if (result != NULL) {
        Py_DECREF(result);
        PyErr_SetString(PyExc_SystemError, "reject() returned instead of raising");
    }
    return NULL;
}

static PyObject *
core_apply(CoreObject *self, PyObject *action)
{
    PyTypeObject *type = Py_TYPE(action);
    int code = -1;
    if (type == play_type || type == draw_type || type == pass_type) {
        PyObject *value = PyDict_GetItemWithError(action_code, action);
        if (value == NULL && PyErr_Occurred()) {
            return NULL;
        }
        if (value != NULL) {
            code = (int)PyLong_AsLong(value);
        }
    }
    if (self->n == 0) { /* made by Core.__new__ alone: there is no round to play */
        PyErr_SetString(PyExc_TypeError, "use Round.deal(...) or Round.from_position(...)");
        return NULL;
    }
    if (self->over || code < 0) {
        return reject(self, action);
    }
    if (self->n_hist >= MAX_HISTORY) {
        PyErr_SetString(PyExc_RuntimeError, "the round's history is full");
        return NULL;
    }
    int seat = self->current;
    if (code == draw_code) { /* D6 */
        if (self->stock_len - self->taken <= self->reserve) {
            return reject(self, action);
        }
        self->hands[seat] |= (uint64_t)1 << self->stock[self->taken++];
    }
    else if (code == pass_code) { /* D8, D19: only when neither a draw nor a play is possible */
        const uint64_t *end_mask = self->tiles == SIX_TILES ? end_mask_six : end_mask_nine;
        uint64_t fits = self->n_placed ? end_mask[self->ends[0]] | end_mask[self->ends[1]]
                                       : UINT64_MAX;
        if (self->stock_len - self->taken > self->reserve || (self->hands[seat] & fits)) {
            return reject(self, action);
        }
        self->absent[seat] |= fits;
        if (++self->passes >= self->n) { /* D11, D20: everybody passed in turn: blocked */
            self->over = 1;
        }
        else {
            self->current = (uint8_t)((seat + 1) % self->n);
        }
    }
    else { /* a play (D5, D9) */
        uint64_t bit = (uint64_t)1 << action_tile[code];
        int end = action_end[code];
        if (!(self->hands[seat] & bit)) {
            return reject(self, action);
        }
        if (end < 0) { /* the opening tile */
            if (self->n_placed) {
                return reject(self, action);
            }
            self->ends[0] = (int8_t)(2 * action_tile[code]);
            self->ends[1] = (int8_t)(2 * action_tile[code] + 1);
        }
        else if (self->n_placed && self->ends[0] == end) {
            self->ends[0] = action_free[code];
        }
        else if (self->n_placed && self->ends[1] == end) {
            self->ends[1] = action_free[code];
        }
        else {
            return reject(self, action);
        }
        self->hands[seat] ^= bit;
        self->placed[self->n_placed++] = (uint16_t)code;
        self->passes = 0;
        if (!self->hands[seat]) { /* D11: a domino */
            self->over = 1;
            self->domino_by = (int8_t)seat;
        }
        else {
            self->current = (uint8_t)((seat + 1) % self->n);
        }
    }
    self->hist_seat[self->n_hist] = (uint8_t)seat;
    self->hist_code[self->n_hist++] = (uint16_t)code;
    clear_legal(self);
    Py_RETURN_NONE;
}

/* -- setup: the tables of _purecore.py ----------------------------------------------------- */

static int
int_at(PyObject *seq, Py_ssize_t i, long *out)
{
    PyObject *item = PySequence_GetItem(seq, i);
    if (item == NULL) {
        return -1;
    }
    *out = PyLong_AsLong(item);
    Py_DECREF(item);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static PyObject *
module_setup(PyObject *module, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"actions",   "action_tile", "action_end", "action_free",
                             "plays_on",  "plays_six",   "end_mask",   "end_mask_nine",
                             "opening",   "pips",        "draw_code",  "pass_code",
                             "action_code", "play_type", "draw_type",  "pass_type",
                             "reject",    NULL};
    PyObject *acts, *tiles, *ends, *frees, *on, *six, *masks, *masks9, *opens, *pips, *codes;
    PyObject *reject_arg, *ptype, *dtype, *stype;
    int dcode, pcode;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOOOOOOOOiiO!O!O!O!O:setup", kwlist,
                                     &PyTuple_Type, &acts, &tiles, &ends, &frees, &on, &six,
                                     &masks, &masks9, &opens, &pips, &dcode, &pcode,
                                     &PyDict_Type, &codes, &PyType_Type, &ptype, &PyType_Type,
                                     &dtype, &PyType_Type, &stype, &reject_arg)) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(acts);
    if (n > MAX_ACTIONS || PyObject_Length(on) != NENDS || PyObject_Length(six) != NENDS ||
        PyObject_Length(masks) != NENDS || PyObject_Length(masks9) != NENDS ||
        PyObject_Length(opens) != NTILES || PyObject_Length(pips) != NTILES || dcode < 0 ||
        dcode >= n || pcode < 0 || pcode >= n || !PyCallable_Check(reject_arg)) {
        PyErr_SetString(PyExc_ValueError, "setup(): inconsistent tables");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long t, e, f;
        if (int_at(tiles, i, &t) < 0 || int_at(ends, i, &e) < 0 || int_at(frees, i, &f) < 0) {
            return NULL;
        }
        if (t < -1 || t >= NTILES || e < -1 || e >= NENDS || f < -1 || f >= NENDS ||
            ((t >= 0 && e >= 0) != (f >= 0))) {
            PyErr_SetString(PyExc_ValueError, "setup(): bad action table");
            return NULL;
        }
        action_tile[i] = (int8_t)t;
        action_end[i] = (int8_t)e;
        action_free[i] = (int8_t)f;
    }
    for (Py_ssize_t t = 0; t < NTILES; t++) {
        long c, p;
        if (int_at(opens, t, &c) < 0 || int_at(pips, t, &p) < 0) {
            return NULL;
        }
        if (c < 0 || c >= n || action_tile[c] != t || action_end[c] != -1 || p < 0 || p > 18) {
            PyErr_SetString(PyExc_ValueError, "setup(): bad opening or pips table");
            return NULL;
        }
        opening[t] = (int16_t)c;
        tile_pips[t] = (uint8_t)p;
    }
    for (Py_ssize_t e = 0; e < NENDS; e++) {
        long mask, mask9, n_six;
        if (int_at(masks, e, &mask) < 0 || int_at(masks9, e, &mask9) < 0 ||
            int_at(six, e, &n_six) < 0) {
            return NULL;
        }
        end_mask_six[e] = (uint64_t)mask;
        end_mask_nine[e] = (uint64_t)mask9;
        PyObject *list = PySequence_GetItem(on, e);
        if (list == NULL) {
            return NULL;
        }
        Py_ssize_t len = PyObject_Length(list);
        if (len < 0 || len > MAX_PLAYS_ON) {
            Py_DECREF(list);
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "setup(): too many plays on an end");
            }
            return NULL;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            long c;
            if (int_at(list, i, &c) < 0) {
                Py_DECREF(list);
                return NULL;
            }
            if (c < 0 || c >= n || action_end[c] != e) {
                Py_DECREF(list);
                PyErr_SetString(PyExc_ValueError, "setup(): bad plays_on table");
                return NULL;
            }
            plays_on[e][i] = (int16_t)c;
        }
        if (n_six < 0 || n_six > len) {
            Py_DECREF(list);
            PyErr_SetString(PyExc_ValueError, "setup(): bad plays_six table");
            return NULL;
        }
        n_plays_nine[e] = (int8_t)len;
        n_plays_six[e] = (int8_t)n_six;
        Py_DECREF(list);
    }
    for (Py_ssize_t i = 0; i < n_actions; i++) {
        Py_CLEAR(actions[i]);
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        actions[i] = Py_NewRef(PyTuple_GET_ITEM(acts, i));
    }
    n_actions = (int)n;
    draw_code = dcode;
    pass_code = pcode;
    Py_XSETREF(action_code, Py_NewRef(codes));
    Py_XSETREF(play_type, (PyTypeObject *)Py_NewRef(ptype));
    Py_XSETREF(draw_type, (PyTypeObject *)Py_NewRef(dtype));
    Py_XSETREF(pass_type, (PyTypeObject *)Py_NewRef(stype));
    Py_XSETREF(reject_func, Py_NewRef(reject_arg));
    Py_RETURN_NONE;
}

/* -- type and module ------------------------------------------------------------------------ */

static PyMethodDef core_methods[] = {
    {"legal_actions", (PyCFunction)core_legal_actions, METH_NOARGS,
     "Every action the seat to play may take, plays first (in B4 order of the ends)."},
    {"apply", (PyCFunction)core_apply, METH_O,
     "Take an action for the seat to play; an illegal one raises and changes nothing."},
    {"_make", (PyCFunction)core_make, METH_VARARGS | METH_CLASS, NULL},
    {"_deal", (PyCFunction)core_deal, METH_VARARGS | METH_CLASS, NULL},
    {"_clone", (PyCFunction)core_clone, METH_NOARGS, NULL},
    {"_getstate", (PyCFunction)core_getstate, METH_NOARGS, NULL},
    {"_fromstate", (PyCFunction)core_fromstate, METH_VARARGS | METH_CLASS, NULL},
    {"_set_hidden", (PyCFunction)core_set_hidden, METH_VARARGS, NULL},
    {"_hand_masks", (PyCFunction)core_hand_masks, METH_NOARGS, NULL},
    {"_absent_masks", (PyCFunction)core_absent_masks, METH_NOARGS, NULL},
    {"_stock_tiles", (PyCFunction)core_stock_tiles, METH_NOARGS, NULL},
    {"_placements", (PyCFunction)core_placements, METH_NOARGS, NULL},
    {"_open_ends", (PyCFunction)core_open_ends, METH_NOARGS, NULL},
    {"_history_codes", (PyCFunction)core_history_codes, METH_NOARGS, NULL},
    {"_current_seat", (PyCFunction)core_current_seat, METH_NOARGS, NULL},
    {"_domino_seat", (PyCFunction)core_domino_seat, METH_NOARGS, NULL},
    {"_points", (PyCFunction)core_points, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef core_getset[] = {
    {"num_players", (getter)core_get_num_players, NULL, NULL, NULL},
    {"leader", (getter)core_get_leader, NULL, "The seat that opened (or opens) the round.",
     NULL},
    {"current_player", (getter)core_get_current_player, NULL,
     "The seat whose turn it is, or None once the round is over.", NULL},
    {"is_over", (getter)core_get_is_over, NULL, NULL, NULL},
    {"stock_size", (getter)core_get_stock_size, NULL, NULL, NULL},
    {"reserve", (getter)core_get_reserve, NULL,
     "The tiles of the stock never drawn: 2 (D6, D8), or 55 in the Block game (D18).", NULL},
    {"partnerships", (getter)core_get_partnerships, NULL,
     "Whether two sides of partners play, seats 0 and 2 against 1 and 3 (D21).", NULL},
    {"tile_set", (getter)core_get_tile_set, NULL,
     "The set played: 6, the double-six (D1), or 9, the double-nine (D25).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pegboard.draw._fastround.Core",
    .tp_doc = "The state of a Draw round and its hot path, in C (see _purecore.PureCore).",
    .tp_basicsize = sizeof(CoreObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = core_new,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
    .tp_getset = core_getset,
};

static PyMethodDef module_methods[] = {
    {"setup", (PyCFunction)(void (*)(void))module_setup, METH_VARARGS | METH_KEYWORDS,
     "Install the tables of _purecore.py (called once, by pegboard.draw.round)."},
    {"_mt_words", (PyCFunction)module_mt_words, METH_VARARGS,
     "The first outputs of the deal's Mersenne Twister for an int seed (for tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fastround_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pegboard.draw._fastround",
    .m_doc = "The C core of a Draw round (see _purecore.py, the reference).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__fastround(void)
{
    if (PyType_Ready(&CoreType) < 0) {
        return NULL;
    }
    empty_tuple = PyTuple_New(0);
    if (empty_tuple == NULL) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&fastround_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(module, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
