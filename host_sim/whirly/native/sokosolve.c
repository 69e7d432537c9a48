/* Push-level solver for pure-push Sokoban (host only; host_sim/whirly/native.py builds and runs it).
 *
 * The same search as pushpull.astar, written in C for speed (a hundred times the positions a
 * second): A* or weighted A* over positions (boxes + the hero's region), one push a step, with
 * dead squares, freeze deadlocks, PI-corral pruning, held boxes and a lower bound from an
 * optimal assignment of boxes to targets (push distances). Whatever it finds is replayed by
 * the Python engine.
 * Backward ("backward" among the prunings): from the solved position (the hero in any of its
 * regions) to the start by pulls, the bound on distances to the start's box cells.
 *
 * stdin:  "W H\n" then H lines of W characters, each 'A' + flags (1 hero may stand, 2 a box may
 *         stand, 4 target, 8 box, 16 hero).
 * argv:   seconds weights megabytes [prunings] (weights: up to 4, "1,3": an A* and a WA*(3)
 *         taking turns; prunings: "corral,frozen,held" by default, "none" or any of them)
 * stdout: "solved PUSHES EXPANDED\nMOVES\n" | "unsolvable EXPANDED" | "timeout EXPANDED" |
 *         "memory EXPANDED" | "error WHY"
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INF 0x3fff
#define MAXB 250

static int W, H, N, off[4];
static uint8_t *walk, *boxok, *target, *dead;
static int nbox, ntg, tg[MAXB];
static uint16_t *dist; /* [N][ntg]: pushes from a cell to each target, boxes ignored */
static uint64_t *zb, *zh;
static const char LET[] = "urdl";

/* ------------------------------------------------------------------ nodes and their table */
static uint16_t *nboxes; /* [cap][nbox], sorted */
static uint16_t *nhero, *ng, *nh, *nfrom;
static int32_t *npar;
static uint8_t *ndir;
static uint64_t *nkey;
static uint8_t *nassign;  /* [cap][nbox]: the box (index in the sorted boxes) on each target */
static int16_t *npot;     /* [cap][nbox]: the targets' potentials of that optimal assignment,
                           * less their largest (store_assignment()) */
static uint8_t *nclosed;   /* expanded */
static uint16_t *nview;    /* its frozen goals' view (below) */
static int nq;             /* open lists (weights) */
static int backward;       /* from the solved position to the start, by pulls */
static size_t ncount, ncap, mem_limit;
static uint64_t *tab; /* a slot: the key's high half, node index + 1 (one cache miss a look) */
static size_t tabmask;

static void *grow(void *p, size_t n) {
    void *q = realloc(p, n);
    if (!q) { printf("memory %zu\n", ncount); exit(0); }
    return q;
}

static size_t bytes_per_node(void) { return (size_t)nbox * 5 + 2 * 5 + 4 + 2 + 8 + 16 + 16 * nq; }

static int node_new(void) {
    if (ncount == ncap) {
        size_t c = ncap ? ncap * 2 : 1 << 16;
        nboxes = grow(nboxes, c * nbox * 2);
        nhero = grow(nhero, c * 2); ng = grow(ng, c * 2); nh = grow(nh, c * 2);
        nfrom = grow(nfrom, c * 2); npar = grow(npar, c * 4); ndir = grow(ndir, c);
        nkey = grow(nkey, c * 8);
        nassign = grow(nassign, c * nbox); npot = grow(npot, c * nbox * 2);
        nclosed = grow(nclosed, c); nview = grow(nview, c * 2);
        ncap = c;
    }
    nclosed[ncount] = 0;
    return (int)ncount++;
}

static void tab_put(uint32_t id) {
    size_t i = nkey[id] & tabmask;
    while (tab[i]) i = (i + 1) & tabmask;
    tab[i] = (nkey[id] & 0xffffffff00000000ull) | (id + 1);
}

static void tab_grow(void) {
    size_t n = (tabmask + 1) * 2;
    free(tab);
    tab = calloc(n, 8);
    if (!tab) { printf("memory %zu\n", ncount); exit(0); }
    tabmask = n - 1;
    for (size_t k = 0; k < ncount; k++) tab_put((uint32_t)k);
}

/* the node holding these boxes and hero, or -1 */
static int tab_find(const uint16_t *b, int hero, uint64_t key) {
    size_t i = key & tabmask;
    uint64_t hi = key & 0xffffffff00000000ull;
    while (tab[i]) {
        uint32_t id = (uint32_t)tab[i] - 1;
        if ((tab[i] & 0xffffffff00000000ull) == hi && nkey[id] == key && nhero[id] == hero && !memcmp(nboxes + (size_t)id * nbox, b, nbox * 2))
            return (int)id;
        i = (i + 1) & tabmask;
    }
    return -1;
}

/* ------------------------------------------------------------------ open lists (binary heaps)
 * One per weight: a position made goes into each, f = g + w h, and the searches take turns
 * expanding the best of theirs not yet expanded (one table: what one expands the others skip). */
typedef struct { uint64_t k; int32_t id; } Item;
typedef struct { Item *a; size_t n, cap; int w16; } Heap;
#define MAXQ 4
static Heap heaps[MAXQ];

static void heap_push(Heap *q, uint64_t k, int id) {
    if (q->n == q->cap) { q->cap = q->cap ? q->cap * 2 : 1 << 16; q->a = grow(q->a, q->cap * sizeof(Item)); }
    Item *heap = q->a;
    size_t i = q->n++;
    while (i) {
        size_t p = (i - 1) / 2;
        if (heap[p].k <= k) break;
        heap[i] = heap[p];
        i = p;
    }
    heap[i].k = k; heap[i].id = id;
}

static Item heap_pop(Heap *q) {
    Item *heap = q->a;
    Item top = heap[0], x = heap[--q->n];
    size_t i = 0, hn = q->n;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= hn) break;
        if (c + 1 < hn && heap[c + 1].k < heap[c].k) c++;
        if (heap[c].k >= x.k) break;
        heap[i] = heap[c];
        i = c;
    }
    if (hn) heap[i] = x;
    return top;
}

/* f = g + w h; ties to the lower h, then to the position made last (the last layer of f
 * is searched deep first rather than broad) */
static uint32_t made;
static void open_push(int g, int h, int id) {
    uint64_t last = 0xffffff - (++made & 0xffffff);
    for (int q = 0; q < nq; q++)
        heap_push(&heaps[q], ((uint64_t)(g * 16 + heaps[q].w16 * h) << 40) | ((uint64_t)h << 24)
                  | last, id);
}

/* the next position to expand, queue turn t; -1 when every queue is empty */
static int open_pop(size_t t) {
    for (int k = 0; k < nq; k++) {
        Heap *q = &heaps[(t + k) % nq];
        while (q->n) {
            int id = heap_pop(q).id;
            if (!nclosed[id]) return id;
        }
    }
    return -1;
}

/* ------------------------------------------------------------------ scratch */
static int16_t *occ;      /* box index + 1, 0 when none */
static uint32_t *seen, stamp;
static int *queue;
static int *from;         /* BFS parents for the hero's walks */

/* the hero's region from h (boxes in occ): marks seen[] = stamp, returns its least cell */
static int region_in(int h, uint32_t *mark, uint32_t *st) {
    int lo = h, qh = 0, qt = 0;
    uint32_t s = ++*st;
    mark[h] = s;
    queue[qt++] = h;
    while (qh < qt) {
        int c = queue[qh++];
        for (int d = 0; d < 4; d++) {
            int n = c + off[d];
            if (walk[n] && !occ[n] && mark[n] != s) {
                mark[n] = s;
                queue[qt++] = n;
                if (n < lo) lo = n;
            }
        }
    }
    return lo;
}

static uint32_t *seen2, stamp2; /* the children's regions, the parent's kept in seen */
static int region(int h) { return region_in(h, seen, &stamp); }

/* A child's region without a flood of the parent's: a push or pull moves a box from c to to
 * and changes only those two cells, so when the parent's region R (seen == stamp) stays
 * connected without to, the child's is R less to, with c and the cells c opens up when c
 * touches it. to cannot split R when R's cells among its eight neighbours join its four
 * neighbours in R in one run (ring_one[mask], bit k of mask the k-th neighbour clockwise from
 * above). */
static uint8_t ring_one[256];
static int ring_off[8];

static void ring_init(void) {
    int o[8] = {-W, -W + 1, 1, W + 1, W, W - 1, -1, -W - 1};
    memcpy(ring_off, o, sizeof o);
    for (int m = 0; m < 256; m++) {
        int runs = 0;
        for (int k = 0; k < 8; k++) {
            /* a run starts at k (k in R, k - 1 not); it counts when it holds a side cell */
            if (!(m >> k & 1) || (m >> ((k + 7) & 7) & 1)) continue;
            int side = 0;
            for (int j = k; m >> (j & 7) & 1 && j < k + 8; j++) side |= !(j & 1);
            runs += side;
        }
        ring_one[m] = m == 255 || runs <= 1;
    }
}

/* the child's region (its least cell); occ holds the child's boxes, hero the hero's cell */
static int child_region(int rmin, int c, int to, int hero) {
    if (seen[to] == stamp) {
        int m = 0;
        for (int k = 0; k < 8; k++) m |= (seen[to + ring_off[k]] == stamp) << k;
        if (!ring_one[m]) return region_in(hero, seen2, &stamp2);
    }
    int lo = rmin, joined = 0;
    if (to == rmin)  /* R's next least cell */
        for (lo = rmin + 1; lo < N && seen[lo] != stamp; lo++) {}
    if (!walk[c]) return lo;
    for (int d = 0; d < 4; d++) joined |= c + off[d] != to && seen[c + off[d]] == stamp;
    if (!joined) return lo;
    /* c and the cells beyond it that R did not reach */
    int qh = 0, qt = 0;
    uint32_t s = ++stamp2;
    seen2[c] = s;
    queue[qt++] = c;
    if (c < lo) lo = c;
    while (qh < qt) {
        int x = queue[qh++];
        for (int d = 0; d < 4; d++) {
            int n = x + off[d];
            if (walk[n] && !occ[n] && seen[n] != stamp && seen2[n] != s) {
                seen2[n] = s;
                queue[qt++] = n;
                if (n < lo) lo = n;
            }
        }
    }
    return lo;
}

/* ------------------------------------------------------------------ lower bound */
/* cost row i: box i's distances to the targets (a row of dist). INF (unreachable) is a cost
 * like the others: main() takes only levels where every assignment of reachable targets costs
 * less than INF, so the optimal one uses an INF only when there is no other */
static const uint16_t *crow[MAXB];
#define cost(i, t) ((int)crow[i][t])
static int hu_u[MAXB + 1], hu_v[MAXB + 1], hu_p[MAXB + 1], hu_way[MAXB + 1], hu_minv[MAXB + 1];
static uint8_t hu_used[MAXB + 1];

/* One row added to an optimal assignment (Hungarian method, shortest augmenting path): row i
 * (1-based) is free, every other row matched with tight costs, potentials feasible. */
static void augment(int n, int i) {
    hu_p[0] = i;
    int j0 = 0;
    for (int j = 0; j <= n; j++) { hu_minv[j] = 1 << 29; hu_used[j] = 0; }
    do {
        hu_used[j0] = 1;
        int i0 = hu_p[j0], delta = 1 << 29, j1 = 0;
        for (int j = 1; j <= n; j++) {
            if (hu_used[j]) continue;
            int cur = cost(i0 - 1, j - 1) - hu_u[i0] - hu_v[j];
            if (cur < hu_minv[j]) { hu_minv[j] = cur; hu_way[j] = j0; }
            if (hu_minv[j] < delta) { delta = hu_minv[j]; j1 = j; }
        }
        for (int j = 0; j <= n; j++) {
            if (hu_used[j]) { hu_u[hu_p[j]] += delta; hu_v[j] -= delta; }
            else hu_minv[j] -= delta;
        }
        j0 = j1;
    } while (hu_p[j0] != 0);
    do { int j1 = hu_way[j0]; hu_p[j0] = hu_p[j1]; j0 = j1; } while (j0);
}

static int assigned(int n) {
    int total = 0;
    for (int j = 1; j <= n; j++) total += cost(hu_p[j] - 1, j - 1);
    return total >= INF ? INF : total;
}

/* row i of the costs: box i's push distances to the targets in the loaded view (below); a box
 * frozen on its target goes there at 0 and nowhere else (a row of frow) */
static uint8_t *isfz;  /* cells of the loaded view's frozen boxes */
static int *tgi;       /* target index of a target cell */
static uint16_t *frow; /* [ntg][ntg]: 0 on the diagonal, INF elsewhere */
static void fill_row(int i, int cell) {
    crow[i] = isfz[cell] ? frow + (size_t)tgi[cell] * ntg : dist + (size_t)cell * ntg;
}

/* least total push distance over the assignments of boxes b to targets; INF when none (the
 * assignment and potentials left in hu_*) */
#define HU (sizeof(int) * (nbox + 1)) /* the rows in use */
static int par_u[MAXB + 1], par_v[MAXB + 1], par_p[MAXB + 1]; /* the parent's (load_parent()) */

static int full_bound(const uint16_t *b) {
    for (int i = 0; i < nbox; i++) fill_row(i, b[i]);
    for (int j = 0; j <= nbox; j++) { hu_u[j] = 0; hu_v[j] = 0; hu_p[j] = 0; }
    for (int i = 1; i <= nbox; i++) augment(nbox, i);
    return assigned(nbox);
}

/* node k's assignment (stored when it was made) as the parent's for child_bound(): the rows'
 * potentials follow from the tight pairs. Boxes b are k's. */
static void load_parent(int k, const uint16_t *b) {
    const uint8_t *a = nassign + (size_t)k * nbox;
    for (int i = 0; i < nbox; i++) fill_row(i, b[i]);
    const int16_t *v = npot + (size_t)k * nbox;
    par_u[0] = par_v[0] = par_p[0] = 0;
    for (int j = 1; j <= nbox; j++) {
        par_p[j] = a[j - 1] + 1;
        par_v[j] = v[j - 1];
        par_u[par_p[j]] = cost(a[j - 1], j - 1) - v[j - 1];
    }
}

/* the assignment in hu_* (rows in the order of boxes b, box i moved to cell; i < 0: none moved)
 * stored for node k: each target's box as its index in k's sorted boxes, which are b's with
 * box i taken out and put back at its place jn */
static void store_assignment(int k, const uint16_t *b, int i, int cell) {
    uint8_t *a = nassign + (size_t)k * nbox;
    int16_t *v = npot + (size_t)k * nbox;
    /* potentials shifted together stay optimal: the largest stored as 0, in 16 bits (half
     * the memory of 32), exact: two targets' potentials differ by at most INF (the row on
     * target k is tight there and feasible at j: v[j] - v[k] <= cost(j) - cost(k) <= INF).
     * The rows' potentials are not stored: they follow from the tight pairs */
    int hi = hu_v[1];
    for (int j = 2; j <= nbox; j++) if (hu_v[j] > hi) hi = hu_v[j];
    int jn = 0;
    for (int r = 0; r < nbox; r++) jn += r != i && b[r] < cell;
    for (int j = 1; j <= nbox; j++) {
        int r = hu_p[j] - 1, x = r - (i >= 0 && r > i);
        a[j - 1] = (uint8_t)(i < 0 ? r : r == i ? jn : x + (x >= jn));
        v[j - 1] = (int16_t)(hu_v[j] - hi);
    }
}

/* the bound after box i of the parent (load_parent()) moves to cell: its assignment with row i
 * placed again (one augmenting path: O(n^2) instead of O(n^3)); the same value as full_bound() */
static int child_bound(int i, int cell) {
    const uint16_t *saved = crow[i];
    fill_row(i, cell);
    memcpy(hu_u, par_u, HU); memcpy(hu_v, par_v, HU); memcpy(hu_p, par_p, HU);
    for (int j = 1; j <= nbox; j++) if (hu_p[j] == i + 1) hu_p[j] = 0;
    int m = 1 << 29;
    for (int j = 1; j <= nbox; j++) { int r = cost(i, j - 1) - hu_v[j]; if (r < m) m = r; }
    hu_u[i + 1] = m;
    augment(nbox, i + 1);
    int v = assigned(nbox);
    crow[i] = saved;
    return v;
}

/* the bound after box i of the parent (load_parent()) moves to cell, in a view that adds
 * frozen boxes to the parent's (loaded now): costs only grew (more walls), so the parent's potentials are
 * still feasible; its pairs still tight are kept and only the others placed again (a box or
 * two freezing cost O(n^2) each instead of the O(n^3) of full_bound()) */
static int warm_bound(const uint16_t *b, int i, int cell) {
    static int loose[MAXB + 1];
    int nl = 0;
    for (int r = 0; r < nbox; r++) fill_row(r, r == i ? cell : b[r]);
    memcpy(hu_u, par_u, HU); memcpy(hu_v, par_v, HU); memcpy(hu_p, par_p, HU);
    for (int j = 1; j <= nbox; j++) {
        int r = hu_p[j];
        if (r == i + 1 || cost(r - 1, j - 1) != hu_u[r] + hu_v[j]) { hu_p[j] = 0; loose[nl++] = r; }
    }
    int m = 1 << 29;  /* the moved box's row: its costs may have fallen */
    for (int j = 1; j <= nbox; j++) { int r = cost(i, j - 1) - hu_v[j]; if (r < m) m = r; }
    hu_u[i + 1] = m;
    for (int k = 0; k < nl; k++) augment(nbox, loose[k]);
    return assigned(nbox);
}

/* ------------------------------------------------------------------ frozen goals
 * A box frozen on its target never moves again: a wall. A view is the push distances with one
 * set of such boxes as walls (longer ways round them, more dead squares); a position's view is
 * that of all its boxes frozen on targets, so its bound is a function of the position, and
 * consistent (a push adds frozen boxes, never removes one: distances only grow). Views are
 * made on demand and kept (up to view_limit bytes; past it a position keeps its parent's
 * view, a lower bound still). */
static uint64_t *vkey;           /* per view: its frozen cells' key */
static uint16_t **vdist, **vcells;
static int *vcount, nviews, vcap, cur_view = -1;
static size_t view_bytes, view_limit;

static void distances(uint16_t *D0, const uint8_t *fz) {
    static uint16_t *D;  /* one target's, then copied into its column */
    if (!D) D = grow(NULL, (size_t)N * 2);
    for (int t = 0; t < ntg; t++) {
        for (int c = 0; c < N; c++) D[c] = INF;
        if (fz && fz[tg[t]]) goto column;
        int qh = 0, qt = 0;
        D[tg[t]] = 0;
        queue[qt++] = tg[t];
        while (qh < qt) {
            int c = queue[qh++];
            for (int d = 0; d < 4; d++) {
                int p, hs;
                if (backward) {   /* a box at c pushed on to p = c + o, the hero at c - o */
                    p = c + off[d]; hs = c - off[d];
                    if (p < 0 || hs < 0 || p >= N || hs >= N) continue;
                    if (!boxok[p] || !walk[c] || !walk[hs] || D[p] != INF) continue;
                } else {          /* pushed from p, hero at hs, along d */
                    p = c - off[d]; hs = p - off[d];
                    if (p < 0 || hs < 0 || p >= N || hs >= N) continue;
                    if (!boxok[p] || !walk[p] || !walk[hs] || D[p] != INF) continue;
                }
                if (fz && (fz[p] || fz[hs])) continue;
                D[p] = D[c] + 1;
                queue[qt++] = p;
            }
        }
    column:
        for (int c = 0; c < N; c++) D0[(size_t)c * ntg + t] = D[c];
    }
}

static void use_view(int v) {
    if (v == cur_view) return;
    if (cur_view >= 0)
        for (int k = 0; k < vcount[cur_view]; k++) isfz[vcells[cur_view][k]] = 0;
    for (int k = 0; k < vcount[v]; k++) isfz[vcells[v][k]] = 1;
    dist = vdist[v];
    cur_view = v;
}

/* the view of frozen cells fz[0..n) (sorted) with key, made when new; fallback when over
 * the budget */
static int view_of(const uint16_t *fz, int n, uint64_t key, int fallback) {
    for (int v = 0; v < nviews; v++)  /* (few views: a short scan, keys first) */
        if (vkey[v] == key && vcount[v] == n && !memcmp(vcells[v], fz, n * 2)) return v;
    size_t bytes = (size_t)ntg * N * 2 + n * 2;
    if (nviews == 65535 || view_bytes + bytes > view_limit) return fallback;
    if (nviews == vcap) {
        vcap = vcap ? vcap * 2 : 64;
        vkey = grow(vkey, vcap * 8); vdist = grow(vdist, vcap * sizeof(uint16_t *));
        vcells = grow(vcells, vcap * sizeof(uint16_t *)); vcount = grow(vcount, vcap * sizeof(int));
    }
    int v = nviews++;
    vkey[v] = key; vcount[v] = n;
    vcells[v] = grow(NULL, n * 2 + 2);
    memcpy(vcells[v], fz, n * 2);
    vdist[v] = grow(NULL, (size_t)ntg * N * 2);
    static uint8_t *mark;
    if (!mark) mark = calloc(N, 1);
    for (int k = 0; k < n; k++) mark[fz[k]] = 1;
    distances(vdist[v], mark);
    for (int k = 0; k < n; k++) mark[fz[k]] = 0;
    view_bytes += bytes;
    return v;
}

/* ------------------------------------------------------------------ freeze deadlocks */
static uint8_t *fz_wall; /* boxes taken as walls while the recursion asks about their neighbours */

static int frozen(int c);

/* box at c along axis a (0 up/down, 1 left/right): 0 it may move, 1 it cannot, 2 it cannot
 * because of a frozen box off its target */
static int blocked(int c, int a) {
    int o = off[a == 0 ? 0 : 3];
    int x = c + o, y = c - o;
    int wx = !walk[x] || fz_wall[x], wy = !walk[y] || fz_wall[y];
    int bx = !boxok[x] || fz_wall[x], by = !boxok[y] || fz_wall[y];
    if ((bx || wy) && (by || wx)) return 1;       /* no push either way */
    if (dead[x] && dead[y]) return 1;             /* only onto dead squares */
    /* a frozen neighbour is a wall on both counts (its cell is needed either way) */
    fz_wall[c] = 1;
    int r = occ[x] ? frozen(x) : 0;
    if (!r && occ[y]) r = frozen(y);
    fz_wall[c] = 0;
    return r;
}

/* 0 the box at c may still move; 1 frozen, with the boxes it leans on, all on targets; 2 frozen
 * with one of them off its target: a deadlock */
static int frozen(int c) {
    int a = blocked(c, 0);
    if (!a) return 0;
    int b = blocked(c, 1);
    if (!b) return 0;
    if (!target[c]) return 2;
    return a > b ? a : b;
}

/* ------------------------------------------------------------------ PI-corrals
 * A corral: free cells the hero cannot reach, fenced by boxes. When every box on its fence can
 * only be pushed into it (I) and the hero can make every such push (P), some push of these
 * must come before the level is solved unless the corral is done (its fence boxes on targets and
 * no target inside): the search may then consider only those pushes (Junghanns & Schaeffer).
 * Such a corral with no push into it at all can never be opened: -1, a deadlock. Otherwise the
 * number of pushes kept (0: no corral of the kind, every push kept). */
static int use_corral, use_frozen;
static uint32_t *cstamp, cs;
static int corral_moves(const uint16_t *b, int *mv, int nmv, int *keep) {
    /* mv: candidate pushes (box index * 4 + d), region in seen[] == stamp. keep: out mask */
    int best = -1, bestn = 1 << 30;
    uint32_t reg = stamp, base = cs;
    static int cq[1 << 16];
    static uint8_t fence[MAXB];
    for (int i = 0; i < nbox; i++) {
        for (int d = 0; d < 4; d++) {
            int s = b[i] + off[d];
            if (!walk[s] && !boxok[s]) continue;
            if (occ[s] || seen[s] == reg || cstamp[s] > base) continue;
            /* a new corral from s: flood over cells not reached and free of boxes */
            cs++;
            int qh = 0, qt = 0, goal_in = 0;
            memset(fence, 0, nbox);
            cstamp[s] = cs;
            cq[qt++] = s;
            while (qh < qt && qt < (1 << 16) - 4) {
                int c = cq[qh++];
                if (target[c]) goal_in = 1;
                for (int e = 0; e < 4; e++) {
                    int n = c + off[e];
                    if (occ[n]) { fence[occ[n] - 1] = 1; continue; }
                    if ((walk[n] || boxok[n]) && cstamp[n] != cs) { cstamp[n] = cs; cq[qt++] = n; }
                }
            }
            /* I and P: every push of a fence box that the hero could make in some order goes
             * into the corral, and the hero reaches each one now */
            int ok = 1, done = !goal_in, cnt = 0;
            for (int k = 0; k < nbox && ok; k++) {
                if (!fence[k]) continue;
                if (!target[b[k]]) done = 0;
                for (int e = 0; e < 4; e++) {
                    int hs = b[k] - off[e], to = b[k] + off[e];
                    if (!walk[hs] || !boxok[to] || dead[to] || !walk[b[k]]) continue;
                    int into = cstamp[to] == cs;  /* (a box's cell is never in it) */
                    int hero_out = seen[hs] == reg;
                    if (!into) {
                        if (hero_out || cstamp[hs] != cs) { ok = 0; break; } /* a push out (or along) */
                        /* a push out from inside: the hero cannot stand inside now: allowed */
                    } else {
                        if (!hero_out) { ok = 0; break; }                    /* not P */
                        cnt++;
                    }
                }
            }
            if (ok && !done && !cnt) return -1;  /* nobody ever gets in: a deadlock */
            if (ok && !done && cnt < bestn) { bestn = cnt; best = cs; }
        }
    }
    if (best < 0) return 0;
    /* keep only the pushes of the chosen corral's fence into it */
    int kept = 0;
    for (int m = 0; m < nmv; m++) {
        int i = mv[m] >> 2, d = mv[m] & 3;
        int to = b[i] + off[d];
        keep[m] = cstamp[to] == (uint32_t)best ? 1 : 0;
        /* a fence box of that corral pushed into it: its target cell carries the corral's stamp */
        kept += keep[m];
    }
    return kept;
}

/* ------------------------------------------------------------------ held boxes
 * Boxes that can never move again, whatever the others do: every box is held at first; a box
 * the hero could push, from a cell it reaches through cells no held box stands on, into an
 * alive cell no held box stands on, is let go (as if it vanished), again until none is. A held
 * box off its targets is a deadlock (sound: until a held box moves they all stand still, so
 * the first push of one would be such a push). The hero's region with every box in place is
 * seen[] == stamp; the cells it gains as boxes are let go carry hmark[] == hst. */
static int use_held;
static uint32_t *hmark, hst;
static uint8_t hheld[MAXB];
static int hwork[5 * MAXB + 8];  /* a box goes in once, then once per neighbour cell gained */
static int held_dead(const uint16_t *b) {
    int off_target = 0, nw = 0;
    for (int i = 0; i < nbox; i++) { hheld[i] = 1; off_target += !target[b[i]]; }
    if (!off_target) return 0;
    hst++;
    /* a worklist of boxes to look at: first every box, then the held neighbours of each cell
     * the region gains (only those can gain a push) */
    for (int i = 0; i < nbox; i++) hwork[nw++] = i;
    while (nw) {
        int i = hwork[--nw], c = b[i];
        if (!hheld[i] || !walk[c]) continue;
        for (int d = 0; d < 4; d++) {
            int hs = c - off[d], to = c + off[d];
            if (seen[hs] != stamp && hmark[hs] != hst) continue;
            if (!boxok[to] || dead[to] || (occ[to] && hheld[occ[to] - 1])) continue;
            hheld[i] = 0;
            if (!target[c] && --off_target == 0) return 0;
            /* the hero's region grows through the cell it left */
            int qh = 0, qt = 0;
            hmark[c] = hst;
            queue[qt++] = c;
            while (qh < qt) {
                int x = queue[qh++];
                for (int e = 0; e < 4; e++) {
                    int y = x + off[e];
                    if (occ[y] && hheld[occ[y] - 1]) { hwork[nw++] = occ[y] - 1; continue; }
                    if (!walk[y] || seen[y] == stamp || hmark[y] == hst) continue;
                    hmark[y] = hst;
                    queue[qt++] = y;
                }
            }
            break;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------ search */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void put_key(uint64_t *k, const uint16_t *b, int hero) {
    uint64_t v = zh[hero];
    for (int i = 0; i < nbox; i++) v ^= zb[b[i]];
    *k = v;
}

static char *out;
static size_t outn, outcap;
static void emit(char ch) {
    if (outn + 2 > outcap) { outcap = outcap ? outcap * 2 : 4096; out = grow(out, outcap); }
    out[outn++] = ch;
}

/* the hero walks from h to goal around the boxes in occ, letters appended */
static void walk_to(int h, int goal) {
    if (h == goal) return;
    int qh = 0, qt = 0;
    stamp++;
    seen[h] = stamp;
    queue[qt++] = h;
    while (qh < qt) {
        int c = queue[qh++];
        if (c == goal) break;
        for (int d = 0; d < 4; d++) {
            int n = c + off[d];
            if (walk[n] && !occ[n] && seen[n] != stamp) {
                seen[n] = stamp;
                from[n] = c * 4 + d;
                queue[qt++] = n;
            }
        }
    }
    int len = 0, c = goal;
    while (c != h) { queue[len++] = from[c] & 3; c = from[c] >> 2; }
    while (len) emit(LET[queue[--len]]);
}

/* the hero at h, the boxes those of node at: walk behind the box at cell f, push it along d;
 * -> the hero's cell after */
static int push_from(int h, int at, int f, int d) {
    memset(occ, 0, N * 2);
    for (int j = 0; j < nbox; j++) occ[nboxes[(size_t)at * nbox + j]] = 1;
    walk_to(h, f - off[d]);
    emit(LET[d] - 32);
    return f;
}

static void print_solution(int len, size_t expanded) {
    emit(0);
    printf("solved %d %zu\n%s\n", len, expanded, out);
}

/* forward: the pushes from the root down to node id, each made in its parent's position */
static void solution(int id, int start_hero, size_t expanded) {
    int len = 0;
    for (int k = id; npar[k] >= 0; k = npar[k]) len++;
    int *path = malloc(sizeof(int) * (len + 1));
    int k = id;
    for (int i = len; i >= 0; i--) { path[i] = k; k = npar[k]; }
    int h = start_hero;
    for (int i = 1; i <= len; i++) h = push_from(h, path[i - 1], nfrom[path[i]], ndir[path[i]]);
    print_solution(len, expanded);
    free(path);
}

/* backward: node id is the level's start; its way up to a root (the solved position) is the
 * solution, each node holding the push that leads to its parent */
static void solution_back(int id, int start_hero, size_t expanded) {
    int h = start_hero, len = 0;
    for (int k = id; npar[k] >= 0; k = npar[k], len++) h = push_from(h, k, nfrom[k], ndir[k]);
    print_solution(len, expanded);
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 10;
    const char *ws = argc > 2 ? argv[2] : "1";
    for (nq = 0; nq < MAXQ && *ws; nq++) {
        double w = atof(ws);
        heaps[nq].w16 = w < 1 ? 16 : (int)(w * 16 + 0.5);
        while (*ws && *ws != ',') ws++;
        if (*ws == ',') ws++;
    }
    if (!nq) heaps[nq++].w16 = 16;
    mem_limit = (size_t)(argc > 3 ? atof(argv[3]) : 1024) << 20;
    const char *pr = argc > 4 ? argv[4] : "corral,frozen,held";
    use_corral = strstr(pr, "corral") != NULL;
    use_frozen = strstr(pr, "frozen") != NULL;
    use_held = strstr(pr, "held") != NULL;
    backward = strstr(pr, "backward") != NULL;
    if (backward) use_corral = use_frozen = use_held = 0;  /* they argue about pushes */
    double t0 = now();
    int w0, h0;
    if (scanf("%d %d", &w0, &h0) != 2 || w0 < 1 || h0 < 1 || w0 > 250 || h0 > 250) {
        printf("error size\n");
        return 0;
    }
    W = w0 + 2; H = h0 + 2; N = W * H;
    off[0] = -W; off[1] = 1; off[2] = W; off[3] = -1;
    walk = calloc(N, 1); boxok = calloc(N, 1); target = calloc(N, 1); dead = calloc(N, 1);
    fz_wall = calloc(N, 1); hmark = calloc(N, 4);
    occ = calloc(N, 2); seen = calloc(N, 4); seen2 = calloc(N, 4); cstamp = calloc(N, 4);
    queue = malloc(sizeof(int) * N); from = malloc(sizeof(int) * N);
    int start_boxes[MAXB], hero = -1;
    char line[512];
    fgets(line, sizeof line, stdin);
    for (int y = 0; y < h0; y++) {
        if (!fgets(line, sizeof line, stdin)) { printf("error rows\n"); return 0; }
        for (int x = 0; x < w0; x++) {
            int f = line[x] - 'A', c = (y + 1) * W + x + 1;
            if (f < 0 || f > 31) { printf("error cell\n"); return 0; }
            walk[c] = f & 1; boxok[c] = (f >> 1) & 1;
            if (f & 4) { if (ntg == MAXB) { printf("error targets\n"); return 0; } target[c] = 1; tg[ntg++] = c; }
            if (f & 8) { if (nbox == MAXB) { printf("error boxes\n"); return 0; } start_boxes[nbox++] = c; }
            if (f & 16) hero = c;
        }
    }
    if (hero < 0 || nbox != ntg || nbox == 0) { printf("error pieces\n"); return 0; }
    if (backward) {
        /* from the solved position (boxes on the targets) to the start: the start's box cells
         * are the goals, pulls the moves */
        for (int i = 0; i < nbox; i++) {
            int x = tg[i];
            target[x] = 0;
            tg[i] = start_boxes[i];
            start_boxes[i] = x;
        }
        for (int i = 0; i < nbox; i++) target[tg[i]] = 1;
    }

    /* push distances to each target, by pulls (boxes ignored): box at c pulled to c - o needs
     * the hero at c - o and c - 2o; view 0 has no frozen box */
    ring_init();
    isfz = calloc(N, 1);
    tgi = calloc(N, sizeof(int));
    for (int t = 0; t < ntg; t++) tgi[tg[t]] = t;
    frow = grow(NULL, (size_t)ntg * ntg * 2);
    for (int t = 0; t < ntg * ntg; t++) frow[t] = t % (ntg + 1) ? INF : 0;
    view_limit = mem_limit / 4;
    use_view(view_of(NULL, 0, 0, 0));
    for (int c = 0; c < N; c++) {
        int live = 0;
        for (int t = 0; t < ntg && !live; t++) live = dist[(size_t)c * ntg + t] < INF;
        dead[c] = boxok[c] && !live;
    }
    /* a distance, in any view, is shorter than the cells a box may stand on alive (a shortest
     * way passes each once), so an assignment costs less than nbox times their number */
    int live = 0;
    for (int c = 0; c < N; c++) live += boxok[c] && !dead[c];
    if ((long)live * nbox >= INF) { printf("error size\n"); return 0; }
    zb = malloc(8 * N); zh = malloc(8 * N);
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (int c = 0; c < N; c++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17; zb[c] = s;
        s ^= s << 13; s ^= s >> 7; s ^= s << 17; zh[c] = s;
    }
    tabmask = (1 << 16) - 1;
    tab = calloc(tabmask + 1, 8);

    /* the start */
    uint16_t b[MAXB];
    for (int i = 0; i < nbox; i++) b[i] = (uint16_t)start_boxes[i];
    for (int i = 1; i < nbox; i++)
        for (int j = i; j > 0 && b[j] < b[j - 1]; j--) { uint16_t x = b[j]; b[j] = b[j - 1]; b[j - 1] = x; }
    for (int i = 0; i < nbox; i++) occ[b[i]] = i + 1;
    uint16_t fz0[MAXB];
    int nf0 = 0;
    uint64_t fk0 = 0;
    for (int i = 0; i < nbox; i++)
        if (use_frozen && target[b[i]] && frozen(b[i]) == 1) { fz0[nf0++] = b[i]; fk0 ^= zb[b[i]]; }
    int v0 = view_of(fz0, nf0, fk0, 0);
    use_view(v0);
    int h = full_bound(b);
    if (h >= INF) { printf("unsolvable 0\n"); return 0; }
    if (!backward)
        for (int i = 0; i < nbox; i++) { if (frozen(b[i]) == 2) { printf("unsolvable 0\n"); return 0; } }
    /* the roots: forward the start; backward the solved position with the hero in each of its
     * regions. goal_hero: backward, the start's hero region (its least cell) */
    int goal_hero = -1;
    if (backward) {
        memset(occ, 0, N * 2);
        for (int i = 0; i < nbox; i++) occ[tg[i]] = 1;
        goal_hero = region(hero);
        memset(occ, 0, N * 2);
        for (int i = 0; i < nbox; i++) occ[b[i]] = i + 1;
    }
    static uint32_t *rootmark;
    rootmark = calloc(N, 4);
    for (int c = 0; c < N; c++) {
        if (backward ? (!walk[c] || occ[c] || rootmark[c]) : c != hero) continue;
        int id = node_new();
        memcpy(nboxes + (size_t)id * nbox, b, nbox * 2);
        nhero[id] = (uint16_t)region(c);
        for (int x = 0; x < N; x++) if (seen[x] == stamp) rootmark[x] = 1;
        ng[id] = 0; nh[id] = (uint16_t)h; npar[id] = -1; nfrom[id] = 0; ndir[id] = 0;
        put_key(&nkey[id], b, nhero[id]);
        full_bound(b);
        store_assignment(id, b, -1, 0);
        nview[id] = (uint16_t)v0;
        if (ncount * 2 > tabmask) tab_grow(); else tab_put(id);
        if (h == 0 && (!backward || nhero[id] == goal_hero)) {
            if (backward) solution_back(id, hero, 0); else solution(id, hero, 0);
            return 0;
        }
        open_push(0, h, id);
    }

    static int mv[4 * MAXB], keep[4 * MAXB], kid_move[4 * MAXB], kid_hero[4 * MAXB];
    static uint64_t kid_key[4 * MAXB];
    uint16_t *kid_boxes = malloc((size_t)4 * nbox * nbox * 2);
    uint16_t *kid_fz = malloc((size_t)4 * nbox * nbox * 2);
    static int kid_nf[4 * MAXB];
    static uint64_t kid_fk[4 * MAXB];
    uint8_t *newfz = calloc(N, 1);
    uint32_t *fmark = calloc(N, 4), fstamp = 0;
    size_t expanded = 0;
    for (;;) {
        int p = open_pop(expanded);
        if (p < 0) break;
        nclosed[p] = 1;
        expanded++;
        if ((expanded & 1023) == 0) {
            if (now() - t0 > seconds) { printf("timeout %zu\n", expanded); return 0; }
            if (ncount * bytes_per_node() + (tabmask + 1) * 8 > mem_limit) { printf("memory %zu\n", expanded); return 0; }
        }
        memcpy(b, nboxes + (size_t)p * nbox, nbox * 2);
        memset(occ, 0, N * 2);
        for (int i = 0; i < nbox; i++) occ[b[i]] = i + 1;
        region(nhero[p]);
        if (use_held && held_dead(b)) continue;
        /* the pushes (backward the pulls: the hero next to the box on side d steps back, the
         * box follows) */
        int nmv = 0;
        for (int i = 0; i < nbox; i++) {
            int c = b[i];
            if (backward) {
                for (int d = 0; d < 4; d++) {
                    int to = c - off[d], back = to - off[d];
                    if (seen[to] != stamp || !boxok[to] || dead[to] || !walk[back] || occ[back])
                        continue;
                    mv[nmv++] = i * 4 + d;
                }
                continue;
            }
            if (!walk[c]) continue;
            for (int d = 0; d < 4; d++) {
                int hs = c - off[d], to = c + off[d];
                if (seen[hs] != stamp || !boxok[to] || dead[to] || occ[to]) continue;
                mv[nmv++] = i * 4 + d;
            }
        }
        for (int m = 0; m < nmv; m++) keep[m] = 1;
        use_view(nview[p]);
        load_parent(p, b);
        if (use_corral && corral_moves(b, mv, nmv, keep) < 0) continue;
        int g = ng[p] + 1;
        /* the children in two passes: their positions and keys first (their table slots
         * fetched meanwhile: the table is far larger than the caches), then the table */
        uint64_t base = nkey[p] ^ zh[nhero[p]];
        int nc = 0;
        for (int m = 0; m < nmv; m++) {
            if (!keep[m]) continue;
            int i = mv[m] >> 2, d = mv[m] & 3, c = b[i], to = backward ? c - off[d] : c + off[d];
            /* freeze deadlock at the box's new cell */
            occ[c] = 0; occ[to] = i + 1;
            if (!backward && frozen(to) == 2) { occ[to] = 0; occ[c] = i + 1; continue; }
            uint16_t *nb2 = kid_boxes + (size_t)nc * nbox;
            memcpy(nb2, b, nbox * 2);
            int j = i;
            nb2[j] = (uint16_t)to;
            while (j > 0 && nb2[j] < nb2[j - 1]) { uint16_t x = nb2[j]; nb2[j] = nb2[j - 1]; nb2[j - 1] = x; j--; }
            while (j + 1 < nbox && nb2[j] > nb2[j + 1]) { uint16_t x = nb2[j]; nb2[j] = nb2[j + 1]; nb2[j + 1] = x; j++; }
            int nh0 = child_region(nhero[p], c, to, backward ? to - off[d] : c);
            /* boxes newly frozen on targets: the moved one or its neighbours, then the
             * neighbours of each box newly frozen (a box freezes with the boxes it leans on,
             * so a freeze spreads only through boxes that freeze too) */
            int nnew = 0, qn = 0;
            static int cl[MAXB];
            fstamp++;
            cl[qn++] = to; fmark[to] = fstamp;
            for (int e = 0; e < 4; e++) {
                int y = to + off[e];
                if (occ[y] && fmark[y] != fstamp) { fmark[y] = fstamp; cl[qn++] = y; }
            }
            for (int q = 0; q < qn && use_frozen; q++) {
                int x = cl[q];
                if (!target[x] || isfz[x] || frozen(x) != 1) continue;
                newfz[x] = 1;
                nnew++;
                for (int e = 0; e < 4; e++) {
                    int y = x + off[e];
                    if (occ[y] && fmark[y] != fstamp) { fmark[y] = fstamp; cl[qn++] = y; }
                }
            }
            kid_nf[nc] = -1;  /* the parent's view */
            if (nnew) {
                uint16_t *fl = kid_fz + (size_t)nc * nbox;
                int nf = 0;
                uint64_t fk = 0;
                for (int q = 0; q < nbox; q++)
                    if (isfz[nb2[q]] || newfz[nb2[q]]) { fl[nf++] = nb2[q]; fk ^= zb[nb2[q]]; }
                kid_nf[nc] = nf; kid_fk[nc] = fk;
                for (int q = 0; q < qn; q++) newfz[cl[q]] = 0;
            }
            occ[to] = 0; occ[c] = i + 1;
            uint64_t key = base ^ zb[c] ^ zb[to] ^ zh[nh0];
            __builtin_prefetch(&tab[key & tabmask]);
            kid_move[nc] = mv[m]; kid_hero[nc] = nh0; kid_key[nc] = key;
            nc++;
        }
        for (int k2 = 0; k2 < nc; k2++) {
            int i = kid_move[k2] >> 2, d = kid_move[k2] & 3, c = b[i];
            int to = backward ? c - off[d] : c + off[d];
            int from_ = backward ? to : c;  /* the push it stands for starts there */
            uint16_t *nb2 = kid_boxes + (size_t)k2 * nbox;
            int nh0 = kid_hero[k2];
            uint64_t key = kid_key[k2];
            int old = tab_find(nb2, nh0, key);
            if (old >= 0) {
                /* made before: a shorter way to it taken while it waits (once expanded, its way
                 * is the shortest under plain A*: the bound is consistent) */
                if (!nclosed[old] && g < ng[old]) {
                    ng[old] = (uint16_t)g; npar[old] = p; nfrom[old] = (uint16_t)from_;
                    ndir[old] = (uint8_t)d;
                    open_push(g, nh[old], old);
                }
                continue;
            }
            int pv = nview[p], kv = pv, hh;
            if (kid_nf[k2] >= 0)
                kv = view_of(kid_fz + (size_t)k2 * nbox, kid_nf[k2], kid_fk[k2], pv);
            if (kv != pv) {
                /* a new view: the child's bound in it; then the parent's rows back */
                use_view(kv);
                hh = warm_bound(b, i, to);
                use_view(pv);
                for (int r = 0; r < nbox; r++) fill_row(r, b[r]);
            } else {
                hh = child_bound(i, to);
            }
            if (hh < INF) {
                int k = node_new();
                memcpy(nboxes + (size_t)k * nbox, nb2, nbox * 2);
                nhero[k] = (uint16_t)nh0; ng[k] = (uint16_t)g; nh[k] = (uint16_t)hh;
                npar[k] = p; nfrom[k] = (uint16_t)from_; ndir[k] = (uint8_t)d; nkey[k] = key;
                store_assignment(k, b, i, to);
                nview[k] = (uint16_t)kv;
                if (ncount * 2 > tabmask) tab_grow(); else tab_put(k);
                if (hh == 0 && !backward) {
                    solution(k, hero, expanded);
                    return 0;
                }
                if (hh == 0 && nh0 == goal_hero) {
                    solution_back(k, hero, expanded);
                    return 0;
                }
                open_push(g, hh, k);
            }
        }
    }
    printf("unsolvable %zu\n", expanded);
    return 0;
}
