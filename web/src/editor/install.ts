// Mounts the editor: an "Edit" button in #editor-slot opening a side panel. The editor reads
// documents with the page's reader and hands them to the page to solve; files come in through
// the page's file reader (files/), edits are saved by My puzzles (mine/autosave.ts).
import './editor.css';
import { h } from '../ui/dom';
import type { PuzzleReader } from '../worker/puzzle-reader';
import { importDocument, newDocument } from './edits';
import { PuzzleEditor, type EditorOptions, type EditorSource } from './shell';

export interface EditorApi {
  loadPuzzleText(text: string, opts: { sourceName?: string; mineId?: string | null }): void;
  solve(): void;
  currentPuzzleText(): string;
  puzzleReader(): Promise<PuzzleReader>;
}

export interface EditorHooks extends Pick<EditorOptions, 'openFile' | 'exportXmpuzzle'> {
  /** Where the puzzle on the page comes from, for edits of it to be saved to the right place. */
  pageSource(): EditorSource;
}

export interface EditorHandle {
  editor: PuzzleEditor;
  /** The drawer's title bar, for status that belongs to the editor (saved or not). */
  head: HTMLElement;
  isOpen(): boolean;
  open(): void;
  /** Opens the editor on a file (drag and drop while it is open). */
  importFile(f: File): Promise<void>;
}

export function installEditor(slot: HTMLElement, api: EditorApi, hooks: EditorHooks): EditorHandle {
  let seeded = false;
  const reader: PuzzleReader = {
    describe: async (text) => (await api.puzzleReader()).describe(text),
    place: async (text, placements) => (await api.puzzleReader()).place(text, placements),
    placements: async (text, piece) => (await api.puzzleReader()).placements(text, piece),
    disassemble: async (text, solution, signal) => (await api.puzzleReader()).disassemble(text, solution, signal),
  };
  const editor = new PuzzleEditor({
    reader,
    openFile: hooks.openFile,
    exportXmpuzzle: hooks.exportXmpuzzle,
    solve: (text) => {
      const name = typeof editor.doc.name === 'string' && editor.doc.name ? editor.doc.name.slice(0, 80) : 'puzzle';
      api.loadPuzzleText(text, { sourceName: editor.source.mineId ? name : `${name} (edited)`, mineId: editor.source.mineId });
      close();
      api.solve();
    },
  }, newDocument('packing'));

  const head = h('div', { class: 'pw-editor-head' },
    h('h2', { text: 'Editor', tabindex: -1 }),
    h('button', { type: 'button', 'data-testid': 'editor-from-page', onclick: () => seedFromPage() }, 'Edit the puzzle on the page'),
    h('button', { type: 'button', 'data-testid': 'editor-close', onclick: () => close() }, 'Close'));
  const drawer = h('aside', { class: 'pw-editor-drawer', hidden: true, 'aria-label': 'Editor' }, head, editor.element);
  document.body.append(drawer);
  const button = h('button', { type: 'button', 'data-testid': 'edit', 'aria-expanded': 'false', text: 'Edit' });
  slot.append(button);

  function seedFromPage(first = false) {
    const text = api.currentPuzzleText();
    if (!text) return;
    try {
      const doc = importDocument(text);
      if (first) editor.reset(doc, hooks.pageSource());
      else editor.load(doc, hooks.pageSource());
    } catch { /* a puzzle the editor cannot open stays on the page only */ }
  }
  function openDrawer() {
    if (!seeded) {
      seeded = true;
      seedFromPage(true);
    }
    drawer.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    // Keyboard and screen-reader users land in the panel that opened.
    drawer.querySelector<HTMLElement>('h2')?.focus();
  }
  function close() {
    const inside = drawer.contains(document.activeElement);
    drawer.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (inside) button.focus();
  }
  button.addEventListener('click', () => (drawer.hidden ? openDrawer() : close()));
  drawer.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !e.defaultPrevented) close();
  });

  return {
    editor,
    head,
    isOpen: () => !drawer.hidden,
    open: openDrawer,
    async importFile(f) {
      seeded = true;
      openDrawer();
      await editor.importFile(f);
    },
  };
}
