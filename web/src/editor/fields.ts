// Form fields bound to the document being edited, shared by the kinds' panels. Values are only
// ever set as properties, never as markup.
import { h } from '../ui/dom';
import { getIn, type PathKey } from './edits';
import type { EditorContext } from './panels/context';

/** Calls `on` with the field's value on every `event`; leaving the field ends its undo step. */
export function bind<T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  ctx: EditorContext, el: T, on: (v: string) => void, event = 'input',
): T {
  el.addEventListener(event, () => on(el.value));
  el.addEventListener('blur', () => ctx.seal());
  return el;
}

/** A text field for the string at `path`; `optional` removes the key when emptied. */
export function textField(ctx: EditorContext, label: string, path: PathKey[], testid: string, opts: { optional?: boolean; size?: number } = {}): HTMLElement {
  const v = getIn(ctx.doc, path);
  const key = path.join('.');
  const input = bind(ctx, h('input', { type: 'text', 'data-key': key, 'data-testid': testid, value: typeof v === 'string' ? v : '', size: opts.size }),
    (val) => ctx.set(path, opts.optional && val === '' ? undefined : val, key));
  return h('label', {}, `${label} `, input);
}

/** A whole-number field; `on` gets only values of at least `min`. */
export function numberField(label: string, value: number, on: (n: number) => void, testid: string, key: string, min = 0, name?: string): HTMLElement {
  // `name` is what a screen reader says where the caption alone is too short or absent (a table cell).
  const input = h('input', { type: 'number', min, step: 1, value, 'data-key': key, 'data-testid': testid, class: 'pw-num', 'aria-label': name });
  input.addEventListener('change', () => {
    const n = Number(input.value);
    if (Number.isInteger(n) && n >= min) on(n);
  });
  return h('label', {}, `${label} `, input);
}

/** A default/yes/no switch for an optional boolean (absent = the format's default, named by `defaultText`). */
export function flag(ctx: EditorContext, label: string, path: PathKey[], testid: string, defaultText: string): HTMLElement {
  const v = getIn(ctx.doc, path);
  const select = h('select', { 'data-key': path.join('.'), 'data-testid': testid },
    h('option', { value: '' }, `default (${defaultText})`), h('option', { value: 'true' }, 'yes'), h('option', { value: 'false' }, 'no'));
  select.value = v === true ? 'true' : v === false ? 'false' : '';
  select.addEventListener('change', () => ctx.set(path, select.value === '' ? undefined : select.value === 'true'));
  return h('label', {}, `${label} `, select);
}

/** A checkbox calling `set` with its state. */
export function checkbox(label: string, on: boolean, testid: string, set: (v: boolean) => void): HTMLElement {
  const c = h('input', { type: 'checkbox', checked: on, 'data-testid': testid });
  c.addEventListener('change', () => set(c.checked));
  return h('label', {}, c, ` ${label}`);
}
