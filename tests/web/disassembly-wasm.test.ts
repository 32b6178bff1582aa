// Disassembly in the WASM module, as the page uses it: a session of a document that asks takes
// every representative apart as it meets it (each kept one with its verdict and level, those
// that come apart counted), with the levels of the command line (and burrTxt -d) on the
// disassembly test puzzles; disassemble() takes one solution apart on demand, with the same
// level, null for an assembly that stays locked, the memory bound's message, and a message for a
// solution that is not one.
import { describe, expect, it } from 'vitest';
import { disassemblyText, puzzleText, recordsOf, solverModule } from './wasm-helpers';

/** A whole search's representatives, as a session keeps them: each with its own verdict and level. */
async function representatives(doc: string) {
  const m = await solverModule();
  const session = new m.Session(doc, '');
  expect(session.error()).toBe('');
  session.setCollect(m.Collect.Representatives);
  expect(session.begin('root', 0)).toBe('');
  while (!session.advance(1 << 20, 1 << 20, 0)) {}
  const counts = { unique: session.uniqueCount(), apart: session.apartCount(), takesApart: session.takesApart() };
  const records = recordsOf(session.take());
  session.delete();
  return { counts, records };
}

/** Each representative taken apart on demand: its level as text, or null when it stays locked. */
async function levelsOnDemand(doc: string): Promise<(string | null)[]> {
  const m = await solverModule();
  return (await representatives(doc)).records.map((r) => {
    const taken = m.disassemble(doc, r.data, 0);
    expect(taken.error).toBeNull();
    return taken.disassembly === null ? null : (JSON.parse(taken.disassembly).level as number[]).join('.');
  });
}

describe('disassembly in the WASM module', () => {
  it('a session takes each representative apart: burrTxt\'s levels and counts, the same as on demand', async () => {
    for (const [name, unique, apart] of [['key-in-lock', 5, 5], ['shut-box', 1, 0], ['cut-box-30', 30, 26]] as const) {
      const doc = disassemblyText(name);
      const { counts, records } = await representatives(doc);
      expect(counts).toEqual({ unique, apart, takesApart: true });
      const levels = records.map((r) => (r.verdict === 'comes-apart' ? Array.from(r.level).join('.') : null));
      expect(records.every((r) => r.verdict !== 'untried')).toBe(true);
      expect(records.filter((r) => r.verdict === 'locked').every((r) => r.level.length === 0)).toBe(true);
      expect(levels).toEqual(await levelsOnDemand(doc));
    }
    expect((await levelsOnDemand(disassemblyText('key-in-lock'))).sort()).toEqual(['1', '1', '1', '1', '2']);
    expect(await levelsOnDemand(disassemblyText('shut-box'))).toEqual([null]);
  });

  it('a document that does not ask is not taken apart', async () => {
    const { counts, records } = await representatives(puzzleText('soma'));
    expect(counts).toEqual({ unique: 240, apart: 0, takesApart: false });
    expect(records.every((r) => r.verdict === 'untried' && r.level.length === 0)).toBe(true);
  });

  it('the memory bound ends a take-apart with the command line\'s message, on demand and in a session', async () => {
    const m = await solverModule();
    const doc = disassemblyText('loose-cubes');
    const only = new m.Session(doc.replace('"disassemble": true', '"disassemble": false'), '');
    only.begin('root', 0);
    while (!only.advance(1 << 20, 1 << 20, 0)) {}
    const [assembly] = recordsOf(only.take());
    only.delete();
    const bound = /^taking an assembly apart needs more than the disassembler's memory bound of 1 MB \(\d+ positions of 5 pieces searched without a separation\)$/;
    expect(m.disassemble(doc, assembly!.data, 1).error).toMatch(bound);
    const session = new m.Session(doc, JSON.stringify({ restrictedType: -1, disassemblyMb: 1 }));
    expect(session.error()).toBe('');
    session.begin('root', 0);
    while (!session.advanceCounting(1 << 20)) {}
    expect(session.error()).toMatch(bound);
    // The puzzle's own refusal: the same task would meet it again, the module is intact.
    expect(session.fatal()).toBe(false);
    session.delete();
  });

  it('refuses settings it cannot read and memory bounds out of range, naming the key and the value', async () => {
    const m = await solverModule();
    const doc = disassemblyText('shut-box');
    const refusal = (settings: string) => {
      const session = new m.Session(doc, settings);
      const error = session.error();
      session.delete();
      return error;
    };
    const bound = 'the memory bound of taking apart must be a whole number of megabytes from 1 to 4096';
    expect(refusal(JSON.stringify({ restrictedType: -1, disassemblyMb: 5000 }))).toBe(`${bound}, not 5000`);
    expect(refusal(JSON.stringify({ restrictedType: -1, disassemblyMb: -3 }))).toBe(`${bound}, not -3`);
    expect(refusal(JSON.stringify({ restrictedType: -1, disassemblyMb: 1.5 }))).toBe("the solver's settings: disassemblyMb must be a whole number, not 1.5");
    expect(refusal(JSON.stringify({ restrictedType: 'x' }))).toBe('the solver\'s settings: restrictedType must be a whole number, not "x"');
    expect(refusal(JSON.stringify({ restrictedType: -1, colour: 1 }))).toBe('the solver\'s settings have an unknown key "colour"');
    expect(refusal('{}')).toBe("the solver's settings lack restrictedType, which prepare() gives");
    expect(refusal('x'.repeat(200))).toMatch(/^the solver's settings are not a JSON object as prepare\(\) gives: x{50,60}\.\.\.$/);
    expect(m.disassemble(doc, new Int32Array(), 0.5).error).toBe(`${bound}, not 0.5`);
  });

  it('refuses what is not a solution, and puzzles whose pieces do not slide, naming why', async () => {
    const m = await solverModule();
    const doc = disassemblyText('shut-box');
    expect(m.disassemble(doc, new Int32Array([7, 1, 0, 0, 0]), 0).error).toBe('the solution names piece 7, which the puzzle does not have');
    expect(m.disassemble(doc, new Int32Array([1, 5, 0, 0]), 0).error).toBe('the solution\'s placement 0 has a bad cell count');
    expect(m.disassemble(doc, new Int32Array([1, 1, 0, 0, 0]), 0).error).toMatch(/^not a solution of this puzzle: /);
    const snake = JSON.stringify({ format: 'piecewise/1', name: 's', kind: 'snake', box: [2, 2, 2], segments: [2, 2, 2, 2, 2, 2, 2] });
    expect(m.disassemble(snake, new Int32Array(), 0).error).toBe('taking apart: only packing puzzles come apart, and this puzzle is snake');
    const hexagons = JSON.stringify({ format: 'piecewise/1', name: 'h', kind: 'packing', grid: 'hexagon', disassemble: true,
      board: { cells: [[0, 0], [1, 0]] }, pieces: [{ name: 'a', cells: [[0, 0]], count: 2 }] });
    const session = new m.Session(hexagons, '');
    expect(session.error()).toBe('taking apart: pieces slide apart on the square and cube grids only, and this puzzle lies on the hexagon grid');
    session.delete();
  });
});
