// Mounts the editor: an "Edit" button in #editor-slot opening a side panel, drag and drop of
// .puzzle.json files onto the page, and validation through the solver worker when available.
import './editor.css';
import { importDocument, newDocument } from './model';
import { PuzzleEditor } from './ui';

export interface EditorApi {
  loadPuzzleText(text: string, opts: { sourceName?: string }): void;
  currentPuzzleText(): string;
}

export function installEditor(slot: HTMLElement, api: EditorApi, validate: (text: string) => Promise<string | null>): PuzzleEditor {
  let seeded = false;
  const editor = new PuzzleEditor({
    validate,
    solve: (text) => {
      let name = 'edited puzzle';
      try {
        name = `${String(JSON.parse(text).name).slice(0, 80)} (edited)`;
      } catch { /* the solver will say what is wrong */ }
      api.loadPuzzleText(text, { sourceName: name });
      close();
      document.querySelector<HTMLButtonElement>('[data-testid="solve"]')?.click();
    },
  }, newDocument('packing'));

  const drawer = document.createElement('aside');
  drawer.className = 'pw-editor-drawer';
  drawer.hidden = true;
  const closeBtn = document.createElement('button');
  closeBtn.type = 'button';
  closeBtn.textContent = 'Close';
  closeBtn.dataset.testid = 'editor-close';
  closeBtn.addEventListener('click', () => close());
  const fromPage = document.createElement('button');
  fromPage.type = 'button';
  fromPage.textContent = 'Edit the puzzle on the page';
  fromPage.dataset.testid = 'editor-from-page';
  fromPage.addEventListener('click', () => seedFromPage());
  const head = document.createElement('div');
  head.className = 'pw-editor-head';
  const title = document.createElement('h2');
  title.textContent = 'Editor';
  head.append(title, fromPage, closeBtn);
  drawer.append(head, editor.element);
  document.body.append(drawer);

  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.testid = 'edit';
  button.textContent = 'Edit';
  button.setAttribute('aria-expanded', 'false');
  slot.append(button);

  function seedFromPage() {
    const text = api.currentPuzzleText();
    if (!text) return;
    try {
      editor.load(importDocument(text));
    } catch { /* a puzzle the editor cannot read stays on the page only */ }
  }
  function openDrawer() {
    if (!seeded) {
      seeded = true;
      seedFromPage();
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
