// The puzzle menu: My puzzles (kept in this browser), the library grouped by kind, and one
// "Your puzzle" entry for a document from elsewhere that is not kept (yet); and the address:
// `?puzzle=ID` for a library puzzle, `?my=ID` for one of My puzzles.
import { findEntry, groupLibrary, library, type LibraryEntry } from '../library/library';
import { h } from './dom';

/** One of My puzzles as the menu lists it (mine/records.ts keeps more). */
export interface MinePuzzleEntry {
  id: string;
  name: string;
  /** packing, edge-matching, snake; shown as the option's tooltip. */
  kind?: string | null;
}

/** Option values of My puzzles: never a library id. */
const MINE = 'mine:';

/** The puzzle a first visit shows. */
export function defaultEntry(): LibraryEntry | undefined {
  return findEntry('pentomino-8x8-centre') ?? library()[0];
}

export class LibraryPicker {
  private readonly custom = h('optgroup', { label: 'Your puzzle' });
  private readonly mine = h('optgroup', { label: 'My puzzles' });

  constructor(private readonly select: HTMLSelectElement, onPick: (entry: LibraryEntry) => void, onPickMine: (id: string) => void) {
    select.replaceChildren(
      ...groupLibrary(library()).map((g) => h('optgroup', { label: g.label }, ...g.entries.map((e) => h('option', { value: e.id, text: e.name })))),
    );
    select.addEventListener('change', () => {
      if (select.value.startsWith(MINE)) return onPickMine(select.value.slice(MINE.length));
      const entry = findEntry(select.value);
      if (entry) onPick(entry);
    });
  }

  /**
   * The entry `?puzzle=` names (else a default), and the name asked for when it is not in the
   * library; none when the address names one of My puzzles (`mine`), which open later.
   */
  initial(): { entry: LibraryEntry | undefined; missing: string | null; mine: string | null } {
    const query = new URLSearchParams(location.search);
    const mine = query.get('my');
    if (mine) return { entry: undefined, missing: null, mine };
    const wanted = query.get('puzzle');
    const named = wanted ? findEntry(wanted) : undefined;
    return {
      entry: named ?? defaultEntry(),
      missing: wanted && !named ? wanted : null,
      mine: null,
    };
  }

  /** Selects a library entry; `updateUrl` records it as `?puzzle=` (replacing, not pushing, history). */
  showEntry(entry: LibraryEntry, updateUrl: boolean): void {
    this.custom.remove();
    this.select.value = entry.id;
    if (updateUrl) this.setQuery('puzzle', entry.id);
  }

  /** Shows a puzzle from elsewhere under "Your puzzle"; the address no longer names a puzzle. */
  showCustom(name: string): void {
    this.custom.replaceChildren(h('option', { value: '', text: name }));
    this.select.prepend(this.custom);
    this.select.value = '';
    this.setQuery(null, null);
  }

  /** Selects one of My puzzles (listed by setMine, or listed as soon as it is). */
  showMine(id: string, name: string): void {
    this.custom.remove();
    this.ensureMineOption(id, name);
    this.select.value = MINE + id;
    this.setQuery('my', id);
  }

  /** Lists My puzzles (newest first); `current` stays selected. */
  setMine(entries: readonly MinePuzzleEntry[], current: string | null): void {
    const selected = this.select.value;
    const selectedText = this.select.selectedOptions[0]?.text ?? '';
    this.mine.replaceChildren(...entries.map((e) => h('option', { value: MINE + e.id, text: e.name, title: e.kind ?? '' })));
    if (current) this.ensureMineOption(current, selectedText);
    if (this.mine.children.length) {
      if (this.mine.parentNode !== this.select) this.select.insertBefore(this.mine, this.custom.parentNode ? this.custom.nextSibling : this.select.firstChild);
    } else this.mine.remove();
    // Rebuilding the options must not change what the menu shows.
    if ([...this.select.options].some((o) => o.value === selected)) this.select.value = selected;
  }

  setBusy(busy: boolean): void {
    this.select.setAttribute('aria-busy', String(busy));
  }

  /** A puzzle just kept may be shown before the list that holds it arrives. */
  private ensureMineOption(id: string, name: string): void {
    const option = [...this.mine.children].find((o) => (o as HTMLOptionElement).value === MINE + id);
    if (!option) this.mine.prepend(h('option', { value: MINE + id, text: name }));
    if (this.mine.parentNode !== this.select) this.select.insertBefore(this.mine, this.select.firstChild);
  }

  private setQuery(key: 'puzzle' | 'my' | null, id: string | null): void {
    const url = new URL(location.href);
    const before = url.search;
    url.searchParams.delete('puzzle');
    url.searchParams.delete('my');
    if (key && id !== null) url.searchParams.set(key, id);
    if (url.search !== before) history.replaceState(history.state, '', url);
  }
}
