/* The Draw expert's tree search in C: ismcts.py's `search` and `_iterate`, playout.py's
 * `Playout` (`apply_code`, `run`, `points`, `margins`), step for step, on worlds dealt by
 * expert.py's `Dealer.sample` (in C: _deals.h) with the same random numbers.
 *
 * ismcts.py is the reference and stays the readable one; this module is its hot loop. It
 * gives the very same tree as the reference for the same random state: the worlds are dealt
 * with CPython's Mersenne Twister (_shuffle.h) run on the state of the caller's generator,
 * which is handed back advanced as Python's would be; the moves are tried in the same order,
 * the bounds are the same IEEE double expressions (compiled without contracting them into
 * fused multiply-adds, see setup.py), and the margins are summed in the same order.
 * tests/draw/bots/test_fastsearch.py compares the two searches' roots and generators over
 * hundreds of positions and whole rounds.
 *
 * Tiles are playout ranks (a heavier tile has a higher bit, playout.py), at most 55 of them
 * (the double-nine set, D25), so a hand is one uint64_t. A move is a code as in playout.py:
 * CODE * rank + the end's number (OPEN for the first tile), DRAW or PASS.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "_deals.h"

#define MAX_VALUES 10
#define CODE 16
#define OPEN 15
#define DRAW (-1)
#define PASS (-2)
#define NONE (-3)
/* Every play of a hand (a tile on each of two ends) and a draw. */
#define MAX_MOVES (2 * MAX_TILES + 1)
/* Moves in one round, at most: every tile played or drawn once, and the passes between. */
#define MAX_PATH (4 * MAX_TILES + 8)

typedef struct {
    uint64_t hands[MAX_SEATS];
    uint64_t stock[MAX_TILES];
    int stock_len, taken, a, b, current, passes, n;
} State;

typedef struct {
    int low[MAX_TILES], high[MAX_TILES], pips[MAX_TILES];
    uint64_t mask_with[MAX_VALUES];
    int values;    /* how many numbers the set has: 7 or 10 */
    int reserve;   /* tiles of the stock that are never drawn (RESERVE) */
    int partners;  /* seats 0 and 2 against 1 and 3 (D21) */
    double *leaf;  /* ismcts.Outcomes.values when playing for the match, else NULL */
    int leaf_most; /* ismcts.Outcomes.most */
} Tables;

typedef struct {
    int move;
    int32_t first_child, next_sibling;
    long long visits, available;
    double total;
} Node;

typedef struct {
    Node *nodes;
    Py_ssize_t count, capacity;
} Tree;

static inline int
top_rank(uint64_t bits)
{
    return 63 - __builtin_clzll(bits);
}

static inline int
popcount(uint64_t bits)
{
    return __builtin_popcountll(bits);
}

/* Playout.apply_code: the seat that dominoed, -1 if none, -2 when the round blocked. */
static int
apply_move(State *s, const Tables *t, int move)
{
    int seat = s->current;
    if (move == DRAW) {
        s->hands[seat] |= s->stock[s->taken++];
        return -1;
    }
    if (move == PASS) {
        s->passes++;
        if (s->passes >= s->n) {
            return -2;
        }
        s->current = (seat + 1) % s->n;
        return -1;
    }
    int rank = move / CODE, value = move % CODE;
    int low = t->low[rank], high = t->high[rank];
    if (value == OPEN) {
        s->a = low;
        s->b = high;
    }
    else {
        int other = low == value ? high : low;
        if (s->a == value) {
            s->a = other;
        }
        else {
            s->b = other;
        }
    }
    uint64_t hand = s->hands[seat] ^ ((uint64_t)1 << rank);
    s->hands[seat] = hand;
    s->passes = 0;
    if (!hand) {
        return seat;
    }
    s->current = (seat + 1) % s->n;
    return -1;
}

/* Playout.run: the greedy policy to the end of the round (the hands are left as played). */
static int
run(State *s, const Tables *t)
{
    uint64_t *hands = s->hands;
    int taken = s->taken, a = s->a, b = s->b, seat = s->current, passes = s->passes;
    const int n = s->n, stock_len = s->stock_len;
    for (;;) {
        uint64_t hand = hands[seat];
        uint64_t playable = a < 0 ? hand : hand & (t->mask_with[a] | t->mask_with[b]);
        if (playable) {
            int rank = top_rank(playable);
            hand ^= (uint64_t)1 << rank;
            hands[seat] = hand;
            int low = t->low[rank], high = t->high[rank];
            if (a < 0) {
                a = low;
                b = high;
            }
            else if (low == a || high == a) {
                if ((low == b || high == b) && a != b) {
                    /* fits both ends: keep open the number held more of (the higher on a tie) */
                    int held_a = popcount(hand & t->mask_with[a]);
                    int held_b = popcount(hand & t->mask_with[b]);
                    if (held_a > held_b || (held_a == held_b && a > b)) {
                        b = a;
                    }
                    else {
                        a = b;
                    }
                }
                else {
                    a = low == a ? high : low;
                }
            }
            else {
                b = low == b ? high : low;
            }
            passes = 0;
            if (!hand) {
                return seat;
            }
            seat = seat + 1 < n ? seat + 1 : 0;
        }
        else if (stock_len - taken > t->reserve) {
            hands[seat] = hand | s->stock[taken++];
        }
        else {
            passes++;
            if (passes >= n) {
                return -2;
            }
            seat = seat + 1 < n ? seat + 1 : 0;
        }
    }
}

/* ismcts.moves: the plays heaviest first (each end that takes the tile), a draw besides
 * with `voluntary_draw`; else a draw while the stock allows; else the pass. */
static int
moves(const State *s, const Tables *t, int voluntary_draw, int *out)
{
    uint64_t hand = s->hands[s->current];
    int a = s->a, b = s->b, count = 0;
    int can_draw = s->stock_len - s->taken > t->reserve;
    if (a < 0) {
        uint64_t playable = hand;
        while (playable) {
            int rank = top_rank(playable);
            playable ^= (uint64_t)1 << rank;
            out[count++] = CODE * rank + OPEN;
        }
    }
    else {
        uint64_t playable = hand & (t->mask_with[a] | t->mask_with[b]);
        while (playable) {
            int rank = top_rank(playable);
            playable ^= (uint64_t)1 << rank;
            int low = t->low[rank], high = t->high[rank];
            if (low == a || high == a) {
                out[count++] = CODE * rank + a;
            }
            if (b != a && (low == b || high == b)) {
                out[count++] = CODE * rank + b;
            }
        }
    }
    if (count) {
        if (voluntary_draw && can_draw) {
            out[count++] = DRAW;
        }
        return count;
    }
    out[0] = can_draw ? DRAW : PASS;
    return 1;
}

static int
pip_count(uint64_t hand, const Tables *t)
{
    int total = 0;
    while (hand) {
        int rank = __builtin_ctzll(hand);
        hand &= hand - 1;
        total += t->pips[rank];
    }
    return total;
}

/* ismcts.margins: Playout.points (D13, D14; by sides in partnerships, D22, D23), then
 * playout.margins, in the same floating-point operations. */
static void
margins(const State *s, const Tables *t, int end, double *out)
{
    int counts[MAX_SEATS], points[MAX_SEATS] = {0, 0, 0, 0};
    const int n = s->n;
    for (int seat = 0; seat < n; seat++) {
        counts[seat] = pip_count(s->hands[seat], t);
    }
    if (t->partners) {
        int sides[2] = {counts[0] + counts[2], counts[1] + counts[3]};
        int side = -1;
        if (end >= 0) {
            side = end % 2;
        }
        else if (sides[0] != sides[1]) {
            side = sides[0] < sides[1] ? 0 : 1;
        }
        if (side >= 0) {
            points[side] = points[side + 2] = sides[1 - side];
        }
        for (int seat = 0; seat < n; seat++) {
            out[seat] = (double)(points[seat] - points[(seat + 1) % n]);
        }
        return;
    }
    int total = 0;
    for (int seat = 0; seat < n; seat++) {
        total += counts[seat];
    }
    if (end >= 0) {
        points[end] = total;
    }
    else {
        int lowest = counts[0], at = 0, ties = 0;
        for (int seat = 0; seat < n; seat++) {
            if (counts[seat] < lowest) {
                lowest = counts[seat];
                at = seat;
            }
        }
        for (int seat = 0; seat < n; seat++) {
            ties += counts[seat] == lowest;
        }
        if (ties == 1) {
            points[at] = total - 2 * lowest;
        }
    }
    if (t->leaf != NULL) { /* ismcts.Outcomes.of: one seat scores at most (D13, D14) */
        int winner = -1;
        for (int seat = 0; seat < n && winner < 0; seat++) {
            winner = points[seat] > 0 ? seat : -1;
        }
        int scored = winner >= 0 ? points[winner] : 0;
        scored = scored < t->leaf_most ? scored : t->leaf_most;
        const double *values = t->leaf + ((winner + 1) * (t->leaf_most + 1) + scored) * n;
        for (int seat = 0; seat < n; seat++) {
            out[seat] = values[seat];
        }
        return;
    }
    int sum = 0;
    for (int seat = 0; seat < n; seat++) {
        sum += points[seat];
    }
    for (int seat = 0; seat < n; seat++) {
        out[seat] = (double)points[seat] - (double)(sum - points[seat]) / (double)(n - 1);
    }
}

/* A new child of `parent` for `move`; its index, or -1 when memory is short. */
static int32_t
add_child(Tree *tree, int32_t parent, int move)
{
    if (tree->count == tree->capacity) {
        Py_ssize_t capacity = tree->capacity * 2;
        Node *nodes = PyMem_RawRealloc(tree->nodes, (size_t)capacity * sizeof(Node));
        if (nodes == NULL) {
            return -1;
        }
        tree->nodes = nodes;
        tree->capacity = capacity;
    }
    int32_t index = (int32_t)tree->count++;
    Node *node = &tree->nodes[index];
    node->move = move;
    node->first_child = -1;
    node->next_sibling = tree->nodes[parent].first_child;
    node->visits = 0;
    node->available = 1;
    node->total = 0.0;
    tree->nodes[parent].first_child = index;
    return index;
}

static inline int32_t
find_child(const Tree *tree, int32_t parent, int move)
{
    for (int32_t child = tree->nodes[parent].first_child; child >= 0;
         child = tree->nodes[child].next_sibling) {
        if (tree->nodes[child].move == move) {
            return child;
        }
    }
    return -1;
}

/* ismcts._iterate (with every player in the tree, no given first move, greedy playouts):
 * 0, or -1 when memory is short. */
static int
iterate(Tree *tree, State *s, const Tables *t, const int *root_moves, int root_count, double c)
{
    int buffer[MAX_MOVES];
    const int *legal = root_moves;
    int count = root_count;
    int32_t node = 0;
    int32_t path[MAX_PATH];
    int actors[MAX_PATH];
    int depth = 0, end = -1;
    for (;;) {
        int untried = NONE;
        for (int i = 0; i < count; i++) {
            int32_t child = find_child(tree, node, legal[i]);
            if (child < 0) {
                if (untried == NONE) {
                    untried = legal[i];
                }
            }
            else {
                tree->nodes[child].available++;
            }
        }
        int actor = s->current;
        if (untried != NONE) {
            int32_t child = add_child(tree, node, untried);
            if (child < 0) {
                return -1;
            }
            path[depth] = child;
            actors[depth++] = actor;
            end = apply_move(s, t, untried);
            if (end == -1) {
                end = run(s, t);
            }
            break;
        }
        int32_t chosen = -1;
        int best_move = legal[0];
        double best = -INFINITY;
        for (int i = 0; i < count; i++) {
            int32_t child = find_child(tree, node, legal[i]);
            const Node *stats = &tree->nodes[child];
            double score = stats->total / (double)stats->visits +
                           c * sqrt(log((double)stats->available) / (double)stats->visits);
            if (score > best) {
                best = score;
                best_move = legal[i];
                chosen = child;
            }
        }
        if (chosen < 0) { /* every bound was NaN (never: visits >= 1): as Python, legal[0] */
            chosen = find_child(tree, node, best_move);
        }
        node = chosen;
        path[depth] = node;
        actors[depth++] = actor;
        end = apply_move(s, t, best_move);
        /* Forced moves make no node: make them, then look at the next decision. */
        while (end == -1) {
            count = moves(s, t, 0, buffer);
            legal = buffer;
            if (count > 1) {
                break;
            }
            end = apply_move(s, t, legal[0]);
        }
        if (end != -1 || depth >= MAX_PATH) {
            break;
        }
    }
    double result[MAX_SEATS];
    margins(s, t, end, result);
    tree->nodes[0].visits++;
    for (int i = 0; i < depth; i++) {
        tree->nodes[path[i]].visits++;
        tree->nodes[path[i]].total += result[actors[i]];
    }
    return 0;
}

/* ismcts.Outcomes.values for `n` seats alone and rounds of at most `most` points, as C
 * doubles; NULL with an exception. */
static double *
read_outcomes(PyObject *values, int n, int most, int partners)
{
    if (partners || most < 0 || most > 10000) {
        PyErr_SetString(PyExc_ValueError, "outcomes are of players alone, most 0 to 10000");
        return NULL;
    }
    PyObject *fast = PySequence_Fast(values, "the outcomes");
    if (fast == NULL) {
        return NULL;
    }
    Py_ssize_t size = (Py_ssize_t)(n + 1) * (most + 1) * n;
    if (PySequence_Fast_GET_SIZE(fast) != size) {
        PyErr_Format(PyExc_ValueError, "the outcomes are %zd values, not %zd", size,
                     PySequence_Fast_GET_SIZE(fast));
        Py_DECREF(fast);
        return NULL;
    }
    double *leaf = PyMem_RawMalloc((size_t)size * sizeof(double));
    if (leaf == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        leaf[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (leaf[i] == -1.0 && PyErr_Occurred()) {
            PyMem_RawFree(leaf);
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    return leaf;
}

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

PyDoc_STRVAR(search_doc,
"search(pool, own, sizes, seat, block, ends, current, passes, partners, low, high, pips,\n"
"       mask_with, reserve, root_moves, generator, budget, time_limit, c, plan=None,\n"
"       rank_bit=None, outcomes=None, most=-1)\n"
"--\n\n"
"ismcts.search with every player in the tree and greedy playouts, for a Dealer with a\n"
"pool (each deal a shuffle of it) or with counted deals (`plan`, sampler.CountedDeals.plan,\n"
"and `rank_bit`, each tile's playout bit: then `pool` is not used). `generator` is the 625\n"
"numbers of random.Random.getstate()[1]. Returns (root visits, [(move, visits, total,\n"
"available) per root child], the generator's numbers after, the pool's order after).\n"
"With `outcomes` (ismcts.Outcomes.values; `most`, its most points) a round's end is\n"
"valued by them, not by the seats' margins (players alone only).");

static PyObject *
fast_search(PyObject *module, PyObject *args)
{
    PyObject *pool_arg, *sizes_arg, *ends_arg, *low_arg, *high_arg, *pips_arg, *mask_arg;
    PyObject *root_arg, *generator_arg, *own_arg, *time_arg, *plan_arg = Py_None;
    PyObject *rank_bit_arg = Py_None, *outcomes_arg = Py_None;
    int most = -1;
    int seat, block, current, passes, partners, reserve;
    long long budget;
    double c;
    if (!PyArg_ParseTuple(args, "OOOipOiipOOOOiOOLOd|OOOi:search", &pool_arg, &own_arg, &sizes_arg,
                          &seat, &block, &ends_arg, &current, &passes, &partners, &low_arg,
                          &high_arg, &pips_arg, &mask_arg, &reserve, &root_arg, &generator_arg,
                          &budget, &time_arg, &c, &plan_arg, &rank_bit_arg, &outcomes_arg,
                          &most)) {
        return NULL;
    }
    Tables tables;
    State root_state;
    MT mt;
    uint64_t pool[MAX_TILES], mask_with[MAX_VALUES];
    int sizes[MAX_SEATS], ends[2] = {-1, -1}, root_moves[MAX_MOVES];
    Py_ssize_t pool_len, seats, ranks, values, root_count, ends_count;
    memset(&root_state, 0, sizeof root_state);
    if (bits_items(pool_arg, "the pool", pool, MAX_TILES, &pool_len) < 0 ||
        int_items(sizes_arg, "the hand sizes", sizes, 2, MAX_SEATS, &seats) < 0 ||
        int_items(ends_arg, "the ends", ends, 0, 2, &ends_count) < 0 ||
        int_items(low_arg, "the low numbers", tables.low, 1, MAX_TILES, &ranks) < 0 ||
        int_items(high_arg, "the high numbers", tables.high, ranks, ranks, NULL) < 0 ||
        int_items(pips_arg, "the pips", tables.pips, ranks, ranks, NULL) < 0 ||
        bits_items(mask_arg, "the masks", mask_with, MAX_VALUES, &values) < 0 ||
        int_items(root_arg, "the root's moves", root_moves, 1, MAX_MOVES, &root_count) < 0 ||
        read_generator(generator_arg, &mt) < 0) {
        return NULL;
    }
    unsigned long long own = PyLong_AsUnsignedLongLong(own_arg);
    if (own == (unsigned long long)-1 && PyErr_Occurred()) {
        return NULL;
    }
    double time_limit = -1.0;
    if (time_arg != Py_None) {
        time_limit = PyFloat_AsDouble(time_arg);
        if (time_limit == -1.0 && PyErr_Occurred()) {
            return NULL;
        }
    }
    if (ends_count == 1 || seat < 0 || seat >= seats || current < 0 || current >= seats ||
        (partners && seats != 4) || budget < 1) {
        PyErr_SetString(PyExc_ValueError, "not a position of the search");
        return NULL;
    }
    int needed = 0;
    for (int other = 0; other < seats; other++) {
        if (sizes[other] < 0) {
            PyErr_SetString(PyExc_ValueError, "a hand size is at least 0");
            return NULL;
        }
        needed += other == seat ? 0 : sizes[other];
    }
    Counted counted;
    int counting = plan_arg != Py_None;
    uint64_t rank_bit[MAX_TILES];
    memset(&counted, 0, sizeof counted);
    if (counting) {
        Py_ssize_t bits;
        if (bits_items(rank_bit_arg, "the playout bits", rank_bit, MAX_TILES, &bits) < 0 ||
            read_counted(plan_arg, &counted) < 0) {
            free_counted(&counted);
            return NULL;
        }
        int dealt = 0, highest = -1;
        for (int k = 0; k < counted.seats; k++) {
            if (counted.seat[k] < 0 || counted.seat[k] >= seats || counted.seat[k] == seat) {
                PyErr_SetString(PyExc_ValueError, "the plan deals a seat that is not another of the table");
                free_counted(&counted);
                return NULL;
            }
        }
        for (int i = 0; i < counted.tiles; i++) {
            highest = counted.tile[i] > highest ? counted.tile[i] : highest;
        }
        dealt = counted.seats + 1 == seats;
        if (!dealt || highest >= bits) {
            PyErr_SetString(PyExc_ValueError, "the plan does not deal this table");
            free_counted(&counted);
            return NULL;
        }
    }
    else if (needed > pool_len) {
        PyErr_SetString(PyExc_ValueError, "the pool is smaller than the hidden hands");
        return NULL;
    }
    tables.leaf = NULL;
    tables.leaf_most = most;
    if (outcomes_arg != Py_None) {
        tables.leaf = read_outcomes(outcomes_arg, (int)seats, most, partners);
        if (tables.leaf == NULL) {
            free_counted(&counted);
            return NULL;
        }
    }
    memcpy(tables.mask_with, mask_with, sizeof mask_with);
    tables.values = (int)values;
    tables.reserve = reserve;
    tables.partners = partners;
    root_state.n = (int)seats;
    root_state.a = ends[0];
    root_state.b = ends[1];
    root_state.current = current;
    root_state.passes = passes;

    Tree tree;
    tree.capacity = 1024;
    tree.count = 1;
    tree.nodes = PyMem_RawMalloc((size_t)tree.capacity * sizeof(Node));
    if (tree.nodes == NULL) {
        free_counted(&counted);
        PyMem_RawFree(tables.leaf);
        return PyErr_NoMemory();
    }
    tree.nodes[0] = (Node){.move = NONE, .first_child = -1, .next_sibling = -1,
                           .visits = 0, .available = 0, .total = 0.0};
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    double deadline = time_limit < 0 ? 0.0 : now() + time_limit;
    State state;
    World world;
    world.n = (int)seats;
    for (;;) {
        if (counting) {
            deal_counted(&world, &counted, rank_bit, seat, (uint64_t)own, block, &mt);
        }
        else {
            deal(&world, pool, (int)pool_len, sizes, seat, (uint64_t)own, block, &mt);
        }
        state = root_state;
        memcpy(state.hands, world.hands, sizeof world.hands);
        memcpy(state.stock, world.stock, (size_t)world.stock_len * sizeof(uint64_t));
        state.stock_len = world.stock_len;
        if (iterate(&tree, &state, &tables, root_moves, (int)root_count, c) < 0) {
            failed = 1;
            break;
        }
        long long visits = tree.nodes[0].visits;
        if (visits < root_count) { /* every legal action tried once, whatever the budget */
            continue;
        }
        if (time_limit < 0) {
            if (visits >= budget) {
                break;
            }
        }
        else if (now() >= deadline) {
            break;
        }
    }
    Py_END_ALLOW_THREADS
    free_counted(&counted);
    PyMem_RawFree(tables.leaf);
    if (failed) {
        PyMem_RawFree(tree.nodes);
        return PyErr_NoMemory();
    }
    PyObject *children = PyList_New(0);
    PyObject *words = PyTuple_New(MT_N + 1);
    PyObject *order = PyList_New(pool_len);
    PyObject *result = NULL;
    if (children == NULL || words == NULL || order == NULL) {
        goto done;
    }
    for (int32_t child = tree.nodes[0].first_child; child >= 0;
         child = tree.nodes[child].next_sibling) {
        const Node *stats = &tree.nodes[child];
        PyObject *item = Py_BuildValue("(iLdL)", stats->move, stats->visits, stats->total,
                                       stats->available);
        if (item == NULL || PyList_Append(children, item) < 0) {
            Py_XDECREF(item);
            goto done;
        }
        Py_DECREF(item);
    }
    for (int i = 0; i < MT_N; i++) {
        PyObject *word = PyLong_FromUnsignedLong(mt.state[i]);
        if (word == NULL) {
            goto done;
        }
        PyTuple_SET_ITEM(words, i, word);
    }
    PyObject *index = PyLong_FromLong(mt.index);
    if (index == NULL) {
        goto done;
    }
    PyTuple_SET_ITEM(words, MT_N, index);
    for (Py_ssize_t i = 0; i < pool_len; i++) {
        PyObject *bit = PyLong_FromUnsignedLongLong(pool[i]);
        if (bit == NULL) {
            goto done;
        }
        PyList_SET_ITEM(order, i, bit);
    }
    result = Py_BuildValue("(LOOO)", tree.nodes[0].visits, children, words, order);
done:
    Py_XDECREF(children);
    Py_XDECREF(words);
    Py_XDECREF(order);
    PyMem_RawFree(tree.nodes);
    return result;
}

static PyMethodDef module_methods[] = {
    {"search", (PyCFunction)fast_search, METH_VARARGS, search_doc},
    {"_mt_words", (PyCFunction)module_mt_words, METH_VARARGS,
     "The first outputs of the generator for an int seed (for tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fastsearch_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pegboard.draw.bots._fastsearch",
    .m_doc = "The C core of the Draw expert's tree search (see ismcts.py, the reference).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__fastsearch(void)
{
    return PyModule_Create(&fastsearch_module);
}
