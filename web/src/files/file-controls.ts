// The page's file controls (#files-slot): Import… (a piecewise/1 document or a BurrTools
// .xmpuzzle, decided by content), Export (the puzzle on the page as .puzzle.json or .xmpuzzle),
// and dropping a file anywhere on the page. Messages are one line of text.
import { h } from '../ui/dom';

export interface FileControlsActions {
  /** Opens a file chosen or dropped. */
  open(file: File): void;
  exportJson(): string | null;
  /** Resolves to null when saved, else the reason. */
  exportXmpuzzle(): Promise<string | null>;
}

export interface FileControls {
  /** Shows a one-line message (empty: none). */
  say(text: string): void;
}

export function installFileControls(slot: HTMLElement, actions: FileControlsActions): FileControls {
  const input = h('input', { type: 'file', accept: '.json,.xmpuzzle,.xml,application/json', 'data-testid': 'file-import-input', hidden: true });
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    input.value = '';
    if (f) actions.open(f);
  });
  const importButton = h('button', {
    type: 'button', 'data-testid': 'file-import', title: 'Open a .puzzle.json or a BurrTools .xmpuzzle file (or drop one on the page)',
    onclick: () => input.click(),
  }, 'Import…');
  const message = h('p', { class: 'pw-file-message', 'data-testid': 'file-message', role: 'alert', hidden: true });
  const say = (text: string) => {
    message.textContent = text;
    message.hidden = text === '';
  };
  const exportButton = h('button', { type: 'button', 'data-testid': 'file-export', 'aria-expanded': 'false', 'aria-controls': 'pw-export-menu' }, 'Export');
  const menu = h('div', { id: 'pw-export-menu', class: 'pw-popover', hidden: true, role: 'group', 'aria-label': 'Export the puzzle' },
    h('button', { type: 'button', 'data-testid': 'file-export-json', onclick: () => done(actions.exportJson()) }, 'Puzzle file (.puzzle.json)'),
    h('button', { type: 'button', 'data-testid': 'file-export-xmpuzzle', onclick: async () => done(await actions.exportXmpuzzle()) }, 'BurrTools (.xmpuzzle)'));
  const toggle = (open: boolean) => {
    menu.hidden = !open;
    exportButton.setAttribute('aria-expanded', String(open));
  };
  const done = (why: string | null) => {
    say(why ?? '');
    toggle(false);
    exportButton.focus();
  };
  exportButton.addEventListener('click', () => toggle(menu.hidden === true));
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    toggle(false);
    exportButton.focus();
  });
  document.addEventListener('click', (e) => {
    if (!menu.hidden && !menu.contains(e.target as Node) && e.target !== exportButton) toggle(false);
  });
  slot.append(importButton, input, h('span', { class: 'pw-popover-anchor' }, exportButton, menu), message);
  return { say };
}

/** Drag and drop of a file anywhere on the page. */
export function installDrop(onFile: (f: File) => void): void {
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
    onFile(f);
  });
}
