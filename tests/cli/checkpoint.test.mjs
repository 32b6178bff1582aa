// count --checkpoint end to end: a count of the Bedlam cube killed (SIGKILL) halfway and run
// again ends with the exact counts, and the two runs together take at most 1.2x the CPU of one
// uninterrupted run (printed); a checkpoint of another puzzle is refused by name.
// Run by scripts/test.sh after the native build: node --test tests/cli/
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const piecewise = join(root, 'build/native/piecewise');
const bedlam = join(root, 'puzzles/bedlam-cube.puzzle.json');
const expected = { solutions: 460464, unique: 19186 };

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'piecewise-checkpoint-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

// CPU seconds (user + system) of a command run under GNU time, killed or not.
function cpuOf(timeFile) {
  const line = readFileSync(timeFile, 'utf8').trim().split('\n').pop();
  const [user, system] = line.split(' ').map(Number);
  return user + system;
}

function timed(args, timeFile) {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, piecewise, ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return { out: JSON.parse(r.stdout), cpu: cpuOf(timeFile) };
}

const lines = (path) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0);

// Starts the count under GNU time and kills the count itself (not time) once the checkpoint
// holds `records` jobs.
function killedAt(args, checkpoint, records, timeFile) {
  return new Promise((resolve, reject) => {
    const timer = spawn('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, piecewise, ...args], { stdio: 'ignore' });
    const poll = setInterval(() => {
      if (lines(checkpoint) < records + 1) return;
      clearInterval(poll);
      const children = readFileSync(`/proc/${timer.pid}/task/${timer.pid}/children`, 'utf8').trim();
      process.kill(Number(children.split(' ')[0]), 'SIGKILL');
    }, 5);
    timer.on('exit', () => {
      clearInterval(poll);
      resolve(cpuOf(timeFile));
    });
    timer.on('error', reject);
  });
}

test('a count killed halfway resumes to the exact counts for at most 1.2x the CPU of one run', async () => {
  const whole = timed(['count', bedlam, '--checkpoint', join(work, 'whole.jsonl')], join(work, 'whole.time'));
  assert.deepEqual({ solutions: whole.out.solutions, unique: whole.out.unique }, expected);
  const jobs = whole.out.checkpoint.jobs;
  assert.equal(lines(join(work, 'whole.jsonl')), jobs + 1);

  const checkpoint = join(work, 'killed.jsonl');
  const killedCpu = await killedAt(['count', bedlam, '--checkpoint', checkpoint], checkpoint, Math.floor(jobs / 2), join(work, 'killed.time'));
  const recorded = lines(checkpoint) - 1;
  assert.ok(recorded < jobs, 'killed before the end');
  const resumed = timed(['count', bedlam, '--checkpoint', checkpoint], join(work, 'resumed.time'));
  assert.deepEqual({ solutions: resumed.out.solutions, unique: resumed.out.unique }, expected);
  assert.equal(resumed.out.checkpoint.recorded, recorded);
  assert.equal(lines(checkpoint), jobs + 1);

  const ratio = (killedCpu + resumed.cpu) / whole.cpu;
  console.log(`Bedlam, --checkpoint: one run ${whole.cpu.toFixed(2)} s CPU; killed after ${recorded} of ${jobs} jobs ` +
    `${killedCpu.toFixed(2)} s + resumed ${resumed.cpu.toFixed(2)} s = ${ratio.toFixed(3)}x`);
  assert.ok(ratio <= 1.2, `the killed and the resumed run took ${ratio.toFixed(3)}x the CPU of one run`);
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
