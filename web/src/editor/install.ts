// Mounts the editor: an "Edit" button in #editor-slot opening a side panel, and drag and drop
// of .puzzle.json files onto the page. The editor reads documents with the page's reader and
// hands them to the page to solve.
import './editor.css';
import { h } from '../ui/dom';
import type { PuzzleReader } from '../worker/puzzle-reader';
import { importDocument, newDocument } from './edits';
import { PuzzleEditor } from './shell';

export interface EditorApi {
  loadPuzzleText(text: string, opts: { sourceName?: string }): void;
  solve(): void;
  currentPuzzleText(): string;
  puzzleReader(): Promise<PuzzleReader>;
}

export function installEditor(slot: HTMLElement, api: EditorApi): PuzzleEditor {
  let seeded = false;
  const reader: PuzzleReader = { describe: async (text) => (await api.puzzleReader()).describe(text) };
  const editor = new PuzzleEditor({
    reader,
    solve: (text) => {
      const name = typeof editor.doc.name === 'string' && editor.doc.name ? editor.doc.name.slice(0, 80) : 'puzzle';
      api.loadPuzzleText(text, { sourceName: `${name} (edited)` });
      close();
      api.solve();
    },
  }, newDocument('packing'));

  const drawer = h('aside', { class: 'pw-editor-drawer', hidden: true },
    h('div', { class: 'pw-editor-head' },
      h('h2', { text: 'Editor' }),
      h('button', { type: 'button', 'data-testid': 'editor-from-page', onclick: () => seedFromPage() }, 'Edit the puzzle on the page'),
      h('button', { type: 'button', 'data-testid': 'editor-close', onclick: () => close() }, 'Close')),
    editor.element);
  document.body.append(drawer);
  const button = h('button', { type: 'button', 'data-testid': 'edit', 'aria-expanded': 'false', text: 'Edit' });
  slot.append(button);

  function seedFromPage(first = false) {
    const text = api.currentPuzzleText();
    if (!text) return;
    try {
      const doc = importDocument(text);
      if (first) editor.reset(doc);
      else editor.load(doc);
    } catch { /* a puzzle the editor cannot open stays on the page only */ }
  }
  function openDrawer() {
    if (!seeded) {
      seeded = true;
      seedFromPage(true);
    }
    drawer.hidden = false;
    button.setAttribute('aria-expanded', 'true');
  }
  function close() {
    drawer.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  }
  button.addEventListener('click', () => (drawer.hidden ? openDrawer() : close()));

  // Drag and drop a .puzzle.json anywhere on the page: it opens in the editor.
  const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
  window.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer!.dropEffect = 'copy';
    document.body.classList.add('pw-dropping');
  });
  window.addEventListener('dragleave', () => document.body.classList.remove('pw-dropping'));
  window.addEventListener('drop', (e) => {
    document.body.classList.remove('pw-dropping');
    const f = e.dataTransfer?.files?.[0];
    if (!f) return;
    e.preventDefault();
    seeded = true;
    openDrawer();
    void editor.importFile(f);
  });
  return editor;
}
