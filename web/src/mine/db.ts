// Where My puzzles live: IndexedDB (database `piecewise`, store `puzzles`), behind a small
// interface that an in-memory store also implements (for tests, and for browsers that refuse
// storage). Records come back as stored (`unknown`): records.ts checks them.
import type { MyPuzzle } from './records';

export interface PuzzleDb {
  all(): Promise<unknown[]>;
  get(id: string): Promise<unknown>;
  /**
   * Writes `record` unless the stored one has a revision other than `expected` (another tab saved
   * in between): then nothing is written and the answer is 'conflict'. `expected` null: write
   * whatever is stored (a new record, a rename).
   */
  put(record: MyPuzzle, expected: number | null): Promise<'ok' | 'conflict'>;
  delete(id: string): Promise<void>;
}

/** A storage failure, worded for the user. */
export class StorageError extends Error {}

/** The user's words for what went wrong with the browser's storage. */
export function storageMessage(e: unknown): string {
  const name = (e as { name?: string } | null)?.name ?? '';
  if (name === 'QuotaExceededError') return "the browser's storage for this site is full";
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError') {
    return 'the browser does not let this page store data (a private window, or site data blocked?)';
  }
  if (e instanceof StorageError) return e.message;
  return (e as Error | null)?.message || 'the browser refused to store data';
}

const DB = 'piecewise';
const STORE = 'puzzles';

const done = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const finished = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new StorageError('the browser cancelled the write'));
    tx.onerror = () => reject(tx.error);
  });

export async function openIndexedDb(): Promise<PuzzleDb> {
  if (!globalThis.indexedDB) throw new StorageError('this browser has no IndexedDB');
  const request = indexedDB.open(DB, 1);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new StorageError('another tab holds an older version of the storage open'));
  });
  const store = (mode: IDBTransactionMode) => {
    const tx = db.transaction(STORE, mode);
    return { tx, store: tx.objectStore(STORE) };
  };
  return {
    all: () => done(store('readonly').store.getAll()),
    get: (id) => done(store('readonly').store.get(id)),
    async put(record, expected) {
      const { tx, store: s } = store('readwrite');
      const stored = (await done(s.get(record.id))) as { revision?: unknown } | undefined;
      if (expected !== null && stored && stored.revision !== expected) {
        tx.abort();
        await finished(tx).catch(() => {});
        return 'conflict';
      }
      s.put(record);
      await finished(tx);
      return 'ok';
    },
    async delete(id) {
      const { tx, store: s } = store('readwrite');
      s.delete(id);
      await finished(tx);
    },
  };
}

/** Kept in this page only: tests, and browsers that refuse storage. */
export function memoryDb(): PuzzleDb & { records: Map<string, unknown> } {
  const records = new Map<string, unknown>();
  const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    records,
    all: async () => [...records.values()].map(copy),
    get: async (id) => copy(records.get(id)),
    async put(record, expected) {
      const stored = records.get(record.id) as { revision?: unknown } | undefined;
      if (expected !== null && stored && stored.revision !== expected) return 'conflict';
      records.set(record.id, copy(record));
      return 'ok';
    },
    async delete(id) {
      records.delete(id);
    },
  };
}
