// The WASM module's BurrTools calls, as the page will use them: detect a dropped file,
// list its problems, import one as a piecewise/1 document, count it with a Session, and
// export a library puzzle back to .xmpuzzle bytes.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { puzzleText, solverModule } from './wasm-helpers';

const data = (name: string): Uint8Array => readFileSync(new URL(`../data/burrtools/${name}`, import.meta.url));

describe('BurrTools files in the WASM module', () => {
  it('detects .xmpuzzle by content', async () => {
    const m = await solverModule();
    expect(m.looksLikeXmpuzzle(data('soma-two-problems.xmpuzzle'))).toBe(true);
    expect(m.looksLikeXmpuzzle(data('frame-with-holes.xmpuzzle'))).toBe(true); // plain XML
    expect(m.looksLikeXmpuzzle(new TextEncoder().encode(puzzleText('soma')))).toBe(false);
  });

  it('lists problems and imports the one chosen', async () => {
    const m = await solverModule();
    const bytes = data('soma-two-problems.xmpuzzle');
    const listed = m.xmpuzzleProblems(bytes);
    expect(listed.error).toBeNull();
    expect(listed.problems.map((p) => [p.label, p.pieces, p.refusal])).toEqual([
      ['problem 1 "Cube"', 7, ''],
      ['problem 2 "Slab of V and L"', 10, ''],
    ]);
    expect(m.importXmpuzzle(bytes, '', 'soma').error).toMatch(/^the file has 2 problems: 1 "Cube", 2 "Slab of V and L"/);
    const imported = m.importXmpuzzle(bytes, '2', 'soma');
    expect(imported.error).toBeNull();
    expect(imported.notes.join('\n')).toContain('does not check that an assembly comes apart');
    const session = new m.Session(imported.document, '');
    expect(session.error()).toBe('');
    expect(session.begin('root', 0)).toBe('');
    while (!session.advanceCounting(1 << 20)) {}
    expect([session.solutionCount(), session.uniqueCount()]).toEqual([784, 57]); // burrTxt: 57 assemblies
    session.delete();
  });

  it('refuses other grids and damaged files in one line', async () => {
    const m = await solverModule();
    expect(m.importXmpuzzle(data('triangular-prisms.xmpuzzle'), '', 't').error).toBe(
      "xmpuzzle line 3: this puzzle uses BurrTools' triangular prism grid; piecewise solves the cube grid only",
    );
    const damaged = data('soma-two-problems.xmpuzzle').slice(0, 200);
    expect(m.xmpuzzleProblems(damaged).error).toMatch(/^gzip: deflate data: truncated/);
  });

  it('exports a packing puzzle that gzip reads and that imports back with the same counts', async () => {
    const m = await solverModule();
    const exported = m.exportXmpuzzle(puzzleText('soma'), true);
    expect(exported.error).toBeNull();
    expect(gunzipSync(exported.bytes).toString('utf8')).toContain('<problem name="Soma cube" state="0">');
    const back = m.importXmpuzzle(exported.bytes, '', 'soma');
    const session = new m.Session(back.document, '');
    expect(session.begin('root', 0)).toBe('');
    while (!session.advanceCounting(1 << 20)) {}
    expect([session.solutionCount(), session.uniqueCount()]).toEqual([11520, 240]);
    session.delete();
    expect(m.exportXmpuzzle(puzzleText('frogs'), true).error).toBe(
      'cannot write this puzzle as .xmpuzzle: it is an edge-matching puzzle, and BurrTools holds packing puzzles only',
    );
  });
});
