// The solutions of one run as the page keeps them for browsing, the counters it shows, and
// which solution is on screen. No DOM: tested on its own (tests/web/solution-store.test.ts).
//
// Memory is a byte budget, not a number of solutions: a puzzle whose solutions place hundreds
// of pieces must not take the tab down. Batches are kept as they arrived (typed arrays, never
// one object per solution; a solution is decoded only when drawn). Past the budget the store
// keeps a spread sample, like BurrTools' "drop": the stride doubles, every kept solution whose
// ordinal is not a multiple of it is dropped (batches are compacted a little at a time, see
// compact()), and the workers send only multiples from then on. Counting is never affected.
//
// Order: a run is searched as tasks (parts of the search tree), and the store keeps one
// segment of solutions per task, segments in the order of their parts in the tree. So solution
// n is the same solution whatever the number of workers and whenever each part was searched
// (as long as nothing was dropped): the order of a search on one worker.
import { batchBytes, type RunCounts, type SolutionBatch, type SolutionRecord } from '../protocol/messages';

/** Bytes of solutions kept for browsing; past it, a spread sample. */
export const SOLUTION_BUDGET_BYTES = 256 << 20;

interface Chunk {
  batch: SolutionBatch;
  /** Records kept in it. */
  count: number;
  bytes: number;
  /** The stride it was thinned to: less than the store's while it waits for compaction. */
  stride: number;
}

interface Segment {
  task: number;
  chunks: Chunk[];
  count: number;
  /** No more solutions will come. */
  complete: boolean;
  /** Ordinals below this have been received (a rerun sends nothing again). */
  nextOrdinal: number;
}

/** Where a kept solution is: its segment and ordinal, which stay true while others come and go. */
interface Key {
  segment: Segment;
  ordinal: number;
}

/** The records of `batch` that `keep` accepts, as a new batch of their own (copied). */
function filterBatch(batch: SolutionBatch, keep: (ordinal: number) => boolean): SolutionBatch {
  const picked: number[] = [];
  let ints = 0;
  for (let i = 0; i < batch.ordinal.length; i++) {
    if (!keep(batch.ordinal[i])) continue;
    picked.push(i);
    ints += batch.offsets[i + 1] - batch.offsets[i];
  }
  const out: SolutionBatch = {
    data: new Int32Array(ints),
    offsets: new Int32Array(picked.length + 1),
    representative: new Uint8Array(picked.length),
    ordinal: new Float64Array(picked.length),
  };
  let at = 0;
  picked.forEach((i, k) => {
    out.data.set(batch.data.subarray(batch.offsets[i], batch.offsets[i + 1]), at);
    at += batch.offsets[i + 1] - batch.offsets[i];
    out.offsets[k + 1] = at;
    out.representative[k] = batch.representative[i];
    out.ordinal[k] = batch.ordinal[i];
  });
  return out;
}

/** Index of the first record of `batch` whose ordinal is at least `ordinal`. */
function lowerBound(batch: SolutionBatch, ordinal: number): number {
  let lo = 0;
  let hi = batch.ordinal.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (batch.ordinal[mid] < ordinal) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SolutionStore {
  private segments: Segment[] = [];
  private readonly byTask = new Map<number, Segment>();
  private currentKey: Key | null = null;
  /** Chunks thinned to a smaller stride than the store's, waiting for compact(). */
  private stale: { segment: Segment; chunk: Chunk }[] = [];
  private received = 0;
  private representativesReceived = 0;
  /** Raw solutions found so far. */
  raw = 0;
  /** Symmetry classes found so far. */
  unique = 0;
  /** Every stride-th solution (by ordinal) is kept; 1 until the budget is spent. */
  stride = 1;
  /** Bytes of solutions held. */
  bytes = 0;
  /** Solutions kept. */
  size = 0;

  constructor(readonly budget = SOLUTION_BUDGET_BYTES) {}

  /** Empties the store for a new run. */
  reset(): void {
    this.segments = [];
    this.byTask.clear();
    this.currentKey = null;
    this.stale = [];
    this.received = 0;
    this.representativesReceived = 0;
    this.raw = 0;
    this.unique = 0;
    this.stride = 1;
    this.bytes = 0;
    this.size = 0;
  }

  /** True once solutions have been dropped to stay within the budget. */
  get sampled(): boolean {
    return this.stride > 1;
  }

  /** Over the budget: the page should not take in more until compact() has caught up. */
  get full(): boolean {
    return this.bytes > this.budget;
  }

  /**
   * A task begins: its solutions come right after those of task `after` in the search tree
   * (null: before every other). A task the store has not been told of is put last.
   */
  addTask(task: number, after: number | null): void {
    if (this.byTask.has(task)) return;
    const segment: Segment = { task, chunks: [], count: 0, complete: false, nextOrdinal: 0 };
    const at = after === null ? 0 : this.segments.indexOf(this.byTask.get(after)!) + 1;
    if (after !== null && at === 0) this.segments.push(segment);
    else this.segments.splice(at, 0, segment);
    this.byTask.set(task, segment);
  }

  /** No more solutions will come for `task`. */
  completeTask(task: number): void {
    const segment = this.byTask.get(task);
    if (segment) segment.complete = true;
  }

  /** Keeps a batch of `task` (taking ownership of its arrays); the first solution kept becomes the current one. */
  add(task: number, batch: SolutionBatch): void {
    if (!this.byTask.has(task)) this.addTask(task, this.segments.at(-1)?.task ?? null);
    const segment = this.byTask.get(task)!;
    const n = batch.ordinal.length;
    if (n === 0) return;
    this.received += n;
    for (let i = 0; i < n; i++) this.representativesReceived += batch.representative[i];
    // Received solutions were found: they bound the counts from below until the worker's counts arrive.
    this.raw = Math.max(this.raw, this.received);
    this.unique = Math.max(this.unique, this.representativesReceived);
    const from = segment.nextOrdinal;
    segment.nextOrdinal = Math.max(from, batch.ordinal[n - 1] + 1);
    const stride = this.stride;
    let kept = batch;
    if (batch.ordinal[0] < from || (stride > 1 && batch.ordinal.some((o) => o % stride !== 0))) {
      kept = filterBatch(batch, (o) => o >= from && o % stride === 0);
    }
    const count = kept.ordinal.length;
    if (count === 0) return;
    const chunk: Chunk = { batch: kept, count, bytes: batchBytes(kept), stride };
    segment.chunks.push(chunk);
    segment.count += count;
    this.size += count;
    this.bytes += chunk.bytes;
    this.currentKey ??= { segment, ordinal: kept.ordinal[0] };
    if (this.full && this.stale.length === 0) this.thin();
  }

  /** Counts from the workers; they only ever grow. */
  takeCounts(c: Pick<RunCounts, 'solutions' | 'unique'>): void {
    this.raw = Math.max(this.raw, c.solutions);
    this.unique = Math.max(this.unique, c.unique);
  }

  /**
   * Compacts chunks thinned by a stride change, for at most about `ms` milliseconds; true when
   * work remains. The page calls it between renders, so thinning never blocks it for long.
   */
  compact(ms: number, now: () => number = () => performance.now()): boolean {
    const start = now();
    while (this.stale.length) {
      const { segment, chunk } = this.stale.pop()!;
      if (chunk.stride === this.stride) continue;
      const pinned = this.currentKey?.segment === segment ? this.currentKey.ordinal : -1;
      const stride = this.stride;
      const kept = filterBatch(chunk.batch, (o) => o % stride === 0 || o === pinned);
      this.bytes += batchBytes(kept) - chunk.bytes;
      this.size += kept.ordinal.length - chunk.count;
      segment.count += kept.ordinal.length - chunk.count;
      chunk.batch = kept;
      chunk.count = kept.ordinal.length;
      chunk.bytes = batchBytes(kept);
      chunk.stride = stride;
      if (chunk.count === 0) segment.chunks.splice(segment.chunks.indexOf(chunk), 1);
      if (now() - start >= ms) break;
    }
    if (this.stale.length === 0 && this.full) this.thin();
    return this.stale.length > 0;
  }

  /** Solutions kept whose position can no longer change: those of the finished parts first in order, and the first unfinished part's. */
  get settled(): number {
    let n = 0;
    for (const s of this.segments) {
      n += s.count;
      if (!s.complete) break;
    }
    return n;
  }

  /** 0-based index of the solution on screen, -1 when none. */
  get current(): number {
    const key = this.currentKey;
    if (!key) return -1;
    let n = 0;
    for (const s of this.segments) {
      if (s === key.segment) break;
      n += s.count;
    }
    for (const c of key.segment.chunks) {
      const o = c.batch.ordinal;
      if (o.length && o[o.length - 1] < key.ordinal) n += c.count;
      else return n + lowerBound(c.batch, key.ordinal);
    }
    return n;
  }

  /** Kept solution n (0-based), in search order. */
  record(n: number): SolutionRecord | undefined {
    const at = this.locate(n);
    if (!at) return undefined;
    const { segment, chunk, i } = at;
    const b = chunk.batch;
    return { task: segment.task, ordinal: b.ordinal[i], representative: b.representative[i] === 1, data: b.data.subarray(b.offsets[i], b.offsets[i + 1]) };
  }

  /** The record on screen, if any. */
  currentRecord(): SolutionRecord | undefined {
    const n = this.current;
    return n >= 0 ? this.record(n) : undefined;
  }

  /** Makes solution `n` (0-based, clamped to what is kept) current; false when nothing changed. */
  select(n: number): boolean {
    if (!this.size || Number.isNaN(n)) return false;
    const k = Math.max(0, Math.min(this.size - 1, Math.floor(n)));
    if (k === this.current) return false;
    const at = this.locate(k)!;
    this.currentKey = { segment: at.segment, ordinal: at.chunk.batch.ordinal[at.i] };
    return true;
  }

  private locate(n: number): { segment: Segment; chunk: Chunk; i: number } | null {
    if (!(n >= 0 && n < this.size)) return null;
    for (const segment of this.segments) {
      if (n >= segment.count) {
        n -= segment.count;
        continue;
      }
      for (const chunk of segment.chunks) {
        if (n < chunk.count) return { segment, chunk, i: n };
        n -= chunk.count;
      }
    }
    return null;
  }

  /** Doubles the stride; the chunks are compacted by compact(). */
  private thin(): void {
    this.stride *= 2;
    for (const segment of this.segments) for (const chunk of segment.chunks) this.stale.push({ segment, chunk });
  }
}
