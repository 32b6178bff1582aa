// My puzzles over an in-memory database: the list holds summaries only (a document is read when
// opened, one at a time), keeping, de-duplicating, saving on top of a revision (a stale save
// becomes a copy, never an overwrite), renaming, deleting and undoing, damaged records,
// version 1's records upgraded, documents over the limit, a full storage and a browser that
// refuses storage; and
// the editor's journal, recovered when its tab closed before saving (once, however late it closed).
import { describe, expect, it } from 'vitest';
import type { EditorChange, EditorSource } from '../../web/src/editor/shell';
import { EditorAutosave } from '../../web/src/mine/autosave';
import { memoryDb, type PuzzleDb } from '../../web/src/mine/db';
import { Journal, recoverJournals } from '../../web/src/mine/journal';
import { MyPuzzles } from '../../web/src/mine/my-puzzles';
import { cleanName, documentKind, MAX_DOCUMENT_BYTES, readRecord, readSummary, textDigest, upgradeRecord } from '../../web/src/mine/records';

const make = (db: PuzzleDb = memoryDb()) => {
  let t = 1000;
  return new MyPuzzles({ open: async () => db, channel: false, now: () => t++ });
};

/** The documents of the list, read one by one as the page reads them when opened. */
const texts = async (mine: MyPuzzles) => Promise.all(mine.list.map(async (r) => (await mine.fresh(r.id))?.text));

class FakeStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
}

describe('My puzzles', () => {
  it('keeps a document once, newest first', async () => {
    const mine = make();
    const a = await mine.keep('{"a":1}', 'A', 'link');
    const b = await mine.keep('{"b":1}', 'B', 'imported');
    const again = await mine.keep('{"a":1}', 'A again', 'link');
    expect(a.ok && again.ok && again.record.id === a.record.id).toBe(true);
    expect(mine.list.map((r) => r.name)).toEqual(['B', 'A']);
    expect(b.ok && b.record.origin).toBe('imported');
  });

  it('saves on top of a revision, and a stale save from another tab becomes a copy', async () => {
    const db = memoryDb();
    const tabA = make(db);
    const tabB = make(db);
    const first = await tabA.save(null, 'v1', 'Puzzle', 'edited', null);
    if (!first.ok) throw new Error(first.error);
    const id = first.record.id;
    const a2 = await tabA.save(id, 'v2 from A', 'Puzzle', 'edited', first.record.revision);
    expect(a2.ok && !a2.conflict && a2.record.revision).toBe(2);
    // Tab B still works from revision 1.
    const b2 = await tabB.save(id, 'v2 from B', 'Puzzle', 'edited', first.record.revision);
    expect(b2.ok && b2.conflict).toBe(true);
    await tabA.refresh();
    expect((await texts(tabA)).sort()).toEqual(['v2 from A', 'v2 from B']);
    expect(tabA.list.find((r) => r.digest === textDigest('v2 from B'))?.name).toBe("Puzzle (this tab's copy)");
  });

  it('saves a record that another tab deleted meanwhile again', async () => {
    const mine = make();
    const r = await mine.save(null, 'x', 'X', 'edited', null);
    if (!r.ok) throw new Error(r.error);
    await mine.remove(r.record.id);
    const again = await mine.save(r.record.id, 'x2', 'X', 'edited', r.record.revision);
    expect(again.ok && !again.conflict && (await texts(mine))).toEqual(['x2']);
  });

  it('renames (and saving the document then keeps the chosen name), deletes, undoes', async () => {
    const mine = make();
    const r = await mine.save(null, 'x', 'Doc name', 'edited', null);
    if (!r.ok) throw new Error(r.error);
    const renamed = await mine.rename(r.record.id, '  My   favourite\n');
    expect(renamed.ok && renamed.record.name).toBe('My favourite');
    const saved = await mine.save(r.record.id, 'y', 'Doc name', 'edited', renamed.ok ? renamed.record.revision : 0);
    expect(saved.ok && saved.record.name).toBe('My favourite');
    const removed = await mine.remove(r.record.id);
    expect(removed.ok && mine.list.length).toBe(0);
    if (removed.ok && removed.record) await mine.restore(removed.record);
    expect(mine.list.map((p) => p.name)).toEqual(['My favourite']);
    expect(await texts(mine)).toEqual(['y']);
  });

  it('leaves damaged records out and counts them', async () => {
    const db = memoryDb();
    db.summaryRecords.set('bad1', { id: 'bad1', text: 42 });
    db.summaryRecords.set('bad2', 'not a record');
    const mine = make(db);
    await mine.ready;
    await mine.keep('{"ok":1}', 'Fine', 'link');
    expect(mine.list.map((r) => r.name)).toEqual(['Fine']);
    expect(mine.damaged).toBe(2);
    expect(db.summaryRecords.has('bad1')).toBe(true);
  });

  it('lists summaries only, reads a document when asked, and finds a document kept before by reading that one', async () => {
    const db = memoryDb();
    const mine = make(db);
    const big = (n: number) => `{"format":"piecewise/1","kind":"snake","name":"P${n}"}${' '.repeat(100_000)}`;
    for (let i = 0; i < 5; i++) await mine.keep(big(i), `P${i}`, 'imported');
    expect(mine.list).toHaveLength(5);
    expect(JSON.stringify(mine.list).length).toBeLessThan(2000);
    expect(mine.list.every((r) => !('text' in r) && r.kind === 'snake')).toBe(true);
    const reads: string[] = [];
    const get = db.get.bind(db);
    db.get = async (id) => (reads.push(id), get(id));
    const again = await mine.keep(big(3), 'P3 again', 'link');
    expect(again.ok && again.record.name).toBe('P3');
    expect(reads).toEqual([again.ok ? again.record.id : '']);
    expect(await mine.find('{"kept":"never"}')).toBeUndefined();
  });

  it('leaves out a document that is not its summary\'s (damaged), and deletes it without an undo', async () => {
    const db = memoryDb();
    const mine = make(db);
    const r = await mine.keep('{"a":1}', 'A', 'imported');
    if (!r.ok) throw new Error(r.error);
    db.documents.set(r.record.id, '{"a":2}');
    expect(await mine.fresh(r.record.id)).toBeUndefined();
    const removed = await mine.remove(r.record.id);
    expect(removed.ok && removed.record).toBeNull();
    expect(mine.list).toHaveLength(0);
  });

  it('refuses a document over the solver limit without touching storage', async () => {
    const db = memoryDb();
    const mine = make(db);
    const r = await mine.keep('x'.repeat(MAX_DOCUMENT_BYTES + 1), 'Huge', 'imported');
    expect(!r.ok && r.error).toMatch(/more than the solver's 4 MiB limit/);
    expect(db.summaryRecords.size + db.documents.size).toBe(0);
  });

  it('says so when the storage is full', async () => {
    const db = memoryDb();
    db.put = async () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    const mine = make(db);
    const r = await mine.keep('{}', 'P', 'link');
    expect(!r.ok && r.error).toBe(`could not keep "P" in My puzzles: the browser's storage for this site is full`);
  });

  it('keeps puzzles in the tab when the browser refuses storage', async () => {
    const mine = new MyPuzzles({ open: async () => { throw new DOMException('no', 'SecurityError'); }, channel: false });
    await mine.ready;
    expect(mine.unavailable).toMatch(/does not let this page store data/);
    const r = await mine.keep('{}', 'P', 'link');
    expect(r.ok && mine.list.length).toBe(1);
  });

  it('checks records read back and cleans names', () => {
    const summary = { id: 'a', name: 'n', origin: 'edited', created: 1, updated: 2, revision: 3, kind: 'packing', digest: textDigest('t') };
    expect(readRecord(summary, 't')?.named).toBe(false);
    expect(readRecord(summary, 'not t')).toBeNull();
    expect(readSummary({ ...summary, origin: 'elsewhere' })).toBeNull();
    expect(readSummary({ ...summary, digest: undefined })).toBeNull();
    expect(readRecord(null, 't')).toBeNull();
    expect(cleanName('')).toBe('Untitled puzzle');
    expect([...cleanName('é'.repeat(500))].length).toBe(120);
  });
});

describe("version 1's records", () => {
  it('become a summary and a document, with the kind and digest of the document; damaged ones stay damaged', () => {
    const text = '{"format":"piecewise/1","name":"S","kind":"edge-matching","notes":"\\"kind\\": \\"snake\\""}';
    const v1 = { id: 'a', name: ' S ', named: true, text, origin: 'link', created: 1, updated: 2, revision: 4 };
    const r = upgradeRecord(v1);
    expect(r).toEqual({ id: 'a', name: 'S', named: true, text, origin: 'link', created: 1, updated: 2, revision: 4, kind: 'edge-matching', digest: textDigest(text) });
    expect(upgradeRecord({ ...v1, text: 42 })).toBeNull();
    expect(upgradeRecord({ ...v1, revision: 'x' })).toBeNull();
    expect(documentKind('{"kind":"other"}')).toBeNull();
  });
});

describe('the editor journal', () => {
  it('recovers what a closed tab left, once, and leaves what is already saved', async () => {
    const storage = new FakeStorage();
    const mine = make();
    const saved = await mine.save(null, 'saved text', 'S', 'edited', null);
    if (!saved.ok) throw new Error(saved.error);
    new Journal(storage, 'tab1').write({ id: null, revision: null, text: 'never saved', name: 'New one', origin: 'edited', at: 1 });
    new Journal(storage, 'tab2').write({ id: saved.record.id, revision: saved.record.revision, text: 'saved text', name: 'S', origin: 'edited', at: 1 });
    new Journal(storage, 'tab3').write({ id: saved.record.id, revision: saved.record.revision, text: 'edited after', name: 'S', origin: 'edited', at: 1 });
    expect(await recoverJournals(storage, mine)).toBe(2);
    expect((await texts(mine)).sort()).toEqual(['edited after', 'never saved']);
    expect(storage.length).toBe(0);
    expect(await recoverJournals(storage, mine)).toBe(0);
  });

  it('names the record a new document will be saved as, so a tab closed after the save but before clearing its journal leaves no second copy', async () => {
    const storage = new FakeStorage();
    const mine = make();
    let text = '{"name":"New"}';
    const listeners: ((why: EditorChange) => void)[] = [];
    const editor = {
      get doc() { return JSON.parse(text); },
      source: { origin: 'new', mineId: null, revision: null } as EditorSource,
      text: () => text,
      onChange: (cb: (why: EditorChange) => void) => (listeners.push(cb), () => {}),
    };
    const saver = new EditorAutosave(editor, mine, new Journal(storage, 'tab1'), () => {});
    text = '{"name":"New!"}';
    for (const cb of listeners) cb('edit');
    const left = storage.getItem(storage.key(0)!);
    expect(JSON.parse(left!).id).toEqual(expect.any(String));
    await saver.flush();
    expect(mine.list.map((r) => r.id)).toEqual([JSON.parse(left!).id]);
    expect(await texts(mine)).toEqual([text]);
    // The tab closed between the save and the journal's clearing.
    storage.setItem('piecewise:journal:tab1', left!);
    expect(await recoverJournals(storage, mine)).toBe(0);
    expect(mine.list).toHaveLength(1);
  });

  it('skips documents too large for localStorage and survives a full one', () => {
    const full = new FakeStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(new Journal(full, 't').write({ id: null, revision: null, text: 'x', name: 'n', origin: 'edited', at: 0 })).toBe(false);
    expect(new Journal(new FakeStorage(), 't').write({ id: null, revision: null, text: 'x'.repeat(2_000_000), name: 'n', origin: 'edited', at: 0 })).toBe(false);
  });
});
