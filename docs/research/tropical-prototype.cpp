// Research prototype (not product code): counts a rotations-off, rim-free, match-"same" edge puzzle
// of <= 64 tiles, one tile per cell. Best design found for tropical-fish-any: 0.75 s, 1.07-1.17M
// propagations at ~650 ns each, against the engine's 5.6 s; it does not reach the 0.4 s goal.
// Build: g++ -std=c++20 -O2 tropical-prototype.cpp; tiles.txt from tropical-prototype-tiles.py.
// Run: ./a.out tiles.txt 4 6 1 [rimBalance 0|1]   (edge score weights: labels, open neighbours, tiles)
// Design: one-word tile domains per cell; a cell's label sets on all four sides in one 32-bit
// signature (byte tables); a neighbour is revised by allowed[side][labelSet]; arc consistency to a
// fixpoint; a fixed tile leaves every other cell (places[tile] lists where it may still go); a tile
// with one place left is forced; cells down to two tiles are revised first. Branching: the edge
// between two open cells with the best 4*labels - 6*openNeighbours + tiles, one child per label.
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
using u64 = uint64_t;
using u32 = uint32_t;
enum { Top, Right, Bottom, Left };
constexpr int TB = 5;  // bytes of a tile mask (36 tiles)
constexpr int MAXC = 37;
int R, C, N, T, L;
int edge[64][4];
u64 withLabel[4][8];
u64 sameLabel[64][4];
u64 allowed[4][256];
u32 sigTable[8][256];
int nb[64][4];
int nbd[64][4];
u64 notLastCol, notFirstCol;
unsigned char pcByte[256];
int EA = 1, EB = 1, EC = 0, RB = 1; long long nodes = 0, sols = 0, trials = 0;

static inline int pc(u64 x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return int((x * 0x0101010101010101ull) >> 56);
}

static inline u32 signature(u64 d) {
  u32 s = 0;
  for (int b = 0; b < TB; ++b) s |= sigTable[b][(d >> (8 * b)) & 255];
  return s;
}

struct State {
  u64 dom[MAXC];
  u64 places[MAXC];
  u32 sig[MAXC];
  u64 unusedTiles;
  u64 openCells;
};

static inline bool dropPlaces(State& s, int y, u64 r, u64& forced) {
  const u64 cell = 1ull << y;
  while (r) {
    int t = std::countr_zero(r);
    r &= r - 1;
    u64 p = s.places[t] & ~cell;
    s.places[t] = p;
    if (!(p & (p - 1))) {
      if (!p) return false;
      forced |= 1ull << t;
    }
  }
  return true;
}

static inline bool le2(u64 d) { const u64 e = d & (d - 1); return !(e & (e - 1)); }
static bool propagate(State& s, u64 dirty, u64 forced) {
  u64 urgent = 0;
  for (;;) {
    while (dirty) {
      // cells down to one or two tiles first: contradictions show sooner
      const u64 u = urgent & dirty;
      const int x = std::countr_zero(u ? u : dirty);
      dirty &= ~(1ull << x);
      const u64 d = s.dom[x];
      if ((s.openCells >> x & 1) && !(d & (d - 1))) {
        s.openCells &= ~(1ull << x);
        s.unusedTiles &= ~d;
        const int t = std::countr_zero(d);
        const u64* sl = sameLabel[t];
        u64 oc = s.places[t] & ~(1ull << x);
        s.places[t] = 1ull << x;
        while (oc) {
          const int y = std::countr_zero(oc);
          oc &= oc - 1;
          const u64 nd = s.dom[y] & ~d;
          if (!nd) return false;
          s.dom[y] = nd;
          if (!(nd & sl[0]) | !(nd & sl[1]) | !(nd & sl[2]) | !(nd & sl[3]) | !(nd & (nd - 1))) { dirty |= 1ull << y; urgent |= u64(le2(nd)) << y; }
        }
      }
      const u32 ns = signature(d);
      if (ns == s.sig[x]) continue;
      s.sig[x] = ns;
      for (int side = 0; side < 4; ++side) {
        const int y = nbd[x][side];
        const u64 old = s.dom[y];
        const u64 nd = old & allowed[side ^ 2][(ns >> (8 * side)) & 255];
        if (nd != old) {
          if (!nd) return false;
          s.dom[y] = nd;
          if (!dropPlaces(s, y, old & ~nd, forced)) return false;
          dirty |= 1ull << y;
          urgent |= u64(le2(nd)) << y;
        }
      }
    }
    forced &= s.unusedTiles;
    if (!forced) return true;
    while (forced) {
      const int t = std::countr_zero(forced);
      forced &= forced - 1;
      if (!(s.unusedTiles >> t & 1)) continue;
      const int y = std::countr_zero(s.places[t]);
      const u64 bit = 1ull << t;
      const u64 old = s.dom[y];
      if (old != bit) {
        s.dom[y] = bit;
        if (!dropPlaces(s, y, old & ~bit, forced)) return false;
        dirty |= 1ull << y;
      }
    }
  }
}

int D[4][8];
u64 rimCells[4];
// rows are walks left to right: (#right-rim edges with l) - (#left-rim edges with l) is fixed by the tile set; columns likewise
static bool rimBalance(const State& s) {
  for (int k = Right; k <= Bottom; ++k)
    for (int l = 0; l < L; ++l) {
      int mn1 = 0, mx1 = 0, mn0 = 0, mx0 = 0;
      const u64 wl1 = withLabel[k][l], wl0 = withLabel[k ^ 2][l];
      u64 cells = rimCells[k];
      while (cells) { int y = std::countr_zero(cells); cells &= cells - 1; u64 d = s.dom[y]; mx1 += (d & wl1) != 0; mn1 += !(d & ~wl1); }
      cells = rimCells[k ^ 2];
      while (cells) { int y = std::countr_zero(cells); cells &= cells - 1; u64 d = s.dom[y]; mx0 += (d & wl0) != 0; mn0 += !(d & ~wl0); }
      if (mx1 - mn0 < D[k][l] || mn1 - mx0 > D[k][l]) return false;
    }
  return true;
}

static void search(const State& s) {
  if (RB && !rimBalance(s)) return;
  ++nodes;
  const u64 oc0 = s.openCells;
  if (!oc0) {
    ++sols;
    return;
  }
  const u64 up = oc0 >> C, down = oc0 << C, lft = (oc0 >> 1) & notLastCol, rgt = (oc0 << 1) & notFirstCol;
  // open neighbour counts per cell as two bit planes
  // edge choice
  int ba = -1, bside = 0, bscore = 1 << 30;
  u64 oc = oc0;
  while (oc) {
    const int y = std::countr_zero(oc);
    oc &= oc - 1;
    const int ny = int((up >> y & 1) + (down >> y & 1) + (lft >> y & 1) + (rgt >> y & 1));
    if (lft >> y & 1) {  // right neighbour open
      const int z = y + 1;
      const u32 ls = (s.sig[y] >> 8) & (s.sig[z] >> 24) & 255;
      if (ls & (ls - 1)) {
        const int nz = int((up >> z & 1) + (down >> z & 1) + (lft >> z & 1) + (rgt >> z & 1));
        const int sc = pcByte[ls] * EA - (ny + nz) * EB + EC * (pc(s.dom[y]) + pc(s.dom[z]));
        if (sc < bscore) bscore = sc, ba = y, bside = Right;
      }
    }
    if (up >> y & 1) {  // bottom neighbour open
      const int z = y + C;
      const u32 ls = (s.sig[y] >> 16) & s.sig[z] & 255;
      if (ls & (ls - 1)) {
        const int nz = int((up >> z & 1) + (down >> z & 1) + (lft >> z & 1) + (rgt >> z & 1));
        const int sc = pcByte[ls] * EA - (ny + nz) * EB + EC * (pc(s.dom[y]) + pc(s.dom[z]));
        if (sc < bscore) bscore = sc, ba = y, bside = Bottom;
      }
    }
  }
  if (ba >= 0) {
    const int z = nb[ba][bside];
    u32 ls = (s.sig[ba] >> (8 * bside)) & (s.sig[z] >> (8 * (bside ^ 2))) & 255;
    while (ls) {
      const u32 part = ls & -ls;
      ls &= ls - 1;
      ++trials;
      State n;
      memcpy(&n, &s, sizeof n);
      u64 forced = 0;
      const u64 na = s.dom[ba] & allowed[bside][part], nz = s.dom[z] & allowed[bside ^ 2][part];
      n.dom[ba] = na;
      n.dom[z] = nz;
      if (!dropPlaces(n, ba, s.dom[ba] & ~na, forced) || !dropPlaces(n, z, s.dom[z] & ~nz, forced)) continue;
      if (propagate(n, (1ull << ba) | (1ull << z), forced)) search(n);
    }
    return;
  }
  // no edge with a choice left: branch on the open cell with fewest tiles
  int best = -1, bc = 1 << 30;
  oc = oc0;
  while (oc) {
    const int y = std::countr_zero(oc);
    oc &= oc - 1;
    const int c = pc(s.dom[y]);
    if (c < bc) bc = c, best = y;
  }
  u64 d = s.dom[best];
  while (d) {
    const u64 t = d & -d;
    d &= d - 1;
    ++trials;
    State n;
    memcpy(&n, &s, sizeof n);
    n.dom[best] = t;
    u64 forced = 0;
    if (!dropPlaces(n, best, s.dom[best] & ~t, forced)) continue;
    if (propagate(n, 1ull << best, forced)) search(n);
  }
}

int main(int argc, char** argv) {
  if (argc > 2) EA = atoi(argv[2]);
  if (argc > 3) EB = atoi(argv[3]);
  if (argc > 4) EC = atoi(argv[4]);
  if (argc > 5) RB = atoi(argv[5]);
  FILE* f = fopen(argc > 1 ? argv[1] : "tiles.txt", "r");
  if (fscanf(f, "%d %d %d %d", &R, &C, &T, &L) != 4) return 1;
  N = R * C;
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < 4; ++k)
      if (fscanf(f, "%d", &edge[t][k]) != 1) return 1;
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < 4; ++k) withLabel[k][edge[t][k]] |= 1ull << t;
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < 4; ++k) sameLabel[t][k] = withLabel[k][edge[t][k]] & ~(1ull << t);
  for (int k = 0; k < 4; ++k)
    for (unsigned s = 0; s < 256; ++s)
      for (int l = 0; l < L; ++l)
        if (s >> l & 1) allowed[k][s] |= withLabel[k][l];
  for (int b = 0; b < 8; ++b)
    for (int v = 0; v < 256; ++v)
      for (int i = 0; i < 8; ++i)
        if ((v >> i & 1) && 8 * b + i < T)
          for (int k = 0; k < 4; ++k) sigTable[b][v] |= 1u << (8 * k + edge[8 * b + i][k]);
  for (int v = 0; v < 256; ++v) pcByte[v] = (unsigned char)std::popcount(unsigned(v));
  for (int c = 0; c < N; ++c) {
    int r = c / C, q = c % C;
    nb[c][Top] = r > 0 ? c - C : -1;
    nb[c][Right] = q < C - 1 ? c + 1 : -1;
    nb[c][Bottom] = r < R - 1 ? c + C : -1;
    nb[c][Left] = q > 0 ? c - 1 : -1;
    for (int k = 0; k < 4; ++k) nbd[c][k] = nb[c][k] < 0 ? N : nb[c][k];
    if (q != C - 1) notLastCol |= 1ull << c;
    if (q != 0) notFirstCol |= 1ull << c;
  }
  for (int k = 0; k < 4; ++k) for (int l = 0; l < L; ++l) D[k][l] = pc(withLabel[k][l]) - pc(withLabel[k ^ 2][l]);
  for (int c = 0; c < N; ++c) for (int k = 0; k < 4; ++k) if (nb[c][k] < 0) rimCells[k] |= 1ull << c;
  State s;
  memset(&s, 0, sizeof s);
  const u64 all = (T == 64) ? ~0ull : ((1ull << T) - 1);
  for (int c = 0; c < N; ++c) s.dom[c] = all, s.sig[c] = signature(all);
  for (int t = 0; t < T; ++t) s.places[t] = (1ull << N) - 1;
  s.unusedTiles = all;
  s.openCells = (1ull << N) - 1;
  auto t0 = std::chrono::steady_clock::now();
  search(s);
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  printf("sols %lld nodes %lld trials %lld sec %.3f ns/node %.1f ns/trial %.1f\n", sols, nodes, trials, sec, sec * 1e9 / nodes, sec * 1e9 / trials);
}
