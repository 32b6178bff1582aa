// Shared by the WASM tests: the real module under Node, the library puzzles, and a run
// driven through SolverRunLoop with every posted message recorded.
import { readFileSync } from 'node:fs';
import { verdicts, type FromWorker, type SolutionBatch, type SolutionRecord, type TaskDone, type TaskSolutions, type ToWorker } from '../../web/src/protocol/messages';
import { readDescribeReply, type DescribeResult, type PuzzleDescription } from '../../web/src/solver/description';
import type { SolverModule } from '../../web/src/solver/module';
import { loadSolverModuleForNode } from '../../web/src/solver/node-loader.mjs';
import { SolverRunLoop, type RunLoopOptions } from '../../web/src/worker/run-loop';

let modulePromise: Promise<SolverModule> | null = null;
export function solverModule(): Promise<SolverModule> {
  modulePromise ??= loadSolverModuleForNode();
  return modulePromise;
}

export function puzzleText(name: string): string {
  return readFileSync(new URL(`../../puzzles/${name}.puzzle.json`, import.meta.url), 'utf8');
}

/** A document of tests/data/disassembly (interlocking puzzles that ask to be taken apart). */
export function disassemblyText(name: string): string {
  return readFileSync(new URL(`../data/disassembly/${name}.puzzle.json`, import.meta.url), 'utf8');
}

/** The solver's description of a document (JSON text, or an object to serialise). */
export async function describe(doc: string | object): Promise<DescribeResult> {
  return readDescribeReply((await solverModule()).describe(typeof doc === 'string' ? doc : JSON.stringify(doc)));
}

/** The description of a document the solver must accept; `fields` complete a minimal header. */
export async function described(fields: object): Promise<PuzzleDescription> {
  const r = await describe({ format: 'piecewise/1', name: 't', ...fields });
  if (!r.ok) throw new Error(r.error);
  return r.puzzle;
}

/** The counts a library puzzle's notes announce, as the solver reads them. */
export async function expectedCounts(text: string): Promise<{ solutions: number; unique: number }> {
  const r = await describe(text);
  if (!r.ok || !r.puzzle.expected) throw new Error('no expected counts in notes');
  return { solutions: Number(r.puzzle.expected.solutions), unique: Number(r.puzzle.expected.unique) };
}

/**
 * A run's `tasks` message: by default one task, the whole search, every solution visited and sent.
 * `settings` '' lets the session choose as the command line does.
 */
export function tasksMessage(id: number, puzzle: string, options: { uniqueOnly?: boolean; settings?: string; jobs?: string[];
  visit?: number; visitBytes?: number; skip?: number; first?: number } = {}): ToWorker {
  const { uniqueOnly = false, settings = '', jobs = ['root'], visit = Number.MAX_SAFE_INTEGER, visitBytes = Number.MAX_SAFE_INTEGER,
    skip = 0, first = 0 } = options;
  return { type: 'tasks', id, document: { puzzle, settings }, uniqueOnly, visit, visitBytes, tasks: jobs.map((job, i) => ({ task: first + i, job, skip })) };
}

/** The records of a batch, each a view into its arrays. */
export function recordsOf(batch: SolutionBatch, task = 0): SolutionRecord[] {
  return Array.from(batch.ordinal, (ordinal, i) => ({
    task,
    ordinal,
    uniqueOrdinal: batch.uniqueOrdinal[i]!,
    representative: batch.representative[i] === 1,
    data: batch.data.subarray(batch.offsets[i], batch.offsets[i + 1]),
    verdict: verdicts[batch.apart[i]!]!,
    apartOrdinal: batch.apartOrdinal[i]!,
    level: batch.level.subarray(batch.levelOffsets[i], batch.levelOffsets[i + 1]),
  }));
}

export interface Recorded {
  message: FromWorker;
  at: number;
}

/** A run loop with a recording post; `until` resolves on the first message matching. */
export class Harness {
  readonly messages: Recorded[] = [];
  readonly loop: SolverRunLoop;
  private waiters: { test: (m: FromWorker) => boolean; resolve: (m: FromWorker) => void }[] = [];
  readonly t0 = performance.now();

  constructor(module: SolverModule, options: RunLoopOptions = {}) {
    this.loop = new SolverRunLoop(module, (message) => this.record(message), options);
  }

  /** The solutions posted, in order, as messages carry them: `solutions`, and `done` with some. */
  solutionParts(): TaskSolutions[][] {
    return this.messages.map((r) => r.message).flatMap((m) => (m.type === 'solutions' || (m.type === 'done' && m.parts.length) ? [m.parts] : []));
  }

  /** Every solution posted, in order. */
  records(): SolutionRecord[] {
    return this.solutionParts().flatMap((parts) => parts.flatMap((p) => recordsOf(p.batch, p.task)));
  }

  /** Every task reported done, in order (a `done` reports several). */
  tasksDone(): TaskDone[] {
    return this.ofType('done').flatMap((m) => m.tasks);
  }

  send(message: ToWorker): void {
    this.loop.handle(message);
  }

  until(test: (m: FromWorker) => boolean, timeoutMs = 120_000): Promise<FromWorker> {
    const seen = this.messages.find((r) => test(r.message));
    if (seen) return Promise.resolve(seen.message);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
      this.waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  ofType<T extends FromWorker['type']>(type: T): Extract<FromWorker, { type: T }>[] {
    return this.messages.filter((r) => r.message.type === type).map((r) => r.message) as Extract<FromWorker, { type: T }>[];
  }

  private record(message: FromWorker): void {
    this.messages.push({ message, at: performance.now() - this.t0 });
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(message)) return true;
      w.resolve(message);
      return false;
    });
  }
}
