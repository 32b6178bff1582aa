// The worker's run loop driving the real WASM module under Node: counts, message order,
// pause/resume, descriptions and errors, exactly as the page sees them through the worker.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FromWorker, PuzzleKind } from '../../web/src/protocol/messages';
import { readDescribeReply } from '../../web/src/solver/description';
import type { SolverModule } from '../../web/src/solver/module';
import { decodeSolution } from '../../web/src/solver/solution-codec';
import { expectedCounts, Harness, puzzleText, solverModule } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

/** The parser's message for a document it refuses. */
function errorOf(text: string): string {
  const r = readDescribeReply(module.describe(text));
  if (r.ok) throw new Error('the document was accepted');
  return r.error;
}

const isEnd = (m: FromWorker) => m.type === 'done' || m.type === 'error';

async function runToEnd(name: string, uniqueOnly = false) {
  const h = new Harness(module);
  const text = puzzleText(name);
  h.send({ type: 'start', id: 7, puzzle: text, uniqueOnly });
  const end = await h.until(isEnd);
  return { h, end, text };
}

describe('run loop over reference puzzles of every kind', () => {
  const names = ['pentomino-6x10', 'soma', 'infuriater', 'infuriater-revised', 'pentomino-8x8-centre', 't-tetracubes-6x6x2',
    'frogs', 'lizards', 'tropical-fish', 'macmahon-2-colour-border-3x3', 'snake-3x3x3', 'snake-3x3x4'];
  for (const name of names) {
    it(`${name}: counts as expected, every solution posted once, first one alone`, async () => {
      const { h, end, text } = await runToEnd(name);
      const want = await expectedCounts(text);
      expect(end).toMatchObject({ type: 'done', id: 7, solutions: want.solutions, unique: want.unique });
      const types = h.messages.map((r) => r.message.type);
      expect(types[0]).toBe('started');
      expect(types.at(-1)).toBe('done');
      const batches = h.ofType('solutions');
      expect(batches[0].batch).toHaveLength(1);
      const all = batches.flatMap((b) => b.batch);
      expect(all).toHaveLength(want.solutions);
      expect(all.filter((s) => s.representative)).toHaveLength(want.unique);
      all.forEach((s, i) => expect(s.index).toBe(i));
      expect(h.messages.every((r) => r.message.type === 'described' || (r.message as { id: number }).id === 7)).toBe(true);
    });
  }

  it('uniqueOnly posts one solution per symmetry class but counts all', async () => {
    const { h, end, text } = await runToEnd('pentomino-8x8-centre', true);
    const want = await expectedCounts(text);
    expect(end).toMatchObject({ type: 'done', solutions: want.solutions, unique: want.unique });
    const all = h.ofType('solutions').flatMap((b) => b.batch);
    expect(all).toHaveLength(want.unique);
    expect(all.every((s) => s.representative)).toBe(true);
    expect(h.ofType('solutions')[0].batch).toHaveLength(1);
  });

  /** The first solution the run loop posts for a library puzzle, decoded. */
  async function firstDecoded(name: string, kind: PuzzleKind) {
    const h = new Harness(module);
    h.send({ type: 'start', id: 1, puzzle: puzzleText(name), uniqueOnly: false });
    const first = (await h.until((m) => m.type === 'solutions')) as Extract<FromWorker, { type: 'solutions' }>;
    h.loop.stop();
    return decodeSolution(kind, first.batch[0].data);
  }

  it('a solution decodes to pieces covering the board exactly', async () => {
    const decoded = await firstDecoded('pentomino-6x10', 'packing');
    if (decoded.kind !== 'packing') throw new Error('kind');
    expect(decoded.placements).toHaveLength(12);
    expect(new Set(decoded.placements.map((p) => p.piece)).size).toBe(12);
    const cells = decoded.placements.flatMap((p) => p.cells.map((c) => c.join(',')));
    expect(new Set(cells).size).toBe(60);
  });

  it('an edge-matching solution decodes to every tile once, turned as placed', async () => {
    const decoded = await firstDecoded('frogs', 'edge-matching');
    if (decoded.kind !== 'edge-matching') throw new Error('kind');
    const doc = JSON.parse(puzzleText('frogs'));
    expect(decoded.grid).toHaveLength(doc.rows * doc.cols);
    expect(new Set(decoded.grid.map((t) => t.tile)).size).toBe(doc.rows * doc.cols);
    expect(decoded.grid.every((t) => t.rotation >= 0 && t.rotation < 4)).toBe(true);
  });

  it('a snake solution decodes to a chain of unit steps through every cell of the box', async () => {
    const decoded = await firstDecoded('snake-3x3x3', 'snake');
    if (decoded.kind !== 'snake') throw new Error('kind');
    expect(decoded.chain).toHaveLength(27);
    expect(new Set(decoded.chain.map((c) => c.join(','))).size).toBe(27);
    for (let i = 1; i < decoded.chain.length; i++) {
      const step = decoded.chain[i].reduce((sum, v, k) => sum + Math.abs(v - decoded.chain[i - 1][k]), 0);
      expect(step).toBe(1);
    }
  });
});

describe('run loop control', () => {
  it('pause stops posting and searching; resume finishes with the right counts', async () => {
    const h = new Harness(module);
    const text = puzzleText('pentomino-6x10');
    h.send({ type: 'start', id: 3, puzzle: text, uniqueOnly: false });
    await h.until((m) => m.type === 'solutions');
    h.send({ type: 'pause', id: 3 });
    const atPause = h.messages.length;
    const pausedProgress = h.messages.at(-1)!.message;
    expect(pausedProgress.type).toBe('progress');
    await new Promise((r) => setTimeout(r, 300));
    expect(h.messages.length).toBe(atPause);
    // Descriptions are still given while paused.
    h.send({ type: 'describe', id: 4, puzzle: text });
    expect(h.messages.at(-1)!.message).toMatchObject({ type: 'described', id: 4, result: { ok: true, puzzle: { kind: 'packing', name: 'Pentominoes 6x10' } } });
    h.send({ type: 'resume', id: 3 });
    const end = await h.until(isEnd);
    expect(end).toMatchObject({ type: 'done', id: 3, ...(await expectedCounts(text)) });
  });

  it('answers describe between slices of a running search', async () => {
    const h = new Harness(module);
    h.send({ type: 'start', id: 1, puzzle: puzzleText('pentomino-6x10'), uniqueOnly: false });
    await h.until((m) => m.type === 'solutions');
    h.send({ type: 'describe', id: 2, puzzle: '{"format": "piecewise/1"' });
    const v = h.ofType('described')[0];
    expect(v.id).toBe(2);
    expect(v.result.ok).toBe(false);
    if (!v.result.ok) expect(v.result.error).toMatch(/^invalid JSON/);
    expect(h.loop.busy).toBe(true);
    h.loop.stop();
  });

  it('a bad document gives one error message with the parser\'s one-line message', async () => {
    const doc = JSON.parse(puzzleText('soma'));
    doc.format = 'piecewise/9';
    const bad = JSON.stringify(doc);
    const parserMessage = errorOf(bad);
    expect(parserMessage).toMatch(/unsupported version/);
    const h = new Harness(module);
    h.send({ type: 'start', id: 5, puzzle: bad, uniqueOnly: false });
    expect(h.messages.map((r) => r.message)).toEqual([{ type: 'error', id: 5, message: parserMessage }]);
    expect(parserMessage).not.toContain('\n');
    expect(h.loop.busy).toBe(false);
  });

  it('describe gives the kind of a good document and the message for a bad one', () => {
    const soma = readDescribeReply(module.describe(puzzleText('soma')));
    expect(soma.ok && soma.puzzle.kind).toBe('packing');
    // The parser's own one-line messages, naming the field and the problem.
    expect(errorOf('[]')).toBe('document: expected a JSON object at the top level, got an empty list');
    expect(errorOf('{"format":"piecewise/1"}')).toBe('kind: missing required field');
    const snake = '{"format":"piecewise/1","name":"x","kind":"snake","box":[2,2,2],"segments":[2,1]}';
    expect(errorOf(snake)).toBe('segments[1]: a straight run needs at least 2 cubes, got 1');
  });

  it('a new start replaces the running search', async () => {
    const h = new Harness(module);
    h.send({ type: 'start', id: 1, puzzle: puzzleText('pentomino-6x10'), uniqueOnly: false });
    await h.until((m) => m.type === 'solutions');
    h.send({ type: 'start', id: 2, puzzle: puzzleText('soma'), uniqueOnly: false });
    const end = await h.until(isEnd);
    expect(end).toMatchObject({ type: 'done', id: 2, solutions: 11520, unique: 240 });
    expect(h.messages.filter((r) => r.message.type === 'done')).toHaveLength(1);
  });
});
