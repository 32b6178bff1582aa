// A `count --checkpoint` killed (SIGKILL) once its checkpoint holds half of its jobs, then run
// again: the counts and the CPU of both runs against one uninterrupted run. Shared by the test
// (tests/cli/checkpoint.test.mjs, which checks the counts) and the benchmark (scripts/bench.mjs,
// which reports the CPU ratio; the target is 1.2x at most).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// CPU seconds (user + system) of a command run under GNU time, killed or not.
function cpuOf(timeFile) {
  const line = readFileSync(timeFile, 'utf8').trim().split('\n').pop();
  const [user, system] = line.split(' ').map(Number);
  return user + system;
}

function timed(piecewise, args, timeFile) {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, piecewise, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  return { out: JSON.parse(r.stdout), cpu: cpuOf(timeFile) };
}

export const checkpointLines = (path) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0);

// Starts the count under GNU time and kills the count itself (not time) once the checkpoint
// holds `records` jobs; resolves to the CPU it took.
function killedAt(piecewise, args, checkpoint, records, timeFile) {
  return new Promise((resolve, reject) => {
    const timer = spawn('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, piecewise, ...args], { stdio: 'ignore' });
    const poll = setInterval(() => {
      if (checkpointLines(checkpoint) < records + 1) return;
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

/**
 * One whole `count FILE --checkpoint`, then one killed halfway and resumed, in `work` (a scratch
 * directory). Returns the three runs' outputs and CPU seconds, and the jobs recorded at the kill.
 */
export async function killAndResume(piecewise, puzzle, work) {
  const whole = timed(piecewise, ['count', puzzle, '--checkpoint', join(work, 'whole.jsonl')], join(work, 'whole.time'));
  const jobs = whole.out.checkpoint.jobs;
  const checkpoint = join(work, 'killed.jsonl');
  const killedCpu = await killedAt(piecewise, ['count', puzzle, '--checkpoint', checkpoint], checkpoint, Math.floor(jobs / 2), join(work, 'killed.time'));
  const recorded = checkpointLines(checkpoint) - 1;
  const resumed = timed(piecewise, ['count', puzzle, '--checkpoint', checkpoint], join(work, 'resumed.time'));
  return {
    whole, jobs, wholeLines: checkpointLines(join(work, 'whole.jsonl')), recorded, killedCpu, resumed,
    finalLines: checkpointLines(checkpoint), ratio: (killedCpu + resumed.cpu) / whole.cpu,
  };
}
