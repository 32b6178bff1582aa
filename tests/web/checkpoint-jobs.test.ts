// The command line's checkpoint (count --checkpoint, solver/jobs/checkpoint_count.hpp) cuts the
// tree into the very jobs the page runs (prepare() with RUN_JOBS): the same split of the same
// tree, the restricted piece chosen by the same estimates. So the page can keep its finished jobs
// as checkpoint lines ({"index","job","solutions","unique","nodes"}) and resume from a file the
// command line wrote, or write one the command line resumes. If either side changes its number of
// jobs or its settings, this says so.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_JOBS } from '../../web/src/worker/solver-pool';
import { puzzleText, solverModule } from './wasm-helpers';

const root = new URL('../../', import.meta.url).pathname;
const native = join(root, 'build/native/piecewise');

describe("a checkpoint's jobs are the page's run jobs", () => {
  for (const name of ['soma', 'tetris-cube', 'frogs', 'snake-3x3x4']) {
    it(name, async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'pw-checkpoint-')), 'c.jsonl');
      const r = spawnSync(native, ['count', `puzzles/${name}.puzzle.json`, '--checkpoint', path], { cwd: root, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const [identity, ...records] = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      const checkpointJobs = records.sort((a, b) => a.index - b.index).map((rec) => rec.job);
      const prepared = (await solverModule()).prepare(puzzleText(name), RUN_JOBS);
      expect(prepared.error).toBeNull();
      expect(identity.jobs).toBe(prepared.jobs.length);
      expect(checkpointJobs).toEqual(prepared.jobs);
    }, 120_000);
  }
});
