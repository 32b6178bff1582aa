// Where My puzzles live: IndexedDB (database `piecewise`), the summaries (the menu's names,
// kinds and dates) in store `summaries` and the documents in store `documents`, one of each per
// puzzle under the same id, so that listing 60 puzzles of 4 MiB reads a few kB. Behind a small
// interface that an in-memory store also implements (for tests, and for browsers that refuse
// storage). Records come back as stored (`unknown`): records.ts checks them.
import { requestResult } from '../storage/idb-request';
import { summaryOf, upgradeRecord, type MyPuzzleSummary } from './records';

export interface PuzzleDb {
  summaries(): Promise<unknown[]>;
  summary(id: string): Promise<unknown>;
  /** The summary and the document of `id`, as stored (undefined where there is none). */
  get(id: string): Promise<{ summary: unknown; text: unknown }>;
  /**
   * Writes `summary`, and `text` as its document unless null (a rename), unless the stored
   * summary has a revision other than `expected` (another tab saved in between): then nothing
   * is written and the answer is 'conflict'. `expected` null: write whatever is stored.
   */
  put(summary: MyPuzzleSummary, text: string | null, expected: number | null): Promise<'ok' | 'conflict'>;
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
const VERSION = 2;
const SUMMARIES = 'summaries';
const DOCUMENTS = 'documents';
/** Version 1's store: each record a summary and its document in one. */
const RECORDS_V1 = 'puzzles';

const finished = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new StorageError('the browser cancelled the write'));
    tx.onerror = () => reject(tx.error);
  });

/**
 * Version 1 → 2, inside the upgrade's transaction (all of it or nothing): every record split
 * into its summary and its document, one at a time (never all documents in memory); a damaged
 * record is kept as a summary, which the list reports as damaged, as before.
 */
function splitRecords(db: IDBDatabase, tx: IDBTransaction): void {
  const summaries = tx.objectStore(SUMMARIES);
  const documents = tx.objectStore(DOCUMENTS);
  const cursor = tx.objectStore(RECORDS_V1).openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) {
      db.deleteObjectStore(RECORDS_V1);
      return;
    }
    const record = upgradeRecord(at.value);
    if (record) {
      summaries.put(summaryOf(record));
      documents.put({ id: record.id, text: record.text });
    } else if (at.value && typeof at.value === 'object' && typeof (at.value as { id?: unknown }).id === 'string') {
      summaries.put(at.value);
    }
    at.continue();
  };
}

export async function openIndexedDb(): Promise<PuzzleDb> {
  if (!globalThis.indexedDB) throw new StorageError('this browser has no IndexedDB');
  const request = indexedDB.open(DB, VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    for (const store of [SUMMARIES, DOCUMENTS]) if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath: 'id' });
    if (db.objectStoreNames.contains(RECORDS_V1)) splitRecords(db, request.transaction!);
  };
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new StorageError('another tab holds an older version of the storage open'));
  });
  // A newer page (another tab, after a deploy) upgrading the database: let it.
  db.onversionchange = () => db.close();
  const both = (mode: IDBTransactionMode) => {
    const tx = db.transaction([SUMMARIES, DOCUMENTS], mode);
    return { tx, summaries: tx.objectStore(SUMMARIES), documents: tx.objectStore(DOCUMENTS) };
  };
  return {
    summaries: () => requestResult(db.transaction(SUMMARIES, 'readonly').objectStore(SUMMARIES).getAll()),
    summary: (id) => requestResult(db.transaction(SUMMARIES, 'readonly').objectStore(SUMMARIES).get(id)),
    async get(id) {
      const { summaries, documents } = both('readonly');
      const [summary, doc] = await Promise.all([requestResult(summaries.get(id)), requestResult(documents.get(id))]);
      return { summary, text: (doc as { text?: unknown } | undefined)?.text };
    },
    async put(summary, text, expected) {
      const { tx, summaries, documents } = both('readwrite');
      const stored = (await requestResult(summaries.get(summary.id))) as { revision?: unknown } | undefined;
      if (expected !== null && stored && stored.revision !== expected) {
        tx.abort();
        await finished(tx).catch(() => {});
        return 'conflict';
      }
      summaries.put(summary);
      if (text !== null) documents.put({ id: summary.id, text });
      await finished(tx);
      return 'ok';
    },
    async delete(id) {
      const { tx, summaries, documents } = both('readwrite');
      summaries.delete(id);
      documents.delete(id);
      await finished(tx);
    },
  };
}

/** Kept in this page only: tests, and browsers that refuse storage. */
export function memoryDb(): PuzzleDb & { summaryRecords: Map<string, unknown>; documents: Map<string, string> } {
  const summaryRecords = new Map<string, unknown>();
  const documents = new Map<string, string>();
  const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    summaryRecords,
    documents,
    summaries: async () => [...summaryRecords.values()].map(copy),
    summary: async (id) => copy(summaryRecords.get(id)),
    get: async (id) => ({ summary: copy(summaryRecords.get(id)), text: documents.get(id) }),
    async put(summary, text, expected) {
      const stored = summaryRecords.get(summary.id) as { revision?: unknown } | undefined;
      if (expected !== null && stored && stored.revision !== expected) return 'conflict';
      summaryRecords.set(summary.id, copy(summary));
      if (text !== null) documents.set(summary.id, text);
      return 'ok';
    },
    async delete(id) {
      summaryRecords.delete(id);
      documents.delete(id);
    },
  };
}
