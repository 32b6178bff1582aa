// Where the puzzle on the page came from, under its description until another puzzle opens:
// "Imported from the BurrTools file AlPackino.xmpuzzle". What the conversion left out is in the
// puzzle's own notes (under "More notes"), so it is not listed a second time here.
import { h } from '../ui/dom';
import type { OpenedPuzzle } from './open-file';

export class ImportNotes {
  readonly element = h('div', { class: 'pw-import-notes', 'data-testid': 'import-notes', role: 'status', hidden: true });

  show(p: OpenedPuzzle): void {
    const what = p.format === 'xmpuzzle' ? 'BurrTools file' : 'file';
    this.element.replaceChildren(h('p', { text: `Imported from the ${what} ${p.fileName}.` }));
    if (p.notes.length) this.element.append(h('p', { text: `${p.notes.length} ${p.notes.length === 1 ? 'note' : 'notes'} on what the conversion left out: see More notes above.` }));
    this.element.append(h('button', { type: 'button', 'data-testid': 'import-notes-close', onclick: () => this.clear() }, 'OK'));
    this.element.hidden = false;
  }

  clear(): void {
    this.element.hidden = true;
    this.element.replaceChildren();
  }
}
