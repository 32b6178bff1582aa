// The edge-matching panel: grid size, the matching rule, border and face rules, and the tiles
// (name, four edge labels clockwise from the top, face, count).
import { h } from '../../ui/dom';
import { addTile, duplicateItem, getCount, removeItem, setCount, setDistinct, setTileEdge, type Doc } from '../edits';
import { bind, checkbox, flag, numberField, textField } from '../fields';
import type { EditorContext, KindPanel } from './context';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

export class EdgePanel implements KindPanel {
  constructor(private readonly ctx: EditorContext) {}

  described(): void {}

  render(): HTMLElement {
    const { ctx } = this;
    const d = ctx.doc;
    const tiles = Array.isArray(d.tiles) ? (d.tiles as Doc[]) : [];
    const distinct = Array.isArray(d.distinct) ? d.distinct : [];
    const match = h('select', { 'data-testid': 'editor-match', 'data-key': 'match' },
      h('option', { value: 'same' }, 'same label'), h('option', { value: 'complement' }, 'complement (X+ meets X-)'));
    match.value = d.match === 'complement' ? 'complement' : 'same';
    match.addEventListener('change', () => ctx.set(['match'], match.value));
    return h('div', { class: 'pw-editor-edge' },
      h('div', { class: 'pw-editor-row' },
        numberField('Rows', Number(d.rows) || 1, (n) => ctx.set(['rows'], n), 'editor-rows', 'rows', 1),
        numberField('Columns', Number(d.cols) || 1, (n) => ctx.set(['cols'], n), 'editor-cols', 'cols', 1),
        h('label', {}, 'Match ', match),
        flag(ctx, 'Rotations', ['rotations'], 'editor-rotations', 'yes'),
        textField(ctx, 'Border label', ['border'], 'editor-border', { optional: true, size: 8 }),
        checkbox('distinct faces per row', distinct.includes('row'), 'editor-distinct-row', (v) => ctx.update(setDistinct(ctx.doc, v, distinct.includes('column')))),
        checkbox('per column', distinct.includes('column'), 'editor-distinct-column', (v) => ctx.update(setDistinct(ctx.doc, distinct.includes('row'), v)))),
      h('p', { class: 'pw-editor-hint', text: `${tiles.length} tile entries for ${(Number(d.rows) || 0) * (Number(d.cols) || 0)} board squares; edges clockwise from the top.` }),
      // Scrolls sideways on its own on a narrow screen, the page does not.
      h('div', { class: 'pw-table-scroll' }, h('table', { class: 'pw-editor-tiles' },
        h('thead', {}, h('tr', {}, ...['name', 'top', 'right', 'bottom', 'left', 'face', 'count'].map((c) => h('th', { text: c })),
          h('th', {}, h('span', { class: 'pw-visually-hidden', text: 'actions' })))),
        h('tbody', {}, ...tiles.map((t, i) => this.tileRow(t, i))))),
      h('button', { type: 'button', 'data-testid': 'editor-add-tile', onclick: () => ctx.update(addTile(ctx.doc)) }, 'Add tile'));
  }

  private tileRow(t: Doc, i: number): HTMLElement {
    const { ctx } = this;
    const edges = Array.isArray(t.edges) ? t.edges : [];
    const count = getCount(ctx.doc, 'tiles', i);
    const text = (value: string, key: string, label: string, on: (v: string) => void, testid?: string) =>
      h('td', {}, bind(ctx, h('input', { type: 'text', size: 7, value, 'data-key': key, 'data-testid': testid, 'aria-label': label }), on));
    return h('tr', { 'data-testid': `editor-tile-${i}` },
      text(typeof t.name === 'string' ? t.name : '', `tiles.${i}.name`, `tile ${i + 1} name`,
        (v) => ctx.set(['tiles', i, 'name'], v === '' ? undefined : v, `tiles.${i}.name`)),
      ...SIDES.map((side, s) => text(String(edges[s] ?? ''), `tiles.${i}.${side}`, `tile ${i + 1} ${side} edge`,
        (v) => ctx.update(setTileEdge(ctx.doc, i, s as 0 | 1 | 2 | 3, v), `tiles.${i}.${side}`), `editor-tile-${i}-${side}`)),
      text(typeof t.face === 'string' ? t.face : '', `tiles.${i}.face`, `tile ${i + 1} face`,
        (v) => ctx.set(['tiles', i, 'face'], v === '' ? undefined : v, `tiles.${i}.face`)),
      h('td', {}, numberField('', typeof count === 'number' ? count : 1, (n) => ctx.update(setCount(ctx.doc, 'tiles', i, n)), `editor-tile-${i}-count`, `tiles.${i}.count`, 1, `tile ${i + 1} count`)),
      h('td', { class: 'pw-nowrap' },
        h('button', { type: 'button', 'aria-label': `Duplicate tile ${i + 1}`, onclick: () => ctx.update(duplicateItem(ctx.doc, 'tiles', i)) }, 'Duplicate'),
        h('button', { type: 'button', 'aria-label': `Remove tile ${i + 1}`, onclick: () => ctx.update(removeItem(ctx.doc, 'tiles', i)) }, 'Remove')));
  }
}
