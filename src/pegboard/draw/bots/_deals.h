/* How the Draw expert's search deals a world (``_fastsearch.c``, which includes this once):
 * Dealer.sample in C, from the state of the bot's own generator, drawing the very random
 * numbers random.Random draws in Python. Before any pass a world is a shuffle of the pool of
 * unseen tiles; after one (D8) it is a counted deal (sampler.CountedDeals: per seat a make-up
 * of the groups of tiles drawn by its weight, then each group's tiles by random.sample),
 * from the plan Python counted once for the search. The readers of the search's arguments
 * are here too (Python sequences into C arrays).
 *
 * It needs <Python.h>, <stdint.h> and <string.h>.
 */

#ifndef PEGBOARD_DRAW_BOTS_DEALS_H
#define PEGBOARD_DRAW_BOTS_DEALS_H

#include "../../dominoes/_shuffle.h"

#define MAX_TILES 55
#define MAX_SEATS 4

/* A world: every hand in playout bits, and the stock in drawing order. */
typedef struct {
    uint64_t hands[MAX_SEATS];
    uint64_t stock[MAX_TILES];
    int stock_len, n;
} World;

/* Dealer.sample for a pool: the pool shuffled as random.Random.shuffle does, the other
 * seats' hands from it in seat order, the rest the stock (none in the Block game). */
static void
deal(World *world, uint64_t *pool, int pool_len, const int *sizes, int seat, uint64_t own,
     int block, MT *mt)
{
    for (int i = pool_len - 1; i > 0; i--) {
        uint32_t n = (uint32_t)i + 1, r;
        int k = bit_length(n);
        do {
            r = mt_next(mt) >> (32 - k);
        } while (r >= n);
        uint64_t swap = pool[i];
        pool[i] = pool[r];
        pool[r] = swap;
    }
    int start = 0;
    for (int other = 0; other < world->n; other++) {
        if (other == seat) {
            world->hands[other] = own;
            continue;
        }
        uint64_t hand = 0;
        for (int i = start; i < start + sizes[other]; i++) {
            hand |= pool[i];
        }
        world->hands[other] = hand;
        start += sizes[other];
    }
    world->stock_len = block ? 0 : pool_len - start;
    if (!block) {
        memcpy(world->stock, pool + start, (size_t)(pool_len - start) * sizeof(uint64_t));
    }
}

static int
int_items(PyObject *sequence, const char *what, int *out, Py_ssize_t least, Py_ssize_t most,
          Py_ssize_t *count)
{
    PyObject *fast = PySequence_Fast(sequence, what);
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    if (size < least || size > most) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items, not %zd to %zd", what, size, least, most);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)value;
    }
    if (count != NULL) {
        *count = size;
    }
    Py_DECREF(fast);
    return 0;
}

static int
bits_items(PyObject *sequence, const char *what, uint64_t *out, Py_ssize_t most, Py_ssize_t *count)
{
    PyObject *fast = PySequence_Fast(sequence, what);
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    if (size > most) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items, more than %zd", what, size, most);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        unsigned long long value = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (uint64_t)value;
    }
    *count = size;
    Py_DECREF(fast);
    return 0;
}

/* sampler.CountedDeals.plan: the groups of tiles (by who may hold them), the seats to deal
 * in order, the unseen tiles in order, the stock's size, and per state each make-up: what
 * it takes of each group, the state it leaves, its cumulative weight. */
#define MAX_GROUPS 16

typedef struct {
    int groups, seats, tiles, stock_size;
    int group_size[MAX_GROUPS];
    uint8_t group_tiles[MAX_GROUPS][MAX_TILES];
    int seat[MAX_SEATS];
    uint8_t tile[MAX_TILES];
    Py_ssize_t states, options;
    Py_ssize_t *first;            /* per state, its first make-up; first[states]: the end */
    uint8_t *take;                /* per make-up, what it takes of each group */
    int32_t *next;                /* per make-up, the state it leaves (-1: none) */
    unsigned __int128 *cumulative;
} Counted;

static void
free_counted(Counted *counted)
{
    PyMem_RawFree(counted->first);
    PyMem_RawFree(counted->take);
    PyMem_RawFree(counted->next);
    PyMem_RawFree(counted->cumulative);
    counted->first = NULL;
    counted->take = NULL;
    counted->next = NULL;
    counted->cumulative = NULL;
}

/* A cumulative weight, 0 to below 2**127, as an unsigned 128-bit number; -1 with an
 * exception. */
static int
weight_of(PyObject *value, unsigned __int128 *out)
{
    PyObject *low_mask = PyLong_FromUnsignedLongLong(~0ULL);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *zero = PyLong_FromLong(0);
    PyObject *low = NULL, *high = NULL;
    int result = -1;
    if (low_mask == NULL || shift == NULL || zero == NULL) {
        goto done;
    }
    if (!PyLong_Check(value) || PyObject_RichCompareBool(value, zero, Py_LT) != 0) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "a weight is a whole number, 0 or more");
        }
        goto done;
    }
    low = PyNumber_And(value, low_mask);
    high = low == NULL ? NULL : PyNumber_Rshift(value, shift);
    if (high == NULL) {
        goto done;
    }
    unsigned long long low_bits = PyLong_AsUnsignedLongLong(low);
    unsigned long long high_bits = PyLong_AsUnsignedLongLong(high);
    if (PyErr_Occurred()) {
        goto done;
    }
    if (high_bits >> 63) {
        PyErr_SetString(PyExc_OverflowError, "a weight of 2**127 or more");
        goto done;
    }
    *out = ((unsigned __int128)high_bits << 64) | low_bits;
    result = 0;
done:
    Py_XDECREF(low_mask);
    Py_XDECREF(shift);
    Py_XDECREF(zero);
    Py_XDECREF(low);
    Py_XDECREF(high);
    return result;
}

static int
tile_items(PyObject *sequence, const char *what, uint8_t *out, int *count)
{
    int values[MAX_TILES];
    Py_ssize_t size;
    if (int_items(sequence, what, values, 0, MAX_TILES, &size) < 0) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        if (values[i] < 0 || values[i] >= MAX_TILES) {
            PyErr_Format(PyExc_ValueError, "%s: a tile is numbered 0 to %d", what, MAX_TILES - 1);
            return -1;
        }
        out[i] = (uint8_t)values[i];
    }
    *count = (int)size;
    return 0;
}

/* Whether every deal the plan can draw reaches its last seat through states of the right
 * seat (a state drawn for the k-th seat leads only to states of the next): 0, or -1 with an
 * exception, so that a wrong plan is refused rather than read out of bounds. */
static int
check_counted(const Counted *counted)
{
    int *depth = PyMem_RawMalloc((size_t)counted->states * sizeof(int));
    Py_ssize_t *queue = PyMem_RawMalloc((size_t)counted->states * sizeof(Py_ssize_t));
    int result = 0;
    if (depth == NULL || queue == NULL) {
        PyMem_RawFree(depth);
        PyMem_RawFree(queue);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t state = 0; state < counted->states; state++) {
        depth[state] = -1;
    }
    Py_ssize_t head = 0, tail = 0;
    depth[0] = 0;
    queue[tail++] = 0;
    while (head < tail && result == 0) {
        Py_ssize_t state = queue[head++];
        unsigned __int128 previous = 0;
        for (Py_ssize_t at = counted->first[state]; at < counted->first[state + 1]; at++) {
            int drawn = counted->cumulative[at] > previous; /* a make-up that can be drawn */
            previous = counted->cumulative[at];
            if (!drawn || depth[state] == counted->seats - 1) {
                continue;
            }
            int32_t next = counted->next[at];
            if (next < 0 || (depth[next] >= 0 && depth[next] != depth[state] + 1)) {
                PyErr_SetString(PyExc_ValueError, "a plan's make-up leads to no state of its next seat");
                result = -1;
                break;
            }
            if (depth[next] < 0) {
                depth[next] = depth[state] + 1;
                queue[tail++] = next;
            }
        }
    }
    PyMem_RawFree(depth);
    PyMem_RawFree(queue);
    return result;
}

/* Read a plan (see Counted) into `counted`; -1 with an exception. */
static int
read_counted(PyObject *plan, Counted *counted)
{
    PyObject *groups, *seats, *tiles, *states;
    int stock_size;
    memset(counted, 0, sizeof *counted);
    if (!PyArg_ParseTuple(plan, "OOOiO:the plan of the deals", &groups, &seats, &tiles,
                          &stock_size, &states)) {
        return -1;
    }
    PyObject *fast = PySequence_Fast(groups, "the groups");
    if (fast == NULL) {
        return -1;
    }
    counted->groups = (int)PySequence_Fast_GET_SIZE(fast);
    if (counted->groups > MAX_GROUPS) {
        PyErr_SetString(PyExc_ValueError, "more groups of tiles than the search holds");
        Py_DECREF(fast);
        return -1;
    }
    for (int g = 0; g < counted->groups; g++) {
        if (tile_items(PySequence_Fast_GET_ITEM(fast, g), "a group", counted->group_tiles[g],
                       &counted->group_size[g]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    Py_ssize_t seats_count;
    if (int_items(seats, "the seats to deal", counted->seat, 1, MAX_SEATS, &seats_count) < 0 ||
        tile_items(tiles, "the tiles", counted->tile, &counted->tiles) < 0) {
        return -1;
    }
    counted->seats = (int)seats_count;
    counted->stock_size = stock_size;
    if (stock_size < 0 || stock_size > counted->tiles) {
        PyErr_SetString(PyExc_ValueError, "the stock's size is 0 to the unseen tiles");
        return -1;
    }
    fast = PySequence_Fast(states, "the states");
    if (fast == NULL) {
        return -1;
    }
    counted->states = PySequence_Fast_GET_SIZE(fast);
    if (counted->states < 1) {
        PyErr_SetString(PyExc_ValueError, "a plan has its first state at least");
        Py_DECREF(fast);
        return -1;
    }
    Py_ssize_t options = 0;
    for (Py_ssize_t state = 0; state < counted->states; state++) {
        Py_ssize_t size = PySequence_Size(PySequence_Fast_GET_ITEM(fast, state));
        if (size < 1) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "a state has a make-up at least");
            }
            Py_DECREF(fast);
            return -1;
        }
        options += size;
    }
    counted->options = options;
    counted->first = PyMem_RawMalloc((size_t)(counted->states + 1) * sizeof(Py_ssize_t));
    counted->take = PyMem_RawMalloc((size_t)(options * MAX_GROUPS) + 1);
    counted->next = PyMem_RawMalloc((size_t)options * sizeof(int32_t) + 1);
    counted->cumulative = PyMem_RawMalloc((size_t)options * sizeof(unsigned __int128) + 1);
    if (counted->first == NULL || counted->take == NULL || counted->next == NULL ||
        counted->cumulative == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t state = 0; state < counted->states; state++) {
        counted->first[state] = at;
        PyObject *rows = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, state), "a state");
        if (rows == NULL) {
            Py_DECREF(fast);
            return -1;
        }
        for (Py_ssize_t r = 0; r < PySequence_Fast_GET_SIZE(rows); r++, at++) {
            PyObject *take, *weight;
            int next, amounts[MAX_GROUPS];
            Py_ssize_t groups_taken;
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(rows, r), "OiO:a make-up", &take, &next,
                                  &weight) ||
                int_items(take, "a make-up", amounts, counted->groups, counted->groups,
                          &groups_taken) < 0 ||
                weight_of(weight, &counted->cumulative[at]) < 0) {
                Py_DECREF(rows);
                Py_DECREF(fast);
                return -1;
            }
            if (r > 0 && counted->cumulative[at] < counted->cumulative[at - 1]) {
                PyErr_SetString(PyExc_ValueError, "a state's weights are cumulative");
                Py_DECREF(rows);
                Py_DECREF(fast);
                return -1;
            }
            if (next < -1 || next >= counted->states) {
                PyErr_SetString(PyExc_ValueError, "a make-up leaves a state of the plan");
                Py_DECREF(rows);
                Py_DECREF(fast);
                return -1;
            }
            for (int g = 0; g < counted->groups; g++) {
                if (amounts[g] < 0 || amounts[g] > counted->group_size[g]) {
                    PyErr_SetString(PyExc_ValueError, "a make-up takes more than its group");
                    Py_DECREF(rows);
                    Py_DECREF(fast);
                    return -1;
                }
                counted->take[at * MAX_GROUPS + g] = (uint8_t)amounts[g];
            }
            counted->next[at] = next;
        }
        Py_DECREF(rows);
        if (counted->cumulative[at - 1] == 0) {
            PyErr_SetString(PyExc_ValueError, "a state of the plan has no deal");
            Py_DECREF(fast);
            return -1;
        }
    }
    counted->first[counted->states] = at;
    Py_DECREF(fast);
    return check_counted(counted);
}

/* sampler.CountedDeals.deal, then Dealer.sample's playout bits: the hands of the seats to
 * deal, the seat's own, and the stock (none in the Block game). */
static void
deal_counted(World *world, const Counted *counted, const uint64_t *rank_bit, int seat,
             uint64_t own, int block, MT *mt)
{
    uint8_t pools[MAX_GROUPS][MAX_TILES];
    int sizes[MAX_GROUPS];
    uint64_t held = 0;
    for (int g = 0; g < counted->groups; g++) {
        sizes[g] = counted->group_size[g];
        memcpy(pools[g], counted->group_tiles[g], (size_t)sizes[g]);
    }
    world->hands[seat] = own;
    Py_ssize_t state = 0;
    for (int k = 0; k < counted->seats; k++) {
        Py_ssize_t first = counted->first[state], end = counted->first[state + 1];
        unsigned __int128 pick = mt_randbelow(mt, counted->cumulative[end - 1]);
        Py_ssize_t chosen = first;
        while (counted->cumulative[chosen] <= pick) { /* bisect_right */
            chosen++;
        }
        uint64_t hand = 0;
        for (int g = 0; g < counted->groups; g++) {
            int n = counted->take[chosen * MAX_GROUPS + g];
            if (!n) {
                continue;
            }
            uint8_t picked[MAX_TILES];
            mt_sample(mt, pools[g], sizes[g], n, picked);
            for (int i = 0; i < n; i++) {
                hand |= (uint64_t)1 << picked[i];
            }
            int kept = 0;
            for (int i = 0; i < sizes[g]; i++) {
                if (!(hand >> pools[g][i] & 1)) {
                    pools[g][kept++] = pools[g][i];
                }
            }
            sizes[g] = kept;
        }
        held |= hand;
        uint64_t bits = 0;
        for (uint64_t rest = hand; rest; rest &= rest - 1) {
            bits |= rank_bit[__builtin_ctzll(rest)];
        }
        world->hands[counted->seat[k]] = bits;
        state = counted->next[chosen];
    }
    uint8_t stock[MAX_TILES];
    int left = 0;
    for (int i = 0; i < counted->tiles; i++) {
        if (!(held >> counted->tile[i] & 1)) {
            stock[left++] = counted->tile[i];
        }
    }
    for (int i = left - 1; i > 0; i--) {
        int j = (int)mt_randbelow(mt, (unsigned __int128)(i + 1));
        uint8_t swap = stock[i];
        stock[i] = stock[j];
        stock[j] = swap;
    }
    int size = counted->stock_size < left ? counted->stock_size : left;
    world->stock_len = block ? 0 : size;
    for (int i = 0; i < size; i++) {
        world->stock[i] = rank_bit[stock[i]];
    }
}

static int
read_generator(PyObject *words, MT *mt)
{
    PyObject *fast = PySequence_Fast(words, "the generator's state");
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) != MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "the generator's state is 625 numbers");
        Py_DECREF(fast);
        return -1;
    }
    for (int i = 0; i <= MT_N; i++) {
        unsigned long value = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (i < MT_N) {
            mt->state[i] = (uint32_t)value;
        }
        else if (value > MT_N) {
            PyErr_SetString(PyExc_ValueError, "the generator's position is 0 to 624");
            Py_DECREF(fast);
            return -1;
        }
        else {
            mt->index = (int)value;
        }
    }
    mt->lazy = -1;
    Py_DECREF(fast);
    return 0;
}

#endif /* PEGBOARD_DRAW_BOTS_DEALS_H */
