/* The compiled engine core: plays whole games of a compiled board, rule for rule the same as the
 * reference engine in game.py / profiles.py / policies.py, with the same random stream (CPython's
 * Mersenne Twister, seeded and drawn the way random.Random does), so a seed gives the same game
 * and the same record in both.
 *
 * designer/engine/core.py packs a Board into a flat list of integers (read by Board_new below, in
 * the order core.pack writes it); Board.play returns a chunk's games as columns (GameTable).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define NT 6
#define WALKER 0
#define RUNNER 1
#define FATTY 2
#define ABOMINATION 3
#define ZOMBIE 4
#define INF (1 << 20)
#define MAXS 12
#define MAXI 72
#define PACK_VERSION 3
#define SURVIVOR_ACTION_LIMIT 50 /* game.SURVIVOR_ACTION_LIMIT */

/* ---------------------------------------------------------------- random.Random (MT19937) */

#define MT_N 624
#define MT_M 397
typedef struct { uint32_t mt[MT_N]; int mti; } MT;

static void mt_init(MT *r, uint32_t s) {
    r->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->mti = MT_N;
}

/* the second half of CPython's init_by_array: r->mt already holds init_genrand(19650218) */
static void mt_init_by_array(MT *r, const uint32_t *key, int len) {
    int i = 1, j = 0, k = MT_N > len ? MT_N : len;
    for (; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++; j++;
        if (i >= MT_N) { r->mt[0] = r->mt[MT_N - 1]; i = 1; }
        if (j >= len) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { r->mt[0] = r->mt[MT_N - 1]; i = 1; }
    }
    r->mt[0] = 0x80000000U;
}

/* random.seed(n) for a non-negative int below 2**64 (init_by_array always starts from the same
 * init_genrand(19650218) state: computed once) */
static MT mt_base; /* set when the module is imported */

static void mt_seed(MT *r, u64 seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    memcpy(r->mt, mt_base.mt, sizeof r->mt);
    r->mti = MT_N;
    mt_init_by_array(r, key, key[1] ? 2 : 1);
}

static uint32_t mt_next(MT *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (r->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (r->mt[MT_N - 1] & 0x80000000U) | (r->mt[0] & 0x7fffffffU);
        r->mt[MT_N - 1] = r->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
        r->mti = 0;
    }
    y = r->mt[r->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* Random._randbelow(n) for 0 < n < 2**31 (getrandbits(k) >> rejection) */
static int randbelow(MT *r, int n) {
    int k = 0;
    for (unsigned v = (unsigned)n; v; v >>= 1) k++;
    uint32_t x;
    do { x = mt_next(r) >> (32 - k); } while (x >= (uint32_t)n);
    return (int)x;
}

static void shuffle(MT *r, int *a, int len) {
    for (int i = len - 1; i > 0; i--) {
        int j = randbelow(r, i + 1);
        int t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

/* ---------------------------------------------------------------- game seeds (BLAKE2b, RFC 7693) */

static const u64 B2_IV[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
static const uint8_t B2_SIGMA[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define B2_G(a, b, c, d, x, y) do { \
    v[a] = v[a] + v[b] + (x); v[d] = ROTR64(v[d] ^ v[a], 32); \
    v[c] = v[c] + v[d]; v[b] = ROTR64(v[b] ^ v[c], 24); \
    v[a] = v[a] + v[b] + (y); v[d] = ROTR64(v[d] ^ v[a], 16); \
    v[c] = v[c] + v[d]; v[b] = ROTR64(v[b] ^ v[c], 63); } while (0)

/* the first 8 bytes of BLAKE2b-64 (digest_size=8, no key) of a message of at most 128 bytes */
static u64 blake2b_64(const uint8_t *msg, size_t len) {
    u64 h[8], v[16], m[16];
    uint8_t block[128];
    memcpy(h, B2_IV, sizeof h);
    h[0] ^= 0x01010000ULL ^ 8; /* depth 1, fanout 1, no key, 8-byte digest */
    memset(block, 0, sizeof block);
    memcpy(block, msg, len);
    for (int i = 0; i < 16; i++) {
        u64 w = 0;
        for (int k = 7; k >= 0; k--) w = (w << 8) | block[8 * i + k];
        m[i] = w;
    }
    for (int i = 0; i < 8; i++) { v[i] = h[i]; v[i + 8] = B2_IV[i]; }
    v[12] ^= (u64)len; /* bytes so far (the high word stays 0) */
    v[14] = ~v[14];    /* the last block */
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = B2_SIGMA[r];
        B2_G(0, 4, 8, 12, m[s[0]], m[s[1]]);
        B2_G(1, 5, 9, 13, m[s[2]], m[s[3]]);
        B2_G(2, 6, 10, 14, m[s[4]], m[s[5]]);
        B2_G(3, 7, 11, 15, m[s[6]], m[s[7]]);
        B2_G(0, 5, 10, 15, m[s[8]], m[s[9]]);
        B2_G(1, 6, 11, 12, m[s[10]], m[s[11]]);
        B2_G(2, 7, 8, 13, m[s[12]], m[s[13]]);
        B2_G(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    return h[0] ^ v[0] ^ v[8];
}

/* batch.game_seed: the digest of "<base>:<index>" read big-endian, shifted right once */
static u64 game_seed(const char *prefix, size_t plen, long long index) {
    uint8_t msg[128];
    memcpy(msg, prefix, plen);
    int k = snprintf((char *)msg + plen, sizeof msg - plen, "%lld", index);
    u64 h = blake2b_64(msg, plen + (size_t)k), be = 0;
    for (int i = 0; i < 8; i++) be = (be << 8) | ((h >> (8 * i)) & 0xff); /* digest bytes, big-endian */
    return be >> 1;
}

/* ---------------------------------------------------------------- the compiled board */

typedef struct { u64 key; int target; void *value; } Slot;
typedef struct { Slot *slots; int cap, used, limit; } Cache; /* cleared when `limit` tables are held */

typedef struct { int kind, a, ztype, count, dcount, dsides, dbonus, has_dice, amount, to_actor, win; } Effect;
typedef struct { int kind, target, once, neff; Effect *eff; } Trigger;
typedef struct { int kind, who_all, count, ztype, turns, nids; int *ids; } VStep;
typedef struct { int dice, accuracy, damage, min_range, max_range, dual, noisy_attack, opens_doors,
                 noisy_door, search_bonus, aaah; double value; } ItemT;
typedef struct { int action, target, zone; } PlanStep;
typedef struct { int *start; int *v; int *d; } Sight;

enum { P_ZOMBICIDE, P_LNOE, P_HOUSE };
enum { O_TOKEN, O_KEY, O_SWITCH, O_ITEM, O_MARKER };
enum { EV_TAKEN, EV_PRESSED, EV_DOOR, EV_ZONE, EV_TURN, EV_KILLS };
enum { E_OPEN, E_CLOSE, E_TOGGLE, E_UNLOCK, E_LOCK, E_ACT, E_DEACT, E_TOGGLE_SPAWN, E_SPAWN, E_XP, E_END };
enum { V_TAKE, V_KILL, V_REACH, V_ESCAPE, V_SURVIVE, V_CLEAR, V_DOORS };
enum { S_OPEN, S_TAKE, S_PRESS, S_ENTER, S_CROSS, S_WAIT, S_KILL, S_GOAL, S_OTHER };
enum { M_CARDS, M_DICE, M_FIXED };
enum { C_NONE, C_SURVIVOR_DIED, C_ALL_DEAD, C_TURN_LIMIT, C_STALLED, C_SPECIAL, C_RUNAWAY };

typedef struct {
    PyObject_HEAD
    int profile;
    int actions, yellow_bonus, dark_actions, max_items, danger_xp[3], tough[NT], kill_xp[NT], max_turns,
        building_spawn, doors_need_item, pool_out, hero_dice, split_adds, max_extra;
    int n, nc, nd, nbld, nsp, nman, nobj, ngroups, nstart, nexit, nlines, ntr, nsteps, ncards, nedeck,
        nstart_eq, nplaced, nit, nplan;
    int *searchable, *breakthrough, *max_z, *max_s, *dark, *fire, *is_exit, *building_of;
    int *c_from, *c_to, *c_door, *c_cost, *c_sight;
    int *sadj_start, *sadj_v, *sadj_c;
    int *sback_start, *sback_u, *sback_c;
    int *zadj_start, *zadj_v, *zadj_c, *zadj_ok;
    int *door_conn, *lock_kind, *lock_val, *door_breakable, *door_spawns, *door_by_hand;
    u64 door_open0, door_unlocked0;
    int *bld_start, *bld_zones;
    int *sp_zone, *sp_manhole;
    u64 spawn_active0;
    int *man_zone; char *man_share; /* man_share[z * nman + m]: zone z shares a tile with manhole m */
    int *obj_kind, *obj_zone0, *obj_xp, *obj_colour, *obj_item, *obj_repeatable;
    int *grp_start, *grp_objs;
    int *start_zones, *exits;
    int *line_start, *line_zones;
    int *zdist_all;
    Trigger *triggers;
    int ordered; VStep *steps;
    int any_dies, at_turn_limit, turn_limit;
    int pool0[NT], method, mdcount, mdsides, mdbonus, mcount;
    int *cards; /* ncards * 4 entries * (kind, type, count) */
    int *edeck0;
    int smin, smax, health, starting_cards; int *start_eq;
    int *placed; /* (zone, type, count) */
    ItemT *items;
    PlanStep *plan;
    int escape_step;
    int max_acts, max_zdeg; /* the most legal actions a survivor can have; the most zombie neighbours */
    Cache zd, sight, sd;
    PyThread_type_lock lock; /* one batch at a time plays on a board (its caches are shared) */
    void *blocks[96]; int nblocks;
} Board;

static void *balloc(Board *b, size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size);
    if (p && b->nblocks < 96) b->blocks[b->nblocks++] = p;
    return p;
}

/* ---------------------------------------------------------------- caches of door-dependent tables */

static u64 mix(u64 x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static void cache_clear(Cache *c, int sight) {
    if (!c->slots) return;
    for (int i = 0; i < c->cap; i++) {
        if (!c->slots[i].value) continue;
        if (sight) {
            Sight *s = c->slots[i].value;
            free(s->start); free(s->v); free(s->d);
        }
        free(c->slots[i].value);
        c->slots[i].value = NULL;
    }
    c->used = 0;
}

static Slot *cache_find(Cache *c, u64 key, int target) {
    if (!c->slots) {
        c->cap = 16;
        while (c->cap < 2 * c->limit + 2) c->cap *= 2;
        c->slots = calloc((size_t)c->cap, sizeof(Slot));
    }
    u64 h = mix(key ^ ((u64)(uint32_t)target << 40) ^ (u64)(uint32_t)target);
    for (int i = (int)(h & (u64)(c->cap - 1));; i = (i + 1) & (c->cap - 1)) {
        Slot *s = &c->slots[i];
        if (!s->value || (s->key == key && s->target == target)) return s;
    }
}

static void cache_store(Cache *c, Slot *s, u64 key, int target, void *value, int sight) {
    if (c->used >= c->limit) {
        cache_clear(c, sight);
        s = cache_find(c, key, target);
    }
    s->key = key; s->target = target; s->value = value;
    c->used++;
}

/* dist[target * n + zone]: zombie steps from zone to target through the open doors */
static int *zombie_distances(Board *b, u64 open) {
    Slot *s = cache_find(&b->zd, open, -1);
    if (s->value) return s->value;
    int n = b->n;
    int *table = malloc(sizeof(int) * (size_t)n * n);
    int *bstart = calloc((size_t)n + 1, sizeof(int)), *bu = malloc(sizeof(int) * (b->zadj_start[n] + 1));
    for (int u = 0; u < n; u++)
        for (int k = b->zadj_start[u]; k < b->zadj_start[u + 1]; k++) {
            int d = b->c_door[b->zadj_c[k]];
            if (d < 0 || (open >> d & 1)) bstart[b->zadj_v[k] + 1]++;
        }
    for (int v = 0; v < n; v++) bstart[v + 1] += bstart[v];
    int *fill = malloc(sizeof(int) * ((size_t)n + 1));
    memcpy(fill, bstart, sizeof(int) * ((size_t)n + 1));
    for (int u = 0; u < n; u++)
        for (int k = b->zadj_start[u]; k < b->zadj_start[u + 1]; k++) {
            int d = b->c_door[b->zadj_c[k]];
            if (d < 0 || (open >> d & 1)) bu[fill[b->zadj_v[k]]++] = u;
        }
    int *queue = malloc(sizeof(int) * (size_t)n);
    for (int t = 0; t < n; t++) {
        int *dist = table + (size_t)t * n;
        for (int i = 0; i < n; i++) dist[i] = INF;
        dist[t] = 0;
        int head = 0, tail = 0;
        queue[tail++] = t;
        while (head < tail) {
            int v = queue[head++], dv = dist[v] + 1;
            for (int k = bstart[v]; k < bstart[v + 1]; k++) {
                int u = bu[k];
                if (dist[u] == INF) { dist[u] = dv; queue[tail++] = u; }
            }
        }
    }
    free(bstart); free(bu); free(fill); free(queue);
    cache_store(&b->zd, s, open, -1, table, 0);
    return table;
}

/* per zone, the zones seen from it (sorted) with their distance */
static Sight *visible(Board *b, u64 open) {
    Slot *s = cache_find(&b->sight, open, -2);
    if (s->value) return s->value;
    int n = b->n;
    int *seen = malloc(sizeof(int) * (size_t)n * n);
    char *link = calloc((size_t)n * n, 1);
    for (size_t i = 0; i < (size_t)n * n; i++) seen[i] = INF;
    for (int z = 0; z < n; z++) seen[(size_t)z * n + z] = 0;
    for (int i = 0; i < b->nc; i++) {
        if (!b->c_sight[i]) continue;
        int d = b->c_door[i];
        if (d >= 0 && !(open >> d & 1)) continue;
        int a = b->c_from[i], c = b->c_to[i];
        link[(size_t)a * n + c] = link[(size_t)c * n + a] = 1;
        if (seen[(size_t)a * n + c] == INF) seen[(size_t)a * n + c] = 1;
        if (seen[(size_t)c * n + a] == INF) seen[(size_t)c * n + a] = 1;
    }
    for (int l = 0; l < b->nlines; l++) {
        int *line = b->line_zones + b->line_start[l], len = b->line_start[l + 1] - b->line_start[l];
        for (int i = 0; i < len; i++) {
            int z = line[i];
            for (int step = 1; step >= -1; step -= 2) {
                int j = i;
                while (j + step >= 0 && j + step < len && link[(size_t)line[j] * n + line[j + step]]) {
                    j += step;
                    int dist = j > i ? j - i : i - j;
                    if (seen[(size_t)z * n + line[j]] > dist) seen[(size_t)z * n + line[j]] = dist;
                }
            }
        }
    }
    Sight *out = malloc(sizeof(Sight));
    out->start = malloc(sizeof(int) * ((size_t)n + 1));
    int total = 0;
    for (size_t i = 0; i < (size_t)n * n; i++) total += seen[i] < INF;
    out->v = malloc(sizeof(int) * (size_t)total);
    out->d = malloc(sizeof(int) * (size_t)total);
    int k = 0;
    for (int z = 0; z < n; z++) {
        out->start[z] = k;
        for (int v = 0; v < n; v++)
            if (seen[(size_t)z * n + v] < INF) { out->v[k] = v; out->d[k] = seen[(size_t)z * n + v]; k++; }
    }
    out->start[n] = k;
    free(seen); free(link);
    cache_store(&b->sight, s, open, -2, out, 1);
    return out;
}

/* survivor steps from every zone to target through the passable doors */
static int *survivor_distances(Board *b, int target, u64 passable) {
    Slot *s = cache_find(&b->sd, passable, target);
    if (s->value) return s->value;
    int n = b->n;
    int *dist = malloc(sizeof(int) * (size_t)n), *queue = malloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) dist[i] = INF;
    dist[target] = 0;
    int head = 0, tail = 0;
    queue[tail++] = target;
    while (head < tail) {
        int v = queue[head++], dv = dist[v] + 1;
        for (int k = b->sback_start[v]; k < b->sback_start[v + 1]; k++) {
            int u = b->sback_u[k], d = b->c_door[b->sback_c[k]];
            if (dist[u] == INF && (d < 0 || (passable >> d & 1))) { dist[u] = dv; queue[tail++] = u; }
        }
    }
    free(queue);
    cache_store(&b->sd, s, passable, target, dist, 0);
    return dist;
}

/* ---------------------------------------------------------------- the game state */

typedef struct {
    int zone, wounds, health, xp, nitems, alive, escaped, searched, moved, actions_left;
    int items[MAXI];
} Surv;

typedef struct {
    Board *b;
    int policy;
    MT rng;
    int turn;
    int *zombies, *noise, *obj_zone, *zone_deaths, *zone_kills, *zone_visits, *obj_turn, *obj_order;
    char *entered, *bspawned;
    int pool[NT];
    Surv sv[MAXS]; int ns, first_player;
    u64 doors_open, doors_unlocked, doors_ever, spawns_active, taken, pressed, fired, colours, progress;
    int kills, kills_by_type[NT], spawned_by_type[NT];
    int *zdeck, nzdeck, *zdiscard, nzdiscard;
    int *edeck, nedeck, *ediscard, nediscard;
    int outcome, cause; /* outcome: 0 none, 1 win, 2 loss */
    int nobj_order, survivor_actions, zombie_actions, max_danger;
    int rising[MAXS * 4], nrising;
    long long extra_limit, extras; /* extra activations a turn may give / given this turn */
    int plan_done;
    int *moves; int mcap; /* scratch for zombie moves */
    int *outs; /* scratch: the zones pushed zombies may go to */
    void *acts; /* scratch: a survivor's legal actions (Act) */
} G;

#define ZROW(g, z) ((g)->zombies + (size_t)(z) * NT)

static inline int zombies_in(G *g, int z) {
    int *r = ZROW(g, z);
    return r[0] + r[1] + r[2] + r[3] + r[4] + r[5];
}
static inline int on_board(Surv *s) { return s->alive && !s->escaped; }

static int survivors_in(G *g, int z, int *out) {
    int k = 0;
    for (int i = 0; i < g->ns; i++)
        if (g->sv[i].zone == z && on_board(&g->sv[i])) { if (out) out[k] = i; k++; }
    return k;
}

static int count_living(G *g) {
    int k = 0;
    for (int i = 0; i < g->ns; i++) k += on_board(&g->sv[i]);
    return k;
}

static int danger(Board *b, int xp) {
    return xp >= b->danger_xp[2] ? 3 : xp >= b->danger_xp[1] ? 2 : xp >= b->danger_xp[0] ? 1 : 0;
}

static int danger_level(G *g) {
    int xp = 0;
    for (int i = 0; i < g->ns; i++)
        if (on_board(&g->sv[i]) && g->sv[i].xp > xp) xp = g->sv[i].xp;
    return danger(g->b, xp);
}

static int d6(G *g, int sides) { return 1 + randbelow(&g->rng, sides); }

static int roll(G *g, int count, int sides, int bonus) {
    int t = 0;
    for (int i = 0; i < count; i++) t += d6(g, sides);
    return t + bonus;
}

/* the game ends as a loss with cause runaway (unless it has already ended): game.runaway */
static void runaway(G *g) {
    if (!g->outcome) { g->outcome = 2; g->cause = C_RUNAWAY; }
}

/* count one extra activation against the turn's bound: game.extra_allowed */
static int extra_allowed(G *g) {
    if (g->extras < g->extra_limit) { g->extras++; return 1; }
    if (g->extras == g->extra_limit) { g->extras++; runaway(g); }
    return 0;
}

/* forward declarations */
static void fire_event(G *g, int kind, int target, int actor);
static void activate(G *g, int types, int runners_second, int extra);

/* the box ran out of type t while placing: every zombie of t gets an extra activation that
   owes nothing more (game.out_of_miniatures) */
static void out_of_miniatures(G *g, int t) {
    if (g->b->pool_out && extra_allowed(g)) activate(g, 1 << t, 0, 1);
}
static void wound(G *g, int si, int n);

/* place up to count zombies from the pool; return how many were missing */
static int place(G *g, int zone, int t, int count) {
    int placed = count < g->pool[t] ? count : g->pool[t];
    if (placed < 0) placed = 0;
    if (placed) {
        g->pool[t] -= placed;
        ZROW(g, zone)[t] += placed;
        g->spawned_by_type[t] += placed;
        g->zone_visits[zone] += placed;
    }
    return count - placed;
}

static int draw_equipment(G *g) {
    if (!g->nedeck) {
        if (!g->nediscard) return -1;
        int *t = g->edeck; g->edeck = g->ediscard; g->ediscard = t;
        g->nedeck = g->nediscard; g->nediscard = 0;
        shuffle(&g->rng, g->edeck, g->nedeck);
    }
    return g->edeck[--g->nedeck];
}

static int min_value_index(Board *b, Surv *s) {
    int best = 0;
    for (int i = 1; i < s->nitems; i++)
        if (b->items[s->items[i]].value < b->items[s->items[best]].value) best = i;
    return best;
}

static void remove_item(Surv *s, int i) {
    memmove(s->items + i, s->items + i + 1, sizeof(int) * (size_t)(s->nitems - i - 1));
    s->nitems--;
}

static void keep(G *g, Surv *s, int card) {
    if (s->nitems < MAXI) s->items[s->nitems++] = card;
    if (s->nitems > g->b->max_items) {
        int w = min_value_index(g->b, s);
        g->ediscard[g->nediscard++] = s->items[w];
        remove_item(s, w);
    }
}

static int has_item(Surv *s, int it) {
    for (int i = 0; i < s->nitems; i++) if (s->items[i] == it) return 1;
    return 0;
}

static int count_item(Surv *s, int it) {
    int k = 0;
    for (int i = 0; i < s->nitems; i++) k += s->items[i] == it;
    return k;
}

/* -1: no tool; -2: bare hands; else the item */
static int door_tool(G *g, Surv *s) {
    Board *b = g->b;
    int best = -1;
    for (int i = 0; i < s->nitems; i++) {
        ItemT *it = &b->items[s->items[i]];
        if (it->opens_doors && (best < 0 || (b->items[best].noisy_door && !it->noisy_door))) best = s->items[i];
    }
    if (best < 0 && !b->doors_need_item) return -2;
    return best;
}

static int can_unlock(G *g, Surv *s, int d) {
    Board *b = g->b;
    if (!b->door_by_hand[d]) return 0;
    if (g->doors_unlocked >> d & 1) return 1;
    if (b->lock_kind[d] == 1 && (g->colours >> b->lock_val[d] & 1)) return 1;
    if (b->lock_kind[d] == 2 && has_item(s, b->lock_val[d])) return 1;
    return b->door_breakable[d];
}

static u64 door_passable(G *g, Surv *s) {
    u64 mask = g->doors_open;
    if (door_tool(g, s) == -1) return mask;
    for (int d = 0; d < g->b->nd; d++)
        if (!(mask >> d & 1) && can_unlock(g, s, d)) mask |= (u64)1 << d;
    return mask;
}

/* ---------------------------------------------------------------- wounds, kills, doors, triggers */

static void wound(G *g, int si, int n) {
    Board *b = g->b;
    Surv *s = &g->sv[si];
    if (!on_board(s)) return;
    for (int k = 0; k < n; k++) {
        s->wounds++;
        if (s->nitems) {
            int w = min_value_index(b, s);
            g->ediscard[g->nediscard++] = s->items[w];
            remove_item(s, w);
        }
        if (s->wounds >= s->health) {
            s->alive = 0;
            g->zone_deaths[s->zone]++;
            for (int i = 0; i < s->nitems; i++) g->ediscard[g->nediscard++] = s->items[i];
            s->nitems = 0;
            if (b->profile == P_HOUSE && g->nrising < MAXS * 4) g->rising[g->nrising++] = s->zone;
            if (b->any_dies && !g->outcome) { g->outcome = 2; g->cause = C_SURVIVOR_DIED; }
            return;
        }
    }
}

static void kill(G *g, int si, int zone, int t) {
    ZROW(g, zone)[t]--;
    g->pool[t]++;
    g->kills++;
    g->kills_by_type[t]++;
    g->zone_kills[zone]++;
    g->sv[si].xp += g->b->kill_xp[t];
    fire_event(g, EV_KILLS, g->kills, si);
}

static void spawn(G *g, int zone, int t, int count) {
    if (count <= 0) return;
    int out[2], no = 0;
    if (place(g, zone, t, count)) out[no++] = t;
    if (t == FATTY && place(g, zone, WALKER, 2 * count)) out[no++] = WALKER;
    for (int i = 0; i < no; i++) out_of_miniatures(g, out[i]);
}

static void resolve_card(G *g, int card, int zone) {
    Board *b = g->b;
    int *e = b->cards + (size_t)card * 12 + danger_level(g) * 3;
    if (e[0] == 0) {
        spawn(g, zone, e[1], e[2]);
    } else if (e[0] == 1) {
        if (danger_level(g) >= 1 && extra_allowed(g)) activate(g, 1 << e[1], 0, 0);
    } else {
        char near[256];
        int nm = b->nman < 256 ? b->nman : 256;
        for (int m = 0; m < nm; m++) {
            near[m] = 0;
            for (int i = 0; i < g->ns; i++)
                if (on_board(&g->sv[i]) && b->man_share[(size_t)g->sv[i].zone * b->nman + m]) near[m] = 1;
        }
        for (int m = 0; m < nm; m++)
            if (near[m]) spawn(g, b->man_zone[m], e[1], e[2]);
    }
}

static void draw_spawn_card(G *g, int zone) {
    if (!g->nzdeck) {
        int *t = g->zdeck; g->zdeck = g->zdiscard; g->zdiscard = t;
        g->nzdeck = g->nzdiscard; g->nzdiscard = 0;
        if (!g->nzdeck) {
            for (int i = 0; i < g->b->ncards; i++) g->zdeck[i] = i;
            g->nzdeck = g->b->ncards;
        }
        shuffle(&g->rng, g->zdeck, g->nzdeck);
    }
    int card = g->zdeck[--g->nzdeck];
    g->zdiscard[g->nzdiscard++] = card;
    resolve_card(g, card, zone);
}

static void open_door(G *g, int d, int actor) {
    Board *b = g->b;
    u64 bit = (u64)1 << d;
    g->doors_open |= bit;
    g->doors_unlocked |= bit;
    if (g->doors_ever & bit) return;
    g->doors_ever |= bit;
    if (b->building_spawn && b->door_spawns[d]) {
        int c = b->door_conn[d];
        int ends[2] = {b->c_from[c], b->c_to[c]};
        for (int e = 0; e < 2; e++) {
            int bld = b->building_of[ends[e]];
            if (bld >= 0 && !g->bspawned[bld]) {
                g->bspawned[bld] = 1;
                for (int k = b->bld_start[bld]; k < b->bld_start[bld + 1]; k++) draw_spawn_card(g, b->bld_zones[k]);
            }
        }
    }
    fire_event(g, EV_DOOR, d, actor);
}

static void apply_effect(G *g, Effect *e, int actor) {
    switch (e->kind) {
    case E_OPEN: case E_CLOSE: case E_TOGGLE: case E_UNLOCK: case E_LOCK: {
        u64 bit = (u64)1 << e->a;
        if (e->kind == E_OPEN || (e->kind == E_TOGGLE && !(g->doors_open & bit))) open_door(g, e->a, -1);
        else if (e->kind == E_UNLOCK) g->doors_unlocked |= bit;
        else if (e->kind == E_CLOSE || e->kind == E_TOGGLE) g->doors_open &= ~bit;
        else { g->doors_open &= ~bit; g->doors_unlocked &= ~bit; }
        break;
    }
    case E_ACT: g->spawns_active |= (u64)1 << e->a; break;
    case E_DEACT: g->spawns_active &= ~((u64)1 << e->a); break;
    case E_TOGGLE_SPAWN: g->spawns_active ^= (u64)1 << e->a; break;
    case E_SPAWN: {
        int count = e->has_dice ? roll(g, e->dcount, e->dsides, e->dbonus) : e->count;
        if (place(g, e->a, e->ztype, count)) out_of_miniatures(g, e->ztype);
        break;
    }
    case E_XP:
        if (e->to_actor && actor >= 0) g->sv[actor].xp += e->amount;
        else for (int i = 0; i < g->ns; i++) if (on_board(&g->sv[i])) g->sv[i].xp += e->amount;
        break;
    case E_END:
        if (!g->outcome) { g->outcome = e->win ? 1 : 2; g->cause = e->win ? C_NONE : C_SPECIAL; }
        break;
    }
}

static void fire_event(G *g, int kind, int target, int actor) {
    Board *b = g->b;
    for (int ti = 0; ti < b->ntr; ti++) {
        Trigger *t = &b->triggers[ti];
        if (t->kind != kind) continue;
        if (kind == EV_KILLS ? !(target >= t->target) : t->target != target) continue;
        if (t->once && (g->fired >> ti & 1)) continue;
        g->fired |= (u64)1 << ti;
        for (int k = 0; k < t->neff; k++) apply_effect(g, &t->eff[k], actor);
    }
}

static void reveal_keys(G *g) {
    Board *b = g->b;
    for (int o = 0; o < b->nobj; o++)
        if (b->obj_kind[o] == O_KEY && (g->taken >> o & 1)) g->colours |= (u64)1 << b->obj_colour[o];
}

static void note_objective(G *g, int o) {
    if (g->obj_turn[o] < 0) { g->obj_turn[o] = g->turn; g->obj_order[g->nobj_order++] = o; }
}

static void take(G *g, int si, int o) {
    Board *b = g->b;
    Surv *s = &g->sv[si];
    g->taken |= (u64)1 << o;
    note_objective(g, o);
    s->xp += b->obj_xp[o];
    int kind = b->obj_kind[o];
    if (kind == O_KEY) reveal_keys(g);
    else if (kind == O_ITEM) { keep(g, s, b->obj_item[o]); reveal_keys(g); }
    else if (kind == O_MARKER) {
        int card = draw_equipment(g);
        if (card >= 0 && !b->items[card].aaah) keep(g, s, card);
    }
    fire_event(g, EV_TAKEN, o, si);
}

static void press(G *g, int si, int o) {
    int first = !(g->pressed >> o & 1);
    g->pressed |= (u64)1 << o;
    if (first) {
        g->taken |= (u64)1 << o;
        note_objective(g, o);
        g->sv[si].xp += g->b->obj_xp[o];
    }
    fire_event(g, EV_PRESSED, o, si);
}

static void enter_zone(G *g, int si, int zone) {
    if (!g->entered[zone]) {
        g->entered[zone] = 1;
        fire_event(g, EV_ZONE, zone, si);
    }
}

/* ---------------------------------------------------------------- combat (profiles) */

static int dice_for(G *g, Surv *s, int it) {
    ItemT *i = &g->b->items[it];
    return i->dice * ((i->dual && count_item(s, it) >= 2) ? 2 : 1);
}

static int first_type(G *g, int zone) {
    int *r = ZROW(g, zone);
    for (int t = 0; t < NT; t++) if (r[t]) return t;
    return -1;
}

static int victim_of(G *g, int zone, int except) {
    int best = -1, bh = 0;
    for (int i = 0; i < g->ns; i++) {
        Surv *o = &g->sv[i];
        if (i == except || o->zone != zone || !on_board(o)) continue;
        int h = o->health - o->wounds;
        if (best < 0 || h > bh) { best = i; bh = h; } /* ties: the lower index (key -index) */
    }
    return best;
}

static int lnoe_fight(G *g, int armed) {
    int dice[64], nd = g->b->hero_dice;
    for (int i = 0; i < nd; i++) dice[i] = d6(g, 6);
    int hi = 0, second = 0; /* the two highest */
    for (int i = 0; i < nd; i++) {
        if (dice[i] > hi) { second = hi; hi = dice[i]; }
        else if (dice[i] > second) second = dice[i];
    }
    int best = hi + (armed ? 1 : 0);
    int zombie = d6(g, 6);
    if (best <= zombie) return -1;
    return (armed || hi == second) ? 1 : 0;
}

static int best_melee(G *g, Surv *s) {
    int best = -1;
    for (int i = 0; i < s->nitems; i++) {
        ItemT *it = &g->b->items[s->items[i]];
        if (it->dice > 0 && it->max_range == 0 && (best < 0 || it->damage > g->b->items[best].damage)) best = s->items[i];
    }
    return best;
}

static int any_melee(G *g, Surv *s) {
    for (int i = 0; i < s->nitems; i++) {
        ItemT *it = &g->b->items[s->items[i]];
        if (it->dice > 0 && it->max_range == 0) return 1;
    }
    return 0;
}

/* house: one melee round; 1 when the survivor won */
static int brawl(G *g, int si, int weapon) {
    Surv *s = &g->sv[si];
    int n = zombies_in(g, s->zone);
    int mine = d6(g, 6) + (weapon >= 0 ? g->b->items[weapon].damage : 0);
    int theirs = d6(g, 6) + (n - 1 < 2 ? n - 1 : 2);
    if (mine > theirs) {
        if (weapon >= 0) { kill(g, si, s->zone, first_type(g, s->zone)); return 1; }
        return 0;
    }
    wound(g, si, 1);
    return 0;
}

static int hits_of(G *g, Surv *s, int it) {
    int n = dice_for(g, s, it), hits = 0, acc = g->b->items[it].accuracy;
    for (int i = 0; i < n; i++) hits += d6(g, 6) >= acc;
    return hits;
}

static void melee(G *g, int si, int it) {
    Board *b = g->b;
    Surv *s = &g->sv[si];
    ItemT *w = &b->items[it];
    if (b->profile == P_LNOE) {
        int t = first_type(g, s->zone);
        if (t < 0) return;
        int r = lnoe_fight(g, w->dice > 0 && w->max_range == 0);
        if (r > 0) kill(g, si, s->zone, t);
        else if (r < 0) wound(g, si, 1);
        return;
    }
    if (b->profile == P_HOUSE) { brawl(g, si, it); return; }
    static const int order[NT] = {RUNNER, ABOMINATION, FATTY, WALKER, ZOMBIE, 5};
    int hits = hits_of(g, s, it);
    for (int h = 0; h < hits; h++)
        for (int k = 0; k < NT; k++) {
            int t = order[k];
            if (ZROW(g, s->zone)[t] && w->damage >= b->tough[t]) { kill(g, si, s->zone, t); break; }
        }
    if (w->noisy_attack) g->noise[s->zone]++;
}

static void ranged(G *g, int si, int it, int zone) {
    Board *b = g->b;
    Surv *s = &g->sv[si];
    ItemT *w = &b->items[it];
    if (b->profile == P_LNOE) {
        int n = dice_for(g, s, it);
        for (int i = 0; i < n; i++) {
            int t = first_type(g, zone);
            if (t >= 0 && d6(g, 6) >= 4) kill(g, si, zone, t);
        }
        return;
    }
    if (b->profile == P_HOUSE) {
        if (d6(g, 6) >= 4) {
            int t = first_type(g, zone);
            if (t >= 0) kill(g, si, zone, t);
        }
        return;
    }
    int hits = hits_of(g, s, it);
    int *z = ZROW(g, zone);
    for (int h = 0; h < hits; h++) {
        int victim = victim_of(g, zone, si);
        if (victim >= 0) { wound(g, victim, w->damage); continue; }
        if (z[WALKER]) { kill(g, si, zone, WALKER); continue; }
        if (z[ZOMBIE]) { kill(g, si, zone, ZOMBIE); continue; }
        if (z[5]) { kill(g, si, zone, 5); continue; }
        if (z[FATTY] || z[ABOMINATION]) {
            if (z[FATTY] && w->damage >= b->tough[FATTY]) kill(g, si, zone, FATTY);
            else if (z[ABOMINATION] && w->damage >= b->tough[ABOMINATION]) kill(g, si, zone, ABOMINATION);
            continue;
        }
        if (z[RUNNER]) kill(g, si, zone, RUNNER);
    }
    if (w->noisy_attack) g->noise[s->zone]++;
}

static void zombie_attack(G *g, int zone, int *row) {
    Board *b = g->b;
    if (b->profile == P_LNOE) {
        for (int t = 0; t < NT; t++)
            for (int k = 0; k < row[t]; k++) {
                int heroes[MAXS];
                if (!survivors_in(g, zone, heroes) || !ZROW(g, zone)[t]) break;
                int h = heroes[0];
                int r = lnoe_fight(g, any_melee(g, &g->sv[h]));
                if (r > 0) kill(g, h, zone, t);
                else if (r < 0) wound(g, h, 1);
            }
        return;
    }
    if (b->profile == P_HOUSE) {
        int heroes[MAXS], nh = survivors_in(g, zone, heroes), sum = 0;
        for (int t = 0; t < NT; t++) sum += row[t];
        if (!nh || !sum) return;
        int v = heroes[randbelow(&g->rng, nh)];
        int weapon = best_melee(g, &g->sv[v]);
        int n = zombies_in(g, zone);
        int theirs = d6(g, 6) + (n - 1 < 2 ? n - 1 : 2);
        int mine = d6(g, 6) + (weapon >= 0 ? b->items[weapon].damage : 0);
        if (theirs >= mine) wound(g, v, 1);
        else if (weapon >= 0) kill(g, v, zone, first_type(g, zone));
        return;
    }
    int wounds = 0;
    for (int t = 0; t < NT; t++) wounds += row[t];
    for (int k = 0; k < wounds; k++) {
        int v = victim_of(g, zone, -1);
        if (v < 0) break;
        wound(g, v, 1);
    }
}

/* ---------------------------------------------------------------- the zombies' phase */

static int has_survivors(G *g, int z) { return survivors_in(g, z, NULL) > 0; }

/* noise per zone in the reference engine's dict order: token zones ascending, then the
 * survivors' zones in survivor order */
static int noise_map(G *g, int *zones, int *levels) {
    int k = 0, n = g->b->n;
    for (int z = 0; z < n; z++) if (g->noise[z]) { zones[k] = z; levels[k] = g->noise[z]; k++; }
    for (int i = 0; i < g->ns; i++) {
        Surv *s = &g->sv[i];
        if (!on_board(s)) continue;
        int j;
        for (j = 0; j < k; j++) if (zones[j] == s->zone) break;
        if (j == k) { zones[k] = s->zone; levels[k] = 0; k++; }
        levels[j]++;
    }
    return k;
}

static int hunt(G *g, int zone, int *out, int *all_doors) {
    Board *b = g->b;
    int n = b->n;
    int *tables[2] = {zombie_distances(b, g->doors_open), b->zdist_all};
    for (int pass = 0; pass < 2; pass++) {
        int best = INF, k = 0;
        for (int i = 0; i < g->ns; i++) {
            Surv *s = &g->sv[i];
            if (!on_board(s)) continue;
            int v = s->zone, dup = 0;
            for (int j = 0; j < i; j++) if (on_board(&g->sv[j]) && g->sv[j].zone == v) dup = 1;
            if (dup) continue;
            int d = tables[pass][(size_t)v * n + zone];
            if (d < best) { best = d; k = 0; out[k++] = v; }
            else if (d == best && d < INF) out[k++] = v;
        }
        if (k && best < INF) {
            for (int a = 1; a < k; a++)
                for (int c = a; c > 0 && out[c - 1] > out[c]; c--) { int t = out[c]; out[c] = out[c - 1]; out[c - 1] = t; }
            *all_doors = pass;
            return k;
        }
    }
    *all_doors = 0;
    return 0;
}

static int targets(G *g, int zone, int *out, int *all_doors, int *nz, int *nl, int nn) {
    Board *b = g->b;
    int n = b->n;
    *all_doors = 0;
    if (b->profile != P_ZOMBICIDE) return hunt(g, zone, out, all_doors);
    if (!nn) return 0;
    Sight *sg = visible(b, g->doors_open);
    int best = 0, k = 0;
    for (int i = sg->start[zone]; i < sg->start[zone + 1]; i++) {
        int v = sg->v[i], lv = -1;
        for (int j = 0; j < nn; j++) if (nz[j] == v) { lv = nl[j]; break; }
        if (lv < 0 || !has_survivors(g, v)) continue;
        if (lv > best) { best = lv; k = 0; out[k++] = v; }
        else if (lv == best) out[k++] = v;
    }
    if (k) {
        int *dist = zombie_distances(b, g->doors_open), r = 0;
        for (int i = 0; i < k; i++) if (dist[(size_t)out[i] * n + zone] < INF) out[r++] = out[i];
        if (r) return r;
        for (int i = 0; i < k; i++) if (b->zdist_all[(size_t)out[i] * n + zone] < INF) out[r++] = out[i];
        *all_doors = 1;
        return r;
    }
    int *tables[2] = {zombie_distances(b, g->doors_open), b->zdist_all};
    for (int pass = 0; pass < 2; pass++) {
        best = 0; k = 0;
        for (int j = 0; j < nn; j++) {
            int v = nz[j], lv = nl[j];
            if (tables[pass][(size_t)v * n + zone] < INF) {
                if (lv > best) { best = lv; k = 0; out[k++] = v; }
                else if (lv == best) out[k++] = v;
            }
        }
        if (k) { *all_doors = pass; return k; }
    }
    return 0;
}

static int next_steps(G *g, int z, int *tg, int ntg, int all_doors, int *options) {
    Board *b = g->b;
    int n = b->n, k = 0;
    int *table = all_doors ? b->zdist_all : zombie_distances(b, g->doors_open);
    for (int i = 0; i < ntg; i++) {
        int *dist = table + (size_t)tg[i] * n, here = dist[z];
        if (here == 0 || here >= INF) continue;
        for (int a = b->zadj_start[z]; a < b->zadj_start[z + 1]; a++) {
            int v = b->zadj_v[a];
            if (dist[v] != here - 1) continue;
            int d = b->c_door[b->zadj_c[a]];
            if (!all_doors && d >= 0 && !(g->doors_open >> d & 1)) continue;
            int j;
            for (j = 0; j < k; j++) if (options[j] == v) break;
            if (j == k) options[k++] = v;
        }
    }
    return k;
}

static void move_zombies(G *g, int z, int dest, int t, int count) {
    Board *b = g->b;
    int found = 0;
    for (int a = b->zadj_start[z]; a < b->zadj_start[z + 1]; a++) {
        int c = b->zadj_c[a], d = b->c_door[c];
        if (b->zadj_v[a] == dest && b->zadj_ok[a] && (d < 0 || (g->doors_open >> d & 1))) { found = 1; break; }
    }
    if (!found) return;
    int room = b->max_z[dest] - zombies_in(g, dest);
    if (!b->breakthrough[dest]) { int r = room > 0 ? room : 0; if (count > r) count = r; }
    if (count <= 0) return;
    ZROW(g, z)[t] -= count;
    ZROW(g, dest)[t] += count;
    g->zone_visits[dest] += count;
    int over = zombies_in(g, dest) - b->max_z[dest];
    if (over > ZROW(g, dest)[t]) over = ZROW(g, dest)[t];
    if (over > 0) {
        int *outs = g->outs, no = 0;
        for (int a = b->zadj_start[dest]; a < b->zadj_start[dest + 1]; a++) {
            int v = b->zadj_v[a];
            if (b->zadj_ok[a] && v != z && zombies_in(g, v) < b->max_z[v]) outs[no++] = v;
        }
        if (!no) outs[no++] = z;
        int push = outs[randbelow(&g->rng, no)];
        ZROW(g, dest)[t] -= over;
        ZROW(g, push)[t] += over;
    }
}

static int cmp_pairs(const void *x, const void *y) {
    const int *a = x, *c = y;
    if (a[0] != c[0]) return a[0] < c[0] ? -1 : 1;
    return a[1] < c[1] ? -1 : a[1] > c[1];
}

/* one action of the acting zombies; the types whose splits could not be evened from the box are
   added to out (each once, in the order they ran out): game._activate_once */
static void activate_once(G *g, int types, int *out, int *nout) {
    Board *b = g->b;
    int n = b->n;
    /* zombies of a type on the board = the box's starting count minus what is left in the box */
    int any = 0;
    for (int t = 0; t < NT; t++) if ((types >> t & 1) && b->pool0[t] - g->pool[t] > 0) any = 1;
    if (!any) return; /* nobody acts: nothing happens and no die is rolled */
    /* each activation has its own rows: an attack can open a door whose spawn activates again */
    int *buf = malloc(sizeof(int) * ((size_t)n * NT + 4 * ((size_t)n + MAXS) + 3 * (size_t)n * NT));
    int *acting = buf, *nz = acting + (size_t)n * NT, *nl = nz + n + MAXS, *tg = nl + n + MAXS,
        *options = tg + n + MAXS, *added = options + n + MAXS;
    if (types == 0x3F) memcpy(acting, g->zombies, sizeof(int) * (size_t)n * NT);
    else
        for (int z = 0; z < n; z++)
            for (int t = 0; t < NT; t++) acting[z * NT + t] = (types >> t & 1) ? ZROW(g, z)[t] : 0;
    if (b->profile == P_HOUSE) { /* as many zombies act as there are survivors, nearest first */
        int living = count_living(g), limit = living > 1 ? living : 1;
        int *order = malloc(sizeof(int) * 2 * (size_t)n);
        if (!living) {
            memset(acting, 0, sizeof(int) * (size_t)n * NT);
        } else {
            for (int z = 0; z < n; z++) {
                int m = INF + 1;
                for (int i = 0; i < g->ns; i++)
                    if (on_board(&g->sv[i])) {
                        int d = b->zdist_all[(size_t)g->sv[i].zone * n + z];
                        if (d < m) m = d;
                    }
                order[2 * z] = m; order[2 * z + 1] = z;
            }
            qsort(order, (size_t)n, 2 * sizeof(int), cmp_pairs);
            int *out = calloc((size_t)n * NT, sizeof(int));
            int left = limit;
            for (int k = 0; k < n; k++) {
                int z = order[2 * k + 1];
                for (int t = 0; t < NT; t++) {
                    int c = acting[z * NT + t], tk = c < left ? c : left;
                    out[z * NT + t] = tk;
                    left -= tk;
                }
                if (left <= 0) break;
            }
            memcpy(acting, out, sizeof(int) * (size_t)n * NT);
            free(out);
        }
        free(order);
    }
    for (int z = 0; z < n; z++) {
        int *row = acting + z * NT, sum = row[0] + row[1] + row[2] + row[3] + row[4] + row[5];
        if (sum && has_survivors(g, z)) {
            g->zombie_actions += sum;
            zombie_attack(g, z, row);
            memset(row, 0, sizeof(int) * NT);
        }
    }
    int nm = 0, na = 0, nn = -1;
    for (int z = 0; z < n; z++) {
        int *row = acting + z * NT, sum = row[0] + row[1] + row[2] + row[3] + row[4] + row[5];
        if (!sum) continue;
        g->zombie_actions += sum;
        if (nn < 0) nn = b->profile == P_ZOMBICIDE ? noise_map(g, nz, nl) : 0;
        int all_doors;
        int ntg = targets(g, z, tg, &all_doors, nz, nl, nn);
        if (!ntg) continue;
        int k = next_steps(g, z, tg, ntg, all_doors, options);
        if (!k) continue;
        if (nm + NT * k + NT > g->mcap) {
            g->mcap = (nm + NT * k + NT) * 2;
            g->moves = realloc(g->moves, sizeof(int) * 4 * (size_t)g->mcap);
        }
        int *mv = g->moves;
#define MOVE(d_, t_, c_) do { mv[4 * nm] = z; mv[4 * nm + 1] = (d_); mv[4 * nm + 2] = (t_); mv[4 * nm + 3] = (c_); nm++; } while (0)
        for (int t = 0; t < NT; t++) {
            int c = row[t];
            if (!c) continue;
            if (t == ABOMINATION || k == 1) {
                int dest = k == 1 ? options[0] : options[randbelow(&g->rng, k)];
                MOVE(dest, t, c);
                continue;
            }
            if (!b->split_adds) {
                int first = randbelow(&g->rng, k);
                for (int i = 0; i < k; i++) {
                    int share = c / k + ((((i - first) % k) + k) % k < c % k ? 1 : 0);
                    if (share) MOVE(options[i], t, share);
                }
                continue;
            }
            int per = (c + k - 1) / k, need = per * k - c;
            int got = need < g->pool[t] ? need : g->pool[t];
            if (got) {
                g->pool[t] -= got;
                added[3 * na] = z; added[3 * na + 1] = t; added[3 * na + 2] = got; na++;
            }
            if (got < need) {
                int seen = 0;
                for (int i = 0; i < *nout; i++) seen |= out[i] == t;
                if (!seen) out[(*nout)++] = t;
            }
            int available = c + got;
            for (int i = 0; i < k; i++) {
                int share = per < available ? per : available;
                available -= share;
                if (share) MOVE(options[i], t, share);
            }
        }
#undef MOVE
    }
    for (int i = 0; i < na; i++) {
        ZROW(g, added[3 * i])[added[3 * i + 1]] += added[3 * i + 2];
        g->spawned_by_type[added[3 * i + 1]] += added[3 * i + 2];
    }
    for (int i = 0; i < nm; i++) {
        int *m = g->moves + 4 * i;
        move_zombies(g, m[0], m[1], m[2], m[3]);
    }
    free(buf);
}

/* game.activate: runners act twice in an extra activation; every type that ran out while
   splitting gets one extra activation after this one, unless this one is itself such an extra
   activation (extra) */
static void activate(G *g, int types, int runners_second, int extra) {
    int out[NT], nout = 0;
    activate_once(g, types, out, &nout);
    if (types != 0x3F && (types >> RUNNER & 1) && !runners_second) activate_once(g, 1 << RUNNER, out, &nout);
    if (extra) return;
    for (int i = 0; i < nout; i++) out_of_miniatures(g, out[i]);
}

static void spawn_phase(G *g) {
    Board *b = g->b;
    for (int i = 0; i < g->nrising; i++) place(g, g->rising[i], ZOMBIE, 1);
    g->nrising = 0;
    int active[64], na = 0;
    for (int i = 0; i < b->nsp; i++)
        if ((g->spawns_active >> i & 1) && !b->sp_manhole[i]) active[na++] = i;
    if (!na) return;
    if (b->method == M_CARDS) {
        for (int i = 0; i < na; i++) draw_spawn_card(g, b->sp_zone[active[i]]);
        return;
    }
    int t = ZOMBIE;
    for (int k = 0; k < NT; k++) if (g->pool[k] > 0) { t = k; break; }
    if (b->method == M_DICE) {
        int r = roll(g, b->mdcount, b->mdsides, b->mdbonus);
        for (int k = 0; k < r; k++) spawn(g, b->sp_zone[active[randbelow(&g->rng, na)]], t, 1);
    } else {
        for (int i = 0; i < na; i++) spawn(g, b->sp_zone[active[i]], t, b->mcount);
    }
}

/* ---------------------------------------------------------------- victory and defeat */

static int step_met(G *g, int i) {
    Board *b = g->b;
    VStep *st = &b->steps[i];
    switch (st->kind) {
    case V_TAKE:
        for (int k = 0; k < st->nids; k++) if (!(g->taken >> st->ids[k] & 1)) return 0;
        return 1;
    case V_KILL:
        return (st->ztype >= 0 ? g->kills_by_type[st->ztype] : g->kills) >= st->count;
    case V_REACH: {
        int alive = 0, inside = 0;
        for (int s = 0; s < g->ns; s++) {
            if (!on_board(&g->sv[s])) continue;
            alive++;
            for (int k = 0; k < st->nids; k++) if (st->ids[k] == g->sv[s].zone) { inside++; break; }
        }
        return inside && (!st->who_all || inside == alive);
    }
    case V_ESCAPE: {
        int alive = 0, out = 0;
        for (int s = 0; s < g->ns; s++) if (g->sv[s].alive) { alive++; out += g->sv[s].escaped; }
        return out && (!st->who_all || out == alive);
    }
    case V_SURVIVE: return g->turn > st->turns;
    case V_CLEAR:
        for (int k = 0; k < st->nids; k++) if (zombies_in(g, st->ids[k])) return 0;
        return 1;
    case V_DOORS:
        for (int k = 0; k < st->nids; k++) if (!(g->doors_ever >> st->ids[k] & 1)) return 0;
        return 1;
    }
    return 0;
}

static int escape_step_open(G *g) {
    Board *b = g->b;
    int i = b->escape_step;
    if (i < 0) return 0;
    if (b->ordered) {
        for (int j = 0; j < i; j++) if (!step_met(g, j)) return 0;
        return 1;
    }
    for (int j = 0; j < b->nsteps; j++) if (b->steps[j].kind != V_ESCAPE && !step_met(g, j)) return 0;
    return 1;
}

static void check_victory(G *g) {
    Board *b = g->b;
    if (g->outcome) return;
    int won;
    if (b->ordered) {
        while ((int)g->progress < b->nsteps && step_met(g, (int)g->progress)) g->progress++;
        won = (int)g->progress == b->nsteps;
    } else {
        for (int i = 0; i < b->nsteps; i++) if (step_met(g, i)) g->progress |= (u64)1 << i;
        won = g->progress == (((u64)1 << b->nsteps) - 1);
    }
    if (won) g->outcome = 1;
}

static void check_defeat(G *g) {
    if (g->outcome) return;
    int alive = 0;
    for (int i = 0; i < g->ns; i++) alive += g->sv[i].alive;
    if (!alive) { g->outcome = 2; g->cause = C_ALL_DEAD; return; }
    if (!count_living(g)) {
        check_victory(g);
        if (!g->outcome) { g->outcome = 2; g->cause = C_ALL_DEAD; }
    }
}

/* ---------------------------------------------------------------- survivor actions */

enum { A_MELEE, A_MOVE, A_NOISE, A_OPEN, A_PASS, A_PRESS, A_RANGED, A_SEARCH, A_TAKE }; /* name order */
typedef struct { int kind, a, b; } Act;

static int act_less(const Act *x, const Act *y) {
    if (x->kind != y->kind) return x->kind < y->kind;
    if (x->a != y->a) return x->a < y->a;
    return x->b < y->b;
}

static int move_cost(G *g, Surv *s, int c) {
    if (g->b->profile == P_LNOE) return 1;
    if (g->b->profile == P_HOUSE) return g->b->c_cost[c];
    return 1 + zombies_in(g, s->zone);
}

static int can_search(G *g, Surv *s) {
    Board *b = g->b;
    if (b->profile == P_HOUSE) return 0;
    if (!b->searchable[s->zone] || s->searched || zombies_in(g, s->zone)) return 0;
    return b->profile == P_LNOE ? !s->moved : 1;
}

static int legal_actions(G *g, Surv *s, Act *acts) {
    Board *b = g->b;
    int k = 0;
    acts[k++] = (Act){A_PASS, 0, 0};
    if (s->actions_left <= 0 || !on_board(s)) return k;
    int z = s->zone, left = s->actions_left, tool = -1, tool_checked = 0;
    for (int a = b->sadj_start[z]; a < b->sadj_start[z + 1]; a++) {
        int v = b->sadj_v[a], c = b->sadj_c[a], d = b->c_door[c];
        if (d >= 0 && !(g->doors_open >> d & 1)) {
            if (!can_unlock(g, s, d)) continue;
            if (!tool_checked) { tool = door_tool(g, s); tool_checked = 1; }
            if (tool != -1) acts[k++] = (Act){A_OPEN, d, 0};
            continue;
        }
        if (move_cost(g, s, c) <= left && (b->max_s[v] >= INF || survivors_in(g, v, NULL) < b->max_s[v]))
            acts[k++] = (Act){A_MOVE, v, c};
    }
    if (can_search(g, s)) acts[k++] = (Act){A_SEARCH, 0, 0};
    int here = zombies_in(g, z);
    Sight *sg = NULL;
    for (int i = 0; i < s->nitems; i++) {
        int it = s->items[i], dup = 0;
        for (int j = 0; j < i; j++) if (s->items[j] == it) { dup = 1; break; }
        if (dup) continue;
        ItemT *w = &b->items[it];
        if (w->dice <= 0) continue;
        if (w->max_range == 0) {
            if (here) acts[k++] = (Act){A_MELEE, it, 0};
        } else {
            if (!sg) sg = visible(b, g->doors_open);
            for (int q = sg->start[z]; q < sg->start[z + 1]; q++) {
                int v = sg->v[q], dist = sg->d[q];
                if (w->min_range <= dist && dist <= w->max_range && zombies_in(g, v)) acts[k++] = (Act){A_RANGED, it, v};
            }
        }
    }
    for (int o = 0; o < b->nobj; o++) {
        if (g->obj_zone[o] != z) continue;
        if (b->obj_kind[o] == O_SWITCH) {
            if (b->obj_repeatable[o] || !(g->pressed >> o & 1)) acts[k++] = (Act){A_PRESS, o, 0};
        } else if (!(g->taken >> o & 1)) acts[k++] = (Act){A_TAKE, o, 0};
    }
    acts[k++] = (Act){A_NOISE, 0, 0};
    return k;
}

static void after_move(G *g, int si) {
    Board *b = g->b;
    Surv *s = &g->sv[si];
    if (b->profile != P_HOUSE) return;
    if (b->fire[s->zone]) wound(g, si, 1);
    if (zombies_in(g, s->zone) && on_board(s)) {
        int weapon = best_melee(g, s);
        while (zombies_in(g, s->zone) && on_board(s))
            if (!brawl(g, si, weapon)) { s->actions_left = 0; break; }
    }
}

static void apply_action(G *g, int si, Act a) {
    Board *b = g->b;
    Surv *s = &g->sv[si];
    g->survivor_actions++;
    if (a.kind == A_PASS) { s->actions_left = 0; return; }
    if (a.kind == A_MOVE) {
        s->actions_left -= move_cost(g, s, a.b);
        s->zone = a.a;
        s->moved = 1;
        enter_zone(g, si, a.a);
        after_move(g, si);
        return;
    }
    s->actions_left -= (a.kind == A_SEARCH && b->profile == P_LNOE) ? s->actions_left : 1;
    switch (a.kind) {
    case A_OPEN: {
        int tool = door_tool(g, s);
        if (tool >= 0 && b->items[tool].noisy_door) g->noise[s->zone]++;
        open_door(g, a.a, si);
        break;
    }
    case A_SEARCH: {
        s->searched = 1;
        int draws = 1;
        for (int i = 0; i < s->nitems; i++) if (b->items[s->items[i]].search_bonus) { draws = 2; break; }
        for (int k = 0; k < draws; k++) {
            int card = draw_equipment(g);
            if (card < 0) break;
            if (b->items[card].aaah) {
                g->ediscard[g->nediscard++] = card;
                if (place(g, s->zone, WALKER, 1)) out_of_miniatures(g, WALKER);
                break;
            }
            keep(g, s, card);
        }
        break;
    }
    case A_MELEE: melee(g, si, a.a); break;
    case A_RANGED: ranged(g, si, a.a, a.b); break;
    case A_TAKE: take(g, si, a.a); break;
    case A_PRESS: press(g, si, a.a); break;
    case A_NOISE: g->noise[s->zone]++; break;
    }
}

/* ---------------------------------------------------------------- the bots */

static int plan_done(G *g, PlanStep *p) {
    Board *b = g->b;
    switch (p->action) {
    case S_OPEN: return (int)(((g->doors_ever | g->doors_open) >> p->target) & 1);
    case S_TAKE: return (int)(g->taken >> p->target & 1);
    case S_PRESS: return (int)(g->pressed >> p->target & 1);
    case S_ENTER: return g->entered[p->target];
    case S_CROSS: return g->entered[b->c_to[p->target]];
    case S_WAIT: return g->turn >= p->target;
    case S_KILL: return g->kills >= p->target;
    case S_GOAL: return step_met(g, p->target);
    }
    return 1;
}

enum { G_NONE, G_TAKE, G_PRESS, G_OPEN, G_REACH, G_ESCAPE, G_HUNT };

static int step_zones(G *g, int i, int *zones) {
    Board *b = g->b;
    VStep *st = &b->steps[i];
    if (st->kind == V_ESCAPE) { memcpy(zones, b->exits, sizeof(int) * (size_t)b->nexit); return b->nexit; }
    memcpy(zones, st->ids, sizeof(int) * (size_t)st->nids);
    return st->nids;
}

/* where the survivor should go next (zones), what to do there and on what */
static int goal_zones(G *g, int *zones, int *action, int *target) {
    Board *b = g->b;
    *action = G_NONE; *target = -1;
    int first = g->plan_done, i;
    for (i = first; i < b->nplan; i++) {
        PlanStep *p = &b->plan[i];
        if (plan_done(g, p)) {
            if (i == first && p->action != S_GOAL) first++;
            continue;
        }
        g->plan_done = first;
        if (p->action == S_TAKE || p->action == S_PRESS) {
            zones[0] = g->obj_zone[p->target];
            *action = p->action == S_TAKE ? G_TAKE : G_PRESS; *target = p->target;
            return 1;
        }
        if (p->action == S_OPEN) { zones[0] = p->zone; *action = G_OPEN; *target = p->target; return 1; }
        if (p->action == S_ENTER || p->action == S_CROSS) { zones[0] = p->zone; *action = G_REACH; return 1; }
        if (p->action == S_KILL) break;
        if (p->action == S_GOAL) {
            int kind = b->steps[p->target].kind;
            if (kind == V_REACH || kind == V_ESCAPE) {
                *action = kind == V_ESCAPE ? G_ESCAPE : G_REACH;
                return step_zones(g, p->target, zones);
            }
            break;
        }
        if (p->action == S_WAIT) break;
    }
    g->plan_done = first;
    for (i = 0; i < b->nsteps; i++) {
        VStep *st = &b->steps[i];
        if (step_met(g, i)) continue;
        if (st->kind == V_TAKE) {
            int k = 0;
            for (int j = 0; j < st->nids; j++) if (!(g->taken >> st->ids[j] & 1)) zones[k++] = g->obj_zone[st->ids[j]];
            *action = G_TAKE;
            return k;
        }
        if (st->kind == V_REACH || st->kind == V_ESCAPE) {
            *action = st->kind == V_ESCAPE ? G_ESCAPE : G_REACH;
            return step_zones(g, i, zones);
        }
        if (st->kind == V_KILL || st->kind == V_CLEAR) {
            int k = 0;
            if (st->kind == V_KILL) { for (int z = 0; z < b->n; z++) if (zombies_in(g, z)) zones[k++] = z; }
            else for (int j = 0; j < st->nids; j++) if (zombies_in(g, st->ids[j])) zones[k++] = st->ids[j];
            *action = G_HUNT;
            return k;
        }
        if (st->kind == V_DOORS) {
            for (int j = 0; j < st->nids; j++)
                if (!(g->doors_ever >> st->ids[j] & 1)) {
                    int c = b->door_conn[st->ids[j]];
                    zones[0] = b->c_from[c]; zones[1] = b->c_to[c];
                    *action = G_OPEN; *target = st->ids[j];
                    return 2;
                }
        }
        if (b->ordered) break;
    }
    return 0;
}

static int killable(G *g, int zone, int weapon) {
    int dmg = g->b->items[weapon].damage, *r = ZROW(g, zone);
    for (int t = 0; t < NT; t++) if (r[t] && dmg >= g->b->tough[t]) return 1;
    return 0;
}

/* the move or door opening one step closer to the nearest of zones; -1 when none */
static int toward(G *g, Surv *s, Act *acts, int na, int *zones, int nz, int avoid) {
    Board *b = g->b;
    if (!nz) return -1;
    u64 mask = door_passable(g, s);
    int *best = NULL, best_d = INF;
    for (int i = 0; i < nz; i++) {
        int *dist = survivor_distances(b, zones[i], mask);
        if (dist[s->zone] < best_d) { best = dist; best_d = dist[s->zone]; }
    }
    if (!best || best_d == 0 || best_d >= INF) return -1;
    int want = best_d - 1, choice = -1, cz = 0;
    for (int i = 0; i < na; i++) {
        int other;
        if (acts[i].kind == A_MOVE) other = acts[i].a;
        else if (acts[i].kind == A_OPEN) {
            int c = b->door_conn[acts[i].a];
            other = b->c_from[c] == s->zone ? b->c_to[c] : b->c_from[c];
        } else continue;
        if (best[other] != want) continue;
        int zc = zombies_in(g, other);
        if (choice < 0 || zc < cz || (zc == cz && act_less(&acts[i], &acts[choice]))) { choice = i; cz = zc; }
    }
    if (choice < 0 || (avoid && cz > 0)) return -1;
    return choice;
}

static int find_act(Act *acts, int na, int kind) {
    for (int i = 0; i < na; i++) if (acts[i].kind == kind) return i;
    return -1;
}

static int decide(G *g, int si, Act *acts, int na, int cautious) {
    Board *b = g->b;
    Surv *s = &g->sv[si];
    int z = s->zone, here = zombies_in(g, z);
    int zones[4096], action, target;
    int nz = goal_zones(g, zones, &action, &target);
    int pass = find_act(acts, na, A_PASS);

    if (here) {
        int best = -1, bv = 0;
        for (int i = 0; i < na; i++)
            if (acts[i].kind == A_MELEE && killable(g, z, acts[i].a)) {
                int v = b->items[acts[i].a].dice * b->items[acts[i].a].damage;
                if (best < 0 || v > bv) { best = i; bv = v; }
            }
        if (best >= 0) return best;
        if (survivors_in(g, z, NULL) == 1)
            for (int i = 0; i < na; i++) if (acts[i].kind == A_RANGED && acts[i].b == z) return i;
        int step = toward(g, s, acts, na, zones, nz, 0);
        if (step < 0 || acts[step].kind != A_MOVE) {
            step = -1;
            int sc = 0;
            for (int i = 0; i < na; i++) {
                if (acts[i].kind != A_MOVE) continue;
                int c = zombies_in(g, acts[i].a);
                if (step < 0 || c < sc || (c == sc && act_less(&acts[i], &acts[step]))) { step = i; sc = c; }
            }
        }
        return step >= 0 ? step : pass;
    }
    if (action == G_TAKE && target < 0)
        for (int i = 0; i < na; i++) if (acts[i].kind == A_TAKE && g->obj_zone[acts[i].a] == z) return i;
    for (int i = 0; i < na; i++) {
        if (((acts[i].kind == A_TAKE && action == G_TAKE) || (acts[i].kind == A_PRESS && action == G_PRESS)) &&
            acts[i].a == target) return i;
        if (acts[i].kind == A_OPEN && action == G_OPEN && acts[i].a == target) return i;
    }
    if (action == G_ESCAPE && b->is_exit[z]) return pass;
    if (action == G_REACH) for (int i = 0; i < nz; i++) if (zones[i] == z) return pass;

    int safe = -1, safe_c = 0, any_safe = 0;
    for (int i = 0; i < na; i++) {
        if (acts[i].kind != A_RANGED || survivors_in(g, acts[i].b, NULL)) continue;
        any_safe = 1;
        int c = zombies_in(g, acts[i].b);
        if (safe < 0 || c > safe_c || (c == safe_c && acts[i].b < acts[safe].b)) { safe = i; safe_c = c; }
    }
    if (any_safe) {
        int close = action == G_HUNT || cautious;
        if (!close) {
            Sight *sg = visible(b, g->doors_open);
            for (int q = sg->start[z]; q < sg->start[z + 1]; q++)
                if (sg->d[q] <= 1 && zombies_in(g, sg->v[q])) { close = 1; break; }
        }
        if (close) return safe;
    }
    int armed = 0, melee2 = 0, ranged_item = 0;
    for (int i = 0; i < s->nitems; i++) {
        ItemT *w = &b->items[s->items[i]];
        if (w->dice > 0) armed = 1;
        if (w->dice > 0 && w->max_range == 0 && w->damage >= 2) melee2 = 1;
        if (w->dice > 0 && w->max_range > 0) ranged_item = 1;
    }
    int search = find_act(acts, na, A_SEARCH);
    if (search >= 0 && (!armed || (!(melee2 && ranged_item) && g->turn <= 2))) return search;
    for (int i = 0; i < na; i++) if (acts[i].kind == A_TAKE && b->obj_kind[acts[i].a] == O_MARKER) return i;
    if (cautious) {
        for (int i = 0; i < g->ns; i++) {
            Surv *o = &g->sv[i];
            if (i == si || !on_board(o)) continue;
            if (survivor_distances(b, z, door_passable(g, o))[o->zone] > 1) return pass;
        }
    }
    if (action == G_HUNT) {
        int step = toward(g, s, acts, na, zones, nz, 0);
        if (step >= 0) return step;
        if (nz)
            for (int i = 0; i < na; i++) if (acts[i].kind == A_MELEE && killable(g, z, acts[i].a)) return i;
    }
    int step = toward(g, s, acts, na, zones, nz, cautious);
    if (step >= 0 && acts[step].kind == A_MOVE && zombies_in(g, acts[step].a)) {
        int v = acts[step].a;
        if (!survivors_in(g, v, NULL))
            for (int i = 0; i < na; i++) if (acts[i].kind == A_RANGED && acts[i].b == v) return i;
        int ok = 0;
        for (int i = 0; i < s->nitems && !ok; i++) {
            ItemT *w = &b->items[s->items[i]];
            if (w->dice > 0 && w->max_range == 0 && killable(g, v, s->items[i])) ok = 1;
        }
        if (!ok) step = -1;
    }
    if (step >= 0) return step;
    if (search >= 0) return search;
    return pass;
}

static int choose(G *g, int si, Act *acts, int na) {
    if (g->policy == 2) return randbelow(&g->rng, na);
    return decide(g, si, acts, na, g->policy == 1);
}

/* ---------------------------------------------------------------- turns */

static void survivor_phase(G *g, Act *acts) {
    Board *b = g->b;
    int order[MAXS];
    for (int i = 0; i < g->ns; i++) order[i] = (g->first_player + i) % g->ns;
    for (int k = 0; k < g->ns; k++) {
        int si = order[k];
        Surv *s = &g->sv[si];
        if (!on_board(s) || g->outcome) continue;
        if (b->profile == P_HOUSE) s->actions_left = b->dark[s->zone] ? b->dark_actions : b->actions;
        else s->actions_left = b->actions + (danger(b, s->xp) >= 1 ? b->yellow_bonus : 0);
        s->searched = s->moved = 0;
        int taken = 0, limit = s->actions_left + SURVIVOR_ACTION_LIMIT;
        while (on_board(s) && s->actions_left > 0 && !g->outcome) {
            if (taken >= limit) { runaway(g); break; }
            int na = legal_actions(g, s, acts);
            int c = choose(g, si, acts, na);
            apply_action(g, si, acts[c]);
            check_victory(g);
            taken++;
        }
        if (on_board(s) && escape_step_open(g) && b->is_exit[s->zone] && zombies_in(g, s->zone) == 0) {
            s->escaped = 1;
            check_victory(g);
        }
    }
}

static void play_turn(G *g, Act *acts) {
    Board *b = g->b;
    g->extras = 0;
    fire_event(g, EV_TURN, g->turn, -1);
    survivor_phase(g, acts);
    if (!g->outcome) {
        activate(g, 0x3F, 0, 0);
        activate(g, 1 << RUNNER, 1, 0);
        spawn_phase(g);
    }
    check_victory(g);
    check_defeat(g);
    if (!g->outcome) {
        memset(g->noise, 0, sizeof(int) * (size_t)b->n);
        if (g->ns) g->first_player = (g->first_player + 1) % g->ns;
        for (int i = 0; i < g->ns; i++) g->sv[i].searched = 0;
        if (b->turn_limit >= 0 && g->turn >= b->turn_limit && b->at_turn_limit) { g->outcome = 2; g->cause = C_TURN_LIMIT; }
        else if (g->turn >= b->max_turns) { g->outcome = 2; g->cause = C_STALLED; }
        else g->turn++;
    }
    int dl = danger_level(g);
    if (dl > g->max_danger) g->max_danger = dl;
}

/* heroes carried over from an earlier game, or none */
typedef struct { int n; int nitems[MAXS]; int items[MAXS][MAXI]; int xp[MAXS], wounds[MAXS]; } Heroes;

static void setup(G *g, u64 seed, int survivors, const Heroes *heroes) {
    Board *b = g->b;
    int n = b->n;
    mt_seed(&g->rng, seed);
    g->turn = 1;
    memset(g->zombies, 0, sizeof(int) * (size_t)n * NT);
    memset(g->noise, 0, sizeof(int) * (size_t)n);
    memset(g->zone_deaths, 0, sizeof(int) * (size_t)n);
    memset(g->zone_kills, 0, sizeof(int) * (size_t)n);
    memset(g->zone_visits, 0, sizeof(int) * (size_t)n);
    memset(g->entered, 0, (size_t)n);
    memset(g->bspawned, 0, (size_t)b->nbld + 1);
    memcpy(g->pool, b->pool0, sizeof g->pool);
    g->ns = 0; g->first_player = 0;
    g->doors_open = b->door_open0; g->doors_unlocked = b->door_unlocked0; g->doors_ever = 0;
    g->spawns_active = b->spawn_active0;
    memcpy(g->obj_zone, b->obj_zone0, sizeof(int) * (size_t)b->nobj);
    for (int o = 0; o < b->nobj; o++) g->obj_turn[o] = -1;
    g->nobj_order = 0;
    g->taken = g->pressed = g->fired = g->colours = g->progress = 0;
    g->kills = 0;
    memset(g->kills_by_type, 0, sizeof g->kills_by_type);
    memset(g->spawned_by_type, 0, sizeof g->spawned_by_type);
    g->nzdeck = g->nzdiscard = g->nedeck = g->nediscard = 0;
    g->outcome = 0; g->cause = C_NONE;
    g->survivor_actions = g->zombie_actions = g->max_danger = 0;
    g->nrising = 0; g->extras = 0; g->plan_done = 0;

    if (b->method == M_CARDS) {
        for (int i = 0; i < b->ncards; i++) g->zdeck[i] = i;
        g->nzdeck = b->ncards;
        shuffle(&g->rng, g->zdeck, g->nzdeck);
    }
    memcpy(g->edeck, b->edeck0, sizeof(int) * (size_t)b->nedeck);
    g->nedeck = b->nedeck;
    shuffle(&g->rng, g->edeck, g->nedeck);
    for (int gi = 0; gi < b->ngroups; gi++) {
        int *objs = b->grp_objs + b->grp_start[gi], len = b->grp_start[gi + 1] - b->grp_start[gi];
        int zs[256];
        for (int k = 0; k < len; k++) zs[k] = g->obj_zone[objs[k]];
        shuffle(&g->rng, zs, len);
        for (int k = 0; k < len; k++) g->obj_zone[objs[k]] = zs[k];
    }
    int count = survivors >= 0 ? survivors : (b->smax < 4 ? b->smax : 4);
    if (survivors < 0 && count < b->smin) count = b->smin;
    int start = b->start_zones[randbelow(&g->rng, b->nstart)];
    if (heroes) {
        for (int k = 0; k < heroes->n; k++) {
            Surv *s = &g->sv[g->ns++];
            memset(s, 0, sizeof *s);
            s->zone = start; s->health = b->health; s->alive = 1;
            memcpy(s->items, heroes->items[k], sizeof(int) * (size_t)heroes->nitems[k]);
            s->nitems = heroes->nitems[k];
            s->xp = heroes->xp[k];
            s->wounds = heroes->wounds[k] < b->health - 1 ? heroes->wounds[k] : b->health - 1;
        }
        count = 0;
    }
    for (int k = 0; k < count; k++) {
        Surv *s = &g->sv[g->ns++];
        memset(s, 0, sizeof *s);
        s->zone = start; s->health = b->health; s->alive = 1;
        memcpy(s->items, b->start_eq, sizeof(int) * (size_t)b->nstart_eq);
        s->nitems = b->nstart_eq;
        for (int c = 0; c < b->starting_cards; c++) {
            int card = draw_equipment(g);
            if (card >= 0 && !b->items[card].aaah) s->items[s->nitems++] = card;
        }
    }
    for (int p = 0; p < b->nplaced; p++) place(g, b->placed[3 * p], b->placed[3 * p + 1], b->placed[3 * p + 2]);
    /* game.extra_activation_limit */
    if (b->max_extra) g->extra_limit = b->max_extra;
    else {
        long long effects = 0;
        for (int i = 0; i < b->ntr; i++) effects += b->triggers[i].neff;
        long long actions = SURVIVOR_ACTION_LIMIT + b->actions + b->yellow_bonus + b->dark_actions;
        g->extra_limit = 1000 + 16 * ((long long)n + g->ns + (long long)b->nsp * (1 + b->nman)
                                      + effects * (1 + g->ns * actions));
    }
}

/* ---------------------------------------------------------------- reading the packed board */

typedef struct { PyObject *seq; Py_ssize_t pos, len; int err; } Reader;

static long long rd(Reader *r) {
    if (r->err) return 0;
    if (r->pos >= r->len) { r->err = 1; return 0; }
    long long v = PyLong_AsLongLong(PyList_GET_ITEM(r->seq, r->pos++));
    if (v == -1 && PyErr_Occurred()) { r->err = 1; return 0; }
    return v;
}

static int *rd_ints(Board *b, Reader *r, int count) {
    int *a = balloc(b, (size_t)(count > 0 ? count : 1), sizeof(int));
    for (int i = 0; i < count; i++) a[i] = (int)rd(r);
    return a;
}

/* CSR: for each of count rows, a length then `width` ints per entry */
static void rd_csr(Board *b, Reader *r, int rows, int width, int **start, int **cols[], int ncols) {
    int cap = 64, used = 0;
    int *st = balloc(b, (size_t)rows + 1, sizeof(int));
    int *tmp[4];
    for (int c = 0; c < ncols; c++) tmp[c] = malloc(sizeof(int) * (size_t)cap);
    for (int i = 0; i < rows; i++) {
        st[i] = used;
        int len = (int)rd(r);
        if (len < 0 || len > 10000000) { r->err = 1; break; }
        for (int k = 0; k < len; k++) {
            if (used == cap) { cap *= 2; for (int c = 0; c < ncols; c++) tmp[c] = realloc(tmp[c], sizeof(int) * (size_t)cap); }
            for (int c = 0; c < width; c++) tmp[c][used] = (int)rd(r);
            used++;
        }
    }
    st[rows] = used;
    *start = st;
    for (int c = 0; c < ncols; c++) {
        *cols[c] = balloc(b, (size_t)used + 1, sizeof(int));
        memcpy(*cols[c], tmp[c], sizeof(int) * (size_t)used);
        free(tmp[c]);
    }
}

static void Board_dealloc(Board *b) {
    cache_clear(&b->zd, 0); cache_clear(&b->sight, 1); cache_clear(&b->sd, 0);
    free(b->zd.slots); free(b->sight.slots); free(b->sd.slots);
    for (int i = 0; i < b->ntr && b->triggers; i++) free(b->triggers[i].eff);
    for (int i = 0; i < b->nsteps && b->steps; i++) free(b->steps[i].ids);
    for (int i = 0; i < b->nblocks; i++) free(b->blocks[i]);
    if (b->lock) PyThread_free_lock(b->lock);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

static PyTypeObject BoardType;

/* Board(packed: list[int]) */
static PyObject *Board_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    PyObject *packed;
    (void)kw;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &packed)) return NULL;
    Board *b = (Board *)type->tp_alloc(type, 0);
    if (!b) return NULL;
    b->lock = PyThread_allocate_lock();
    if (!b->lock) { Py_DECREF(b); return PyErr_NoMemory(); }
    Reader r = {packed, 0, PyList_GET_SIZE(packed), 0};
    Reader *R = &r;
    if (rd(R) != PACK_VERSION) goto bad;
    b->profile = (int)rd(R);
    b->actions = (int)rd(R); b->yellow_bonus = (int)rd(R); b->dark_actions = (int)rd(R); b->max_items = (int)rd(R);
    for (int i = 0; i < 3; i++) b->danger_xp[i] = (int)rd(R);
    for (int i = 0; i < NT; i++) b->tough[i] = (int)rd(R);
    for (int i = 0; i < NT; i++) b->kill_xp[i] = (int)rd(R);
    b->max_turns = (int)rd(R); b->building_spawn = (int)rd(R); b->doors_need_item = (int)rd(R);
    b->pool_out = (int)rd(R); b->hero_dice = (int)rd(R); b->split_adds = (int)rd(R);
    b->max_extra = (int)rd(R);
    int n = b->n = (int)rd(R);
    if (R->err || n <= 0) goto bad;
    int *zf = rd_ints(b, R, 8 * n);
    b->searchable = balloc(b, (size_t)n, sizeof(int)); b->breakthrough = balloc(b, (size_t)n, sizeof(int));
    b->max_z = balloc(b, (size_t)n, sizeof(int)); b->max_s = balloc(b, (size_t)n, sizeof(int));
    b->dark = balloc(b, (size_t)n, sizeof(int)); b->fire = balloc(b, (size_t)n, sizeof(int));
    b->is_exit = balloc(b, (size_t)n, sizeof(int)); b->building_of = balloc(b, (size_t)n, sizeof(int));
    for (int z = 0; z < n; z++) {
        int *f = zf + 8 * z;
        b->searchable[z] = f[0]; b->breakthrough[z] = f[1]; b->max_z[z] = f[2]; b->max_s[z] = f[3];
        b->dark[z] = f[4]; b->fire[z] = f[5]; b->is_exit[z] = f[6]; b->building_of[z] = f[7];
    }
    b->nc = (int)rd(R);
    int *cf = rd_ints(b, R, 5 * b->nc);
    b->c_from = balloc(b, (size_t)b->nc, sizeof(int)); b->c_to = balloc(b, (size_t)b->nc, sizeof(int));
    b->c_door = balloc(b, (size_t)b->nc, sizeof(int)); b->c_cost = balloc(b, (size_t)b->nc, sizeof(int));
    b->c_sight = balloc(b, (size_t)b->nc, sizeof(int));
    for (int c = 0; c < b->nc; c++) {
        b->c_from[c] = cf[5 * c]; b->c_to[c] = cf[5 * c + 1]; b->c_door[c] = cf[5 * c + 2];
        b->c_cost[c] = cf[5 * c + 3]; b->c_sight[c] = cf[5 * c + 4];
    }
    { int **cols[2] = {&b->sadj_v, &b->sadj_c}; rd_csr(b, R, n, 2, &b->sadj_start, cols, 2); }
    { int **cols[2] = {&b->sback_u, &b->sback_c}; rd_csr(b, R, n, 2, &b->sback_start, cols, 2); }
    { int **cols[3] = {&b->zadj_v, &b->zadj_c, &b->zadj_ok}; rd_csr(b, R, n, 3, &b->zadj_start, cols, 3); }
    b->nd = (int)rd(R);
    if (b->nd < 0 || b->nd > 62) goto bad;
    int *df = rd_ints(b, R, 6 * b->nd);
    b->door_conn = balloc(b, (size_t)b->nd, sizeof(int)); b->lock_kind = balloc(b, (size_t)b->nd, sizeof(int));
    b->lock_val = balloc(b, (size_t)b->nd, sizeof(int)); b->door_breakable = balloc(b, (size_t)b->nd, sizeof(int));
    b->door_spawns = balloc(b, (size_t)b->nd, sizeof(int)); b->door_by_hand = balloc(b, (size_t)b->nd, sizeof(int));
    for (int d = 0; d < b->nd; d++) {
        b->door_conn[d] = df[6 * d]; b->lock_kind[d] = df[6 * d + 1]; b->lock_val[d] = df[6 * d + 2];
        b->door_breakable[d] = df[6 * d + 3]; b->door_spawns[d] = df[6 * d + 4]; b->door_by_hand[d] = df[6 * d + 5];
    }
    b->door_open0 = (u64)rd(R); b->door_unlocked0 = (u64)rd(R);
    b->nbld = (int)rd(R);
    { int **cols[1] = {&b->bld_zones}; rd_csr(b, R, b->nbld, 1, &b->bld_start, cols, 1); }
    b->nsp = (int)rd(R);
    if (b->nsp < 0 || b->nsp > 62) goto bad;
    int *sf = rd_ints(b, R, 2 * b->nsp);
    b->sp_zone = balloc(b, (size_t)b->nsp, sizeof(int)); b->sp_manhole = balloc(b, (size_t)b->nsp, sizeof(int));
    for (int i = 0; i < b->nsp; i++) { b->sp_zone[i] = sf[2 * i]; b->sp_manhole[i] = sf[2 * i + 1]; }
    b->spawn_active0 = (u64)rd(R);
    b->nman = (int)rd(R);
    b->man_zone = rd_ints(b, R, b->nman);
    b->man_share = balloc(b, (size_t)n * (b->nman ? b->nman : 1), 1);
    for (int i = 0; i < n * b->nman; i++) b->man_share[i] = (char)rd(R);
    b->nobj = (int)rd(R);
    if (b->nobj < 0 || b->nobj > 62) goto bad;
    int *of = rd_ints(b, R, 6 * b->nobj);
    b->obj_kind = balloc(b, (size_t)b->nobj, sizeof(int)); b->obj_zone0 = balloc(b, (size_t)b->nobj, sizeof(int));
    b->obj_xp = balloc(b, (size_t)b->nobj, sizeof(int)); b->obj_colour = balloc(b, (size_t)b->nobj, sizeof(int));
    b->obj_item = balloc(b, (size_t)b->nobj, sizeof(int)); b->obj_repeatable = balloc(b, (size_t)b->nobj, sizeof(int));
    for (int o = 0; o < b->nobj; o++) {
        int *f = of + 6 * o;
        b->obj_kind[o] = f[0]; b->obj_zone0[o] = f[1]; b->obj_xp[o] = f[2]; b->obj_colour[o] = f[3];
        b->obj_item[o] = f[4]; b->obj_repeatable[o] = f[5];
    }
    b->ngroups = (int)rd(R);
    { int **cols[1] = {&b->grp_objs}; rd_csr(b, R, b->ngroups, 1, &b->grp_start, cols, 1); }
    b->nstart = (int)rd(R);
    b->start_zones = rd_ints(b, R, b->nstart);
    b->nexit = (int)rd(R);
    b->exits = rd_ints(b, R, b->nexit);
    b->nlines = (int)rd(R);
    { int **cols[1] = {&b->line_zones}; rd_csr(b, R, b->nlines, 1, &b->line_start, cols, 1); }
    b->zdist_all = rd_ints(b, R, n * n);
    b->ntr = (int)rd(R);
    if (b->ntr < 0 || b->ntr > 62) goto bad;
    b->triggers = balloc(b, (size_t)b->ntr, sizeof(Trigger));
    for (int i = 0; i < b->ntr; i++) {
        Trigger *t = &b->triggers[i];
        t->kind = (int)rd(R); t->target = (int)rd(R); t->once = (int)rd(R); t->neff = (int)rd(R);
        if (t->neff < 0 || t->neff > 1000) goto bad;
        t->eff = calloc((size_t)t->neff + 1, sizeof(Effect));
        for (int k = 0; k < t->neff; k++) {
            Effect *e = &t->eff[k];
            e->kind = (int)rd(R); e->a = (int)rd(R); e->ztype = (int)rd(R); e->count = (int)rd(R);
            e->dcount = (int)rd(R); e->dsides = (int)rd(R); e->dbonus = (int)rd(R); e->has_dice = (int)rd(R);
            e->amount = (int)rd(R); e->to_actor = (int)rd(R); e->win = (int)rd(R);
        }
    }
    b->ordered = (int)rd(R);
    b->nsteps = (int)rd(R);
    if (b->nsteps < 0 || b->nsteps > 62) goto bad;
    b->steps = balloc(b, (size_t)b->nsteps, sizeof(VStep));
    b->escape_step = -1;
    for (int i = 0; i < b->nsteps; i++) {
        VStep *s = &b->steps[i];
        s->kind = (int)rd(R); s->who_all = (int)rd(R); s->count = (int)rd(R); s->ztype = (int)rd(R);
        s->turns = (int)rd(R); s->nids = (int)rd(R);
        if (s->nids < 0 || s->nids > 100000) goto bad;
        s->ids = calloc((size_t)s->nids + 1, sizeof(int));
        for (int k = 0; k < s->nids; k++) s->ids[k] = (int)rd(R);
        if (s->kind == V_ESCAPE && b->escape_step < 0) b->escape_step = i;
    }
    b->any_dies = (int)rd(R); b->at_turn_limit = (int)rd(R); b->turn_limit = (int)rd(R);
    for (int i = 0; i < NT; i++) b->pool0[i] = (int)rd(R);
    b->method = (int)rd(R); b->mdcount = (int)rd(R); b->mdsides = (int)rd(R); b->mdbonus = (int)rd(R); b->mcount = (int)rd(R);
    b->ncards = (int)rd(R);
    b->cards = rd_ints(b, R, 12 * b->ncards);
    b->nedeck = (int)rd(R);
    b->edeck0 = rd_ints(b, R, b->nedeck);
    b->smin = (int)rd(R); b->smax = (int)rd(R); b->health = (int)rd(R);
    b->nstart_eq = (int)rd(R);
    if (b->nstart_eq < 0 || b->nstart_eq > 20) goto bad;
    b->start_eq = rd_ints(b, R, b->nstart_eq);
    b->starting_cards = (int)rd(R);
    b->nplaced = (int)rd(R);
    b->placed = rd_ints(b, R, 3 * b->nplaced);
    b->nit = (int)rd(R);
    b->items = balloc(b, (size_t)b->nit, sizeof(ItemT));
    for (int i = 0; i < b->nit; i++) {
        ItemT *it = &b->items[i];
        it->dice = (int)rd(R); it->accuracy = (int)rd(R); it->damage = (int)rd(R); it->min_range = (int)rd(R);
        it->max_range = (int)rd(R); it->dual = (int)rd(R); it->noisy_attack = (int)rd(R); it->opens_doors = (int)rd(R);
        it->noisy_door = (int)rd(R); it->search_bonus = (int)rd(R); it->aaah = (int)rd(R);
        long long bits = rd(R);
        memcpy(&it->value, &bits, sizeof(double));
    }
    b->nplan = (int)rd(R);
    b->plan = balloc(b, (size_t)b->nplan, sizeof(PlanStep));
    for (int i = 0; i < b->nplan; i++) {
        b->plan[i].action = (int)rd(R); b->plan[i].target = (int)rd(R); b->plan[i].zone = (int)rd(R);
    }
    if (rd(R) != 0x5eed || R->err || R->pos != R->len) goto bad;
    /* pass, search, noise, one open or move per survivor connection, one melee or one ranged
     * action per weapon kind and zone in sight, one per objective */
    int max_sdeg = 0, weapons = 0;
    for (int z = 0; z < n; z++) {
        int d = b->sadj_start[z + 1] - b->sadj_start[z], e = b->zadj_start[z + 1] - b->zadj_start[z];
        if (d > max_sdeg) max_sdeg = d;
        if (e > b->max_zdeg) b->max_zdeg = e;
    }
    for (int i = 0; i < b->nit; i++) weapons += b->items[i].dice > 0;
    b->max_acts = 8 + max_sdeg + weapons * n + b->nobj;
    /* door-dependent tables kept at once: about 32 M cells of zombie distances or lines of
     * sight, 16 M of survivor distances */
    b->zd.limit = b->sight.limit = (int)(32000000 / ((long long)n * n) < 512 ? 32000000 / ((long long)n * n) : 512);
    if (b->zd.limit < 2) b->zd.limit = b->sight.limit = 2;
    b->sd.limit = 16000000 / n < 16384 ? 16000000 / n : 16384;
    if (b->nstart <= 0 || b->ncards < 0 || b->hero_dice < 2 || b->hero_dice > 64 || b->max_items > MAXI - 32) goto bad;
    return (PyObject *)b;
bad:
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the packed board is malformed");
    Py_DECREF(b);
    return NULL;
}

/* ---------------------------------------------------------------- records, as columns */

/* per game: the seed (int64), then one int32 row of the other NSCALARS - 1 fields in
 * table.SCALARS order */
#define NSCALARS 25

typedef struct { char *data; size_t len, cap; } Buf;

static int buf_put(Buf *b, const void *src, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + n) cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d) return -1;
        b->data = d; b->cap = cap;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
    return 0;
}

static int write_game(G *g, u64 seed, long long index, Buf *out) {
    Board *b = g->b;
    int32_t v[NSCALARS - 1];
    int k = 0, dead = 0, escaped = 0, spawned = 0;
    long long s64 = (long long)seed;
    for (int i = 0; i < g->ns; i++) { dead += !g->sv[i].alive; escaped += g->sv[i].escaped; }
    for (int t = 0; t < NT; t++) spawned += g->spawned_by_type[t];
    if (buf_put(&out[0], &s64, sizeof s64) < 0) return -1;
    v[k++] = g->outcome == 1;
    v[k++] = g->outcome == 1 ? C_NONE : g->cause;
    v[k++] = g->turn; v[k++] = g->ns; v[k++] = dead; v[k++] = escaped; v[k++] = g->kills;
    for (int t = 0; t < NT; t++) v[k++] = g->kills_by_type[t];
    v[k++] = spawned;
    for (int t = 0; t < NT; t++) v[k++] = g->spawned_by_type[t];
    v[k++] = g->max_danger; v[k++] = g->survivor_actions; v[k++] = g->zombie_actions;
    v[k++] = (int32_t)index;
    if (buf_put(&out[1], v, sizeof v) < 0) return -1;
    uint16_t taken = (uint16_t)g->nobj_order;
    if (buf_put(&out[2], &taken, sizeof taken) < 0) return -1;
    for (int i = 0; i < g->nobj_order; i++) {
        int o = g->obj_order[i];
        int16_t t[2] = {(int16_t)o, (int16_t)g->obj_turn[o]};
        if (buf_put(&out[3], t, sizeof t) < 0) return -1;
    }
    int *counts[3] = {g->zone_deaths, g->zone_kills, g->zone_visits};
    uint16_t entries = 0;
    for (int w = 0; w < 3; w++)
        for (int z = 0; z < b->n; z++)
            if (counts[w][z]) {
                uint16_t key = (uint16_t)(w * 2048 + z);
                int32_t c = counts[w][z];
                if (buf_put(&out[5], &key, sizeof key) < 0 || buf_put(&out[6], &c, sizeof c) < 0) return -1;
                entries++;
            }
    return buf_put(&out[4], &entries, sizeof entries);
}

static void game_alloc(G *g, Board *b, int policy) {
    int n = b->n;
    memset(g, 0, sizeof *g);
    g->b = b;
    g->policy = policy;
    g->zombies = calloc((size_t)n * NT, sizeof(int));
    g->noise = calloc((size_t)n, sizeof(int));
    g->zone_deaths = calloc((size_t)n, sizeof(int));
    g->zone_kills = calloc((size_t)n, sizeof(int));
    g->zone_visits = calloc((size_t)n, sizeof(int));
    g->entered = calloc((size_t)n, 1);
    g->bspawned = calloc((size_t)b->nbld + 1, 1);
    g->obj_zone = calloc((size_t)b->nobj + 1, sizeof(int));
    g->obj_turn = calloc((size_t)b->nobj + 1, sizeof(int));
    g->obj_order = calloc((size_t)b->nobj + 1, sizeof(int));
    g->zdeck = calloc((size_t)b->ncards + 1, sizeof(int));
    g->zdiscard = calloc((size_t)b->ncards + 1, sizeof(int));
    size_t ecap = (size_t)b->nedeck + (size_t)MAXS * (MAXI + 4) + (size_t)b->nobj + 16;
    g->edeck = calloc(ecap, sizeof(int));
    g->ediscard = calloc(ecap, sizeof(int));
    g->acts = malloc(sizeof(Act) * (size_t)b->max_acts);
    g->outs = malloc(sizeof(int) * ((size_t)b->max_zdeg + 1));
}

static void game_free(G *g) {
    free(g->zombies); free(g->noise); free(g->zone_deaths); free(g->zone_kills); free(g->zone_visits);
    free(g->entered); free(g->bspawned); free(g->obj_zone); free(g->obj_turn); free(g->obj_order); free(g->zdeck);
    free(g->zdiscard); free(g->edeck); free(g->ediscard); free(g->moves); free(g->outs);
    free(g->acts);
}

/* Board.play(seeds, policy, survivors, first_index) -> seven byte buffers (table.GameTable):
 * seeds (int64); the other NSCALARS - 1 fields (int32 rows); objectives taken per game (uint16)
 * and (objective, turn) pairs (int16) in the order they were taken; zone entries per game
 * (uint16), their keys (uint16: what * 2048 + zone, what 0, 1, 2 for deaths, kills, visits) and
 * counts (int32) */
/* plays the games of seedv (numbered from first_index, or -1) and returns the table's buffers */
static PyObject *play_batch(Board *b, const u64 *seedv, Py_ssize_t count, int policy, int survivors,
                            long long first_index) {
    if (survivors > MAXS) { PyErr_SetString(PyExc_ValueError, "too many survivors"); return NULL; }
    G g;
    game_alloc(&g, b, policy);
    Buf bufs[7];
    memset(bufs, 0, sizeof bufs);
    int failed = 0;
    /* games touch no Python object: other threads run meanwhile (a Dask worker keeps talking to
     * its scheduler), and the board's lock keeps its table caches to one batch at a time */
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(b->lock, WAIT_LOCK);
    for (Py_ssize_t i = 0; i < count && !failed; i++) {
        setup(&g, seedv[i], survivors, NULL);
        while (!g.outcome) play_turn(&g, (Act *)g.acts);
        failed = write_game(&g, seedv[i], first_index >= 0 ? first_index + i : -1, bufs) < 0;
    }
    PyThread_release_lock(b->lock);
    Py_END_ALLOW_THREADS
    PyObject *out = NULL;
    if (failed) PyErr_NoMemory();
    else {
        out = PyTuple_New(7);
        for (int i = 0; out && i < 7; i++) {
            PyObject *bytes = PyBytes_FromStringAndSize(bufs[i].data ? bufs[i].data : "", (Py_ssize_t)bufs[i].len);
            if (!bytes) { Py_CLEAR(out); break; }
            PyTuple_SET_ITEM(out, i, bytes);
        }
    }
    for (int i = 0; i < 7; i++) free(bufs[i].data);
    game_free(&g);
    return out;
}

static PyObject *Board_play(Board *b, PyObject *args) {
    PyObject *seeds;
    int policy, survivors;
    long long first_index;
    if (!PyArg_ParseTuple(args, "OiiL", &seeds, &policy, &survivors, &first_index)) return NULL;
    PyObject *fast = PySequence_Fast(seeds, "seeds must be a sequence");
    if (!fast) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    u64 *seedv = malloc(sizeof(u64) * (size_t)(count + 1));
    for (Py_ssize_t i = 0; i < count; i++) {
        seedv[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if ((seedv[i] == (u64)-1 && PyErr_Occurred()) || seedv[i] >> 63) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "seeds must be below 2**63");
            free(seedv); Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    PyObject *out = play_batch(b, seedv, count, policy, survivors, first_index);
    free(seedv);
    return out;
}

/* Board.play_range(prefix, start, stop, policy, survivors): games start .. stop of a run whose
 * seeds are batch.game_seed(base, i), prefix being b"<base>:" */
static PyObject *Board_play_range(Board *b, PyObject *args) {
    const char *prefix;
    Py_ssize_t plen;
    long long start, stop;
    int policy, survivors;
    if (!PyArg_ParseTuple(args, "y#LLii", &prefix, &plen, &start, &stop, &policy, &survivors)) return NULL;
    if (plen > 96 || start < 0 || stop < start) {
        PyErr_SetString(PyExc_ValueError, "play_range: a prefix of at most 96 bytes and 0 <= start <= stop");
        return NULL;
    }
    Py_ssize_t count = (Py_ssize_t)(stop - start);
    u64 *seedv = malloc(sizeof(u64) * (size_t)(count + 1));
    for (Py_ssize_t i = 0; i < count; i++) seedv[i] = game_seed(prefix, (size_t)plen, start + i);
    PyObject *out = play_batch(b, seedv, count, policy, survivors, start);
    free(seedv);
    return out;
}

/* random.Random(seed) draws, for the tests: [_randbelow(n) for n in ns] */
static PyObject *core_randbelow(PyObject *self, PyObject *args) {
    unsigned long long seed;
    PyObject *ns;
    (void)self;
    if (!PyArg_ParseTuple(args, "KO!", &seed, &PyList_Type, &ns)) return NULL;
    MT r;
    mt_seed(&r, seed);
    Py_ssize_t len = PyList_GET_SIZE(ns);
    PyObject *out = PyList_New(len);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(ns, i));
        if (v <= 0 || v > 0x7fffffff) { Py_DECREF(out); PyErr_SetString(PyExc_ValueError, "n out of range"); return NULL; }
        PyList_SET_ITEM(out, i, PyLong_FromLong(randbelow(&r, (int)v)));
    }
    return out;
}

/* game_seeds(prefix, start, stop) -> list of batch.game_seed(base, i), for the tests */
static PyObject *core_game_seeds(PyObject *self, PyObject *args) {
    const char *prefix;
    Py_ssize_t plen;
    long long start, stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "y#LL", &prefix, &plen, &start, &stop)) return NULL;
    if (plen > 96 || stop < start) { PyErr_SetString(PyExc_ValueError, "bad range or prefix"); return NULL; }
    PyObject *out = PyList_New((Py_ssize_t)(stop - start));
    for (long long i = start; out && i < stop; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(game_seed(prefix, (size_t)plen, i));
        if (!v) { Py_CLEAR(out); break; }
        PyList_SET_ITEM(out, (Py_ssize_t)(i - start), v);
    }
    return out;
}

/* Board.play_heroes(seed, policy, survivors, heroes) -> (won, cause, turns, survivors, heroes out):
 * one game, with heroes carried over from an earlier one (None: a new team of `survivors`, -1
 * for the scenario's); heroes are (item indices, xp, wounds) and so are the heroes out (every
 * survivor alive at the end, escaped or not) */
static PyObject *Board_play_heroes(Board *b, PyObject *args) {
    unsigned long long seed;
    int policy, survivors;
    PyObject *list;
    if (!PyArg_ParseTuple(args, "KiiO", &seed, &policy, &survivors, &list)) return NULL;
    if (list != Py_None && !PyList_Check(list)) { PyErr_SetString(PyExc_TypeError, "heroes: a list or None"); return NULL; }
    if (survivors > MAXS) { PyErr_SetString(PyExc_ValueError, "too many survivors"); return NULL; }
    Heroes h;
    memset(&h, 0, sizeof h);
    h.n = list == Py_None ? 0 : (int)PyList_GET_SIZE(list);
    if (h.n > MAXS || seed >> 63) { PyErr_SetString(PyExc_ValueError, "too many heroes or seed out of range"); return NULL; }
    for (int k = 0; k < h.n; k++) {
        PyObject *items;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(list, k), "O!ii", &PyTuple_Type, &items, &h.xp[k], &h.wounds[k])) return NULL;
        h.nitems[k] = (int)PyTuple_GET_SIZE(items);
        if (h.nitems[k] > MAXI - 32) {
            PyErr_SetString(PyExc_ValueError, "a hero carries too many items");
            return NULL;
        }
        for (int i = 0; i < h.nitems[k]; i++) {
            long v = PyLong_AsLong(PyTuple_GET_ITEM(items, i));
            if (v < 0 || v >= b->nit) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "unknown item index");
                return NULL;
            }
            h.items[k][i] = (int)v;
        }
    }
    G g;
    game_alloc(&g, b, policy);
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(b->lock, WAIT_LOCK);
    setup(&g, seed, survivors, list == Py_None ? NULL : &h);
    while (!g.outcome) play_turn(&g, (Act *)g.acts);
    PyThread_release_lock(b->lock);
    Py_END_ALLOW_THREADS
    PyObject *out = PyList_New(0);
    for (int i = 0; out && i < g.ns; i++) {
        Surv *s = &g.sv[i];
        if (!s->alive) continue;
        PyObject *items = PyTuple_New(s->nitems);
        for (int k = 0; items && k < s->nitems; k++) PyTuple_SET_ITEM(items, k, PyLong_FromLong(s->items[k]));
        PyObject *hero = items ? Py_BuildValue("(Nii)", items, s->xp, s->wounds) : NULL;
        if (!hero || PyList_Append(out, hero) < 0) { Py_XDECREF(hero); Py_CLEAR(out); break; }
        Py_DECREF(hero);
    }
    PyObject *result = out ? Py_BuildValue("(OiiiN)", g.outcome == 1 ? Py_True : Py_False,
                                           g.outcome == 1 ? C_NONE : g.cause, g.turn, g.ns, out) : NULL;
    game_free(&g);
    return result;
}

static PyMethodDef Board_methods[] = {
    {"play_range", (PyCFunction)Board_play_range, METH_VARARGS,
     "play_range(prefix, start, stop, policy, survivors) -> the seven byte buffers of a GameTable"},
    {"play_heroes", (PyCFunction)Board_play_heroes, METH_VARARGS,
     "play_heroes(seed, policy, survivors, heroes) -> (won, cause, turns, survivors, heroes out)"},
    {"play", (PyCFunction)Board_play, METH_VARARGS, "play(seeds, policy, survivors, first_index) -> the seven byte buffers of a GameTable"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "designer.engine._core.Board",
    .tp_basicsize = sizeof(Board),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A board packed for the compiled core.",
    .tp_new = Board_new,
    .tp_dealloc = (destructor)Board_dealloc,
    .tp_methods = Board_methods,
};

static PyMethodDef module_methods[] = {
    {"game_seeds", core_game_seeds, METH_VARARGS, "game_seeds(prefix, start, stop): batch.game_seed for each index"},
    {"randbelow", core_randbelow, METH_VARARGS, "randbelow(seed, ns): random.Random(seed)._randbelow(n) for each n"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {PyModuleDef_HEAD_INIT, "_core", "The compiled engine core.", -1, module_methods};

PyMODINIT_FUNC PyInit__core(void) {
    mt_init(&mt_base, 19650218U);
    if (PyType_Ready(&BoardType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&BoardType);
    if (PyModule_AddObject(m, "Board", (PyObject *)&BoardType) < 0) { Py_DECREF(&BoardType); Py_DECREF(m); return NULL; }
    PyModule_AddIntConstant(m, "PACK_VERSION", PACK_VERSION);
    PyModule_AddIntConstant(m, "NSCALARS", NSCALARS);
    return m;
}
