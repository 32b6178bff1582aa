// The editor saves as you type: every edit goes to the journal at once (synchronous, survives a
// tab closed mid-edit) and to My puzzles shortly after (one save at a time, so revisions follow
// each other). Opening a document does not save it, except a file just imported; the first
// real edit of a library puzzle or a new document makes a new record.
import type { Doc } from '../editor/edits';
import type { EditorChange, EditorSource } from '../editor/shell';
import type { Journal } from './journal';
import type { MyPuzzles } from './my-puzzles';
import { newId, type MyPuzzleSummary, type Origin } from './records';

/** What the autosave needs of the editor. */
export interface EditedDocument {
  readonly doc: Doc;
  source: EditorSource;
  text(): string;
  onChange(cb: (why: EditorChange) => void): () => void;
}

export type SaveState = { state: 'idle' | 'pending' | 'saved' } | { state: 'error'; message: string } | { state: 'copied'; message: string };

const DELAY_MS = 400;

export class EditorAutosave {
  private id: string | null = null;
  /**
   * The id the first save of a new record will have, chosen at the first edit so that the journal
   * names it: a tab closed after that save but before it cleared its journal would otherwise
   * leave a journal that the next start saves as a second copy.
   */
  private newId: string | null = null;
  private revision: number | null = null;
  private origin: Origin = 'edited';
  /** The text as opened: not worth a record until it changes. */
  private pristine = '';
  /** The text last written to My puzzles. */
  private saved = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly editor: EditedDocument,
    private readonly mine: MyPuzzles,
    private readonly journal: Journal,
    /** Told about every save: the record, and the state to show. */
    private readonly report: (state: SaveState, record: MyPuzzleSummary | null) => void,
  ) {
    editor.onChange((why) => (why === 'load' ? this.opened() : this.edited()));
    this.opened();
  }

  /** Writes what is pending now (the page is being hidden or closed). */
  flush(): Promise<void> {
    if (this.timer === undefined) return this.queue;
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.enqueue();
  }

  private opened(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const s = this.editor.source;
    this.id = s.mineId;
    this.newId = null;
    this.revision = s.revision;
    this.origin = s.origin === 'import' ? 'imported' : 'edited';
    const text = this.editor.text();
    this.saved = s.mineId ? text : '';
    // A file just imported is kept at once; anything else when first changed.
    this.pristine = s.origin === 'import' ? '' : text;
    if (text !== this.pristine) this.edited();
    else this.report({ state: s.mineId ? 'saved' : 'idle' }, null);
  }

  private edited(): void {
    const text = this.editor.text();
    if (text === this.pristine && this.id === null) return;
    if (text === this.saved) return;
    this.journal.write({ id: this.recordId(), revision: this.revision, text, name: this.name(), origin: this.origin, at: Date.now() });
    this.report({ state: 'pending' }, null);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.enqueue();
    }, DELAY_MS);
  }

  private recordId(): string {
    return this.id ?? (this.newId ??= newId());
  }

  private name(): string {
    const n = this.editor.doc.name;
    return typeof n === 'string' ? n : '';
  }

  private enqueue(): Promise<void> {
    this.queue = this.queue.then(() => this.save());
    return this.queue;
  }

  private async save(): Promise<void> {
    const text = this.editor.text();
    if (text === this.saved) return;
    const r = await this.mine.save(this.recordId(), text, this.name(), this.origin, this.revision);
    if (!r.ok) {
      // The journal still holds the text; the next edit (or the next start) tries again.
      this.report({ state: 'error', message: r.error }, null);
      return;
    }
    this.id = r.record.id;
    this.revision = r.record.revision;
    this.saved = text;
    this.editor.source = { ...this.editor.source, mineId: r.record.id, revision: r.record.revision };
    const now = this.editor.text();
    if (now === text) this.journal.clear();
    else this.journal.write({ id: this.id, revision: this.revision, text: now, name: this.name(), origin: this.origin, at: Date.now() });
    this.report(
      r.conflict
        ? { state: 'copied', message: `Another tab changed this puzzle meanwhile: your version is kept as "${r.record.name}".` }
        : { state: 'saved' },
      r.record,
    );
  }
}
