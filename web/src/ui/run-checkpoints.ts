// Checkpoints of long runs, so that a reload, a crash or a closed lid loses none of the jobs a run
// finished: each finished job's counts are recorded under the run's identity (the document, the
// settings its search chose and its jobs, hashed), and opening the same puzzle again offers to
// resume, which searches only the jobs not recorded. IndexedDB (database `piecewise-runs`, apart
// from My puzzles), or memory where the browser refuses storage (tests, private windows). A run
// that takes its assemblies apart is another run (its key says so) and records how many came
// apart in each job; a checkpoint without that count is never resumed by such a run.
import { requestResult } from '../storage/idb-request';
import type { ResumedTask } from '../worker/solver-pool';

/** What a run finished before it stopped: one entry per job done. */
export interface RunCheckpoint {
  /** runKey() of the run. */
  key: string;
  /** How many jobs the run has. */
  tasks: number;
  /** Per job done: its number and its final counts (`apart`: those that came apart, for a run that takes apart). */
  done: { task: number; solutions: number; unique: number; apart?: number; nodes: number; seconds: number }[];
  /** When it was last written (ms since the epoch). */
  updated: number;
}

export interface CheckpointStore {
  get(key: string): Promise<RunCheckpoint | null>;
  put(checkpoint: RunCheckpoint): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Checkpoints kept at most: the oldest go first. */
const KEPT = 20;

/**
 * The run's identity: SHA-256 over the document, the settings its search chose, its jobs and
 * whether it takes its assemblies apart.
 */
export async function runKey(puzzle: string, settings: string, jobs: readonly string[], takesApart: boolean): Promise<string> {
  const apart = takesApart ? 'take apart\n' : '';
  const bytes = new TextEncoder().encode(`${settings}\n${jobs.length}\n${jobs.join(' ')}\n${apart}${puzzle}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The jobs a checkpoint recorded, as a resumed run counts them; null when it holds none, or not
 * every count the run needs (how many came apart in each job, for a run that takes apart).
 */
export function resumedTasks(checkpoint: RunCheckpoint, takesApart: boolean): ResumedTask[] | null {
  if (!checkpoint.done.length) return null;
  if (takesApart && !checkpoint.done.every((d) => Number.isSafeInteger(d.apart) && d.apart! >= 0)) return null;
  return checkpoint.done.map((d) => ({ ...d, apart: d.apart ?? 0 }));
}

/** A store in memory, forgotten with the page. */
export function memoryCheckpoints(): CheckpointStore {
  const kept = new Map<string, RunCheckpoint>();
  return {
    get: async (key) => structuredClone(kept.get(key) ?? null),
    put: async (c) => {
      kept.delete(c.key);
      kept.set(c.key, structuredClone(c));
      while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    },
    delete: async (key) => void kept.delete(key),
  };
}

const DB = 'piecewise-runs';
const STORE = 'checkpoints';

/** The browser's IndexedDB, or memory when it refuses (the page must work either way). */
export async function openCheckpoints(): Promise<CheckpointStore> {
  try {
    if (!globalThis.indexedDB) return memoryCheckpoints();
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'key' }).createIndex('updated', 'updated');
    const db = await requestResult(open);
    const store = (mode: IDBTransactionMode) => db.transaction(STORE, mode).objectStore(STORE);
    return {
      get: async (key) => ((await requestResult(store('readonly').get(key))) as RunCheckpoint | undefined) ?? null,
      put: async (c) => {
        const s = store('readwrite');
        await requestResult(s.put(c));
        // Bounded: the oldest checkpoints beyond KEPT go.
        const keys = (await requestResult(s.index('updated').getAllKeys())) as string[];
        for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) await requestResult(s.delete(old));
      },
      delete: async (key) => void (await requestResult(store('readwrite').delete(key))),
    };
  } catch {
    return memoryCheckpoints();
  }
}
