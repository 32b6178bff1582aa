// The WASM module's disassemble(), as the page will call it on a solution it shows: the same
// levels as the command line (and burrTxt -d) on the disassembly test puzzles, null for an
// assembly that stays locked, and a message for a solution that is not one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { solverModule } from './wasm-helpers';

const puzzle = (name: string): string => readFileSync(new URL(`../data/disassembly/${name}.puzzle.json`, import.meta.url), 'utf8');

/** Each representative solution of `doc` taken apart: its level as text, or null. */
async function levels(doc: string): Promise<(string | null)[]> {
  const m = await solverModule();
  const session = new m.Session(doc, '');
  expect(session.error()).toBe('');
  session.setCollect(m.Collect.Representatives);
  expect(session.begin('root', 0)).toBe('');
  while (!session.advance(1 << 20, 1 << 20, 0)) {}
  const batch = session.take();
  session.delete();
  const out: (string | null)[] = [];
  for (let i = 0; i + 1 < batch.offsets.length; ++i) {
    const taken = m.disassemble(doc, batch.data.subarray(batch.offsets[i], batch.offsets[i + 1]));
    expect(taken.error).toBeNull();
    out.push(taken.disassembly === null ? null : (JSON.parse(taken.disassembly).level as number[]).join('.'));
  }
  return out.sort();
}

describe('disassembly in the WASM module', () => {
  it('gives burrTxt\'s levels, and null for a locked assembly', async () => {
    expect(await levels(puzzle('key-in-lock'))).toEqual(['1', '1', '1', '1', '2']);
    expect(await levels(puzzle('shut-box'))).toEqual([null]);
  });

  it('refuses what is not a solution, naming why', async () => {
    const m = await solverModule();
    const doc = puzzle('shut-box');
    expect(m.disassemble(doc, new Int32Array([7, 1, 0, 0, 0])).error).toBe('the solution names piece 7, which the puzzle does not have');
    expect(m.disassemble(doc, new Int32Array([1, 5, 0, 0])).error).toBe('the solution\'s placement 0 has a bad cell count');
    expect(m.disassemble(doc, new Int32Array([1, 1, 0, 0, 0])).error).toMatch(/^not a solution of this puzzle: /);
    const snake = JSON.stringify({ format: 'piecewise/1', name: 's', kind: 'snake', box: [2, 2, 2], segments: [2, 2, 2, 2, 2, 2, 2] });
    expect(m.disassemble(snake, new Int32Array()).error).toBe('only packing puzzles come apart');
  });
});
