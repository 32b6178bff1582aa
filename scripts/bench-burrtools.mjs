// Benchmark against BurrTools: `piecewise count FILE --disassemble` and `burrTxt -d -q FILE` on the
// same files, one after the other on the same machine, each the median wall time of --repeat runs
// (processes started and ended, so reading the file counts too). The counts must agree. BurrTools
// is not part of the project: build burrTxt from its public sources and pass its path. Files are
// .xmpuzzle files given on the command line (BurrTools' examples, say) and the repository's
// tests/data/disassembly/ puzzles, written as .xmpuzzle by `convert --to xmpuzzle` for burrTxt.
// Writes its section into docs/benchmarks.md unless --no-write.
// Usage: node scripts/bench-burrtools.mjs --burrtxt PATH [--repeat N] [--no-write] [FILE.xmpuzzle ...]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeSection } from './bench-document.mjs';
import { formatTable } from './markdown-table.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const native = join(root, 'build/native/piecewise');
const args = process.argv.slice(2);
const valueOf = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const burrTxt = valueOf('--burrtxt');
const repeat = Number(valueOf('--repeat') ?? 3);
const write = !args.includes('--no-write');
const given = args.filter((a) => !a.startsWith('--'));
if (!burrTxt || !existsSync(burrTxt)) {
  console.error('usage: node scripts/bench-burrtools.mjs --burrtxt PATH [--repeat N] [--no-write] [FILE.xmpuzzle ...]');
  process.exit(2);
}
if (!existsSync(native)) {
  console.error(`bench:burrtools: ${native} is missing; build it first (bash scripts/build-native.sh)`);
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), 'piecewise-burrtools-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

// Wall seconds and stdout of one run.
function timed(command, argv) {
  const started = process.hrtime.bigint();
  const r = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { seconds, out: r.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Piecewise and burrTxt on one puzzle: `ours` is what piecewise reads, `theirs` what burrTxt reads.
function measure(name, ours, theirs, problem) {
  const argv = ['count', ours, '--disassemble', ...(problem ? ['--problem', '1'] : [])];
  const pw = [], bt = [];
  let counts, btCounts;
  for (let i = 0; i < repeat; ++i) {
    const p = timed(native, argv);
    pw.push(p.seconds);
    const json = JSON.parse(p.out);
    counts = { assemblies: json.assemblies, solutions: json.solutions };
    const b = timed(burrTxt, ['-d', '-q', theirs]);
    bt.push(b.seconds);
    const m = /(\d+) assemblies and (\d+) solutions/.exec(b.out);
    btCounts = m ? { assemblies: Number(m[1]), solutions: Number(m[2]) } : null;
  }
  const agree = btCounts && btCounts.assemblies === counts.assemblies && btCounts.solutions === counts.solutions;
  process.stderr.write(`bench:burrtools: ${name}: ${counts.assemblies}/${counts.solutions} in ${median(pw).toFixed(3)} s, `
    + `burrTxt ${btCounts ? `${btCounts.assemblies}/${btCounts.solutions}` : '?'} in ${median(bt).toFixed(3)} s\n`);
  return { name, counts, btCounts, pw: median(pw), bt: median(bt), agree };
}

const rows = [];
for (const file of given) rows.push(measure(basename(file).replace(/\.xmpuzzle$/, ''), file, file, true));
const dataDir = join(root, 'tests/data/disassembly');
// Built to outgrow the disassembler's memory bound (the tests of the bound and of Stop): nothing to time.
const overTheBound = new Set(['loose-cubes.puzzle.json']);
for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.puzzle.json') && !overTheBound.has(f)).sort()) {
  const xmpuzzle = join(scratch, file.replace(/\.puzzle\.json$/, '.xmpuzzle'));
  const converted = spawnSync(native, ['convert', join(dataDir, file), '--to', 'xmpuzzle'], { maxBuffer: 1 << 26 });
  if (converted.status !== 0) throw new Error(`convert ${file} failed: ${converted.stderr}`);
  writeFileSync(xmpuzzle, converted.stdout);
  rows.push(measure(file.replace(/\.puzzle\.json$/, ''), join(dataDir, file), xmpuzzle, false));
}

const m = machine(root);
const fmt = (s) => (s < 10 ? s.toFixed(3) : s.toFixed(1));
const table = [['puzzle', 'assemblies', 'solutions', 'piecewise s', 'burrTxt s', 'burrTxt / piecewise', 'counts']];
for (const r of rows) {
  table.push([r.name, String(r.counts.assemblies), String(r.counts.solutions), fmt(r.pw), fmt(r.bt),
    `${(r.bt / r.pw).toFixed(2)}x`, r.agree ? 'equal' : `DIFFER (burrTxt ${r.btCounts?.assemblies}/${r.btCounts?.solutions})`]);
}
const report = [
  `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${m.cores} cores (${m.model}), commit ${m.commit}, `
    + `medians of ${repeat} runs: \`node scripts/bench-burrtools.mjs --burrtxt PATH ${given.map((f) => basename(f)).join(' ')}\`.`,
  '',
  'Wall time of each process, file read included: `piecewise count FILE --disassemble` (native) and BurrTools\' '
    + '`burrTxt -d -q FILE` (built with g++ -O2 from its sources); above 1x piecewise is faster.',
  '',
  ...formatTable(table),
].join('\n');
console.log(report);
if (write) process.stderr.write(`bench:burrtools: written into ${writeSection(root, 'burrtools', 'Disassembly against BurrTools', report)}\n`);
if (rows.some((r) => !r.agree)) {
  console.error('bench:burrtools: some counts differ from burrTxt\'s');
  process.exit(1);
}
