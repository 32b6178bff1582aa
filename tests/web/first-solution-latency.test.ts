// First-solution latency through the run loop (real WASM module under Node), for every
// library puzzle of every kind: the time from its `tasks` message (the whole tree) to the first `solutions` message, which
// must hold exactly one solution. Prints a table; times are figures, never assertions (noisy machines).
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolverModule } from '../../web/src/solver/module';
import { Harness, puzzleText, solverModule, tasksMessage } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

const names = readdirSync(new URL('../../puzzles/', import.meta.url))
  .filter((f) => f.endsWith('.puzzle.json'))
  .map((f) => f.replace(/\.puzzle\.json$/, ''))
  .sort();
const rows: string[] = [];
afterAll(() => {
  if (rows.length) console.log(`first solution through the run loop (Node, ms):\n${rows.join('\n')}`);
});

describe('first solution latency', () => {
  for (const name of names) {
    it(name, async () => {
      const h = new Harness(module);
      const t0 = performance.now();
      h.send(tasksMessage(1, puzzleText(name)));
      const first = await h.until((m) => m.type === 'solutions' || m.type === 'error' || m.type === 'done', 30_000);
      const ms = performance.now() - t0;
      h.loop.stop();
      expect(first).toMatchObject({ type: 'solutions' });
      if (first.type === 'solutions') expect(first.parts.map((p) => p.batch.ordinal.length)).toEqual([1]);
      rows.push(`${name.padEnd(24)} ${ms.toFixed(1)}`);
    });
  }
});
