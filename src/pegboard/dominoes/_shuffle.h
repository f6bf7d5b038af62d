/* The shuffle of the 28 tiles of a double-six set as CPython 3.11's
 * random.Random(seed).shuffle does it, for int seeds with abs(seed) < 2**64: the C cores of
 * Draw (draw/_fastround.c) and of the Fives family (fives/_fastfives.c) include it, so that
 * a seed deals the same tiles in C as in Python (their pure cores call
 * pegboard.dominoes.cores.shuffled_tiles, random.Random itself). The Draw expert's search
 * (draw/bots/_fastsearch.c) runs its generator on the state of a search's random.Random.
 *
 * The same MT19937 as Modules/_randommodule.c, seeded by init_by_array with the 32-bit words
 * of abs(seed), and the same shuffle: for i from 27 down to 1, j = _randbelow(i + 1) by
 * rejection with getrandbits(bit_length(i + 1)).
 *
 * The search's dealer (draw/bots/_deals.h) draws more of random.Random's numbers the same
 * way: getrandbits of up to 128 bits, _randbelow of any such bound, and sample.
 *
 * Included once by each module (static functions): it needs <Python.h> and <stdint.h>.
 */

#ifndef PEGBOARD_DOMINOES_SHUFFLE_H
#define PEGBOARD_DOMINOES_SHUFFLE_H

#define SHUFFLED_TILES 28

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t state[MT_N];
    int index; /* as in CPython */
    int lazy;  /* words of the first block made one by one (see mt_next); -1 after */
} MT;

/* The state after init_genrand(19650218), where every init_by_array starts: computed once. */
static uint32_t mt_base[MT_N];
static int mt_base_ready = 0;

static void
mt_init_by_array(MT *mt, const uint32_t *key, size_t key_length)
{
    uint32_t *m = mt->state;
    size_t i = 1, j = 0, k;
    if (!mt_base_ready) {
        mt_base[0] = 19650218U;
        for (int n = 1; n < MT_N; n++) {
            mt_base[n] = 1812433253U * (mt_base[n - 1] ^ (mt_base[n - 1] >> 30)) + (uint32_t)n;
        }
        mt_base_ready = 1;
    }
    memcpy(m, mt_base, sizeof mt_base);
    for (k = (MT_N > key_length ? MT_N : key_length); k; k--) {
        m[i] = (m[i] ^ ((m[i - 1] ^ (m[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            m[0] = m[MT_N - 1];
            i = 1;
        }
        if (j >= key_length) {
            j = 0;
        }
    }
    for (k = MT_N - 1; k; k--) {
        m[i] = (m[i] ^ ((m[i - 1] ^ (m[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            m[0] = m[MT_N - 1];
            i = 1;
        }
    }
    m[0] = 0x80000000U;
    mt->index = MT_N;
    mt->lazy = 0;
}

static inline uint32_t
mt_twist_word(const uint32_t *m, int kk, int next, int far)
{
    uint32_t y = (m[kk] & 0x80000000U) | (m[next] & 0x7fffffffU);
    return m[far] ^ (y >> 1) ^ ((y & 0x1U) ? 0x9908b0dfU : 0x0U);
}

static uint32_t
mt_temper(uint32_t y)
{
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* The next 32-bit output, as genrand_uint32. A freshly seeded generator regenerates all
 * 624 words on its first call, but a deal needs only some 40 of them, and word kk < N - M
 * of the new block depends only on old words: so those are made one at a time (`lazy`
 * counts them), and the whole block only if more outputs are wanted. */
static uint32_t
mt_next(MT *mt)
{
    uint32_t *m = mt->state;
    if (mt->index >= MT_N) {
        if (mt->lazy >= 0 && mt->lazy < MT_N - MT_M) {
            int kk = mt->lazy++;
            return mt_temper(mt_twist_word(m, kk, kk + 1, kk + MT_M));
        }
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            m[kk] = mt_twist_word(m, kk, kk + 1, kk + MT_M);
        }
        for (; kk < MT_N - 1; kk++) {
            m[kk] = mt_twist_word(m, kk, kk + 1, kk + (MT_M - MT_N));
        }
        m[MT_N - 1] = mt_twist_word(m, MT_N - 1, 0, MT_M - 1);
        mt->index = mt->lazy > 0 ? mt->lazy : 0; /* skip the words already handed out */
        mt->lazy = -1;
    }
    return mt_temper(m[mt->index++]);
}

/* Seed as random.Random(seed) does for an int seed with abs(seed) < 2**64; -1 on error. */
static int
mt_seed(MT *mt, PyObject *seed_arg)
{
    PyObject *magnitude = PyNumber_Absolute(seed_arg);
    if (magnitude == NULL) {
        return -1;
    }
    unsigned long long seed = PyLong_AsUnsignedLongLong(magnitude);
    Py_DECREF(magnitude);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) {
        return -1; /* OverflowError: the deal shuffles bigger seeds with random.Random */
    }
    uint32_t key[2] = {(uint32_t)(seed & 0xffffffffU), (uint32_t)(seed >> 32)};
    mt_init_by_array(mt, key, key[1] ? 2 : 1);
    return 0;
}

/* _mt_words(seed, count): the first outputs of the generator, to test it against
 * random.Random(seed).getrandbits(32). */
static PyObject *
module_mt_words(PyObject *module, PyObject *args)
{
    PyObject *seed_arg;
    int count;
    MT mt;
    if (!PyArg_ParseTuple(args, "O!i:_mt_words", &PyLong_Type, &seed_arg, &count)) {
        return NULL;
    }
    if (count < 0 || mt_seed(&mt, seed_arg) < 0) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "count must be at least 0");
        }
        return NULL;
    }
    PyObject *words = PyList_New(count);
    for (int i = 0; words != NULL && i < count; i++) {
        PyObject *word = PyLong_FromUnsignedLong(mt_next(&mt));
        if (word == NULL) {
            Py_CLEAR(words);
            break;
        }
        PyList_SET_ITEM(words, i, word);
    }
    return words;
}

static int
bit_length(uint32_t v)
{
    int k = 0;
    while (v) {
        k++;
        v >>= 1;
    }
    return k;
}

/* The first `count` tile indices in dealing order:
 * random.Random(seed).shuffle(list(range(count))); 28 for the double-six set, 55 for the
 * double-nine set (D25). */
static void
shuffle_count(MT *mt, uint8_t *order, int count)
{
    for (int i = 0; i < count; i++) {
        order[i] = (uint8_t)i;
    }
    for (int i = count - 1; i > 0; i--) {
        uint32_t n = (uint32_t)i + 1, r;
        int k = bit_length(n);
        do {
            r = mt_next(mt) >> (32 - k);
        } while (r >= n);
        uint8_t t = order[i];
        order[i] = order[r];
        order[r] = t;
    }
}

/* The 28 tile indices in dealing order: random.Random(seed).shuffle(list(range(28))). */
static inline void
shuffle_tiles(MT *mt, uint8_t order[SHUFFLED_TILES])
{
    shuffle_count(mt, order, SHUFFLED_TILES);
}

/* random.Random.getrandbits(k) for 1 <= k <= 128: 32-bit words, least significant first,
 * the last one's lowest bits dropped. */
static inline unsigned __int128
mt_getrandbits(MT *mt, int k)
{
    if (k <= 32) {
        return mt_next(mt) >> (32 - k);
    }
    unsigned __int128 r = 0;
    for (int shift = 0; k > 0; k -= 32, shift += 32) {
        uint32_t word = mt_next(mt);
        if (k < 32) {
            word >>= (32 - k);
        }
        r |= (unsigned __int128)word << shift;
    }
    return r;
}

/* random.Random._randbelow(n) for n >= 1 (by rejection, as getrandbits makes it). */
static inline unsigned __int128
mt_randbelow(MT *mt, unsigned __int128 n)
{
    int k = 0;
    for (unsigned __int128 v = n; v; v >>= 1) {
        k++;
    }
    for (;;) {
        unsigned __int128 r = mt_getrandbits(mt, k);
        if (r < n) {
            return r;
        }
    }
}

/* random.Random.sample(population, k) as Python 3.11 makes it, for populations of at most 64:
 * from a copy of the list when the population is small for k, else by rejecting the places
 * already taken. */
static inline void
mt_sample(MT *mt, const uint8_t *population, int n, int k, uint8_t *result)
{
    long setsize = 21;
    if (k > 5) {
        setsize += (long)pow(4.0, ceil(log((double)(k * 3)) / log(4.0)));
    }
    if (n <= setsize) {
        uint8_t pool[64];
        memcpy(pool, population, (size_t)n);
        for (int i = 0; i < k; i++) {
            int j = (int)mt_randbelow(mt, (unsigned __int128)(n - i));
            result[i] = pool[j];
            pool[j] = pool[n - i - 1];
        }
        return;
    }
    uint64_t selected = 0;
    for (int i = 0; i < k; i++) {
        int j = (int)mt_randbelow(mt, (unsigned __int128)n);
        while (selected >> j & 1) {
            j = (int)mt_randbelow(mt, (unsigned __int128)n);
        }
        selected |= (uint64_t)1 << j;
        result[i] = population[j];
    }
}

#endif /* PEGBOARD_DOMINOES_SHUFFLE_H */
