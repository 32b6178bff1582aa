// The WASM module's BurrTools calls, as the page uses them once the file is inflated
// (compression/gzip.ts; tests/web/file-requests.test.ts covers that edge): detect a file, list
// its problems, import one as a piecewise/1 document, count it with a Session, and export a
// library puzzle back to XML.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { puzzleText, solverModule } from './wasm-helpers';

const data = (name: string): Uint8Array => readFileSync(new URL(`../data/burrtools/${name}`, import.meta.url));
// A file's XML, as the page hands it to the module.
const xml = (name: string): Uint8Array => {
  const bytes = data(name);
  return bytes[0] === 0x1f ? new Uint8Array(gunzipSync(bytes)) : bytes;
};

describe('BurrTools files in the WASM module', () => {
  it('detects .xmpuzzle by content', async () => {
    const m = await solverModule();
    expect(m.looksLikeXmpuzzle(data('soma-two-problems.xmpuzzle'))).toBe(true);
    expect(m.looksLikeXmpuzzle(data('frame-with-holes.xmpuzzle'))).toBe(true); // plain XML
    expect(m.looksLikeXmpuzzle(new TextEncoder().encode(puzzleText('soma')))).toBe(false);
  });

  it('lists problems and imports the one chosen', async () => {
    const m = await solverModule();
    const bytes = xml('soma-two-problems.xmpuzzle');
    const listed = m.xmpuzzleProblems(bytes);
    expect(listed.error).toBeNull();
    expect(listed.problems.map((p) => [p.label, p.pieces, p.refusal])).toEqual([
      ['problem 1 "Cube"', 7, ''],
      ['problem 2 "Slab of V and L"', 10, ''],
    ]);
    expect(m.importXmpuzzle(bytes, '', 'soma').error).toMatch(/^the file has 2 problems: 1 "Cube", 2 "Slab of V and L"/);
    const imported = m.importXmpuzzle(bytes, '2', 'soma');
    expect(imported.error).toBeNull();
    expect(imported.notes.join('\n')).toContain('its solutions are the assemblies that come apart, as BurrTools\' are ("disassemble": true)');
    const session = new m.Session(imported.document, '');
    expect(session.error()).toBe('');
    expect(session.begin('root', 0)).toBe('');
    while (!session.advanceCounting(1 << 20)) {}
    expect([session.solutionCount(), session.uniqueCount()]).toEqual([784, 57]); // burrTxt: 57 assemblies
    session.delete();
  });

  it('reads HexSticks on BurrTools\' tetrahedra and counts its 33 assemblies', async () => {
    const m = await solverModule();
    const imported = m.importXmpuzzle(xml('HexSticks.xmpuzzle'), '', 'HexSticks');
    expect(imported.error).toBeNull();
    expect(imported.notes.join('\n')).toContain('the voxels are BurrTools\' tetrahedra, cells of the "rhombic-tetrahedron" grid');
    const session = new m.Session(imported.document, '');
    expect(session.begin('root', 0)).toBe('');
    while (!session.advanceCounting(1 << 20)) {}
    expect([session.solutionCount(), session.uniqueCount()]).toEqual([744, 33]); // BurrTools saved 33 assemblies
    session.delete();
    const exported = m.xmpuzzleXml(imported.document);
    expect(exported.error).toBeNull();
    expect(new TextDecoder().decode(exported.bytes)).toContain('<gridType type="3"/>');
  });

  it('refuses stray rhombic voxels, damaged XML and gzip that was not inflated, in one line', async () => {
    const m = await solverModule();
    expect(m.importXmpuzzle(xml('rhombic-stray-voxels.xmpuzzle'), '', 't').error).toBe(
      'problem 1: piece S1 (A): its voxel (1, 0, 0) is not one of the 24 tetrahedra of a 5 x 5 x 5 block, the rhombic grid\'s only voxels',
    );
    expect(m.xmpuzzleProblems(xml('soma-two-problems.xmpuzzle').slice(0, 200)).error).toMatch(/^XML line \d+: /);
    expect(m.xmpuzzleProblems(data('soma-two-problems.xmpuzzle')).error).toBe(
      'xmpuzzle: the file is gzip-compressed; it must be inflated before it is read',
    );
  });

  it('exports a packing puzzle as XML that imports back with the same counts', async () => {
    const m = await solverModule();
    const exported = m.xmpuzzleXml(puzzleText('soma'));
    expect(exported.error).toBeNull();
    expect(new TextDecoder().decode(exported.bytes)).toContain('<problem name="Soma cube" state="0">');
    const back = m.importXmpuzzle(exported.bytes, '', 'soma');
    const session = new m.Session(back.document, '');
    expect(session.begin('root', 0)).toBe('');
    while (!session.advanceCounting(1 << 20)) {}
    expect([session.solutionCount(), session.uniqueCount()]).toEqual([11520, 240]);
    session.delete();
    expect(m.xmpuzzleXml(puzzleText('frogs')).error).toBe(
      'cannot write this puzzle as .xmpuzzle: it is an edge-matching puzzle, and BurrTools holds packing puzzles only',
    );
  });
});
