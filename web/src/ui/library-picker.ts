// The puzzle menu: the library grouped by kind, plus one "Your puzzle" entry for a document
// that came from elsewhere (a share link, the editor, a file); and `?puzzle=ID` in the address.
import { findEntry, groupLibrary, library, type LibraryEntry } from '../library/library';
import { h } from './dom';

export class LibraryPicker {
  private readonly custom = h('optgroup', { label: 'Your puzzle' });

  constructor(private readonly select: HTMLSelectElement, onPick: (entry: LibraryEntry) => void) {
    select.replaceChildren(
      ...groupLibrary(library()).map((g) => h('optgroup', { label: g.label }, ...g.entries.map((e) => h('option', { value: e.id, text: e.name })))),
    );
    select.addEventListener('change', () => {
      const entry = findEntry(select.value);
      if (entry) onPick(entry);
    });
  }

  /** The entry `?puzzle=` names (else a default), and the name asked for when it is not in the library. */
  initial(): { entry: LibraryEntry | undefined; missing: string | null } {
    const wanted = new URLSearchParams(location.search).get('puzzle');
    const named = wanted ? findEntry(wanted) : undefined;
    return {
      entry: named ?? findEntry('pentomino-8x8-centre') ?? library()[0],
      missing: wanted && !named ? wanted : null,
    };
  }

  /** Selects a library entry; `updateUrl` records it as `?puzzle=` (replacing, not pushing, history). */
  showEntry(entry: LibraryEntry, updateUrl: boolean): void {
    this.custom.remove();
    this.select.value = entry.id;
    if (updateUrl) this.setQuery(entry.id);
  }

  /** Shows a puzzle from elsewhere under "Your puzzle"; the address no longer names a library puzzle. */
  showCustom(name: string): void {
    this.custom.replaceChildren(h('option', { value: '', text: name }));
    this.select.prepend(this.custom);
    this.select.value = '';
    if (new URL(location.href).searchParams.has('puzzle')) this.setQuery(null);
  }

  setBusy(busy: boolean): void {
    this.select.setAttribute('aria-busy', String(busy));
  }

  private setQuery(id: string | null): void {
    const url = new URL(location.href);
    if (id === null) url.searchParams.delete('puzzle');
    else url.searchParams.set('puzzle', id);
    history.replaceState(history.state, '', url);
  }
}
