// The solutions of one run as the page browses them, the counters it shows, and which solution
// is on screen. No DOM: tested on its own (tests/web/solution-store.test.ts).
//
// The page never holds every solution. While a run goes on it keeps the sample the workers sent
// (each task's first solutions, up to the pool's sample size: typed arrays as they arrived, a
// solution decoded only when drawn), and browses those, in search order. Once the run is over its
// tasks' counts number every solution (run-tally.ts): solution n lies in the task whose range
// holds it, at a known position there, and is taken from the sample, from solutions fetched by
// number since (seek), or is missing until the page fetches it. The browse scope says which
// solutions are numbered: every one, the representatives ("Unique only"), or the representatives
// that come apart (a run that takes apart, "Only those that come apart"); every numbering comes
// from the same run.
import { verdicts, type BrowseScope, type RunCounts, type SolutionBatch, type SolutionRecord } from '../protocol/messages';
import { taskOf, type Numbering } from '../worker/run-tally';

/** Windows of solutions fetched by number kept at once (each a few dozen solutions). */
const FETCHED_WINDOWS = 64;

/** Where solution n of the run lies: its task and its position there (among the solutions of `scope`). */
export interface SolutionPlace {
  task: number;
  position: number;
  scope: BrowseScope;
}

interface Window {
  task: number;
  scope: BrowseScope;
  /** Positions of its records in the task, ascending (among the solutions of its scope). */
  first: number;
  last: number;
  batch: SolutionBatch;
}

type Counts = Pick<RunCounts, 'solutions' | 'unique' | 'apart'>;

function recordOf(task: number, b: SolutionBatch, i: number): SolutionRecord {
  return { task, ordinal: b.ordinal[i]!, uniqueOrdinal: b.uniqueOrdinal[i]!, representative: b.representative[i] === 1,
    data: b.data.subarray(b.offsets[i]!, b.offsets[i + 1]!), verdict: verdicts[b.apart[i]!] ?? 'untried',
    apartOrdinal: b.apartOrdinal[i]!, level: b.level.subarray(b.levelOffsets[i]!, b.levelOffsets[i + 1]!) };
}

/** Record i of a batch is one of the solutions of `scope`. */
const inScope = (scope: BrowseScope, b: SolutionBatch, i: number): boolean =>
  scope === 'all' || (scope === 'unique' ? b.representative[i] === 1 : b.apart[i] === 1);

/** The positions of a batch's records among the solutions of `scope` in their task. */
const positions = (scope: BrowseScope, b: SolutionBatch): Float64Array =>
  scope === 'all' ? b.ordinal : scope === 'unique' ? b.uniqueOrdinal : b.apartOrdinal;

/** Where each task's solutions of `scope` start in the run's numbering. */
const firstOf = (n: Numbering, scope: BrowseScope): Float64Array =>
  scope === 'all' ? n.firstRaw : scope === 'unique' ? n.firstUnique : n.firstApart;

const countOf = (c: Counts, scope: BrowseScope): number => (scope === 'all' ? c.solutions : scope === 'unique' ? c.unique : c.apart);

export class SolutionStore {
  /** Per task: the sample's batches, in the order they came (ordinals ascending). */
  private kept: SolutionBatch[][] = [];
  private fetched: Window[] = [];
  /** Per task: its final counts, once it is done. */
  private counts: (Counts | null)[] = [];
  /** Every task before this one is done. */
  private donePrefix = 0;
  /** Every task before this one is done and keeps no solution of the scope (showFirst() looks on from here). */
  private emptyPrefix = 0;
  private numbering_: Numbering | null = null;
  /** The solution on screen: its number (while running: its index among the kept ones). */
  private current_ = -1;
  /** The record on screen while running: kept indices shift as tasks fill in before it. */
  private currentKept: SolutionRecord | null = null;
  /** Its index among the kept solutions of the scope; -1 until counted again (a task before its own kept more). */
  private currentKeptIndex = -1;
  /** Which solutions are browsed. */
  scope: BrowseScope = 'all';
  /** Raw solutions found so far. */
  raw = 0;
  /** Symmetry classes found so far. */
  uniqueFound = 0;
  /** Representatives found so far that come apart. */
  apartFound = 0;
  /** Solutions the sample holds. */
  keptCount = 0;
  /** Representatives among them, and those that come apart. */
  private keptUnique = 0;
  private keptApart = 0;

  /** Empties the store for a new run of `tasks` tasks (0 before the run is prepared). */
  reset(tasks = 0): void {
    this.kept = Array.from({ length: tasks }, () => []);
    this.counts = Array.from({ length: tasks }, () => null);
    this.donePrefix = 0;
    this.emptyPrefix = 0;
    this.fetched = [];
    this.numbering_ = null;
    this.current_ = -1;
    this.currentKept = null;
    this.currentKeptIndex = -1;
    this.raw = 0;
    this.uniqueFound = 0;
    this.apartFound = 0;
    this.keptCount = 0;
    this.keptUnique = 0;
    this.keptApart = 0;
  }

  /** The run's numbering, once it is over. */
  get numbering(): Numbering | null {
    return this.numbering_;
  }

  /** Keeps a batch of `task`'s visited solutions (taking ownership of its arrays); see showFirst(). */
  add(task: number, batch: SolutionBatch): void {
    const n = batch.ordinal.length;
    if (n === 0 || !this.kept[task]) return;
    // A rerun task sends only ordinals it had not sent: nothing is kept twice.
    const chunks = this.kept[task]!;
    const last = chunks.at(-1);
    if (last && batch.ordinal[0]! <= last.ordinal[last.ordinal.length - 1]!) return;
    chunks.push(batch);
    if (this.currentKept && task < this.currentKept.task) this.currentKeptIndex = -1;
    this.keptCount += n;
    for (let i = 0; i < n; i++) {
      this.keptUnique += batch.representative[i]!;
      if (batch.apart[i] === 1) this.keptApart++;
    }
    // Solutions received were found: they bound the counts from below until the counts arrive.
    this.raw = Math.max(this.raw, this.keptCount);
    this.uniqueFound = Math.max(this.uniqueFound, this.keptUnique);
    this.apartFound = Math.max(this.apartFound, this.keptApart);
    this.showFirst();
  }

  /** Nothing on screen yet: the first kept solution becomes current now (the run's first is long in coming). */
  showKept(): boolean {
    return this.current_ < 0 && !this.numbering_ && this.select(0);
  }

  /**
   * Nothing on screen yet: the first kept solution becomes current once it is the run's first
   * (every task before its own is done). Tasks drawn at random send solutions from far into the
   * run while the first ones in search order are still searched, and solution 1 is the one to
   * show first, as the command line's `solve` prints it first.
   */
  private showFirst(): void {
    if (this.current_ >= 0 || this.numbering_) return;
    const last = Math.min(this.donePrefix, this.kept.length - 1);
    for (let t = this.emptyPrefix; t <= last; t++) {
      if (this.kept[t]!.some((b) => b.ordinal.some((_, i) => inScope(this.scope, b, i)))) {
        this.select(0);
        return;
      }
      // A task done has sent every solution it visits (before its `done`): none will come.
      if (t < this.donePrefix) this.emptyPrefix = t + 1;
    }
  }

  /** Counts from the workers; they only ever grow while a run goes on. */
  takeCounts(c: Counts): void {
    this.raw = Math.max(this.raw, c.solutions);
    this.uniqueFound = Math.max(this.uniqueFound, c.unique);
    this.apartFound = Math.max(this.apartFound, c.apart);
  }

  /** `task` is over with these counts. */
  completeTask(task: number, counts: Counts): void {
    if (task < this.counts.length) this.counts[task] = { solutions: counts.solutions, unique: counts.unique, apart: counts.apart };
    while (this.donePrefix < this.counts.length && this.counts[this.donePrefix]) this.donePrefix++;
    this.showFirst();
  }

  /** The run is over: every solution has a number; the one on screen keeps its place. */
  finish(numbering: Numbering): void {
    const shown = this.currentKept;
    this.numbering_ = numbering;
    this.raw = numbering.firstRaw.at(-1)!;
    this.uniqueFound = numbering.firstUnique.at(-1)!;
    this.apartFound = numbering.firstApart.at(-1)!;
    this.currentKept = null;
    this.current_ = shown ? this.numberOf(shown) : this.size > 0 ? 0 : -1;
  }

  /** Browses the solutions of `scope`; the one on screen stays if it is one of them. */
  setScope(scope: BrowseScope): void {
    if (scope === this.scope) return;
    const shown = this.currentRecord();
    this.scope = scope;
    this.emptyPrefix = 0;
    this.currentKept = null;
    this.current_ = -1;
    const stays = shown && (scope === 'all' || (scope === 'unique' ? shown.representative : shown.verdict === 'comes-apart'));
    if (shown && stays) {
      if (this.numbering_) this.current_ = this.numberOf(shown);
      else this.select(this.keptIndex(shown));
    }
    if (this.current_ < 0 && this.size > 0) this.select(0);
  }

  /** Solutions that can be browsed: every one of the run once it is over, else the sample's. */
  get size(): number {
    const n = this.numbering_;
    if (n) return firstOf(n, this.scope).at(-1)!;
    return this.scope === 'all' ? this.keptCount : this.scope === 'unique' ? this.keptUnique : this.keptApart;
  }

  /** 0-based number of the solution on screen, -1 when none. */
  get current(): number {
    if (this.numbering_ || !this.currentKept) return this.current_;
    // Asked on every task done: counted again only when solutions came before it.
    if (this.currentKeptIndex < 0) this.currentKeptIndex = this.keptIndex(this.currentKept);
    return this.currentKeptIndex;
  }

  /** Makes solution `n` current (0-based, clamped to what can be browsed); false when nothing changed. */
  select(n: number): boolean {
    const size = this.size;
    if (!size || Number.isNaN(n)) return false;
    const k = Math.max(0, Math.min(size - 1, Math.floor(n)));
    if (k === this.current) return false;
    this.current_ = k;
    this.currentKept = this.numbering_ ? null : this.keptRecords()[k] ?? null;
    this.currentKeptIndex = this.currentKept ? k : -1;
    return true;
  }

  /** Solution n (0-based), when the page holds it. */
  record(n: number): SolutionRecord | undefined {
    if (!this.numbering_) return this.keptRecords()[n];
    const place = this.place(n);
    return place ? this.find(place) : undefined;
  }

  currentRecord(): SolutionRecord | undefined {
    if (!this.numbering_) return this.currentKept ?? undefined;
    const n = this.current_;
    return n >= 0 ? this.record(n) : undefined;
  }

  /** Where solution n lies, once the run is over (null before, or out of range). */
  place(n: number): SolutionPlace | null {
    const numbering = this.numbering_;
    if (!numbering || !(n >= 0 && n < this.size)) return null;
    const first = firstOf(numbering, this.scope);
    const task = taskOf(first, n);
    return { task, position: n - first[task]!, scope: this.scope };
  }

  /** Keeps solutions fetched by number: `batch` holds `place`'s solution and those after it in its task. */
  putFetched(place: SolutionPlace, batch: SolutionBatch): void {
    const n = batch.ordinal.length;
    if (!n) return;
    const at = positions(place.scope, batch);
    this.fetched.push({ task: place.task, scope: place.scope, first: at[0]!, last: at[n - 1]!, batch });
    if (this.fetched.length > FETCHED_WINDOWS) this.fetched.shift();
  }

  /** Solutions settled: their number can no longer change and the page holds each of them, from the first on. */
  get settled(): number {
    if (this.numbering_) return this.size;
    let n = 0;
    for (let t = 0; t < this.kept.length; t++) {
      const kept = this.keptRecords(this.scope, t).length;
      n += kept;
      const counts = this.counts[t];
      // A task still running, or one whose solutions were not all sent, leaves a gap after its own.
      if (!counts || kept < countOf(counts, this.scope)) break;
    }
    return n;
  }

  /**
   * Where kept solution `r` lies among the kept solutions of the scope, in search order (-1: not
   * among them). Counted without building records: the counters ask several times a showing.
   */
  private keptIndex(r: SolutionRecord): number {
    let n = 0;
    for (let t = 0; t < this.kept.length; t++)
      for (const b of this.kept[t] ?? [])
        for (let i = 0; i < b.ordinal.length; i++) {
          if (!inScope(this.scope, b, i)) continue;
          if (t === r.task && b.ordinal[i] === r.ordinal) return n;
          n++;
        }
    return -1;
  }

  /** Kept solutions of `scope` in search order (of the task only, when given). */
  keptRecords(scope = this.scope, task?: number): SolutionRecord[] {
    const out: SolutionRecord[] = [];
    const from = task ?? 0;
    const to = task === undefined ? this.kept.length : task + 1;
    for (let t = from; t < to; t++)
      for (const b of this.kept[t] ?? [])
        for (let i = 0; i < b.ordinal.length; i++) if (inScope(scope, b, i)) out.push(recordOf(t, b, i));
    return out;
  }

  /** The number of a record the page holds (-1: not one of the scope's, or its position there unknown). */
  private numberOf(r: SolutionRecord): number {
    const numbering = this.numbering_!;
    if (this.scope === 'unique') return r.representative ? numbering.firstUnique[r.task]! + r.uniqueOrdinal : -1;
    if (this.scope === 'apart') return r.verdict === 'comes-apart' && r.apartOrdinal >= 0 ? numbering.firstApart[r.task]! + r.apartOrdinal : -1;
    return numbering.firstRaw[r.task]! + r.ordinal;
  }

  private find(place: SolutionPlace): SolutionRecord | undefined {
    for (const b of this.kept[place.task] ?? []) {
      const at = positions(place.scope, b);
      for (let i = 0; i < at.length; i++)
        if (at[i] === place.position && inScope(place.scope, b, i)) return recordOf(place.task, b, i);
    }
    // A window fetched in another scope may hold it too (its records know their place in every scope they count).
    for (const w of this.fetched) {
      if (w.task !== place.task || (w.scope === place.scope && (place.position < w.first || place.position > w.last))) continue;
      const at = positions(place.scope, w.batch);
      for (let i = 0; i < at.length; i++)
        if (at[i] === place.position && inScope(place.scope, w.batch, i)) return recordOf(place.task, w.batch, i);
    }
    return undefined;
  }
}
