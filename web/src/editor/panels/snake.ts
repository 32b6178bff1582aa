// The snake panel: the box, and the chain as segments (cubes per straight run) or joints
// (E/S/C per cube), with the chain laid out straight in the preview. Cube counts and the
// conversions between the two forms come from the solver's reading of the chain.
import type { PuzzleDescription } from '../../solver/description';
import { SNAKE_WOOD } from '../../render/palette';
import { h } from '../../ui/dom';
import { parseSegments, setSnakeMode, straightChain } from '../edits';
import { bind, numberField } from '../fields';
import type { EditorContext, KindPanel } from './context';

export class SnakePanel implements KindPanel {
  private info: HTMLElement | null = null;

  constructor(private readonly ctx: EditorContext) {}

  render(): HTMLElement {
    const { ctx } = this;
    const d = ctx.doc;
    const box = Array.isArray(d.box) ? d.box.map(Number) : [1, 1, 1];
    const mode = typeof d.joints === 'string' ? 'joints' : 'segments';
    const modeSel = h('select', { 'data-testid': 'editor-snake-mode', 'data-key': 'snake-mode' },
      h('option', { value: 'segments' }, 'segments (cubes per straight run)'), h('option', { value: 'joints' }, 'joints (E/S/C per cube)'));
    modeSel.value = mode;
    modeSel.addEventListener('change', async () => {
      const wanted = modeSel.value as 'segments' | 'joints';
      const read = await ctx.describeNow();
      if (read?.kind === 'snake') ctx.update(setSnakeMode(ctx.doc, wanted, read.segments));
      else {
        modeSel.value = mode;
        ctx.fail('fix the chain first: the solver must read it to write it the other way');
      }
    });
    const value = mode === 'joints' ? String(d.joints) : Array.isArray(d.segments) ? d.segments.join(' ') : '';
    const input = bind(ctx, h('input', { type: 'text', size: 60, value, 'data-key': 'snake-chain', 'data-testid': 'editor-snake-chain' }), (v) => {
      if (mode === 'joints') ctx.set(['joints'], v.trim().toUpperCase(), 'snake-chain');
      else {
        const segs = parseSegments(v);
        if (segs) ctx.set(['segments'], segs, 'snake-chain');
        else ctx.fail('segments: write whole numbers separated by spaces or commas');
      }
    });
    this.info = h('p', { class: 'pw-editor-hint', 'data-testid': 'editor-snake-info' });
    const el = h('div', { class: 'pw-editor-snake' },
      h('div', { class: 'pw-editor-row' },
        ...['x', 'y', 'z'].map((axis, k) => numberField(`Box ${axis}`, box[k] ?? 1, (n) => ctx.set(['box'], box.map((b, j) => (j === k ? n : b))), `editor-box-${axis}`, `box.${k}`, 1))),
      h('div', { class: 'pw-editor-row' }, h('label', {}, 'Chain as ', modeSel)),
      h('label', { class: 'pw-editor-row' }, 'Chain ', input),
      this.info,
      ctx.preview.holder('The chain laid out straight (drag to turn)'));
    this.described(ctx.description);
    return el;
  }

  described(d: PuzzleDescription | null): void {
    if (!d || d.kind !== 'snake') {
      if (this.info) this.info.textContent = '';
      return;
    }
    if (this.info) this.info.textContent = `${d.cubes} cubes in the chain; the ${d.box.join(' × ')} box holds them.`;
    this.ctx.preview.show(straightChain(d.segments).map(([x, y, z], i) => ({ x, y, z, colour: SNAKE_WOOD[i % 2]! })));
  }
}
