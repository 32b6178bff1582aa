// Benchmark: counts every library puzzle with known counts through the native CLI (and the
// WASM CLI when it is built), checks the counts against the notes, and prints a table.
// Puzzles without known counts are timed to their first solution instead.
// Usage: node scripts/bench.mjs [--only NAME[,NAME...]] [--skip NAME[,NAME...]] [--native-only]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './markdown-table.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const native = join(root, 'build/native/piecewise');
const wasmCli = join(root, 'build/wasm/piecewise.cjs');
const args = process.argv.slice(2);
const listArg = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1].split(',') : null;
};
const only = listArg('--only');
const skip = listArg('--skip') ?? [];
const withWasm = !args.includes('--native-only') && existsSync(wasmCli) && process.env.PIECEWISE_BENCH_NATIVE_ONLY !== '1';

function expected(notes) {
  const m = /Expected:\s*([0-9,]+)\s+solutions?,\s*([0-9,]+)\s+unique/.exec(notes ?? '');
  return m ? { solutions: BigInt(m[1].replaceAll(',', '')), unique: BigInt(m[2].replaceAll(',', '')) } : null;
}

function run(command, argv) {
  const started = process.hrtime.bigint();
  const out = execFileSync(command, argv, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  // Counts may exceed 2^53: read them as BigInt straight from the text.
  const big = (key) => BigInt(new RegExp(`"${key}":(\\d+)`).exec(out)?.[1] ?? '-1');
  const seconds = Number(/"seconds":([0-9.e+-]+)/.exec(out)?.[1] ?? wall);
  return { solutions: big('solutions'), unique: big('unique'), nodes: big('nodes'), seconds, out };
}

const rows = [];
const files = readdirSync(join(root, 'puzzles')).filter((f) => f.endsWith('.puzzle.json')).sort();
for (const file of files) {
  const name = file.replace(/\.puzzle\.json$/, '');
  if ((only && !only.includes(name)) || skip.includes(name)) continue;
  const path = join(root, 'puzzles', file);
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  const want = expected(doc.notes);
  process.stderr.write(`bench: ${name}...\n`);
  if (!want) {
    const r = run(native, ['solve', path, '--limit', '1', '--json']);
    rows.push({ name, kind: doc.kind, task: 'first solution', native: r, ok: r.out.includes('"placements"') || r.out.includes('"grid"') || r.out.includes('"chain"') });
    continue;
  }
  const n = run(native, ['count', path]);
  const row = { name, kind: doc.kind, task: 'count all', native: n, ok: n.solutions === want.solutions && n.unique === want.unique };
  if (withWasm) {
    const w = run(process.execPath, [wasmCli, 'count', path]);
    row.wasm = w;
    row.ok &&= w.solutions === want.solutions && w.unique === want.unique;
  }
  rows.push(row);
}

const fmt = (s) => (s < 10 ? s.toFixed(3) : s.toFixed(1));
const header = ['puzzle', 'kind', 'task', 'solutions', 'unique', 'nodes', 'native s'];
if (withWasm) header.push('wasm s', 'wasm/native');
header.push('counts');
const lines = [header];
for (const r of rows) {
  const line = [r.name, r.kind, r.task, r.native.solutions >= 0n ? String(r.native.solutions) : '-',
    r.native.unique >= 0n ? String(r.native.unique) : '-', r.native.nodes >= 0n ? String(r.native.nodes) : '-', fmt(r.native.seconds)];
  if (withWasm) line.push(r.wasm ? fmt(r.wasm.seconds) : '-', r.wasm ? (r.wasm.seconds / Math.max(r.native.seconds, 1e-6)).toFixed(2) : '-');
  line.push(r.ok ? 'ok' : 'WRONG');
  lines.push(line);
}
printTable(lines);
if (rows.some((r) => !r.ok)) {
  console.error('bench: some counts differ from the expected ones');
  process.exit(1);
}
