// The page's parts around the solver (web/src/main.ts calls this once): share links, the
// editor, files (import, export, drag and drop), My puzzles, and offline mode. Each part gets
// the page's API (ui/api.ts) and puts its controls into its slot of index.html.
import './editor/editor.css';
import './files/files.css';
import './mine/mine.css';
import { installEditor, type EditorApi } from './editor/install';
import { HintControl, type HintApi } from './hints/hint-control';
import { PictureBar, type PictureApi } from './pictures/picture-bar';
import './pictures/print.css';
import { FileClient } from './files/file-client';
import { installDrop, installFileControls } from './files/file-controls';
import { ImportNotes } from './files/import-notes';
import { openPuzzleFile } from './files/open-file';
import { pickProblem } from './files/problem-dialog';
import { installMyPuzzles, type MineApi } from './mine/install';
import { registerServiceWorker } from './offline/register';
import { installShare, type ShareApi } from './share/ui';
import type { PuzzleDescription } from './solver/description';
import { h } from './ui/dom';
import { download } from './ui/download';
import { fileStem } from './ui/file-name';
import { announceRuns } from './ui/run-announcer';
import { afterStartUp } from './ui/start-up';

export type PiecewiseApi = ShareApi & EditorApi & MineApi & HintApi & PictureApi & {
  currentStatus(): string;
  currentDescription(): PuzzleDescription | null;
};

const slot = (id: string): HTMLElement => document.getElementById(id) ?? document.body.appendChild(h('div', { id, class: 'slot' }));

export function installParts(api: PiecewiseApi): void {
  announceRuns();
  const files = new FileClient();
  const mine = installMyPuzzles(slot('mine-slot'), api);
  const notes = new ImportNotes();
  document.querySelector('[data-testid="expected"]')?.after(notes.element);
  api.onPuzzleChanged(() => notes.clear());

  const openFile = (f: File) => openPuzzleFile(f, files, pickProblem);
  const stem = () => fileStem(api.currentDescription()?.name ?? api.currentSource().sourceName);
  const exportXmpuzzle = async (text: string, name: string): Promise<string | null> => {
    const r = await files.exportXmpuzzle(text);
    if (!r.ok) return r.error;
    download(new Blob([r.value as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), `${fileStem(name)}.xmpuzzle`);
    return null;
  };

  const editor = installEditor(slot('editor-slot'), api, { openFile, exportXmpuzzle, pageSource: () => mine.pageSource() });
  const saveState = h('span', { class: 'pw-save-state', 'data-testid': 'editor-saved', role: 'status' });
  editor.head.append(saveState);
  mine.autosave(editor.editor, (s) => {
    saveState.dataset.state = s.state;
    saveState.textContent = s.state === 'saved' ? 'Saved in My puzzles' : s.state === 'pending' ? 'Saving…' : 'message' in s ? s.message : '';
  });

  const fileControls = installFileControls(slot('files-slot'), {
    open: (f) => void openOnPage(f),
    exportJson() {
      const text = api.currentPuzzleText();
      if (!text) return 'No puzzle is open.';
      download(new Blob([text], { type: 'application/json' }), `${stem()}.puzzle.json`);
      return null;
    },
    exportXmpuzzle: () => {
      const text = api.currentPuzzleText();
      return text ? exportXmpuzzle(text, stem()) : Promise.resolve('No puzzle is open.');
    },
  });
  async function openOnPage(f: File): Promise<void> {
    const r = await openFile(f);
    if (!r) return;
    if (!r.ok) return fileControls.say(r.error);
    fileControls.say('');
    await mine.openDocument(r.value.text, r.value.title, 'imported', () => notes.show(r.value));
  }
  // A file dropped while the editor is open goes to the editor, else to the page.
  installDrop((f) => void (editor.isOpen() ? editor.importFile(f) : openOnPage(f)));

  // Under the drawing: hints and pictures.
  const hints = new HintControl(api);
  const pictures = new PictureBar(api, () => hints.revealed);
  const view = document.querySelector('[data-testid="view"]');
  view?.after(h('div', { class: 'view-actions', role: 'group', 'aria-label': 'Hints and pictures' }, hints.element, pictures.element));
  if (view) new MutationObserver(() => pictures.refresh()).observe(view, { childList: true });
  pictures.refresh();

  installShare(slot('share-slot'), { ...api, loadPuzzleText: (text, opts) => void mine.openDocument(text, opts.sourceName ?? 'shared puzzle', 'link') });

  // A reload loses nothing when no run has started since the puzzle was opened from the address
  // (a library puzzle, or one of My puzzles) and the editor holds no edits. Registered once the
  // puzzle is drawn and the solver ready, and the page has gone a while without a run
  // (ui/start-up.ts): a first visit's worker stores every file of the site (both .wasm builds,
  // three.js), which would take a core and the network from the start-up, or from a run started
  // at once.
  void afterStartUp().then(() => registerServiceWorker({
    reloadLosesNothing: () => {
      const source = api.currentSource();
      return api.currentStatus() === 'idle' && (source.libraryId !== null || source.mineId !== null) && !editor.editor.hasEdits();
    },
  }));
}
