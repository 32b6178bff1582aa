// The one DOM helper of the page, the editor and the share dialog. Text only ever goes in as
// textContent or a property, never as markup, so names and notes from documents stay text.

type Child = Node | string | null | false | undefined;
type Props = Record<string, unknown>;

/**
 * Creates an element: `on*` functions become listeners, `text` the text content, `value`,
 * `checked` and `disabled` properties, `class` the class name; other keys attributes
 * (`true` for a bare attribute; `undefined`, `null` and `false` leave it out).
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...kids: Child[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'text') e.textContent = String(v);
    else if (k === 'value') (e as HTMLInputElement).value = String(v);
    else if (k === 'checked' || k === 'disabled') (e as HTMLInputElement)[k] = true;
    else if (k === 'class') e.className = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids) if (kid !== null && kid !== false && kid !== undefined) e.append(kid);
  return e;
}

/** The element with `data-testid="id"` under `root`; the page's markup promises it. */
export function byTestId<T extends HTMLElement = HTMLElement>(root: ParentNode, id: string): T {
  const e = root.querySelector<T>(`[data-testid="${id}"]`);
  if (!e) throw new Error(`page is missing [data-testid=${id}]`);
  return e;
}

/**
 * Sets `e`'s text unless it is already that: the counters are written many times a second, and
 * writing even the same text replaces the text node, which has the page lay out and paint again.
 */
export function setText(e: HTMLElement, text: string): void {
  if (e.textContent !== text) e.textContent = text;
}
