// What a conversion ignored, shown under the puzzle's description until another puzzle opens:
// "Imported from AlPackino.xmpuzzle" and one line per note.
import { h } from '../ui/dom';
import type { OpenedPuzzle } from './open-file';

export class ImportNotes {
  readonly element = h('div', { class: 'pw-import-notes', 'data-testid': 'import-notes', role: 'status', hidden: true });

  show(p: OpenedPuzzle): void {
    const what = p.format === 'xmpuzzle' ? 'BurrTools file' : 'file';
    this.element.replaceChildren(h('p', { text: `Imported from the ${what} ${p.fileName}.` }));
    if (p.notes.length) this.element.append(h('p', { text: 'Notes on the conversion:' }), h('ul', {}, ...p.notes.map((n) => h('li', { text: n }))));
    this.element.append(h('button', { type: 'button', 'data-testid': 'import-notes-close', onclick: () => this.clear() }, 'OK'));
    this.element.hidden = false;
  }

  clear(): void {
    this.element.hidden = true;
    this.element.replaceChildren();
  }
}
