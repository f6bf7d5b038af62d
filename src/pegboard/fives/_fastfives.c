/* The C core of a hand of the Fives family (All Fives, Fives and Threes): the same state and
 * hot path as PureCore in _purecore.py.
 *
 * Read _purecore.py first: it is the reference, and it defines every table this file uses
 * (setup() receives them), so the two cores cannot drift apart on what an action means, and
 * the points of every ends total come from FivesRules.points through CoreRules. Behaviour
 * must be identical: tests/fives/test_cores.py compares the cores step by step.
 *
 * Encoding (see _purecore.py): a tile is its index 0-27 and a hand a bit-set of them; an end
 * code is 4 * tile + side (0: high or A, 1: low or B, 2 and 3: a spinner's arms C and D); an
 * action code indexes ACTIONS. legal_actions() hands out the interned Python action objects
 * of ACTIONS. Illegal actions are explained by the Python function reject(), which raises
 * IllegalActionError; the C code only checks, and changes nothing before the checks pass.
 *
 * The Mersenne Twister of the deal is a copy of Draw's (draw/_fastround.c): each game's
 * package stands alone (no game imports another), so the two extensions share no code.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define NTILES 28
#define NENDS (4 * NTILES)
#define MAX_ACTIONS 512
#define MAX_ENDS 4       /* two along the line, two more once a spinner's arms open (F5) */
#define MAX_LEGAL 128    /* at most 28 tiles on 4 ends */
#define MAX_HISTORY 256  /* 28 plays, 28 draws and at most 3 knocks before each play */
#define MAX_TOTAL 48     /* _purecore.MAX_TOTAL */
#define MAX_SCORE (1LL << 62)

enum { LIVE = 0, DOMINO = 1, BLOCKED = 2, TARGET = 3 }; /* _purecore.KINDS */

/* -- tables, filled once by setup() ---------------------------------------------------- */

static int n_actions = 0;
static PyObject *actions[MAX_ACTIONS];  /* action code -> interned action object */
static int8_t action_tile[MAX_ACTIONS]; /* tile placed, or -1 */
static int8_t action_end[MAX_ACTIONS];  /* end code joined, or -1 */
static int8_t action_free[MAX_ACTIONS]; /* end code left open instead, or -1 */
static int16_t play_code[NTILES][NENDS]; /* the play of a tile on an end, or -1 */
static int8_t end_value[NENDS];          /* the number an end shows, or -1 */
static uint8_t end_count[NENDS];         /* what an open end adds to the ends total (F6) */
static uint32_t mask_with[7];            /* the tiles that show a number */
static uint8_t tile_pips[NTILES];
static uint8_t tile_double[NTILES];
static int draw_code = -1, pass_code = -1;
static PyObject *reject_func = NULL;
static PyObject *empty_tuple = NULL;

/* -- the state ----------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *legal; /* cached legal_actions() tuple, or NULL; legal_codes are its codes */
    PyObject *spec;  /* the CoreRules tuple the core was made with (for _getstate) */
    /* the rules (CoreRules) */
    uint8_t n, hand_size, all_fives, exact, partnerships, reserve, by_fives;
    int32_t target;
    uint8_t points[MAX_TOTAL + 1];
    /* the position */
    uint32_t hands[4];
    uint8_t bone[NTILES];
    uint8_t bone_len, taken;
    int8_t ends[MAX_ENDS]; /* open end codes, sorted (B4) */
    uint8_t n_ends;
    int8_t spinner; /* the spinner's tile, or -1 */
    uint8_t arms;   /* whether the spinner's arms have opened */
    uint8_t n_placed;
    uint16_t placed[NTILES];
    uint8_t leader, to_play;
    uint8_t kind; /* LIVE, or how the hand ended */
    int8_t by;    /* the seat whose play ended it, or -1 */
    int64_t scores[4]; /* per side */
    uint8_t n_legal;
    int16_t legal_codes[MAX_LEGAL];
    /* the history: as FivesMove has it (total -1 for a draw or a knock; values a 7-bit set) */
    uint16_t n_hist;
    uint8_t hist_seat[MAX_HISTORY];
    uint16_t hist_code[MAX_HISTORY];
    int8_t hist_total[MAX_HISTORY];
    uint8_t hist_worth[MAX_HISTORY];
    uint8_t hist_points[MAX_HISTORY];
    uint8_t hist_chip[MAX_HISTORY];
    uint8_t hist_values[MAX_HISTORY];
} CoreObject;

/* Everything from the rules on is plain data. */
#define STATE_OFFSET offsetof(CoreObject, n)
#define STATE_SIZE (sizeof(CoreObject) - STATE_OFFSET)

static int
check_setup(void)
{
    if (reject_func == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "pegboard.fives._fastfives.setup() was not called");
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
    self->spec = NULL;
    memset((char *)self + STATE_OFFSET, 0, STATE_SIZE);
    self->spinner = -1;
    self->by = -1;
    return (PyObject *)self;
}

static void
core_dealloc(CoreObject *self)
{
    Py_CLEAR(self->legal);
    Py_CLEAR(self->spec);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static inline int
side_of(const CoreObject *self, int seat)
{
    return self->partnerships ? seat % 2 : seat;
}

static inline int
num_sides(const CoreObject *self)
{
    return self->partnerships ? 2 : self->n;
}

static inline int
drawable(const CoreObject *self)
{
    if (!self->all_fives) {
        return 0;
    }
    int left = self->bone_len - self->taken - self->reserve;
    return left > 0 ? left : 0;
}

static inline int
lowest_tile(uint32_t mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(mask);
#else
    int t = 0;
    while (!(mask >> t & 1U)) {
        t++;
    }
    return t;
#endif
}

/* -- the rules: a CoreRules tuple, parsed once per distinct object -------------------------- */

typedef struct {
    uint8_t n, hand_size, all_fives, exact, partnerships, reserve, by_fives;
    int32_t target;
    uint8_t points[MAX_TOTAL + 1];
} Rules;

static PyObject *last_spec = NULL; /* held, so that the pointer cannot be reused */
static Rules last_rules;

/* Read a CoreRules (rules, players, hand_size, all_fives, exact, partnerships, target,
 * reserve, by_fives, points) into the core; -1 on error. */
static int
set_rules(CoreObject *self, PyObject *spec)
{
    if (spec != last_spec) {
        PyObject *rules, *points;
        int players, hand_size, all_fives, exact, partnerships, target, reserve, by_fives;
        if (!PyTuple_Check(spec)) {
            PyErr_SetString(PyExc_TypeError, "the rules are a _purecore.CoreRules");
            return -1;
        }
        if (!PyArg_ParseTuple(spec, "OiipppiipS:CoreRules", &rules, &players, &hand_size,
                              &all_fives, &exact, &partnerships, &target, &reserve, &by_fives,
                              &points)) {
            return -1;
        }
        if (!PyBytes_Check(points) || PyBytes_GET_SIZE(points) != MAX_TOTAL + 1 ||
            players < 2 || players > 4 || hand_size < 1 || players * hand_size > NTILES ||
            (partnerships && players != 4) || target < 0 || reserve < 0 || reserve > NTILES) {
            PyErr_SetString(PyExc_ValueError, "not the rules of a Fives hand");
            return -1;
        }
        Rules r;
        r.n = (uint8_t)players;
        r.hand_size = (uint8_t)hand_size;
        r.all_fives = (uint8_t)all_fives;
        r.exact = (uint8_t)exact;
        r.partnerships = (uint8_t)partnerships;
        r.target = target;
        r.reserve = (uint8_t)reserve;
        r.by_fives = (uint8_t)by_fives;
        memcpy(r.points, PyBytes_AS_STRING(points), MAX_TOTAL + 1);
        last_rules = r;
        Py_XSETREF(last_spec, Py_NewRef(spec));
    }
    self->n = last_rules.n;
    self->hand_size = last_rules.hand_size;
    self->all_fives = last_rules.all_fives;
    self->exact = last_rules.exact;
    self->partnerships = last_rules.partnerships;
    self->target = last_rules.target;
    self->reserve = last_rules.reserve;
    self->by_fives = last_rules.by_fives;
    memcpy(self->points, last_rules.points, MAX_TOTAL + 1);
    Py_XSETREF(self->spec, Py_NewRef(spec));
    return 0;
}

/* A new, empty core of the same (sub)type as `cls`. */
static CoreObject *
alloc_like(PyTypeObject *cls)
{
    return (CoreObject *)core_new(cls, NULL, NULL);
}

/* Read a sequence of small ints into `out`; -1 on error. */
static Py_ssize_t
read_ints(PyObject *seq, const char *what, long long lo, long long hi, long long *out,
          Py_ssize_t cap)
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
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < lo || v > hi) {
            PyErr_Format(PyExc_ValueError, "bad value %lld in %s", v, what);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = v;
    }
    Py_DECREF(fast);
    return len;
}

/* -- the layout (F5) ------------------------------------------------------------------------ */

static inline int
has_end(const CoreObject *self, int end)
{
    for (int i = 0; i < self->n_ends; i++) {
        if (self->ends[i] == end) {
            return 1;
        }
    }
    return 0;
}

/* Place the tile of play `code` (PureCore._lay); the caller has checked that it may go. */
static void
lay(CoreObject *self, int code)
{
    int tile = action_tile[code], end = action_end[code];
    if (end < 0) { /* the lead opens its two sides */
        self->ends[0] = (int8_t)(4 * tile);
        self->ends[1] = (int8_t)(4 * tile + 1);
        self->n_ends = 2;
    }
    else {
        for (int i = 0; i < self->n_ends; i++) {
            if (self->ends[i] == end) {
                self->ends[i] = action_free[code];
                break;
            }
        }
    }
    self->placed[self->n_placed++] = (uint16_t)code;
    if (self->all_fives && self->spinner < 0 && tile_double[tile]) {
        self->spinner = (int8_t)tile; /* the first double is the spinner */
    }
    int spinner = self->spinner;
    if (spinner >= 0 && !self->arms && !has_end(self, 4 * spinner) &&
        !has_end(self, 4 * spinner + 1)) {
        /* Both its sides hold a tile: its arms C and D open (F5). */
        self->arms = 1;
        self->ends[self->n_ends++] = (int8_t)(4 * spinner + 2);
        self->ends[self->n_ends++] = (int8_t)(4 * spinner + 3);
    }
    for (int i = 1; i < self->n_ends; i++) { /* keep them sorted: B4's order */
        int8_t e = self->ends[i];
        int j = i - 1;
        while (j >= 0 && self->ends[j] > e) {
            self->ends[j + 1] = self->ends[j];
            j--;
        }
        self->ends[j + 1] = e;
    }
}

/* Whether play `code` may go on the layout as it is (for positions given whole). */
static int
may_lay(const CoreObject *self, int code)
{
    int tile = action_tile[code], end = action_end[code];
    if (tile < 0 || (self->n_placed == 0) != (end < 0)) {
        return 0;
    }
    for (int i = 0; i < self->n_placed; i++) {
        if (action_tile[self->placed[i]] == tile) {
            return 0;
        }
    }
    return end < 0 || has_end(self, end);
}

static int
lay_placements(CoreObject *self, const long long *codes, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!may_lay(self, (int)codes[i])) {
            PyErr_SetString(PyExc_ValueError, "the placements do not build a layout");
            return -1;
        }
        lay(self, (int)codes[i]);
    }
    return 0;
}

/* The ends total of F6 (_purecore.ends_total): a lone double's two sides count it once. */
static int
ends_total(const CoreObject *self)
{
    int total = 0, counted = -1;
    for (int i = 0; i < self->n_ends; i++) {
        int end = self->ends[i], tile = end >> 2;
        if (end_count[end] && tile_double[tile]) {
            if (tile == counted) {
                continue;
            }
            counted = tile;
        }
        total += end_count[end];
    }
    return total;
}

static uint32_t
fitting(const CoreObject *self)
{
    uint32_t mask = 0;
    for (int i = 0; i < self->n_ends; i++) {
        mask |= mask_with[end_value[self->ends[i]]];
    }
    return mask;
}

static uint8_t
values_mask(const CoreObject *self)
{
    uint8_t mask = 0;
    for (int i = 0; i < self->n_ends; i++) {
        mask |= (uint8_t)(1U << end_value[self->ends[i]]);
    }
    return mask;
}

/* -- the end of the hand (F8): settlement.settle's points ------------------------------ */

static int64_t
round_to_five(int64_t pips)
{
    return (pips + 2) / 5 * 5;
}

static void
end_hand(CoreObject *self, int kind, int by)
{
    self->kind = (uint8_t)kind;
    self->by = (int8_t)by;
    if (!self->all_fives || kind == TARGET) {
        return; /* Fives and Threes counts no pips; a won game counts nothing more */
    }
    int sides = num_sides(self);
    int64_t side_pips[4] = {0, 0, 0, 0};
    for (int s = 0; s < self->n; s++) {
        uint32_t hand = self->hands[s];
        while (hand) {
            int t = lowest_tile(hand);
            hand &= hand - 1;
            side_pips[side_of(self, s)] += tile_pips[t];
        }
    }
    int winner[4] = {0, 0, 0, 0}, n_winners = 0;
    if (kind == DOMINO) {
        winner[side_of(self, by)] = 1;
        n_winners = 1;
    }
    else { /* blocked: the lowest count; two sides tied score nothing */
        int64_t lowest = side_pips[0];
        for (int side = 1; side < sides; side++) {
            if (side_pips[side] < lowest) {
                lowest = side_pips[side];
            }
        }
        for (int side = 0; side < sides; side++) {
            if (side_pips[side] == lowest) {
                winner[side] = 1;
                n_winners++;
            }
        }
        if (n_winners > 1 && (self->partnerships || sides == 2)) {
            return;
        }
    }
    int64_t rest = 0;
    for (int side = 0; side < sides; side++) {
        if (!winner[side]) {
            rest += side_pips[side];
        }
    }
    if (rest == 0) {
        return;
    }
    /* rounded to five, a shared count's half up (settlement.nearest_five) */
    int64_t points = n_winners == 1 ? round_to_five(rest)
                                    : (2 * rest + 5 * n_winners) / (10 * n_winners) * 5;
    if (self->by_fives) {
        points /= 5;
    }
    for (int side = 0; side < sides; side++) {
        if (winner[side]) {
            self->scores[side] += points;
        }
    }
}

/* The next seat clockwise that still holds tiles; the end if nobody can play or draw. */
static void
check_blocked(CoreObject *self)
{
    if (self->n_ends == 0 || drawable(self) > 0) {
        return;
    }
    uint32_t fits = fitting(self);
    for (int s = 0; s < self->n; s++) {
        if (self->hands[s] & fits) {
            return;
        }
    }
    end_hand(self, BLOCKED, -1);
}

static void
advance(CoreObject *self)
{
    int seat = self->to_play;
    for (int i = 0; i < self->n; i++) {
        seat = seat + 1 < self->n ? seat + 1 : 0;
        if (self->hands[seat]) {
            break;
        }
    }
    self->to_play = (uint8_t)seat;
    check_blocked(self);
}

/* -- the deal: the double-six shuffle of CPython's random (shared with the other core) -- */

#include "../dominoes/_shuffle.h"


/* -- construction -------------------------------------------------------------------------- */

/* A live core for a position (the part _make and _fromstate share): its arguments are
 * checked here, so that no index can go astray. */
static CoreObject *
core_of(PyTypeObject *cls, PyObject *spec, PyObject *hands_arg, PyObject *bone_arg,
        PyObject *placed_arg, int leader, int to_play, PyObject *scores_arg)
{
    long long hands[4], bone[NTILES], placed[NTILES], scores[4];
    if (check_setup() < 0) {
        return NULL;
    }
    CoreObject *self = alloc_like(cls);
    if (self == NULL) {
        return NULL;
    }
    if (set_rules(self, spec) < 0) {
        goto fail;
    }
    Py_ssize_t n = read_ints(hands_arg, "hands", 0, (1LL << NTILES) - 1, hands, 4);
    if (n < 0) {
        goto fail;
    }
    Py_ssize_t n_bone = read_ints(bone_arg, "boneyard", 0, NTILES - 1, bone, NTILES);
    if (n_bone < 0) {
        goto fail;
    }
    Py_ssize_t n_placed = read_ints(placed_arg, "placements", 0, n_actions - 1, placed, NTILES);
    if (n_placed < 0) {
        goto fail;
    }
    Py_ssize_t n_scores = read_ints(scores_arg, "scores", 0, MAX_SCORE, scores, 4);
    if (n_scores < 0) {
        goto fail;
    }
    if (n != self->n || n_scores != num_sides(self) || leader < 0 || leader >= n ||
        to_play < 0 || to_play >= n) {
        PyErr_SetString(PyExc_ValueError, "not a position of these rules");
        goto fail;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        self->hands[s] = (uint32_t)hands[s];
    }
    for (Py_ssize_t s = 0; s < n_scores; s++) {
        self->scores[s] = scores[s];
    }
    self->bone_len = (uint8_t)n_bone;
    for (Py_ssize_t i = 0; i < n_bone; i++) {
        self->bone[i] = (uint8_t)bone[i];
    }
    if (lay_placements(self, placed, n_placed) < 0) {
        goto fail;
    }
    self->leader = (uint8_t)leader;
    self->to_play = (uint8_t)to_play;
    return self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* _make(spec, hands, bone, placed, leader, to_play, scores): a core for any valid position. */
static PyObject *
core_make(PyTypeObject *cls, PyObject *args)
{
    PyObject *spec, *hands, *bone, *placed, *scores;
    int leader, to_play;
    if (!PyArg_ParseTuple(args, "OOOOiiO:_make", &spec, &hands, &bone, &placed, &leader,
                          &to_play, &scores)) {
        return NULL;
    }
    return (PyObject *)core_of(cls, spec, hands, bone, placed, leader, to_play, scores);
}


/* _deal(spec, seed, leader, scores): seed is an int with abs(seed) < 2**64. */
static PyObject *
core_deal(PyTypeObject *cls, PyObject *args)
{
    PyObject *spec, *seed_arg, *scores;
    int leader;
    if (check_setup() < 0) {
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OO!iO:_deal", &spec, &PyLong_Type, &seed_arg, &leader,
                          &scores)) {
        return NULL;
    }
    MT mt;
    if (mt_seed(&mt, seed_arg) < 0) {
        return NULL;
    }
    uint8_t order[SHUFFLED_TILES];
    shuffle_tiles(&mt, order);
    CoreObject *self = alloc_like(cls);
    if (self == NULL) {
        return NULL;
    }
    if (set_rules(self, spec) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    long long side_scores[4];
    Py_ssize_t n_scores = read_ints(scores, "scores", 0, MAX_SCORE, side_scores, 4);
    if (n_scores < 0 || n_scores != num_sides(self) || leader < 0 || leader >= self->n) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "not a deal of these rules");
        }
        Py_DECREF(self);
        return NULL;
    }
    for (Py_ssize_t s = 0; s < n_scores; s++) {
        self->scores[s] = side_scores[s];
    }
    int size = self->hand_size, players = self->n;
    for (int s = 0; s < players; s++) {
        uint32_t hand = 0;
        for (int i = s * size; i < (s + 1) * size; i++) {
            hand |= 1U << order[i];
        }
        self->hands[s] = hand;
    }
    self->bone_len = (uint8_t)(NTILES - players * size);
    memcpy(self->bone, order + players * size, self->bone_len);
    self->leader = self->to_play = (uint8_t)leader;
    return (PyObject *)self;
}

/* _fromstate(state): a core from _getstate() (see PureCore._getstate), checked. */
static PyObject *
core_fromstate(PyTypeObject *cls, PyObject *args)
{
    PyObject *spec, *hands, *bone, *placed, *scores, *hist;
    int taken, leader, to_play, kind, by;
    if (!PyArg_ParseTuple(args, "(OOOiOiiOOii):_fromstate", &spec, &hands, &bone, &taken,
                          &placed, &leader, &to_play, &scores, &hist, &kind, &by)) {
        return NULL;
    }
    CoreObject *self = core_of(cls, spec, hands, bone, placed, leader, to_play, scores);
    if (self == NULL) {
        return NULL;
    }
    if (taken < 0 || taken > self->bone_len || kind < LIVE || kind > TARGET || by < -1 ||
        by >= self->n || (kind == DOMINO && by < 0)) {
        PyErr_SetString(PyExc_ValueError, "not the state of a hand");
        goto fail;
    }
    self->taken = (uint8_t)taken;
    self->kind = (uint8_t)kind;
    self->by = (int8_t)by;
    PyObject *moves = PySequence_Fast(hist, "history");
    if (moves == NULL) {
        goto fail;
    }
    Py_ssize_t len = PySequence_Fast_GET_SIZE(moves);
    if (len > MAX_HISTORY) {
        PyErr_SetString(PyExc_ValueError, "too long a history");
        Py_DECREF(moves);
        goto fail;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long long entry[7];
        if (read_ints(PySequence_Fast_GET_ITEM(moves, i), "history entry", -1, MAX_ACTIONS, entry, 7) !=
            7) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "a history entry has 7 numbers");
            }
            Py_DECREF(moves);
            goto fail;
        }
        if (entry[0] < 0 || entry[0] >= self->n || entry[1] < 0 || entry[1] >= n_actions ||
            entry[2] > MAX_TOTAL || entry[3] < 0 || entry[3] > 255 || entry[4] < 0 ||
            entry[4] > 255 || entry[5] < 0 ||
            entry[5] > 1 || entry[6] < 0 || entry[6] > 127) {
            PyErr_SetString(PyExc_ValueError, "not a history entry");
            Py_DECREF(moves);
            goto fail;
        }
        self->hist_seat[i] = (uint8_t)entry[0];
        self->hist_code[i] = (uint16_t)entry[1];
        self->hist_total[i] = (int8_t)entry[2];
        self->hist_worth[i] = (uint8_t)entry[3];
        self->hist_points[i] = (uint8_t)entry[4];
        self->hist_chip[i] = (uint8_t)entry[5];
        self->hist_values[i] = (uint8_t)entry[6];
    }
    self->n_hist = (uint16_t)len;
    Py_DECREF(moves);
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

static PyObject *
tuple_of_ll(const long long *values, int n)
{
    PyObject *t = PyTuple_New(n);
    if (t == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLongLong(values[i]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static PyObject *
hand_masks(const CoreObject *self)
{
    long long v[4];
    for (int s = 0; s < self->n; s++) {
        v[s] = self->hands[s];
    }
    return tuple_of_ll(v, self->n);
}

static PyObject *
bone_tiles(const CoreObject *self, int from)
{
    long long v[NTILES];
    for (int i = from; i < self->bone_len; i++) {
        v[i - from] = self->bone[i];
    }
    return tuple_of_ll(v, self->bone_len - from);
}

static PyObject *
placements(const CoreObject *self)
{
    long long v[NTILES];
    for (int i = 0; i < self->n_placed; i++) {
        v[i] = self->placed[i];
    }
    return tuple_of_ll(v, self->n_placed);
}

static PyObject *
scores_tuple(const CoreObject *self)
{
    long long v[4];
    int sides = num_sides(self);
    for (int s = 0; s < sides; s++) {
        v[s] = self->scores[s];
    }
    return tuple_of_ll(v, sides);
}

static PyObject *
history_codes(const CoreObject *self)
{
    PyObject *t = PyTuple_New(self->n_hist);
    if (t == NULL) {
        return NULL;
    }
    for (int i = 0; i < self->n_hist; i++) {
        PyObject *move = Py_BuildValue("(iiiiiii)", self->hist_seat[i], self->hist_code[i],
                                       self->hist_total[i], self->hist_worth[i],
                                       self->hist_points[i], self->hist_chip[i],
                                       self->hist_values[i]);
        if (move == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, move);
    }
    return t;
}

/* _getstate(): the whole state (see PureCore._getstate). */
static PyObject *
core_getstate(CoreObject *self, PyObject *unused)
{
    if (self->spec == NULL) {
        PyErr_SetString(PyExc_TypeError, "use FivesHand.deal(...) or FivesHand.from_position(...)");
        return NULL;
    }
    return Py_BuildValue("(ONNiNiiNNii)", self->spec, hand_masks(self), bone_tiles(self, 0),
                         self->taken, placements(self), self->leader, self->to_play,
                         scores_tuple(self), history_codes(self), self->kind, self->by);
}

static PyObject *
core_clone(CoreObject *self, PyObject *unused)
{
    CoreObject *other = alloc_like(Py_TYPE(self));
    if (other == NULL) {
        return NULL;
    }
    memcpy((char *)other + STATE_OFFSET, (char *)self + STATE_OFFSET, STATE_SIZE);
    other->legal = Py_XNewRef(self->legal);
    other->spec = Py_XNewRef(self->spec);
    return (PyObject *)other;
}

static PyObject *
core_set_hidden(CoreObject *self, PyObject *args)
{
    PyObject *hands_arg, *bone_arg;
    long long hands[4], bone[NTILES];
    if (!PyArg_ParseTuple(args, "OO:_set_hidden", &hands_arg, &bone_arg)) {
        return NULL;
    }
    Py_ssize_t n = read_ints(hands_arg, "hands", 0, (1LL << NTILES) - 1, hands, 4);
    if (n < 0) {
        return NULL;
    }
    Py_ssize_t n_bone = read_ints(bone_arg, "boneyard", 0, NTILES - 1, bone, NTILES);
    if (n_bone < 0) {
        return NULL;
    }
    if (n != self->n) {
        PyErr_SetString(PyExc_ValueError, "one hand per seat");
        return NULL;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        self->hands[s] = (uint32_t)hands[s];
    }
    self->bone_len = (uint8_t)n_bone;
    self->taken = 0;
    for (Py_ssize_t i = 0; i < n_bone; i++) {
        self->bone[i] = (uint8_t)bone[i];
    }
    Py_CLEAR(self->legal);
    Py_RETURN_NONE;
}

static PyObject *
core_check_blocked(CoreObject *self, PyObject *unused)
{
    if (self->n && self->kind == LIVE) {
        check_blocked(self);
        Py_CLEAR(self->legal);
    }
    Py_RETURN_NONE;
}

/* -- accessors ----------------------------------------------------------------------------- */

static PyObject *
core_hand_masks(CoreObject *self, PyObject *unused)
{
    return hand_masks(self);
}

static PyObject *
core_bone_tiles(CoreObject *self, PyObject *unused)
{
    return bone_tiles(self, self->taken);
}

static PyObject *
core_placements(CoreObject *self, PyObject *unused)
{
    return placements(self);
}

static PyObject *
core_open_ends(CoreObject *self, PyObject *unused)
{
    long long v[MAX_ENDS];
    for (int i = 0; i < self->n_ends; i++) {
        v[i] = self->ends[i];
    }
    return tuple_of_ll(v, self->n_ends);
}

static PyObject *
core_history_codes(CoreObject *self, PyObject *unused)
{
    return history_codes(self);
}

static PyObject *
core_current_seat(CoreObject *self, PyObject *unused)
{
    return PyLong_FromLong(self->to_play);
}

static PyObject *
core_end_state(CoreObject *self, PyObject *unused)
{
    return Py_BuildValue("(ii)", self->kind, self->by);
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
    if (self->kind != LIVE) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(self->to_play);
}

static PyObject *
core_get_is_over(CoreObject *self, void *closure)
{
    return PyBool_FromLong(self->kind != LIVE);
}

static PyObject *
core_get_scores(CoreObject *self, void *closure)
{
    return scores_tuple(self);
}

static PyObject *
core_get_boneyard_count(CoreObject *self, void *closure)
{
    return PyLong_FromLong(self->bone_len - self->taken);
}

static PyObject *
core_get_drawable(CoreObject *self, void *closure)
{
    return PyLong_FromLong(drawable(self));
}

/* -- the hot path -------------------------------------------------------------------------- */

/* Fill legal_codes and the legal tuple (PureCore.legal_actions); -1 on error. */
static int
compute_legal(CoreObject *self)
{
    int k = 0;
    if (self->kind == LIVE) {
        uint32_t hand = self->hands[self->to_play];
        if (self->n_ends == 0) {
            while (hand) { /* codes 0-27 are the leads */
                self->legal_codes[k++] = (int16_t)lowest_tile(hand);
                hand &= hand - 1;
            }
        }
        else {
            while (hand) { /* by tile, then by open end in B4 order */
                int t = lowest_tile(hand);
                hand &= hand - 1;
                for (int i = 0; i < self->n_ends; i++) {
                    int code = play_code[t][self->ends[i]];
                    if (code >= 0) {
                        self->legal_codes[k++] = (int16_t)code;
                    }
                }
            }
            if (k == 0) { /* F4: draw while the boneyard allows, else knock */
                self->legal_codes[k++] = (int16_t)(drawable(self) > 0 ? draw_code : pass_code);
            }
        }
    }
    PyObject *legal;
    if (k == 0) {
        legal = Py_NewRef(empty_tuple);
    }
    else {
        legal = PyTuple_New(k);
        if (legal == NULL) {
            return -1;
        }
        for (int i = 0; i < k; i++) {
            PyTuple_SET_ITEM(legal, i, Py_NewRef(actions[self->legal_codes[i]]));
        }
    }
    self->n_legal = (uint8_t)k;
    Py_XSETREF(self->legal, legal);
    return 0;
}

static PyObject *
core_legal_actions(CoreObject *self, PyObject *unused)
{
    if (self->legal == NULL && compute_legal(self) < 0) {
        return NULL;
    }
    return Py_NewRef(self->legal);
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

static void
push_history(CoreObject *self, int seat, int code, int total, int worth, int points, int chip,
             int values)
{
    int i = self->n_hist++;
    self->hist_seat[i] = (uint8_t)seat;
    self->hist_code[i] = (uint16_t)code;
    self->hist_total[i] = (int8_t)total;
    self->hist_worth[i] = (uint8_t)worth;
    self->hist_points[i] = (uint8_t)points;
    self->hist_chip[i] = (uint8_t)chip;
    self->hist_values[i] = (uint8_t)values;
}

static PyObject *
core_apply(CoreObject *self, PyObject *action)
{
    if (self->n == 0) { /* made by Core.__new__ alone: there is no hand to play */
        PyErr_SetString(PyExc_TypeError, "use FivesHand.deal(...) or FivesHand.from_position(...)");
        return NULL;
    }
    if (self->legal == NULL && compute_legal(self) < 0) {
        return NULL;
    }
    int code = -1;
    for (int i = 0; i < self->n_legal; i++) { /* the legal actions are interned objects */
        if (PyTuple_GET_ITEM(self->legal, i) == action) {
            code = self->legal_codes[i];
            break;
        }
    }
    if (code < 0) {
        return reject(self, action);
    }
    if (self->n_hist >= MAX_HISTORY) {
        PyErr_SetString(PyExc_RuntimeError, "the hand's history is full");
        return NULL;
    }
    Py_CLEAR(self->legal);
    int seat = self->to_play;
    if (code == draw_code) { /* F4: the turn goes on */
        int values = values_mask(self);
        self->hands[seat] |= 1U << self->bone[self->taken++];
        push_history(self, seat, code, -1, 0, 0, 0, values);
    }
    else if (code == pass_code) { /* F4: a knock */
        push_history(self, seat, code, -1, 0, 0, 0, values_mask(self));
        advance(self);
    }
    else {
        self->hands[seat] &= ~(1U << action_tile[code]);
        lay(self, code);
        int total = ends_total(self);
        int worth = self->points[total]; /* F7 */
        int out = self->hands[seat] == 0;
        int chip = out && !self->all_fives;
        if (chip) {
            worth += 1; /* F8: Fives and Threes' point for chipping out */
        }
        int side = side_of(self, seat);
        int points = worth;
        if (self->exact && self->scores[side] + worth > self->target) {
            points = 0; /* F9: past 61 scores nothing */
        }
        self->scores[side] += points;
        push_history(self, seat, code, total, worth, points, chip, 0);
        int reached = self->exact ? self->scores[side] == self->target
                                  : self->scores[side] >= self->target;
        if (points && reached) {
            end_hand(self, TARGET, seat);
        }
        else if (out && (self->all_fives || !self->partnerships ||
                         !(self->hands[side] | self->hands[side + 2]))) {
            end_hand(self, DOMINO, seat);
        }
        else {
            advance(self);
        }
    }
    Py_RETURN_NONE;
}

/* -- the expert's playouts: FivesPlayout.run's loop ------------------------------------------
 *
 * pegboard.fives.bots.playout.FivesPlayout plays a determinized hand out with a greedy policy
 * on its own compact view (tiles as playout bits, a heavier tile a higher bit; the layout as
 * parallel lists of the open ends' numbers and weights, in the playout's order). Its Python
 * loop (run_python) is the reference; this is the same loop in C, end of the hand included,
 * for the search's hot path; tests/fives/bots/test_playout_cores.py compares the two.
 */

static uint8_t rank_low[NTILES], rank_high[NTILES]; /* by playout bit */
static uint32_t rank_mask_with[7];
static int ranks_ready = 0;

static inline int
highest_rank(uint32_t mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return 31 - __builtin_clz(mask);
#else
    int r = 31;
    while (!(mask >> r & 1U)) {
        r--;
    }
    return r;
#endif
}

static int
playout_pips(uint32_t hand)
{
    int pips = 0;
    while (hand) {
        int r = lowest_tile(hand);
        hand &= hand - 1;
        pips += rank_low[r] + rank_high[r];
    }
    return pips;
}

static PyObject *
list_of_ll(const long long *values, int n)
{
    PyObject *list = PyList_New(n);
    if (list == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLongLong(values[i]);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* run_playout(hands, bone, taken, limit, values, weights, total, lone, spin, pending, seat,
 *             scores, side_of, table, exact, target, all_fives, partnerships, by_fives)
 * -> (hands, values, weights, scores, taken, total, lone, spin, pending, seat, kind, by):
 * FivesPlayout.run_python's loop from a live position whose layout is not empty. */
static PyObject *
module_run_playout(PyObject *module, PyObject *args)
{
    PyObject *hands_o, *bone_o, *values_o, *weights_o, *scores_o, *side_of_o, *table_o;
    int taken, limit, total, lone, spin, pending, seat, exact, target, all_fives, partnerships,
        by_fives;
    long long hands_ll[4], bone_ll[NTILES], values_ll[MAX_ENDS], weights_ll[MAX_ENDS],
        scores[4], side_ll[4], table_ll[MAX_TOTAL + 1];
    if (!ranks_ready) {
        PyErr_SetString(PyExc_RuntimeError, "pegboard.fives._fastfives.setup() was not called");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOiiOOipipiOOOpippp:run_playout", &hands_o, &bone_o, &taken,
                          &limit, &values_o, &weights_o, &total, &lone, &spin, &pending, &seat,
                          &scores_o, &side_of_o, &table_o, &exact, &target, &all_fives,
                          &partnerships, &by_fives)) {
        return NULL;
    }
    Py_ssize_t n = read_ints(hands_o, "hands", 0, (1LL << NTILES) - 1, hands_ll, 4);
    Py_ssize_t n_bone = n < 0 ? -1 : read_ints(bone_o, "boneyard", 1, 1LL << (NTILES - 1), bone_ll, NTILES);
    Py_ssize_t count = n_bone < 0 ? -1 : read_ints(values_o, "values", 0, 6, values_ll, MAX_ENDS);
    Py_ssize_t n_weights = count < 0 ? -1 : read_ints(weights_o, "weights", 0, 2, weights_ll, MAX_ENDS);
    Py_ssize_t sides = n_weights < 0 ? -1 : read_ints(scores_o, "scores", 0, MAX_SCORE, scores, 4);
    Py_ssize_t n_side = sides < 0 ? -1 : read_ints(side_of_o, "side_of", 0, 3, side_ll, 4);
    Py_ssize_t n_table = n_side < 0 ? -1 : read_ints(table_o, "table", 0, 255, table_ll, MAX_TOTAL + 1);
    if (n_table < 0) {
        return NULL;
    }
    if (n < 2 || n_side != n || count < 2 || n_weights != count || n_table != MAX_TOTAL + 1 ||
        taken < 0 || taken > n_bone || limit < 0 || limit > n_bone || seat < 0 || seat >= n ||
        (partnerships && n != 4) || spin < -2 || spin >= count || (spin == -2 && !lone)) {
        PyErr_SetString(PyExc_ValueError, "not a live playout");
        return NULL;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        if (side_ll[s] >= sides) {
            PyErr_SetString(PyExc_ValueError, "not a live playout");
            return NULL;
        }
    }
    uint32_t hands[4], bone[NTILES];
    int values[MAX_ENDS], weights[MAX_ENDS], side_of_seat[4];
    for (Py_ssize_t s = 0; s < n; s++) {
        hands[s] = (uint32_t)hands_ll[s];
        side_of_seat[s] = (int)side_ll[s];
    }
    for (Py_ssize_t i = 0; i < n_bone; i++) {
        bone[i] = (uint32_t)bone_ll[i];
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        values[i] = (int)values_ll[i];
        weights[i] = (int)weights_ll[i];
    }
    int alone = all_fives || !partnerships;
    int over = LIVE;
    for (;;) {
        uint32_t hand = hands[seat];
        uint32_t fits = 0;
        for (int i = 0; i < count; i++) {
            fits |= rank_mask_with[values[i]];
        }
        uint32_t playable = hand & fits;
        if (playable) {
            int side = side_of_seat[seat];
            long long room = exact ? target - scores[side] : (1LL << 30);
            int chip = (all_fives || (hand & (hand - 1))) ? 0 : 1; /* F8: the last tile */
            long long best_points = -1;
            int best_rank = 0, best_slot = 0, best_total = 0;
            while (playable) { /* the heaviest tile first; ties to the first end */
                int rank = highest_rank(playable);
                playable ^= 1U << rank;
                int low = rank_low[rank], high = rank_high[rank];
                int weight = low == high ? 2 : 1;
                for (int slot = 0; slot < count; slot++) {
                    int value = values[slot];
                    if (value == low || value == high) {
                        int free = low == value ? high : low;
                        int new_total =
                            (lone ? 2 * value : total - value * weights[slot]) + free * weight;
                        if (new_total < 0 || new_total > MAX_TOTAL) {
                            PyErr_SetString(PyExc_ValueError, "not a live playout");
                            return NULL;
                        }
                        long long points = table_ll[new_total] + chip;
                        if (points > room) {
                            points = 0; /* F9: past 61 scores nothing */
                        }
                        if (points > best_points) {
                            best_points = points;
                            best_rank = rank;
                            best_slot = slot;
                            best_total = new_total;
                        }
                    }
                }
            }
            /* Place it (as FivesPlayout.place). */
            int low = rank_low[best_rank], high = rank_high[best_rank];
            int value = values[best_slot];
            int dbl = low == high;
            if (lone) {
                int other = 1 - best_slot;
                weights[other] = 2; /* the lone double's other side counts it whole (F6) */
                lone = 0;
                if (spin == -2) {
                    spin = other;
                }
            }
            values[best_slot] = low == value ? high : low;
            weights[best_slot] = dbl ? 2 : 1;
            total = best_total;
            if (best_slot == spin) { /* both sides of the spinner covered: its arms open */
                if (count + 2 > MAX_ENDS) {
                    PyErr_SetString(PyExc_ValueError, "not a live playout");
                    return NULL;
                }
                spin = -1;
                values[count] = values[count + 1] = value;
                weights[count] = weights[count + 1] = 0;
                count += 2;
            }
            else if (dbl && pending) {
                pending = 0;
                spin = best_slot;
            }
            hand ^= 1U << best_rank;
            hands[seat] = hand;
            if (best_points) {
                long long score = scores[side] + best_points;
                scores[side] = score;
                if (exact ? score == target : score >= target) {
                    over = TARGET;
                    break;
                }
            }
            if (!hand && (alone || !(hands[side] | hands[side + 2]))) {
                over = DOMINO;
                break;
            }
        }
        else if (taken < limit) {
            hands[seat] = hand | bone[taken++];
            continue;
        }
        /* The next seat that holds tiles; blocked if nobody can play or draw. */
        for (int i = 0; i < n; i++) {
            seat = seat + 1 < n ? seat + 1 : 0;
            if (hands[seat]) {
                break;
            }
        }
        if (taken >= limit) {
            fits = 0;
            for (int i = 0; i < count; i++) {
                fits |= rank_mask_with[values[i]];
            }
            int stuck = 1;
            for (int s = 0; s < n && stuck; s++) {
                stuck = !(hands[s] & fits);
            }
            if (stuck) {
                over = BLOCKED;
                break;
            }
        }
    }
    int by = over == BLOCKED ? -1 : seat;
    if (all_fives && over != TARGET) { /* the end of the hand (FivesPlayout._end, F8) */
        long long side_pips[4] = {0, 0, 0, 0};
        int winner[4] = {0, 0, 0, 0}, n_winners = 0, skip = 0;
        for (Py_ssize_t s = 0; s < n; s++) {
            side_pips[side_of_seat[s]] += playout_pips(hands[s]);
        }
        if (over == DOMINO) {
            winner[side_of_seat[by]] = 1;
            n_winners = 1;
        }
        else {
            long long lowest = side_pips[0];
            for (Py_ssize_t side = 1; side < sides; side++) {
                if (side_pips[side] < lowest) {
                    lowest = side_pips[side];
                }
            }
            for (Py_ssize_t side = 0; side < sides; side++) {
                if (side_pips[side] == lowest) {
                    winner[side] = 1;
                    n_winners++;
                }
            }
            skip = n_winners > 1 && (partnerships || sides == 2); /* tied: nobody scores */
        }
        long long rest = 0;
        for (Py_ssize_t side = 0; side < sides; side++) {
            if (!winner[side]) {
                rest += side_pips[side];
            }
        }
        if (!skip && rest) {
            long long rounded = n_winners == 1
                                    ? (rest + 2) / 5 * 5
                                    : (2 * rest + 5 * n_winners) / (10 * n_winners) * 5;
            for (Py_ssize_t side = 0; side < sides; side++) {
                if (winner[side]) {
                    scores[side] += by_fives ? rounded / 5 : rounded;
                }
            }
        }
    }
    long long out_values[MAX_ENDS], out_weights[MAX_ENDS];
    for (Py_ssize_t s = 0; s < n; s++) {
        hands_ll[s] = hands[s];
    }
    for (int i = 0; i < count; i++) {
        out_values[i] = values[i];
        out_weights[i] = weights[i];
    }
    return Py_BuildValue("(NNNNiiNiNiii)", list_of_ll(hands_ll, (int)n),
                         list_of_ll(out_values, count), list_of_ll(out_weights, count),
                         list_of_ll(scores, (int)sides), taken, total, PyBool_FromLong(lone),
                         spin, PyBool_FromLong(pending), seat, over, by);
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
                             "play_code", "end_value",   "end_count",  "draw_code",
                             "pass_code", "reject",      "rank_low",   "rank_high",
                             NULL};
    PyObject *acts, *tiles, *ends, *frees, *codes, *values, *counts, *reject_arg;
    PyObject *lows, *highs;
    int dcode, pcode;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOOOOOiiOOO:setup", kwlist, &PyTuple_Type,
                                     &acts, &tiles, &ends, &frees, &codes, &values, &counts,
                                     &dcode, &pcode, &reject_arg, &lows, &highs)) {
        return NULL;
    }
    if (PyObject_Length(lows) != NTILES || PyObject_Length(highs) != NTILES) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "setup(): bad rank tables");
        }
        return NULL;
    }
    for (Py_ssize_t r = 0; r < NTILES; r++) {
        long low, high;
        if (int_at(lows, r, &low) < 0 || int_at(highs, r, &high) < 0) {
            return NULL;
        }
        if (low < 0 || high < low || high > 6) {
            PyErr_SetString(PyExc_ValueError, "setup(): bad rank tables");
            return NULL;
        }
        rank_low[r] = (uint8_t)low;
        rank_high[r] = (uint8_t)high;
    }
    for (int v = 0; v < 7; v++) {
        rank_mask_with[v] = 0;
        for (int r = 0; r < NTILES; r++) {
            if (rank_low[r] == v || rank_high[r] == v) {
                rank_mask_with[v] |= 1U << r;
            }
        }
    }
    ranks_ready = 1;
    Py_ssize_t n = PyTuple_GET_SIZE(acts);
    if (n > MAX_ACTIONS || PyObject_Length(codes) != NTILES || PyObject_Length(values) != NENDS ||
        PyObject_Length(counts) != NENDS || dcode < 0 || dcode >= n || pcode < 0 || pcode >= n ||
        !PyCallable_Check(reject_arg)) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "setup(): inconsistent tables");
        }
        return NULL;
    }
    for (Py_ssize_t e = 0; e < NENDS; e++) {
        long v, c;
        if (int_at(values, e, &v) < 0 || int_at(counts, e, &c) < 0) {
            return NULL;
        }
        if (v < -1 || v > 6 || c < 0 || c > 12) {
            PyErr_SetString(PyExc_ValueError, "setup(): bad end table");
            return NULL;
        }
        end_value[e] = (int8_t)v;
        end_count[e] = (uint8_t)c;
    }
    for (int t = 0; t < NTILES; t++) {
        int a = end_value[4 * t], b = end_value[4 * t + 1];
        if (a < 0 || b < 0) {
            PyErr_SetString(PyExc_ValueError, "setup(): bad end table");
            return NULL;
        }
        tile_pips[t] = (uint8_t)(a + b);
        tile_double[t] = a == b;
    }
    for (int v = 0; v < 7; v++) {
        mask_with[v] = 0;
        for (int t = 0; t < NTILES; t++) {
            if (end_value[4 * t] == v || end_value[4 * t + 1] == v) {
                mask_with[v] |= 1U << t;
            }
        }
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long t, e, f;
        if (int_at(tiles, i, &t) < 0 || int_at(ends, i, &e) < 0 || int_at(frees, i, &f) < 0) {
            return NULL;
        }
        if (t < -1 || t >= NTILES || e < -1 || e >= NENDS || f < -1 || f >= NENDS ||
            (i < NTILES) != (t >= 0 && e < 0) || ((t >= 0 && e >= 0) != (f >= 0)) ||
            (e >= 0 && end_value[e] < 0) || (f >= 0 && end_value[f] < 0)) {
            PyErr_SetString(PyExc_ValueError, "setup(): bad action table");
            return NULL;
        }
        action_tile[i] = (int8_t)t;
        action_end[i] = (int8_t)e;
        action_free[i] = (int8_t)f;
    }
    for (Py_ssize_t t = 0; t < NTILES; t++) {
        PyObject *row = PySequence_GetItem(codes, t);
        if (row == NULL) {
            return NULL;
        }
        if (PyObject_Length(row) != NENDS) {
            Py_DECREF(row);
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "setup(): bad play_code table");
            }
            return NULL;
        }
        for (Py_ssize_t e = 0; e < NENDS; e++) {
            long c;
            if (int_at(row, e, &c) < 0) {
                Py_DECREF(row);
                return NULL;
            }
            if (c != -1 && (c < NTILES || c >= n || action_tile[c] != t || action_end[c] != e)) {
                Py_DECREF(row);
                PyErr_SetString(PyExc_ValueError, "setup(): bad play_code table");
                return NULL;
            }
            play_code[t][e] = (int16_t)c;
        }
        Py_DECREF(row);
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
    Py_XSETREF(reject_func, Py_NewRef(reject_arg));
    Py_RETURN_NONE;
}

/* -- type and module ------------------------------------------------------------------------ */

static PyMethodDef core_methods[] = {
    {"legal_actions", (PyCFunction)core_legal_actions, METH_NOARGS,
     "The actions of the seat to play (F4): its plays, else a draw, else a pass."},
    {"apply", (PyCFunction)core_apply, METH_O,
     "Play an action for the seat to play; an illegal one raises and changes nothing."},
    {"_make", (PyCFunction)core_make, METH_VARARGS | METH_CLASS, NULL},
    {"_deal", (PyCFunction)core_deal, METH_VARARGS | METH_CLASS, NULL},
    {"_clone", (PyCFunction)core_clone, METH_NOARGS, NULL},
    {"_getstate", (PyCFunction)core_getstate, METH_NOARGS, NULL},
    {"_fromstate", (PyCFunction)core_fromstate, METH_VARARGS | METH_CLASS, NULL},
    {"_set_hidden", (PyCFunction)core_set_hidden, METH_VARARGS, NULL},
    {"_check_blocked", (PyCFunction)core_check_blocked, METH_NOARGS, NULL},
    {"_current_seat", (PyCFunction)core_current_seat, METH_NOARGS, NULL},
    {"_hand_masks", (PyCFunction)core_hand_masks, METH_NOARGS, NULL},
    {"_bone_tiles", (PyCFunction)core_bone_tiles, METH_NOARGS, NULL},
    {"_placements", (PyCFunction)core_placements, METH_NOARGS, NULL},
    {"_open_ends", (PyCFunction)core_open_ends, METH_NOARGS, NULL},
    {"_history_codes", (PyCFunction)core_history_codes, METH_NOARGS, NULL},
    {"_end_state", (PyCFunction)core_end_state, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef core_getset[] = {
    {"num_players", (getter)core_get_num_players, NULL, NULL, NULL},
    {"leader", (getter)core_get_leader, NULL, NULL, NULL},
    {"current_player", (getter)core_get_current_player, NULL,
     "The seat to act, None once the hand is over.", NULL},
    {"is_over", (getter)core_get_is_over, NULL, NULL, NULL},
    {"scores", (getter)core_get_scores, NULL,
     "Per side, the score so far (the match's before the hand, and this hand's).", NULL},
    {"boneyard_count", (getter)core_get_boneyard_count, NULL, NULL, NULL},
    {"drawable", (getter)core_get_drawable, NULL,
     "How many tiles may still be drawn (F4).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pegboard.fives._fastfives.Core",
    .tp_doc = "The state of a Fives hand and its hot path, in C (see _purecore.PureCore).",
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
     "Install the tables of _purecore.py (called once, by pegboard.fives.hand)."},
    {"run_playout", (PyCFunction)module_run_playout, METH_VARARGS,
     "FivesPlayout.run_python's loop in C (see bots/playout.py)."},
    {"_mt_words", (PyCFunction)module_mt_words, METH_VARARGS,
     "The first outputs of the deal's Mersenne Twister for an int seed (for tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fastfives_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pegboard.fives._fastfives",
    .m_doc = "The C core of a hand of the Fives family (see _purecore.py, the reference).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__fastfives(void)
{
    if (PyType_Ready(&CoreType) < 0) {
        return NULL;
    }
    empty_tuple = PyTuple_New(0);
    if (empty_tuple == NULL) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&fastfives_module);
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
