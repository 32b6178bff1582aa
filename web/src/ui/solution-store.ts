// The solutions of one run as the page keeps them for browsing: raw records (decoded only when
// drawn), up to a cap, the counters the page shows, and which one is on screen. No DOM: tested
// on its own (tests/web/solution-store.test.ts).
import type { RunCounts, SolutionRecord } from '../protocol/messages';

/** Solutions kept for browsing; counting goes on past it. */
export const SOLUTION_CAP = 200_000;

export class SolutionStore {
  private records: SolutionRecord[] = [];
  private representativesSeen = 0;
  private uniqueOnly = false;
  /** Raw solutions found so far (at least as many as received). */
  raw = 0;
  /** Symmetry classes found so far. */
  unique = 0;
  /** Some solutions were not kept because the cap was reached. */
  capReached = false;
  /** 0-based index of the solution on screen, -1 when none. */
  current = -1;

  constructor(readonly cap = SOLUTION_CAP) {}

  /** Empties the store for a new run; `uniqueOnly` keeps one solution per symmetry class. */
  reset(uniqueOnly = false): void {
    this.records = [];
    this.representativesSeen = 0;
    this.uniqueOnly = uniqueOnly;
    this.raw = 0;
    this.unique = 0;
    this.capReached = false;
    this.current = -1;
  }

  get size(): number {
    return this.records.length;
  }

  record(n: number): SolutionRecord | undefined {
    return this.records[n];
  }

  /** The record on screen, if any. */
  currentRecord(): SolutionRecord | undefined {
    return this.current >= 0 ? this.records[this.current] : undefined;
  }

  /** Keeps a batch from the worker; the first solution kept becomes the current one. */
  add(batch: readonly SolutionRecord[]): void {
    for (const s of batch) {
      this.raw = Math.max(this.raw, s.index + 1);
      if (s.representative) this.representativesSeen++;
      if (this.uniqueOnly && !s.representative) continue;
      if (this.records.length < this.cap) this.records.push(s);
      else this.capReached = true;
    }
    // Representatives seen bound the unique count from below until the worker's counts arrive.
    this.unique = Math.max(this.unique, this.representativesSeen);
    if (this.current < 0 && this.records.length) this.current = 0;
  }

  /** Counts from the worker; they only ever grow. */
  takeCounts(c: Pick<RunCounts, 'solutions' | 'unique'>): void {
    this.raw = Math.max(this.raw, c.solutions);
    this.unique = Math.max(this.unique, c.unique);
  }

  /** Makes solution `n` (0-based, clamped to what is kept) current; false when nothing changed. */
  select(n: number): boolean {
    if (!this.records.length || Number.isNaN(n)) return false;
    const k = Math.max(0, Math.min(this.records.length - 1, Math.floor(n)));
    if (k === this.current) return false;
    this.current = k;
    return true;
  }
}
