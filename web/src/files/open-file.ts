// Opening a puzzle file, whatever its kind: read as bytes, handed to the solver's reader (which
// decides by content: a piecewise/1 document or a BurrTools .xmpuzzle), and for a BurrTools file
// with several problems, the user's pick. Used by Import… and drag and drop, on the page and in
// the editor.
import type { XmpuzzleProblem } from '../solver/module';
import type { FileClient, Outcome } from './file-client';

/** The solver's own document limit; a real .xmpuzzle file is a few kB. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface OpenedPuzzle {
  text: string;
  /** The file's name without its extension: names a converted puzzle. */
  title: string;
  fileName: string;
  /** What a conversion ignored, one line each. */
  notes: string[];
  format: 'piecewise' | 'xmpuzzle';
}

/** Asks the user for one of a file's problems (1-based); null when they cancel. */
export type PickProblem = (fileName: string, problems: XmpuzzleProblem[]) => Promise<number | null>;

/** `soma.puzzle.json` → `soma`, `AlPackino.xmpuzzle` → `AlPackino`. */
export function fileTitle(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  return base.replace(/(\.puzzle)?\.(json|xmpuzzle|xml|gz)$/i, '').replace(/\.puzzle$/i, '') || base || 'puzzle';
}

/** The file's puzzle, or the one-line reason it cannot be opened; null when the user cancelled. */
export async function openPuzzleFile(file: File, client: FileClient, pick: PickProblem): Promise<Outcome<OpenedPuzzle> | null> {
  const name = file.name || 'file';
  const fail = (why: string): Outcome<OpenedPuzzle> => ({ ok: false, error: `${name}: ${why}` });
  if (file.size > MAX_FILE_BYTES) return fail(`${file.size} bytes, larger than the solver's 4 MiB limit`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    return fail(`cannot be read (${(e as Error).message || 'the browser refused'})`);
  }
  if (!bytes.length) return fail('the file is empty');
  const title = fileTitle(name);
  let opened = await client.open(bytes, title);
  if (opened.ok && opened.value.kind === 'problems') {
    const problem = await pick(name, opened.value.problems);
    if (problem === null) return null;
    opened = await client.importProblem(bytes, problem, title);
  }
  if (!opened.ok) return fail(opened.error);
  const doc = opened.value;
  if (doc.kind !== 'document') return fail('the solver gave no document');
  return { ok: true, value: { text: doc.text, title, fileName: name, notes: doc.notes, format: doc.format } };
}
