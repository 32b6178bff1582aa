// count --checkpoint end to end: a count of the Bedlam cube killed (SIGKILL) halfway and run
// again ends with the exact counts (the CPU of both against one run is printed; npm run bench
// reports it); a checkpoint of another puzzle is refused by name.
// Run by scripts/test.sh after the native build: node --test tests/cli/
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { killAndResume } from '../../scripts/checkpoint-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const piecewise = join(root, 'build/native/piecewise');
const bedlam = join(root, 'puzzles/bedlam-cube.puzzle.json');
const expected = { solutions: 460464, unique: 19186 };

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'piecewise-checkpoint-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

test('a count killed halfway resumes to the exact counts', async () => {
  const r = await killAndResume(piecewise, bedlam, work);
  assert.deepEqual({ solutions: r.whole.out.solutions, unique: r.whole.out.unique }, expected);
  assert.equal(r.wholeLines, r.jobs + 1);
  assert.ok(r.recorded < r.jobs, 'killed before the end');
  assert.deepEqual({ solutions: r.resumed.out.solutions, unique: r.resumed.out.unique }, expected);
  assert.equal(r.resumed.out.checkpoint.recorded, r.recorded);
  assert.equal(r.finalLines, r.jobs + 1);
  // The CPU ratio is the benchmark's to judge (npm run bench); printed here for the record.
  console.log(`Bedlam, --checkpoint: one run ${r.whole.cpu.toFixed(2)} s CPU; killed after ${r.recorded} of ${r.jobs} jobs ` +
    `${r.killedCpu.toFixed(2)} s + resumed ${r.resumed.cpu.toFixed(2)} s = ${r.ratio.toFixed(3)}x`);
});

test('a checkpoint of another puzzle is refused by name and left as it was', () => {
  const checkpoint = join(work, 'soma.jsonl');
  const first = spawnSync(piecewise, ['count', join(root, 'puzzles/soma.puzzle.json'), '--checkpoint', checkpoint], { encoding: 'utf8' });
  assert.equal(first.status, 0, first.stderr);
  const before = readFileSync(checkpoint, 'utf8');
  const other = spawnSync(piecewise, ['count', join(root, 'puzzles/pentomino-3x20.puzzle.json'), '--checkpoint', checkpoint], { encoding: 'utf8' });
  assert.equal(other.status, 1);
  assert.equal(other.stdout, '');
  assert.match(other.stderr, /^piecewise: --checkpoint: .* is the checkpoint of another puzzle \("Soma cube", fingerprint [0-9a-f]{16}; this is "Pentominoes 3x20", /);
  assert.equal(readFileSync(checkpoint, 'utf8'), before);
});
