// The puzzle's side of the page: its name and notes, the expected counts, and the drawing. What
// it shows comes from the solver's description of the document (the puzzle reader), never
// from reading the document here.
import type { DecodedSolution } from '../protocol/messages';
import type { PuzzleDescription, Vec3 } from '../solver/description';
import { createView, preloadViewFor, type PuzzleView } from '../render/view';
import { encodeSolution } from '../solver/solution-codec';
import type { PuzzleReader } from '../worker/puzzle-reader';
import { byTestId, h } from './dom';
import { digits } from './format';
import { splitNotes } from './notes-summary';

export class PuzzlePanel {
  private readonly el;
  private view: PuzzleView | null = null;
  /** Bumped by every show(): a slower, older reading never replaces a newer one. */
  private token = 0;
  /** The solution asked for last, drawn again when the view arrives after it. */
  private wanted: { solution: DecodedSolution | null; number: number } = { solution: null, number: 0 };
  // What the view shows now, so that asking for it again (a run's start and end) draws nothing:
  // a 3D frame costs a core for a while in software WebGL, which a run's workers need.
  private shownKey: string | null = null;
  /** The piece (tile type) picked out in the drawing, kept for the view that comes next. */
  private highlighted: number | null = null;
  /** Board presses and marked cells (pinning), kept for the view that comes next. */
  private pressing: { press: ((cell: Vec3) => void) | null; marked: readonly Vec3[] } = { press: null, marked: [] };
  description: PuzzleDescription | null = null;

  constructor(root: ParentNode, private readonly reader: PuzzleReader, private readonly onError: (message: string) => void) {
    this.el = { description: byTestId(root, 'description'), expected: byTestId(root, 'expected'), view: byTestId(root, 'view'),
      more: h('details', { class: 'more-notes', 'data-testid': 'description-more', hidden: true }) };
    this.el.description.after(this.el.more);
  }

  /** The name and the notes' summary; the rest of the notes collapsed under "More notes". */
  private describe(name: string, notes: string): void {
    const { summary, more } = splitNotes(notes);
    this.el.description.textContent = summary ? `${name}. ${summary}` : name;
    this.el.more.open = false;
    this.el.more.hidden = !more;
    this.el.more.replaceChildren(h('summary', { text: 'More notes' }), h('p', { class: 'more-notes-text', text: more }));
  }

  /**
   * Reads `text` with the solver and shows it with no solution; `name` labels it until the
   * description arrives. Resolves once the board is drawn (or could not be), to the description,
   * or null when the solver refused the document (its message goes to onError) or another show()
   * came first.
   */
  async show(text: string, name: string): Promise<PuzzleDescription | null> {
    const token = ++this.token;
    this.description = null;
    this.wanted = { solution: null, number: 0 };
    this.highlighted = null;
    this.pressing = { press: null, marked: [] };
    this.clearView();
    this.describe(name, '');
    this.setExpected(null);
    this.el.view.dataset.kind = '';
    this.el.view.setAttribute('aria-busy', 'true');
    preloadViewFor(text);
    // The first reading waits for the solver module: compiled by the page as it starts, and
    // sent to the reader's worker first (solver/shared-module.ts).
    this.el.view.append(h('p', { class: 'view-wait', text: 'Reading the puzzle…' }));
    const result = await this.reader.describe(text);
    if (token !== this.token) return null;
    this.el.view.removeAttribute('aria-busy');
    this.el.view.replaceChildren();
    if (!result.ok) {
      this.onError(result.error);
      return null;
    }
    const d = result.puzzle;
    this.description = d;
    const notes = (d.expected ? d.notes.replace(d.expected.sentence, '') : d.notes).trim();
    this.describe(d.name, notes);
    this.setExpected(d);
    this.el.view.dataset.kind = d.kind;
    try {
      const view = await createView(d, (sol, signal) => this.reader.disassemble(text, encodeSolution(sol), signal));
      if (token !== this.token) {
        view.dispose();
        return null;
      }
      this.view = view;
      this.shownKey = ''; // a new view shows the empty board
      this.el.view.append(view.element);
      view.highlight?.(this.highlighted);
      view.pressCells?.(this.pressing.press, this.pressing.marked);
      if (this.wanted.solution) this.draw(this.wanted.solution, this.wanted.number);
      // For latency figures: the board is on screen (after the solver has read the document), marked
      // in the first frame that shows it. A 3D view draws apart (once laid out, or in a worker): it
      // tells when, and what waits for the board (the tray's pictures, the run's preparation, both
      // a core's work) waits for that.
      const mark = () => {
        if (token === this.token) performance.mark('piecewise:puzzle-drawn');
      };
      if (view.drawn) {
        await view.drawn;
        mark();
      } else requestAnimationFrame(mark);
      if (token !== this.token) return null;
    } catch (e) {
      if (token !== this.token) return null;
      this.onError(`cannot draw this puzzle: ${(e as Error).message}`);
    }
    return d;
  }

  /** The drawing shown (null while the puzzle is read or when it could not be drawn). */
  get currentView(): PuzzleView | null {
    return this.view;
  }

  /** Draws `solution` (null: the empty board); `number` is its 1-based number, for tests and links. */
  draw(solution: DecodedSolution | null, number: number): void {
    this.wanted = { solution, number };
    if (!this.view) return;
    const key = solution ? JSON.stringify(solution) : '';
    if (key !== this.shownKey) this.view.show(solution);
    this.shownKey = key;
    this.el.view.dataset.solution = solution ? String(number) : '';
  }

  /** Picks out piece (or tile type) `index` in the drawing; null: none. */
  highlight(index: number | null): void {
    this.highlighted = index;
    this.view?.highlight?.(index);
  }

  /** Board cells pressed go to `press` (null: none); `marked` cells are outlined. */
  pressCells(press: ((cell: Vec3) => void) | null, marked: readonly Vec3[]): void {
    this.pressing = { press, marked };
    this.view?.pressCells?.(press, marked);
  }

  private clearView(): void {
    this.view?.dispose();
    this.view = null;
    this.shownKey = null;
    this.el.view.replaceChildren();
    this.el.view.dataset.solution = '';
  }

  private setExpected(d: PuzzleDescription | null): void {
    const e = this.el.expected;
    const exp = d?.expected ?? null;
    const solutions = exp && `${digits(exp.solutions)} solution${exp.solutions === '1' ? '' : 's'}`;
    e.textContent = exp ? `Expected: ${solutions}, ${digits(exp.unique)} unique` : d ? 'Expected counts: not given' : '';
    if (exp) {
      e.dataset.solutions = exp.solutions;
      e.dataset.unique = exp.unique;
    } else {
      delete e.dataset.solutions;
      delete e.dataset.unique;
    }
  }
}
