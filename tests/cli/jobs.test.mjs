// The command line's jobs, end to end: `piecewise split` -> GNU Parallel -> `piecewise merge`
// gives the whole count, a stopped run resumes without counting a finished job again, merge
// refuses results that do not cover the puzzle exactly once, and the Kubernetes manifest's
// container command (run here for every index) counts a split exactly.
// Run by scripts/test.sh after the native build: node --test tests/cli/
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const piecewise = join(root, 'build/native/piecewise');
const puzzle = (name) => join(root, 'puzzles', `${name}.puzzle.json`);

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'piecewise-jobs-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 26, ...options });
  if (r.error) throw r.error;
  return r;
}

function ok(command, args, options) {
  const r = run(command, args, options);
  assert.equal(r.status, 0, `${command} ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

const counts = (json) => {
  const o = JSON.parse(json);
  return { solutions: o.solutions, unique: o.unique, symmetries: o.symmetries };
};

// Every result file GNU Parallel's --results wrote (OUT/1/<job line>/stdout).
function resultsOf(dir) {
  const top = join(dir, '1');
  return readdirSync(top).map((job) => readFileSync(join(top, job, 'stdout'), 'utf8')).join('');
}

function merge(input) {
  return run(piecewise, ['merge'], { input });
}

// A scratch folder with the puzzle's split in jobs.txt, and the puzzle's whole counts.
function prepare(label, name, wanted) {
  const dir = mkdtempSync(join(work, `${label}-`));
  const file = puzzle(name);
  const whole = counts(ok(piecewise, ['count', file, '--threads', '1']));
  const jobs = ok(piecewise, ['split', file, '--jobs', String(wanted)]).trim().split('\n');
  writeFileSync(join(dir, 'jobs.txt'), jobs.join('\n') + '\n');
  return { dir, file, whole, jobs };
}

describe('split -> GNU Parallel -> merge', () => {
  for (const name of ['pentomino-4x15', 'tropical-fish', 'snake-3x3x4']) {
    test(`${name}: the merged counts are the whole puzzle's`, () => {
      const { dir, file, whole, jobs } = prepare(name, name, 12);
      ok('parallel', ['--will-cite', '-j2', '--results', join(dir, 'out') + '/', '--joblog', join(dir, 'run.log'),
        `${piecewise} count ${file} --threads 1 --job {}`, '::::', join(dir, 'jobs.txt')], { stdio: ['ignore', 'ignore', 'pipe'] });
      const merged = merge(resultsOf(join(dir, 'out')));
      assert.equal(merged.status, 0, merged.stderr);
      assert.deepEqual(counts(merged.stdout), whole);
      assert.ok(jobs.length >= 12, `${jobs.length} jobs for --jobs 12`);
      assert.equal(JSON.parse(merged.stdout).jobs, jobs.length);
    });
  }

  test('a stopped run resumes: finished jobs are not counted again, failed ones are', () => {
    const { dir, file: name, whole, jobs } = prepare('resume', 'pentomino-3x20', 10);
    // Each call is logged; a job whose marker file exists fails once (a lost machine).
    const wrapper = join(dir, 'count.sh');
    writeFileSync(wrapper, `#!/bin/sh\necho "$1" >> ${dir}/calls.log\nif [ -e "${dir}/fail-$1" ]; then rm "${dir}/fail-$1"; exit 1; fi\nexec ${piecewise} count ${name} --threads 1 --job "$1"\n`, { mode: 0o755 });
    writeFileSync(join(dir, `fail-${jobs[1]}`), '');
    const parallel = (list) => run('parallel', ['--will-cite', '-j2', '--results', join(dir, 'out') + '/', '--joblog', join(dir, 'run.log'),
      '--resume-failed', `${wrapper} {}`, '::::', list], { stdio: ['ignore', 'ignore', 'pipe'] });
    // First run: stopped after the first half of the list, one job failed.
    const half = jobs.slice(0, Math.ceil(jobs.length / 2));
    writeFileSync(join(dir, 'half.txt'), half.join('\n') + '\n');
    parallel(join(dir, 'half.txt'));
    const refused = merge(resultsOf(join(dir, 'out')));
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /have no result/);
    const firstResult = statSync(join(dir, 'out', '1', jobs[0], 'stdout')).mtimeMs;
    // Second run on the whole list: only the failed job and the second half run.
    assert.equal(parallel(join(dir, 'jobs.txt')).status, 0);
    const calls = readFileSync(join(dir, 'calls.log'), 'utf8').trim().split('\n');
    for (const job of jobs) assert.equal(calls.filter((c) => c === job).length, job === jobs[1] ? 2 : 1, job);
    assert.equal(statSync(join(dir, 'out', '1', jobs[0], 'stdout')).mtimeMs, firstResult);
    const merged = merge(resultsOf(join(dir, 'out')));
    assert.equal(merged.status, 0, merged.stderr);
    assert.deepEqual(counts(merged.stdout), whole);
  });
});

describe('merge refuses what does not cover the puzzle exactly once', () => {
  let results, other;
  before(() => {
    const name = puzzle('soma');
    const countAll = (file, list) => list.map((line) => ok(piecewise, ['count', file, '--threads', '1', '--job', line]));
    results = countAll(name, ok(piecewise, ['split', name, '--jobs', '6']).trim().split('\n'));
    other = countAll(name, ok(piecewise, ['split', name, '--jobs', '20']).trim().split('\n'));
    assert.equal(merge(results.join('')).status, 0);
  });
  const refuses = (input, pattern) => {
    const r = merge(input);
    assert.equal(r.status, 1, r.stdout);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, pattern);
  };
  test('a job missing', () => refuses(results.slice(1).join(''), /1 of \d+ jobs of split \w+ have no result: 1of/));
  test('a job twice', () => refuses(results.join('') + results[2], /is there twice/));
  test('a job of another split', () => refuses(results.slice(1).join('') + other[0], /only the jobs of one split/));
  test('a job counted on another puzzle', () => {
    const line = ok(piecewise, ['split', puzzle('soma'), '--jobs', '6']).trim().split('\n')[0];
    const foreign = run(piecewise, ['count', puzzle('pentomino-3x20'), '--job', line]);
    // Either the other puzzle's tree has no such node, or merge sees the fingerprint.
    if (foreign.status === 0) refuses(foreign.stdout + results.slice(1).join(''), /another puzzle/);
    else assert.match(foreign.stderr, /has no such node/);
  });
  test('a result whose puzzle fingerprint differs', () => {
    const changed = results[1].replace(/"fingerprint":"[0-9a-f]+"/, '"fingerprint":"0123456789abcdef"');
    refuses(results[0] + changed + results.slice(2).join(''), /line 2: job .* was counted on another puzzle than line 1/);
  });
  test('a changed count file', () => refuses(results.join('').replace(/"job":"[^"]*"/, '"job":"0"'), /do not match split/));
  test('a line without end: refused at the bound, naming the line, in little time and memory', () => {
    // 256 MB with no newline after two blank lines, made as merge reads it.
    const r = run('bash', ['-c', `{ printf '\\n\\n'; head -c 268435456 /dev/zero | tr '\\0' x; } | /usr/bin/time -f '%M %e' ${piecewise} merge`]);
    const lines = r.stderr.trim().split('\n'); // the message, GNU time's note of the status, its figures
    const [line, usage] = [lines[0], lines.at(-1)];
    assert.equal(line, 'piecewise: merge: line 3 is longer than 1 MiB; merge reads one result of `piecewise count FILE --job LINE` a line (a few hundred bytes)');
    const [kilobytes, seconds] = usage.split(' ').map(Number);
    assert.ok(kilobytes < 32 * 1024, `peak ${kilobytes} kB`);
    assert.ok(seconds < 5, `${seconds} s`);
  });
  test('not JSON, and nothing at all', () => {
    refuses('{"solutions": 1\n', /line 1: not JSON/);
    refuses('{"seconds": 5.51e79298}\n', /line 1: a number too large for JSON's numbers/);
    refuses(ok(piecewise, ['count', puzzle('soma')]), /no "split"/);
    refuses('\n', /no results/);
  });
});

describe('the Kubernetes manifest', () => {
  const manifest = parseYaml(readFileSync(join(root, 'deploy/kubernetes/count-job.yaml'), 'utf8'));

  test('is an Indexed Job with a shell command, its files and a results volume', () => {
    assert.equal(manifest.apiVersion, 'batch/v1');
    assert.equal(manifest.kind, 'Job');
    assert.equal(manifest.spec.completionMode, 'Indexed');
    assert.ok(Number.isInteger(manifest.spec.completions) && manifest.spec.completions > 0);
    assert.ok(Number.isInteger(manifest.spec.parallelism) && manifest.spec.parallelism > 0);
    const pod = manifest.spec.template.spec;
    assert.ok(['Never', 'OnFailure'].includes(pod.restartPolicy));
    assert.equal(pod.containers.length, 1);
    const [container] = pod.containers;
    assert.equal(container.command[0], 'sh');
    assert.equal(container.command[1], '-c');
    const mounts = Object.fromEntries(container.volumeMounts.map((m) => [m.name, m.mountPath]));
    const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
    assert.ok(env.PUZZLE.startsWith(mounts.work + '/') && env.JOBS.startsWith(mounts.work + '/'));
    assert.equal(env.RESULTS, mounts.results);
    const volumes = Object.fromEntries(pod.volumes.map((v) => [v.name, v]));
    assert.ok(volumes.work.configMap && volumes.results.persistentVolumeClaim);
  });

  test('its container command, run for every index, counts a split exactly, and never twice', () => {
    const { dir, file: name, whole, jobs } = prepare('k8s', 'cubissimo', 8);
    mkdirSync(join(dir, 'results'));
    mkdirSync(join(dir, 'bin'));
    symlinkSync(piecewise, join(dir, 'bin', 'piecewise'));
    const [container] = manifest.spec.template.spec.containers;
    const script = container.command[2];
    const pod = (index) => ok('sh', ['-c', script], {
      env: { PATH: `${join(dir, 'bin')}:${process.env.PATH}`, JOB_COMPLETION_INDEX: String(index),
        PUZZLE: name, JOBS: join(dir, 'jobs.txt'), RESULTS: join(dir, 'results') },
    });
    const logs = jobs.map((_, index) => pod(index));
    const merged = merge(logs.join(''));
    assert.equal(merged.status, 0, merged.stderr);
    assert.deepEqual(counts(merged.stdout), whole);
    // Run again (the job applied a second time): the results are read back, not recounted.
    const before = statSync(join(dir, 'results', '1.json')).mtimeMs;
    assert.equal(pod(0), logs[0]);
    assert.equal(statSync(join(dir, 'results', '1.json')).mtimeMs, before);
    const files = readdirSync(join(dir, 'results')).map((f) => readFileSync(join(dir, 'results', f), 'utf8'));
    assert.deepEqual(counts(merge(files.join('')).stdout), whole);
  });
});
