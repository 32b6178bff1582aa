// My puzzles on the page: the "My puzzles" group of the puzzle menu, Rename / Delete, files kept
// as they open, links kept when the user asks (Keep), `?my=ID` in the address, the editor's
// autosave, and what closed tabs left in their journals.
import type { PuzzleChange } from '../ui/app';
import type { MinePuzzleEntry } from '../ui/library-picker';
import { isShareFragment } from '../share/codec';
import type { PuzzleReader } from '../worker/puzzle-reader';
import type { EditorSource } from '../editor/shell';
import { EditorAutosave, type EditedDocument, type SaveState } from './autosave';
import { openIndexedDb } from './db';
import { holdTabLock, Journal, recoverJournals } from './journal';
import { MineControls } from './mine-controls';
import { MyPuzzles } from './my-puzzles';
import { newId, type MyPuzzle, type Origin } from './records';
import { localStore } from '../storage/local-store';

export interface MineApi {
  loadPuzzleText(text: string, opts: { sourceName?: string; mineId?: string | null }): void;
  markMine(id: string | null, name: string): void;
  setMyPuzzles(entries: readonly MinePuzzleEntry[]): void;
  onMinePicked(cb: (id: string) => void): () => void;
  onPuzzleChanged(cb: (c: PuzzleChange) => void): () => void;
  currentSource(): { sourceName: string; libraryId: string | null; mineId: string | null };
  currentPuzzleText(): string;
  openLibraryPuzzle(id?: string): void;
  puzzleReader(): Promise<PuzzleReader>;
}

export interface MineHandle {
  readonly mine: MyPuzzles;
  /**
   * Opens a document from a link or a file on the page (then calls `opened`). A file is kept once
   * the solver accepts it, under the name the solver reads in it; a link is kept only when the
   * user presses Keep (a link is often looked at once, and keeping each silently filled the
   * storage), unless the same document is kept already, which it then is on the page.
   */
  openDocument(text: string, name: string, origin: Origin, opened?: () => void): Promise<void>;
  /** Where the puzzle on the page comes from, for the editor. */
  pageSource(): EditorSource;
  /** Saves the editor's document as the user edits it; `show` gets the state to display. */
  autosave(editor: EditedDocument, show: (s: SaveState) => void): EditorAutosave;
}

export function installMyPuzzles(slot: HTMLElement, api: MineApi): MineHandle {
  const mine = new MyPuzzles({ open: openIndexedDb });
  let removed: MyPuzzle | null = null;
  /** The page's puzzle is (or is no longer, with null) the record `id`. */
  const markMine = (id: string | null, name: string) => {
    api.markMine(id, name);
    controls.showFor(id ? name : null);
  };
  const current = () => {
    const id = api.currentSource().mineId;
    return id ? mine.get(id) : undefined;
  };
  /** The page's document came from a link and is not kept: what Keep keeps. */
  let offered: { text: string; name: string } | null = null;
  const controls = new MineControls(slot, {
    async keep() {
      if (!offered || api.currentPuzzleText() !== offered.text) return 'this puzzle is no longer on the page';
      // Cleared before the write: the store's change event (the menu gaining the puzzle) can come
      // before the write resolves, and must not offer Keep again.
      const kept = offered;
      offered = null;
      const r = await mine.keep(kept.text, kept.name, 'link');
      if (!r.ok) {
        offered = kept;
        return r.error;
      }
      if (api.currentPuzzleText() === (await mine.fresh(r.record.id))?.text) markMine(r.record.id, r.record.name);
      return null;
    },
    async rename(name) {
      const rec = current();
      if (!rec) return 'this puzzle is not in My puzzles';
      const r = await mine.rename(rec.id, name);
      if (r.ok && api.currentSource().mineId === rec.id) markMine(rec.id, r.record.name);
      return r.ok ? null : r.error;
    },
    async remove() {
      const rec = current();
      if (!rec) return 'this puzzle is not in My puzzles';
      const r = await mine.remove(rec.id);
      if (!r.ok) return r.error;
      removed = r.record;
      // The puzzle stays on the page, no longer kept.
      if (api.currentSource().mineId === rec.id) markMine(null, rec.name);
      controls.say(`Deleted "${rec.name}" from My puzzles.`, removed !== null);
      return null;
    },
    async undoRemove() {
      if (!removed) return null;
      const r = await mine.restore(removed);
      if (!r.ok) return r.error;
      if (api.currentPuzzleText() === removed.text && !api.currentSource().mineId) markMine(removed.id, removed.name);
      removed = null;
      return null;
    },
  });

  const showControls = () => {
    controls.showFor(current()?.name ?? null);
    if (offered && (api.currentPuzzleText() !== offered.text || api.currentSource().mineId)) offered = null;
    controls.offerKeep(offered !== null);
  };
  mine.onChange(() => {
    // Deleted in another tab: the puzzle stays on this page, no longer kept.
    const shown = api.currentSource();
    if (shown.mineId && !mine.get(shown.mineId)) api.markMine(null, shown.sourceName);
    api.setMyPuzzles(mine.list);
    showControls();
    if (mine.unavailable) controls.say(`My puzzles are kept only while this tab is open: ${mine.unavailable}.`);
    else if (mine.damaged) controls.say(`${mine.damaged} saved puzzle${mine.damaged === 1 ? ' is' : 's are'} damaged and left out of My puzzles.`);
  });
  api.onPuzzleChanged(() => showControls());
  api.onMinePicked(async (id) => {
    // The document is read now, not with the list.
    const rec = await mine.fresh(id);
    if (rec) api.loadPuzzleText(rec.text, { sourceName: rec.name, mineId: rec.id });
    else controls.say('That puzzle is no longer in My puzzles, or its document is damaged (deleted in another tab?).');
  });

  // `?my=ID`: the puzzle the address names, once My puzzles are read (a share link wins).
  const wanted = new URLSearchParams(location.search).get('my');
  if (wanted && !isShareFragment(location.hash)) {
    void mine.ready.then(async () => {
      const rec = await mine.fresh(wanted);
      if (rec) return api.loadPuzzleText(rec.text, { sourceName: rec.name, mineId: rec.id });
      controls.say('The puzzle this address names is not in My puzzles of this browser.');
      api.openLibraryPuzzle();
    });
  }

  const journals = localStore();
  const tab = newId();
  void holdTabLock(tab)
    .then(() => mine.ready)
    .then(() => recoverJournals(journals, mine))
    .then((n) => {
      if (n) controls.say(`Recovered ${n} puzzle${n === 1 ? '' : 's'} edited in a tab that closed before saving: see My puzzles.`);
    });

  return {
    mine,
    async openDocument(text, name, origin, opened) {
      api.loadPuzzleText(text, { sourceName: name });
      opened?.();
      const read = await (await api.puzzleReader()).describe(text);
      if (!read.ok) return; // the page shows the solver's message; nothing worth keeping
      const onPage = () => api.currentPuzzleText() === text && !api.currentSource().mineId;
      if (origin === 'link') {
        const kept = await mine.find(text);
        if (!onPage()) return;
        if (kept) return markMine(kept.id, kept.name);
        offered = { text, name: read.puzzle.name || name };
        return showControls();
      }
      const r = await mine.keep(text, read.puzzle.name || name, origin);
      if (!r.ok) return controls.say(`${r.error}. The puzzle stays open on this page.`);
      if (onPage()) markMine(r.record.id, r.record.name);
    },
    pageSource() {
      const rec = current();
      return { origin: 'page', mineId: rec?.id ?? null, revision: rec?.revision ?? null };
    },
    autosave(editor, show) {
      const saver = new EditorAutosave(editor, mine, new Journal(journals, tab), (state) => show(state));
      const flush = () => void saver.flush();
      window.addEventListener('pagehide', flush);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') flush();
      });
      return saver;
    },
  };
}
