// The puzzle library: every puzzles/*.puzzle.json, bundled into the page at build time. Only
// the menu's labels (name and kind) are taken from the files here; what a puzzle means, its
// notes and expected counts come from the solver's description when it is opened.
import type { PuzzleKind } from '../protocol/messages';

export interface LibraryEntry {
  /** File name without `.puzzle.json`; what `?puzzle=` names. */
  id: string;
  name: string;
  kind: PuzzleKind | 'unknown';
  text: string;
}

export interface LibraryGroup {
  kind: LibraryEntry['kind'];
  label: string;
  entries: LibraryEntry[];
}

const KIND_ORDER: LibraryEntry['kind'][] = ['packing', 'edge-matching', 'snake', 'unknown'];
const KIND_LABEL: Record<LibraryEntry['kind'], string> = {
  packing: 'Packing',
  'edge-matching': 'Edge matching',
  snake: 'Snake cubes',
  unknown: 'Other',
};

/** The name and kind a file claims, for the menu; 'unknown' when it claims no known kind. */
function menuLabel(text: string): { name: string | null; kind: LibraryEntry['kind'] } {
  try {
    const doc = JSON.parse(text) as { name?: unknown; kind?: unknown };
    const known = typeof doc.kind === 'string' && doc.kind !== 'unknown' && Object.hasOwn(KIND_LABEL, doc.kind);
    const kind = known ? (doc.kind as PuzzleKind) : 'unknown';
    return { name: typeof doc.name === 'string' && doc.name ? doc.name : null, kind };
  } catch {
    return { name: null, kind: 'unknown' };
  }
}

/** Builds entries from `{ path: text }` (any path ending in NAME.puzzle.json). Pure; tested. */
export function buildLibrary(files: Record<string, string>): LibraryEntry[] {
  const out: LibraryEntry[] = [];
  for (const [path, text] of Object.entries(files)) {
    const m = /([^/\\]+)\.puzzle\.json$/.exec(path);
    if (!m) continue;
    const id = m[1]!;
    const label = menuLabel(text);
    out.push({ id, name: label.name ?? id, kind: label.kind, text });
  }
  out.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return out;
}

/** Groups by kind, in a fixed kind order, names sorted inside a group; empty groups left out. */
export function groupLibrary(entries: LibraryEntry[]): LibraryGroup[] {
  return KIND_ORDER.map((kind) => ({
    kind,
    label: KIND_LABEL[kind],
    entries: entries.filter((e) => e.kind === kind),
  })).filter((g) => g.entries.length > 0);
}

let cached: LibraryEntry[] | null = null;

/** The bundled library (Vite inlines the files at build time). */
export function library(): LibraryEntry[] {
  if (!cached) {
    const files = import.meta.glob('../../../puzzles/*.puzzle.json', {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    cached = buildLibrary(files);
  }
  return cached;
}

export function findEntry(id: string): LibraryEntry | undefined {
  return library().find((e) => e.id === id);
}
