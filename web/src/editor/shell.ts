// The editor's shell: toolbar (new, undo/redo, import, export, solve), name and notes, the
// status line with the solver's verdict, and the panel of the document's kind. Every edit
// commits a new immutable document to the history and re-renders the panel (focus is restored
// by data-key); the solver reads the document (debounced) and the panel hears what it read.
import type { Outcome } from '../files/file-client';
import type { OpenedPuzzle } from '../files/open-file';
import type { PuzzleDescription } from '../solver/description';
import { h } from '../ui/dom';
import { download } from '../ui/download';
import type { PuzzleReader } from '../worker/puzzle-reader';
import { exportDocument, fileNameFor, importDocument, newDocument, setField, type Doc, type Json, type Kind, type PathKey } from './edits';
import { bind, textField } from './fields';
import { canRedo, canUndo, commit, createHistory, redo, seal, undo, type History } from './history';
import type { EditorContext, KindPanel } from './panels/context';
import { EdgePanel } from './panels/edge';
import { PackingPanel } from './panels/packing';
import { SnakePanel } from './panels/snake';
import { PreviewSlot } from './preview-slot';

export interface EditorOptions {
  /** The solver's reader of documents (the page's, shared). */
  reader: PuzzleReader;
  /** Hands the document to the page and solves it. */
  solve: (text: string) => void;
  /** Reads a file as a document (piecewise/1 or BurrTools); null when the user cancelled. */
  openFile: (file: File) => Promise<Outcome<OpenedPuzzle> | null>;
  /** Saves the document as a BurrTools file, or says why it cannot. */
  exportXmpuzzle: (text: string, name: string) => Promise<string | null>;
}

/** Where the document being edited came from: My puzzles save edits back to `mineId`. */
export interface EditorSource {
  origin: 'new' | 'page' | 'import';
  /** The record of My puzzles it was opened from, and its revision then. */
  mineId: string | null;
  revision: number | null;
}

export type EditorChange = 'edit' | 'load';

export class PuzzleEditor {
  readonly element: HTMLElement;
  private history: History;
  private readonly body = h('div', { class: 'pw-editor-body' });
  private readonly status = h('p', { class: 'pw-editor-status', 'data-testid': 'editor-status', role: 'status' });
  private readonly undoBtn: HTMLButtonElement;
  private readonly redoBtn: HTMLButtonElement;
  private readonly preview = new PreviewSlot();
  private readonly panels: Record<Kind, KindPanel>;
  private readonly ctx: EditorContext;
  private describeTimer: ReturnType<typeof setTimeout> | undefined;
  private describeSeq = 0;
  private description: PuzzleDescription | null = null;
  /** The last verdict: null when the solver accepts the document, else its message. */
  lastError: string | null | undefined = undefined;
  source: EditorSource = { origin: 'new', mineId: null, revision: null };
  private readonly changeListeners = new Set<(why: EditorChange) => void>();

  constructor(private readonly opts: EditorOptions, doc: Doc = newDocument('packing')) {
    this.history = createHistory(doc);
    const editor = this;
    this.ctx = {
      get doc() { return editor.doc; },
      get description() { return editor.description; },
      update: (d, key = null) => this.update(d, key),
      set: (path, value, key = null) => this.set(path, value, key),
      updateQuietly: (d, key) => this.updateQuietly(d, key),
      seal: () => (this.history = seal(this.history)),
      rerender: () => this.render(),
      describeNow: () => this.describeNow(),
      placements: (piece) => this.opts.reader.placements(this.text(), piece),
      fail: (message) => this.fail(message),
      preview: this.preview,
    };
    this.panels = { packing: new PackingPanel(this.ctx), 'edge-matching': new EdgePanel(this.ctx), snake: new SnakePanel(this.ctx) };
    this.undoBtn = h('button', { type: 'button', 'data-testid': 'editor-undo', title: 'Undo (Ctrl+Z)', onclick: () => this.undo() }, 'Undo');
    this.redoBtn = h('button', { type: 'button', 'data-testid': 'editor-redo', title: 'Redo (Ctrl+Shift+Z)', onclick: () => this.redo() }, 'Redo');
    const fileInput = h('input', { type: 'file', accept: '.json,.xmpuzzle,.xml,application/json', 'data-testid': 'editor-import', hidden: true });
    fileInput.addEventListener('change', () => {
      const f = fileInput.files?.[0];
      if (f) void this.importFile(f);
      fileInput.value = '';
    });
    const newKind = h('select', { 'data-testid': 'editor-new-kind', 'aria-label': 'New puzzle kind' },
      h('option', { value: '' }, 'New…'), h('option', { value: 'packing' }, 'Packing'),
      h('option', { value: 'edge-matching' }, 'Edge matching'), h('option', { value: 'snake' }, 'Snake'));
    newKind.addEventListener('change', () => {
      if (newKind.value) this.load(newDocument(newKind.value as Kind), { origin: 'new', mineId: null, revision: null });
      newKind.value = '';
    });
    this.element = h('section', { class: 'pw-editor', 'data-testid': 'editor', 'aria-label': 'Puzzle editor' },
      h('div', { class: 'pw-editor-toolbar' },
        newKind, this.undoBtn, this.redoBtn,
        h('button', { type: 'button', 'data-testid': 'editor-import-button', onclick: () => fileInput.click() }, 'Import…'), fileInput,
        h('button', { type: 'button', 'data-testid': 'editor-export', onclick: () => this.exportFile() }, 'Export'),
        h('button', { type: 'button', 'data-testid': 'editor-export-xmpuzzle', title: 'Save as a BurrTools .xmpuzzle file', onclick: () => void this.exportBurrTools() }, 'Export .xmpuzzle'),
        h('button', { type: 'button', 'data-testid': 'editor-solve', class: 'pw-primary', onclick: () => this.opts.solve(this.text()) }, 'Solve')),
      this.status, this.body);
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    this.render();
  }

  get doc(): Doc {
    return this.history.present;
  }

  /** Something was edited or imported since the page opened (a reload would lose it). */
  hasEdits(): boolean {
    return canUndo(this.history);
  }

  /** The document as exported (format text). */
  text(): string {
    return exportDocument(this.doc);
  }

  /** Opens `doc` from `source` as a new step (undo goes back to what was there). */
  load(doc: Doc, source: EditorSource): void {
    this.history = commit(seal(this.history), doc);
    this.source = source;
    this.render();
    this.changed('load');
  }

  /** Starts over on `doc` from `source`, with nothing to undo (the editor's first document). */
  reset(doc: Doc, source: EditorSource): void {
    this.history = createHistory(doc);
    this.source = source;
    this.render();
    this.changed('load');
  }

  /** Called after every change of the document: an edit, undo or redo ('edit'), load() or reset(). */
  onChange(cb: (why: EditorChange) => void): () => void {
    this.changeListeners.add(cb);
    return () => this.changeListeners.delete(cb);
  }

  /** Opens a document's text; returns null, or the one-line reason it cannot be opened. */
  importText(text: string, source: EditorSource = { origin: 'import', mineId: null, revision: null }): string | null {
    try {
      this.load(importDocument(text), source);
      return null;
    } catch (e) {
      return this.fail((e as Error).message);
    }
  }

  /** Opens a file (piecewise/1 or BurrTools); returns null, or the one-line reason it cannot be opened. */
  async importFile(f: File): Promise<string | null> {
    const opened = await this.opts.openFile(f);
    if (!opened) return null;
    return opened.ok ? this.importText(opened.value.text) : this.fail(opened.error);
  }

  exportFile(): void {
    download(new Blob([this.text()], { type: 'application/json' }), fileNameFor(this.doc));
  }

  private async exportBurrTools(): Promise<void> {
    const why = await this.opts.exportXmpuzzle(this.text(), typeof this.doc.name === 'string' ? this.doc.name : '');
    if (why) this.fail(why);
  }

  undo(): void {
    this.history = undo(this.history);
    this.render();
    this.changed('edit');
  }

  redo(): void {
    this.history = redo(this.history);
    this.render();
    this.changed('edit');
  }

  dispose(): void {
    clearTimeout(this.describeTimer);
    this.preview.dispose();
  }

  private fail(message: string): string {
    this.status.textContent = message;
    this.status.dataset.state = 'error';
    return message;
  }

  private onKey(e: KeyboardEvent): void {
    if (!(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) this.undo();
    else if ((k === 'z' && e.shiftKey) || k === 'y') this.redo();
    else return;
    e.preventDefault();
  }

  private update(doc: Doc, key: string | null): void {
    this.history = commit(key === null ? seal(this.history) : this.history, doc, key);
    this.render();
    this.changed('edit');
  }

  private set(path: PathKey[], value: Json | undefined, key: string | null): void {
    this.update(setField(this.doc, path, value), key);
  }

  private updateQuietly(doc: Doc, key: string): void {
    this.history = commit(this.history, doc, key);
    this.undoBtn.disabled = !canUndo(this.history);
    this.redoBtn.disabled = !canRedo(this.history);
    this.scheduleDescribe();
    this.changed('edit');
  }

  private changed(why: EditorChange): void {
    for (const cb of this.changeListeners) {
      try {
        cb(why);
      } catch (e) {
        console.error(e);
      }
    }
  }

  private render(): void {
    const active = document.activeElement as HTMLElement | null;
    const focusKey = active && this.element.contains(active) ? active.dataset.key : undefined;
    const sel = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? [active.selectionStart, active.selectionEnd] : null;

    this.undoBtn.disabled = !canUndo(this.history);
    this.redoBtn.disabled = !canRedo(this.history);
    this.description = null;
    const d = this.doc;
    const common = h('div', { class: 'pw-editor-row' },
      textField(this.ctx, 'Name', ['name'], 'editor-name'),
      h('label', {}, 'Kind ', h('output', { 'data-testid': 'editor-kind', text: String(d.kind) })));
    const notes = h('label', { class: 'pw-editor-notes' }, 'Notes ',
      bind(this.ctx, h('textarea', { rows: 2, 'data-key': 'notes', 'data-testid': 'editor-notes', value: typeof d.notes === 'string' ? d.notes : '' }),
        (v) => this.set(['notes'], v === '' ? undefined : v, 'notes')));
    this.body.replaceChildren(common, notes, this.panel().render());

    if (focusKey) {
      const again = this.body.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) {
        again.focus();
        if (sel && (again instanceof HTMLInputElement || again instanceof HTMLTextAreaElement)) {
          try {
            again.setSelectionRange(sel[0], sel[1]);
          } catch { /* number inputs have no selection */ }
        }
      }
    }
    this.scheduleDescribe();
  }

  private panel(): KindPanel {
    const kind = this.doc.kind as Kind;
    return this.panels[kind] ?? this.panels.packing;
  }

  // ---- the solver's verdict ----------------------------------------------------------------------

  private scheduleDescribe(): void {
    clearTimeout(this.describeTimer);
    ++this.describeSeq;
    this.description = null;
    this.status.dataset.state = 'checking';
    this.describeTimer = setTimeout(() => void this.describeNow(), 250);
  }

  private async describeNow(): Promise<PuzzleDescription | null> {
    clearTimeout(this.describeTimer);
    const seq = ++this.describeSeq;
    const result = await this.opts.reader.describe(this.text());
    if (seq !== this.describeSeq) return null;
    this.lastError = result.ok ? null : result.error;
    this.description = result.ok ? result.puzzle : null;
    const unsolvable = await this.panel().described(this.description);
    if (seq !== this.describeSeq) return null;
    this.status.textContent = result.ok ? (unsolvable || `Valid ${result.puzzle.kind} puzzle.`) : result.error;
    this.status.dataset.state = result.ok ? (unsolvable ? 'warn' : 'ok') : 'error';
    return this.description;
  }
}
