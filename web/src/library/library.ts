// The puzzle library: every puzzles/*.puzzle.json, bundled into the page at build time.
import type { PuzzleKind } from '../protocol/messages';
import { expectedCounts, readPuzzle } from '../model/document';

export interface LibraryEntry {
  /** File name without `.puzzle.json`; what `?puzzle=` names. */
  id: string;
  name: string;
  kind: PuzzleKind | 'unknown';
  description: string;
  expected: { solutions: number; unique: number } | null;
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

/** Builds entries from `{ path: text }` (any path ending in NAME.puzzle.json). Pure; tested. */
export function buildLibrary(files: Record<string, string>): LibraryEntry[] {
  const out: LibraryEntry[] = [];
  for (const [path, text] of Object.entries(files)) {
    const m = /([^/\\]+)\.puzzle\.json$/.exec(path);
    if (!m) continue;
    const id = m[1]!;
    const r = readPuzzle(text);
    if (r.ok) {
      out.push({
        id,
        name: r.puzzle.name,
        kind: r.puzzle.kind,
        description: r.puzzle.notes,
        expected: expectedCounts(r.puzzle.notes),
        text,
      });
    } else {
      out.push({ id, name: id, kind: 'unknown', description: r.error, expected: null, text });
    }
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
