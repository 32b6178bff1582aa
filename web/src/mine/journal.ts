// The editor's journal: the document being edited, written synchronously to localStorage on
// every edit, so that a tab closed before its (debounced, asynchronous) save to IndexedDB still
// loses nothing. The next page to start saves what a closed tab left (tabs hold a Web Lock
// while open, so a journal of a tab still open is left alone).
import type { MyPuzzle, Origin } from './records';

export interface JournalEntry {
  /** The record being edited (null: not kept yet). */
  id: string | null;
  /** The revision the edits started from. */
  revision: number | null;
  text: string;
  name: string;
  origin: Origin;
  at: number;
}

const PREFIX = 'piecewise:journal:';
const LOCK = 'piecewise:tab:';
/** Larger documents are not journalled (localStorage holds about 5 MB per site). */
const MAX_CHARS = 1_000_000;

export class Journal {
  constructor(private readonly storage: Storage | null, private readonly tab: string) {}

  /** False when the entry could not be written (too large, storage full or blocked). */
  write(entry: JournalEntry): boolean {
    if (!this.storage || entry.text.length > MAX_CHARS) return false;
    try {
      this.storage.setItem(PREFIX + this.tab, JSON.stringify(entry));
      return true;
    } catch {
      return false;
    }
  }

  clear(): void {
    try {
      this.storage?.removeItem(PREFIX + this.tab);
    } catch { /* nothing to clear */ }
  }
}

/** Holds this tab's lock until the page goes away; resolves once it is held. */
export function holdTabLock(tab: string): Promise<void> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return Promise.resolve();
  return new Promise((held) => {
    void locks.request(LOCK + tab, () => {
      held();
      return new Promise<never>(() => {});
    });
  });
}

function readEntry(text: string | null): JournalEntry | null {
  try {
    const e = JSON.parse(text ?? '') as JournalEntry;
    return e && typeof e.text === 'string' && typeof e.name === 'string' ? e : null;
  } catch {
    return null;
  }
}

/** Journals of tabs that are closed (their lock is free), with their keys. */
export async function orphanedJournals(storage: Storage | null): Promise<{ key: string; entry: JournalEntry | null }[]> {
  if (!storage) return [];
  const keys: string[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k);
    }
  } catch {
    return [];
  }
  let held = new Set<string>();
  try {
    const state = await globalThis.navigator?.locks?.query();
    held = new Set((state?.held ?? []).map((l) => l.name ?? ''));
  } catch { /* no Web Locks: every journal left is taken as a closed tab's */ }
  return keys.filter((k) => !held.has(LOCK + k.slice(PREFIX.length))).map((key) => ({ key, entry: readEntry(storage.getItem(key)) }));
}

/** What recovering a journal needs of My puzzles. */
export interface Recoverable {
  fresh(id: string): Promise<MyPuzzle | undefined>;
  save(id: string | null, text: string, name: string, origin: Origin, base: number | null): Promise<{ ok: boolean }>;
}

/**
 * Saves what closed tabs left in their journals; returns how many puzzles were recovered. One
 * tab at a time (two tabs starting together would save a journal twice).
 */
export async function recoverJournals(storage: Storage | null, mine: Recoverable): Promise<number> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request('piecewise:recover', () => recover(storage, mine)) : recover(storage, mine);
}

async function recover(storage: Storage | null, mine: Recoverable): Promise<number> {
  let recovered = 0;
  for (const { key, entry } of await orphanedJournals(storage)) {
    if (entry) {
      const stored = entry.id ? await mine.fresh(entry.id) : undefined;
      if (stored?.text !== entry.text) {
        const r = await mine.save(entry.id, entry.text, entry.name, entry.origin, entry.revision);
        if (!r.ok) continue; // kept for the next start
        recovered++;
      }
    }
    storage?.removeItem(key);
  }
  return recovered;
}
