// The packing panel's choice of grid: a select of the grids the editor offers (and the
// document's own, if it is another), and the line that says what the last change did to the
// cells, shown while the document stays on that grid (undo takes it off).
import type { GridName } from '../../solver/description';
import { h } from '../../ui/dom';
import { documentGrid, gridChoicesFor, switchGrid } from '../grid-switch';
import type { EditorContext } from './context';

export class GridChooser {
  private switched: { grid: GridName; said: string } | null = null;

  constructor(private readonly ctx: EditorContext) {}

  /** The labelled select; a change is one edit of the document. */
  select(): HTMLElement {
    const current = documentGrid(this.ctx.doc);
    const select = h('select', { 'data-testid': 'editor-grid', 'data-key': 'grid' }, ...gridChoicesFor(current).map((c) => h('option', { value: c.grid }, c.label)));
    select.value = current;
    select.addEventListener('change', () => {
      const grid = select.value as GridName;
      const { doc, said } = switchGrid(this.ctx.doc, grid);
      this.switched = { grid, said };
      this.ctx.update(doc);
    });
    return h('label', {}, 'Grid ', select);
  }

  /** What the last change did, or null. */
  note(): HTMLElement | null {
    if (this.switched?.grid !== documentGrid(this.ctx.doc)) return null;
    return h('p', { class: 'pw-editor-explain', 'data-testid': 'editor-grid-said', role: 'status' }, this.switched.said);
  }
}
