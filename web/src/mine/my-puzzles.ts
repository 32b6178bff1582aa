// My puzzles: the puzzles kept in this browser, as a list of summaries the page shows and
// changes (a document is read only when it is opened). Every change is written to the database
// first and announced to the other tabs of the site, which read the list again. Failures never
// lose the puzzle on the page: the caller gets a message naming what went wrong, and the
// document stays where it was.
import { memoryDb, storageMessage, type PuzzleDb } from './db';
import {
  byRecent, cleanName, documentKind, newId, readRecord, readSummary, summaryOf, textDigest, tooBig,
  type MyPuzzle, type MyPuzzleSummary, type Origin,
} from './records';

export type Saved = { ok: true; record: MyPuzzleSummary; conflict: boolean } | { ok: false; error: string };

/** The site's channel for "My puzzles changed" between tabs. */
const CHANNEL = 'piecewise:my-puzzles';

export interface MyPuzzlesOptions {
  /** Opens the database; the default is IndexedDB. */
  open: () => Promise<PuzzleDb>;
  /** For tests: no channel. */
  channel?: boolean;
  now?: () => number;
}

export class MyPuzzles {
  /** Readable summaries, newest first. */
  list: MyPuzzleSummary[] = [];
  /** Records that could not be read (damaged, or from something else); left in storage untouched. */
  damaged = 0;
  /** Set when the browser's storage is not available: puzzles are kept until the tab closes. */
  unavailable: string | null = null;
  readonly ready: Promise<void>;
  private db: PuzzleDb = memoryDb();
  private readonly listeners = new Set<() => void>();
  private readonly channel: BroadcastChannel | null;
  private readonly now: () => number;

  constructor(options: MyPuzzlesOptions) {
    this.now = options.now ?? Date.now;
    this.channel = options.channel !== false && typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (this.channel) this.channel.onmessage = () => void this.refresh();
    this.ready = options.open().then(
      (db) => {
        this.db = db;
        return this.refresh();
      },
      (e: unknown) => {
        this.unavailable = storageMessage(e);
        this.emit();
      },
    );
  }

  /** Called after every change of the list, from this tab or another. */
  onChange(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  get(id: string): MyPuzzleSummary | undefined {
    return this.list.find((r) => r.id === id);
  }

  /**
   * The stored record with its document, as it is now (another tab may have changed it since the
   * list was read); undefined when it is gone, damaged, or the storage fails.
   */
  async fresh(id: string): Promise<MyPuzzle | undefined> {
    await this.ready;
    try {
      const { summary, text } = await this.db.get(id);
      return readRecord(summary, text) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** The record that keeps exactly `text`, if any: found by digest, then the one document read. */
  async find(text: string): Promise<MyPuzzleSummary | undefined> {
    await this.ready;
    const digest = textDigest(text);
    for (const candidate of this.list.filter((r) => r.digest === digest)) {
      if ((await this.fresh(candidate.id))?.text === text) return candidate;
    }
    return undefined;
  }

  /** Reads the list again (another tab changed it). */
  async refresh(): Promise<void> {
    try {
      const raw = await this.db.summaries();
      const list: MyPuzzleSummary[] = [];
      for (const r of raw) {
        const rec = readSummary(r);
        if (rec) list.push(rec);
      }
      this.damaged = raw.length - list.length;
      this.list = list.sort(byRecent);
    } catch (e) {
      this.unavailable = storageMessage(e);
    }
    this.emit();
  }

  /**
   * Keeps a document that arrived from a file or a link; the same text kept before is that
   * record again (opening a link twice does not make two copies).
   */
  async keep(text: string, name: string, origin: Origin): Promise<Saved> {
    const same = await this.find(text);
    if (same) return { ok: true, record: same, conflict: false };
    return this.save(null, text, name, origin, null);
  }

  /**
   * Saves `text` as record `id` (a new record when null) on top of revision `base`. When another
   * tab saved that record since, the text goes to a new record instead ("conflict": nothing
   * of either tab's work is lost).
   */
  async save(id: string | null, text: string, name: string, origin: Origin, base: number | null): Promise<Saved> {
    await this.ready;
    const big = tooBig(text);
    if (big) return { ok: false, error: `not kept in My puzzles: ${big}` };
    const now = this.now();
    const old = id ? await this.storedSummary(id) : undefined;
    const record: MyPuzzleSummary = {
      id: id ?? newId(), origin: old?.origin ?? origin, created: old?.created ?? now, updated: now,
      name: old?.named ? old.name : cleanName(name), named: old?.named ?? false, revision: (old?.revision ?? 0) + 1,
      kind: documentKind(text), digest: textDigest(text),
    };
    const written = await this.write(record, text, id ? base : null);
    if (!written.ok) return written;
    if (written.value === 'conflict') {
      const copy = await this.save(null, text, `${cleanName(name)} (this tab's copy)`, origin, null);
      return copy.ok ? { ...copy, conflict: true } : copy;
    }
    return { ok: true, record, conflict: false };
  }

  async rename(id: string, name: string): Promise<Saved> {
    const old = await this.storedSummary(id);
    if (!old) return { ok: false, error: 'this puzzle is no longer in My puzzles' };
    const record = { ...old, name: cleanName(name), named: true, revision: old.revision + 1, updated: this.now() };
    const written = await this.write(record, null, null);
    return written.ok ? { ok: true, record, conflict: false } : written;
  }

  /**
   * Deletes a record; returns it, document and all, so that the user can undo (null: its
   * document was damaged, nothing to bring back).
   */
  async remove(id: string): Promise<{ ok: true; record: MyPuzzle | null } | { ok: false; error: string }> {
    const old = (await this.fresh(id)) ?? null;
    const listed = old ?? (await this.storedSummary(id));
    if (!listed) return { ok: false, error: 'this puzzle is no longer in My puzzles' };
    try {
      await this.db.delete(id);
    } catch (e) {
      return { ok: false, error: `could not delete "${listed.name}": ${storageMessage(e)}` };
    }
    await this.changed();
    return { ok: true, record: old };
  }

  /** Puts back a record that remove() returned. */
  async restore(record: MyPuzzle): Promise<Saved> {
    const summary = summaryOf(record);
    const written = await this.write(summary, record.text, null);
    return written.ok ? { ok: true, record: summary, conflict: false } : written;
  }

  /** The stored summary of `id` (another tab may have changed it), else the listed one. */
  private async storedSummary(id: string): Promise<MyPuzzleSummary | undefined> {
    try {
      return readSummary(await this.db.summary(id)) ?? this.get(id);
    } catch {
      return this.get(id);
    }
  }

  private async write(record: MyPuzzleSummary, text: string | null, expected: number | null): Promise<{ ok: true; value: 'ok' | 'conflict' } | { ok: false; error: string }> {
    try {
      const value = await this.db.put(record, text, expected);
      if (value === 'ok') await this.changed();
      return { ok: true, value };
    } catch (e) {
      return { ok: false, error: `could not keep "${record.name}" in My puzzles: ${storageMessage(e)}` };
    }
  }

  private async changed(): Promise<void> {
    this.channel?.postMessage('changed');
    await this.refresh();
  }

  private emit(): void {
    for (const cb of this.listeners) {
      try {
        cb();
      } catch (e) {
        console.error(e);
      }
    }
  }
}
