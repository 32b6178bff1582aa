// Benchmark of the solver's limits: every hostile document of tests/hostile/hostile-puzzles.mjs
// through the native CLI and the WASM CLI (`solve FILE --limit 1`), with wall time, peak
// resident memory (GNU time's %M) and the first line of the error. A document that must be
// refused has to be refused with the same message by both, in under 1 s and 100 MB natively
// and in WASM (beyond what starting Node and the module costs: the floor row);
// accepted ones run until their first solution or the time-out, to show what they cost.
// BurrTools files in gzip join them: a decompression bomb, a truncated and a damaged file, which the
// edges refuse (solver/files/gzip.hpp) before the core sees a byte. A whole run writes its table
// into docs/benchmarks.md (section "limits").
// Usage: node scripts/bench-limits.mjs [--only NAME[,NAME...]] [--native-only] [--timeout SECONDS]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runHeading, writeSection } from './bench-document.mjs';
import { hostilePuzzles } from '../tests/hostile/hostile-puzzles.mjs';
import { formatTable } from './markdown-table.mjs';
import { wasmCliPath } from '../web/src/solver/node-loader.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const native = join(root, 'build/native/piecewise');
// The SIMD build unless PIECEWISE_WASM_VARIANT=baseline: both must refuse alike.
const wasmCli = wasmCliPath();
const args = process.argv.slice(2);
const option = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('--only')?.split(',');
const timeout = Number(option('--timeout') ?? 10);
const withWasm = !args.includes('--native-only');
const kSeconds = 1;
const kMegabytes = 100;

// Runs argv under GNU time; returns wall and CPU (user + system) seconds, peak RSS in MB, exit
// status and stderr's first line. Refusals are judged by CPU time: the build machine is shared,
// and its load stretches wall time by whatever the other jobs take.
function measure(argv) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', 'timeout', String(timeout), ...argv], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const lines = r.stderr.trimEnd().split('\n');
  const [wall, user, system, kilobytes] = lines.pop().split(' ').map(Number);
  const timedOut = r.status === 124;
  return { wall, seconds: user + system, megabytes: kilobytes / 1024, status: r.status, timedOut, message: lines.find((l) => l.trim() && !l.startsWith('Command exited')) ?? '' };
}

// gzip that the edges must refuse: 256 MB of zeros in a quarter of a megabyte, a file cut in
// half, a file whose trailer's CRC-32 was changed.
function gzipFiles() {
  const file = readFileSync(join(root, 'tests/data/burrtools/soma-two-problems.xmpuzzle'));
  const damaged = Buffer.from(file);
  damaged[damaged.length - 8] ^= 1;
  return [
    { name: 'gzip-bomb-256mb', refused: true, bytes: gzipSync(Buffer.alloc(256 << 20), { level: 9 }) },
    { name: 'gzip-truncated', refused: true, bytes: file.subarray(0, file.length >> 1) },
    { name: 'gzip-damaged-crc', refused: true, bytes: damaged },
  ];
}

const dir = mkdtempSync(join(tmpdir(), 'piecewise-limits-'));
const rows = [];
let failures = 0;
try {
  // The floor: a tiny puzzle, so that the WASM column's Node overhead can be read off.
  const floor = { name: '(floor: soma)', refused: false, path: join(root, 'puzzles/soma.puzzle.json') };
  const docs = [floor, ...hostilePuzzles(), ...gzipFiles()].filter((d) => d === floor || !only || only.includes(d.name));
  for (const doc of docs) {
    const path = doc.path ?? join(dir, doc.bytes ? `${doc.name}.xmpuzzle` : `${doc.name}.puzzle.json`);
    if (!doc.path) writeFileSync(path, doc.bytes ?? doc.text);
    process.stderr.write(`bench-limits: ${doc.name}...\n`);
    const n = measure([native, 'solve', path, '--limit', '1', '--json']);
    const w = withWasm && existsSync(wasmCli)
      ? measure([process.execPath, wasmCli, 'solve', path, '--limit', '1', '--json'])
      : null;
    const problems = [];
    if (doc.refused) {
      if (n.status !== 1) problems.push('native did not refuse');
      if (n.seconds >= kSeconds) problems.push(`native took ${n.seconds.toFixed(2)} s of CPU`);
      if (n.megabytes >= kMegabytes) problems.push(`native used ${n.megabytes.toFixed(0)} MB`);
      if (w && w.message !== n.message) problems.push('WASM message differs');
      // WASM: beyond what starting Node and the module costs (the floor row, measured first).
      const base = rows[0].w;
      if (w && base && w.seconds - base.seconds >= kSeconds) problems.push(`WASM took ${(w.seconds - base.seconds).toFixed(2)} s of CPU over the floor`);
      if (w && base && w.megabytes - base.megabytes >= kMegabytes) problems.push(`WASM used ${(w.megabytes - base.megabytes).toFixed(0)} MB over the floor`);
    } else if (n.status !== 0 && !n.timedOut) {
      problems.push('refused: ' + n.message);
    }
    failures += problems.length ? 1 : 0;
    rows.push({ doc, n, w, problems });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const outcome = (m) => (m.timedOut ? `running at ${timeout} s` : m.status === 0 ? 'solved' : 'refused');
const header = ['document', 'bytes', 'expect', 'native', 'cpu s', 'wall s', 'MB'];
if (withWasm) header.push('wasm', 'cpu s', 'wall s', 'MB');
header.push('check', 'message (native)');
const lines = [header];
for (const { doc, n, w, problems } of rows) {
  const line = [doc.name, doc.text || doc.bytes ? String((doc.text ?? doc.bytes).length) : '-', doc.refused ? 'refuse' : 'accept', outcome(n),
    n.seconds.toFixed(2), n.wall.toFixed(2), n.megabytes.toFixed(0)];
  if (withWasm) line.push(...(w ? [outcome(w), w.seconds.toFixed(2), w.wall.toFixed(2), w.megabytes.toFixed(0)] : ['-', '-', '-', '-']));
  line.push(problems.length ? problems.join('; ') : 'ok', n.message.replace(/^piecewise: /, '').slice(0, 110));
  lines.push(line);
}
const report = [
  runHeading(root, `npm run bench:limits${args.length ? ` -- ${args.join(' ')}` : ''}`),
  '',
  ...formatTable(lines),
  '',
  `Refusals must take < ${kSeconds} s of CPU and < ${kMegabytes} MB natively, and in WASM beyond the floor row` +
    ' (starting Node and the module), with the same message from both.',
];
console.log(report.join('\n'));
if (!only && withWasm) console.error(`bench-limits: written into ${writeSection(root, 'limits', 'Limits', report.join('\n'))}`);
if (failures) {
  console.error(`bench-limits: ${failures} document(s) out of bounds`);
  process.exit(1);
}
