// Benchmark: counts every library puzzle with known counts through the native CLI (and the
// WASM CLI when it is built), checks the counts against the notes, and prints a table, which it
// also writes into docs/benchmarks.md (--no-write: print only; a run with --only or --skip never
// writes, so that the document always holds a whole run).
// Puzzles without known counts are timed to their first solution instead. Long counts (and the
// four puzzles of the threads' target) are run on 2 threads as well: the table shows the speed-up, and the user CPU time of both runs
// (on a shared machine, a run whose wall time exceeds its CPU time waited for a core), peak
// memory (native: the process's maximum resident set, from /usr/bin/time; WASM: the size of its
// heap, which only grows) and the speed-up over the seconds in bench-baseline.mjs. The WASM
// column is the SIMD build (what current browsers run); PIECEWISE_WASM_VARIANT=baseline times the
// build older browsers get.
// Then `solve --json` to the end of the Tetris Cube (its peak memory: the JSON is written as the
// solutions are found) and `solve --from K --limit 1` far into the Bedlam cube (counted, not visited);
// then a `count --checkpoint` of the Bedlam cube killed halfway and resumed (scripts/checkpoint-run.mjs).
// Usage: node scripts/bench.mjs [--only NAME[,NAME...]] [--skip NAME[,NAME...]] [--native-only] [--no-write]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHeading, writeSection } from './bench-document.mjs';
import { formatTable } from './markdown-table.mjs';
import { killAndResume } from './checkpoint-run.mjs';
import { loadSolverModuleForNode, nodeVariant, wasmCliPath } from '../web/src/solver/node-loader.mjs';
import { baselineSeconds, targetSeconds } from './bench-baseline.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const native = join(root, 'build/native/piecewise');
const wasmCli = wasmCliPath();
const heapProbe = join(root, 'scripts/wasm-heap-probe.cjs');
const scratch = mkdtempSync(join(tmpdir(), 'piecewise-bench-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const args = process.argv.slice(2);
const listArg = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1].split(',') : null;
};
const only = listArg('--only');
const skip = listArg('--skip') ?? [];
// Counts that take this long on one thread are counted on kThreads threads too (`count
// --threads`), and the speed-up printed.
const kLong = 1.0;
// These are counted on kThreads threads whatever their time: the puzzles the threads' target names.
const kThreadsAlways = ['tetris-cube', 'bedlam-cube', 'macmahon-4x6', 'tropical-fish-any'];
const kThreads = 2;
const withWasm = !args.includes('--native-only') && existsSync(wasmCli) && process.env.PIECEWISE_BENCH_NATIVE_ONLY !== '1';
if (withWasm) process.stderr.write(`bench: WASM column: the ${nodeVariant()} build (${wasmCli})\n`);
// The page runs the SIMD build where it can: the baseline (no-SIMD) build beside it shows where
// SIMD does not pay (a loop the compiler vectorised badly makes the SIMD build the slower one).
const baselineCli = wasmCliPath('baseline');
const withBaseline = withWasm && nodeVariant() === 'simd' && existsSync(baselineCli);

// The counts the notes announce, as the solver reads them (describe() of the WASM module: the
// one reader of documents and of the "Expected: N solutions, M unique." sentence).
const reader = await loadSolverModuleForNode();
function expected(text, name) {
  const reply = JSON.parse(reader.describe(text));
  if (reply.error) throw new Error(`${name}: ${reply.error}`);
  const e = reply.puzzle.expected;
  return e ? { solutions: BigInt(e.solutions), unique: BigInt(e.unique) } : null;
}

// Runs a CLI (the native one; given `wasm`, the path of a WASM build's CLI, that one under Node)
// and reads its JSON; `cpu` is its user CPU time (all threads), from bash's `times`, so that a
// run slowed by other processes on a shared machine can be told apart; `memoryBytes` its peak
// memory.
function run(wasm, argv) {
  const rssFile = join(scratch, 'rss');
  const heapFile = join(scratch, 'heap');
  rmSync(heapFile, { force: true });
  const command = wasm
    ? [process.execPath, '-r', heapProbe, wasm, ...argv]
    : ['/usr/bin/time', '-f', '%M', '-o', rssFile, native, ...argv];
  const started = process.hrtime.bigint();
  const result = spawnSync('bash', ['-c', '"$@"; status=$?; times >&2; exit $status', 'bench', ...command],
    { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, PIECEWISE_WASM_HEAP_FILE: heapFile } });
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed: ${result.stderr}`);
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const out = result.stdout;
  // Counts may exceed 2^53: read them as BigInt straight from the text.
  const big = (key) => BigInt(new RegExp(`"${key}":(\\d+)`).exec(out)?.[1] ?? '-1');
  const seconds = Number(/"seconds":([0-9.e+-]+)/.exec(out)?.[1] ?? wall);
  const times = [...result.stderr.matchAll(/(\d+)m([0-9.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  const cpu = times.length >= 4 ? times[2] : NaN;  // children's user time
  const memoryBytes = wasm
    ? Number(existsSync(heapFile) ? readFileSync(heapFile, 'utf8') : NaN)
    : Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) * 1024;
  return { solutions: big('solutions'), unique: big('unique'), nodes: big('nodes'), seconds, cpu, memoryBytes, out };
}

const rows = [];
const files = readdirSync(join(root, 'puzzles')).filter((f) => f.endsWith('.puzzle.json')).sort();
for (const file of files) {
  const name = file.replace(/\.puzzle\.json$/, '');
  if ((only && !only.includes(name)) || skip.includes(name)) continue;
  const path = join(root, 'puzzles', file);
  const text = readFileSync(path, 'utf8');
  const doc = JSON.parse(text);
  const want = expected(text, name);
  process.stderr.write(`bench: ${name}...\n`);
  if (!want) {
    const r = run(null, ['solve', path, '--limit', '1', '--json']);
    rows.push({ name, kind: doc.kind, task: 'first solution', native: r, ok: r.out.includes('"placements"') || r.out.includes('"grid"') || r.out.includes('"chain"') });
    continue;
  }
  const n = run(null, ['count', path, '--threads', '1']);
  const row = { name, kind: doc.kind, task: 'count all', native: n, ok: n.solutions === want.solutions && n.unique === want.unique };
  if (n.seconds >= kLong || kThreadsAlways.includes(name)) {
    const t = run(null, ['count', path, '--threads', String(kThreads)]);
    row.threads = t;
    // Nodes differ: each thread's packing memo skips only what that thread has seen.
    row.ok &&= t.solutions === want.solutions && t.unique === want.unique;
  }
  if (withWasm) {
    const w = run(wasmCli, ['count', path]);
    row.wasm = w;
    row.ok &&= w.solutions === want.solutions && w.unique === want.unique;
  }
  if (withBaseline) {
    const b = run(baselineCli, ['count', path]);
    row.baseline = b;
    row.ok &&= b.solutions === want.solutions && b.unique === want.unique;
  }
  rows.push(row);
}

const fmt = (s) => (Number.isNaN(s) ? '-' : s < 10 ? s.toFixed(3) : s.toFixed(1));
const mb = (bytes) => (Number.isFinite(bytes) ? String(Math.round(bytes / (1 << 20))) : '-');
const header = ['puzzle', 'kind', 'task', 'solutions', 'unique', 'nodes', 'native s', 'native MB'];
header.push(`${kThreads} threads s`, 'speed-up', `cpu s (1 / ${kThreads} threads)`);
if (withWasm) header.push('wasm s', 'wasm/native', 'wasm heap MB');
if (withBaseline) header.push('wasm no-SIMD s', 'SIMD / no-SIMD');
header.push('vs baseline', 'target s', 'counts');
const lines = [header];
for (const r of rows) {
  const line = [r.name, r.kind, r.task, r.native.solutions >= 0n ? String(r.native.solutions) : '-',
    r.native.unique >= 0n ? String(r.native.unique) : '-', r.native.nodes >= 0n ? String(r.native.nodes) : '-',
    fmt(r.native.seconds), mb(r.native.memoryBytes)];
  if (r.threads) line.push(fmt(r.threads.seconds), (r.native.seconds / r.threads.seconds).toFixed(2), `${fmt(r.native.cpu)} / ${fmt(r.threads.cpu)}`);
  else line.push('-', '-', '-');
  if (withWasm) {
    line.push(r.wasm ? fmt(r.wasm.seconds) : '-', r.wasm ? (r.wasm.seconds / Math.max(r.native.seconds, 1e-6)).toFixed(2) : '-',
      r.wasm ? mb(r.wasm.memoryBytes) : '-');
  }
  if (withBaseline) {
    line.push(r.baseline ? fmt(r.baseline.seconds) : '-',
      r.wasm && r.baseline ? (r.wasm.seconds / Math.max(r.baseline.seconds, 1e-6)).toFixed(2) : '-');
  }
  // The speed-up over the issue's baseline, in user CPU seconds of the one-thread run (the
  // CLI's own seconds below a second: the shell's CPU times count in 10 ms steps and include
  // starting the process).
  const baseline = baselineSeconds[r.name];
  const cpu = Number.isNaN(r.native.cpu) || r.native.seconds < 1 ? r.native.seconds : r.native.cpu;
  line.push(baseline && r.task === 'count all' ? `${(baseline / Math.max(cpu, 1e-3)).toFixed(1)}x` : '-');
  line.push(targetSeconds[r.name] && r.task === 'count all' ? String(targetSeconds[r.name]) : '-');
  line.push(r.ok ? 'ok' : 'WRONG');
  lines.push(line);
}
const report = [];
report.push(runHeading(root, `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`), '');
report.push(...formatTable(lines));

// Solutions as a stream, and by number.
const solveRows = [['command', 'seconds', 'native peak MB', 'check']];
if (!only || only.includes('tetris-cube')) {
  const r = run(null, ['solve', join(root, 'puzzles/tetris-cube.puzzle.json'), '--json']);
  const ok = /"complete":true,"counts":\{"solutions":236136,/.test(r.out) && r.out.trimEnd().endsWith('}');
  solveRows.push(['solve tetris-cube --json (every solution)', fmt(r.seconds), mb(r.memoryBytes), ok ? 'ok' : 'WRONG']);
  if (!ok) rows.push({ ok: false });
}
if (!only || only.includes('bedlam-cube')) {
  const r = run(null, ['solve', join(root, 'puzzles/bedlam-cube.puzzle.json'), '--json', '--from', '417001', '--limit', '1']);
  const ok = /"from":417001,"solutions":\[\{"placements"/.test(r.out);
  solveRows.push(['solve bedlam-cube --from 417001 --limit 1 --json', fmt(r.seconds), mb(r.memoryBytes), ok ? 'ok' : 'WRONG']);
  if (!ok) rows.push({ ok: false });
}
if (solveRows.length > 1) report.push('', ...formatTable(solveRows));

// A count killed halfway and resumed from its checkpoint, against one uninterrupted count.
if (!only || only.includes('bedlam-cube')) {
  const r = await killAndResume(native, join(root, 'puzzles/bedlam-cube.puzzle.json'), scratch);
  const exact = r.resumed.out.solutions === 460464 && r.resumed.out.unique === 19186;
  report.push('', `\`count bedlam-cube --checkpoint PATH\` killed (SIGKILL) once ${r.recorded} of its ${r.jobs} jobs were recorded, then run again: `
    + 'the CPU seconds (user + system) of both runs against one uninterrupted run (the target is 1.2x at most).', '');
  report.push(...formatTable([['one run CPU s', 'killed run CPU s', 'resumed run CPU s', 'both / one', 'counts'],
    [fmt(r.whole.cpu), fmt(r.killedCpu), fmt(r.resumed.cpu), `${r.ratio.toFixed(2)}x`, exact ? 'exact' : 'WRONG']]));
  if (!exact) rows.push({ ok: false });
}
console.log(report.join('\n'));
if (!args.includes('--no-write') && !only && !skip.length) {
  console.error(`bench: written into ${writeSection(root, 'native', 'Native and WASM command lines', report.join('\n'))}`);
}
if (rows.some((r) => !r.ok)) {
  console.error('bench: some counts differ from the expected ones');
  process.exit(1);
}
