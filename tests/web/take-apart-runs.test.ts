// Runs of a document that asks to be taken apart (`"disassemble": true`), on the pool's
// in-process workers with the real module: each task takes its representatives apart, the
// merged counts are the command line's `count --disassemble` (assemblies, solutions), the sample
// is representatives with their verdicts and levels, seek() numbers those that come apart among
// themselves, the memory bound ends a run with its message at once (not as a dying worker), and a
// worker silent while it takes apart is given time before the heartbeat declares it dead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SolutionBatch, SolutionRecord, ToWorker } from '../../web/src/protocol/messages';
import type { SolverModule } from '../../web/src/solver/module';
import type { Numbering, TallySummary } from '../../web/src/worker/run-tally';
import { SolverPool, type SolverPoolOptions } from '../../web/src/worker/solver-pool';
import { FakeWorker } from './fake-worker';
import { disassemblyText, Harness, recordsOf, solverModule, tasksMessage } from './wasm-helpers';

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});

const root = new URL('../../', import.meta.url).pathname;
const key = (r: { data: Int32Array }) => Array.from(r.data).join(',');
const level = (r: SolutionRecord) => Array.from(r.level).join('.');

/** `count FILE --disassemble` of the native command line (built by the test set-up: scripts/build-native.sh). */
function nativeCounts(text: string): { assemblies: number; solutions: number } {
  const cli = `${root}build/native/piecewise`;
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run scripts/build-native.sh`);
  const file = join(mkdtempSync(join(tmpdir(), 'piecewise-')), 'puzzle.json');
  writeFileSync(file, text);
  const out = spawnSync(cli, ['count', file, '--disassemble'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
}

function pool(options: SolverPoolOptions = {}, make = () => new FakeWorker(module)) {
  return new SolverPool({ workers: 2, jobs: 16, createWorker: () => make() as unknown as Worker, ...options });
}

async function solve(p: SolverPool, text: string) {
  const sample: SolutionRecord[] = [];
  let takesApart: boolean | undefined;
  let jobs: readonly string[] = [];
  const end = await new Promise<{ summary?: TallySummary; numbering?: Numbering; error?: string }>((resolve) => {
    p.start(text, {}, {
      started: (_kind, _symmetries, apart) => (takesApart = apart),
      tasks: (j) => (jobs = j),
      solutions: (task: number, b: SolutionBatch) => sample.push(...recordsOf(b, task)),
      done: (summary, numbering) => resolve({ summary, numbering }),
      error: (error) => resolve({ error }),
    });
  });
  return { ...end, sample, takesApart, jobs };
}

/** The representatives of one task over the whole tree, in search order, each with its verdict. */
async function everyAssembly(text: string): Promise<SolutionRecord[]> {
  const h = new Harness(module);
  h.send(tasksMessage(1, text, { uniqueOnly: true }));
  await h.until((m) => m.type === 'done' || m.type === 'error');
  return h.records();
}

/** A flat puzzle that asks to be taken apart: pieces slide in the plane, out of a U-shaped frame. */
const uFrame = [[0, 0], [0, 1], [0, 2], [0, 3], [5, 0], [5, 1], [5, 2], [5, 3], [1, 3], [2, 3], [3, 3], [4, 3]];
const flat = JSON.stringify({ format: 'piecewise/1', name: 'flat', kind: 'packing', disassemble: true,
  board: { shape: ['######', '######', '######', '######'] },
  pieces: [{ name: 'frame', cells: uFrame }, { name: 'L', cells: [[0, 0], [1, 0], [2, 0], [0, 1]], count: 2 }, { name: 'I', cells: [[0, 0], [1, 0], [2, 0], [3, 0]] }] });

describe('runs that take apart', () => {
  for (const name of ['cut-box-109', 'cut-box-30', 'key-in-lock', 'shut-box', 'flat']) {
    it(`${name}: assemblies and solutions of count --disassemble, over the pool's jobs`, async () => {
      const p = pool();
      const text = name === 'flat' ? flat : disassemblyText(name);
      const r = await solve(p, text);
      const native = nativeCounts(text);
      expect(r.error).toBeUndefined();
      expect(r.takesApart).toBe(true);
      expect(r.summary).toMatchObject({ unique: native.assemblies, apart: native.solutions, fraction: 1 });
      expect(r.numbering!.firstApart.at(-1)).toBe(native.solutions);
      // The sample: representatives only, each taken apart, a level for each that comes apart.
      expect(r.sample.length).toBe(native.assemblies);
      expect(r.sample.every((s) => s.representative && s.verdict !== 'untried')).toBe(true);
      expect(r.sample.filter((s) => s.verdict === 'comes-apart').length).toBe(native.solutions);
      expect(r.sample.every((s) => (s.verdict === 'comes-apart') === (s.level.length > 0))).toBe(true);
      p.dispose();
    });
  }

  it('seek() fetches those that come apart by number, with their levels, and assemblies too', async () => {
    const text = disassemblyText('cut-box-109');
    const p = pool();
    const r = await solve(p, text);
    const all = await everyAssembly(text);
    const apart = all.filter((a) => a.verdict === 'comes-apart');
    expect(apart.length).toBe(107);
    const n = r.numbering!;
    for (const [scope, list, first] of [['apart', apart, n.firstApart], ['unique', all, n.firstUnique]] as const) {
      for (const k of [0, 1, 50, list.length - 1]) {
        let task = 0;
        while (first[task + 1]! <= k) task++;
        const batch = await p.seek(text, r.jobs[task]!, k - first[task]!, 2, scope);
        if (typeof batch === 'string') throw new Error(batch);
        const [got] = recordsOf(batch);
        expect(key(got!)).toBe(key(list[k]!));
        expect([got!.verdict, level(got!)]).toEqual([list[k]!.verdict, level(list[k]!)]);
        if (scope === 'apart') expect(got!.apartOrdinal).toBe(k - first[task]!);
      }
    }
    p.dispose();
  });

  it('the memory bound ends a task with its message, not as a worker that died', async () => {
    const h = new Harness(module);
    const settings = JSON.stringify({ restrictedType: -1, disassemblyMb: 1 });
    h.send(tasksMessage(3, disassemblyText('loose-cubes'), { settings, uniqueOnly: true }));
    const end = await h.until((m) => m.type === 'done' || m.type === 'error');
    expect(end).toMatchObject({ type: 'error', id: 3, task: 0, fatal: false });
    if (end.type === 'error') expect(end.message).toMatch(/^taking an assembly apart needs more than the disassembler's memory bound of 1 MB \(/);
    expect(h.loop.busy).toBe(false);
    // A take-apart on demand answers with the same message (the 3D view shows it as it comes).
    const loose = disassemblyText('loose-cubes');
    const [assembly] = await everyAssembly(loose.replace('"disassemble": true', '"disassemble": false'));
    h.send({ type: 'disassemble', id: 4, puzzle: loose, solution: assembly!.data, memoryMb: 1 });
    const taken = await h.until((m) => m.type === 'disassembled' && m.id === 4);
    if (taken.type !== 'disassembled' || taken.result.ok) throw new Error(JSON.stringify(taken));
    expect(taken.result.error).toMatch(/^taking an assembly apart needs more than the disassembler's memory bound of 1 MB \(/);
  });

  it('a worker silent while it takes apart is given time; one silent in another run is declared dead', async () => {
    const hangOn = (m: ToWorker) => m.type === 'tasks';
    const timing = { pingMs: 20, silentMs: 150, patientMs: 60_000 };
    const patient = pool({ workers: 1, timing }, () => new FakeWorker(module, undefined, hangOn));
    let notice = '';
    patient.start(disassemblyText('key-in-lock'), {}, { notice: (n) => (notice = n) });
    await new Promise((r) => setTimeout(r, 600));
    expect(notice).toBe('');
    expect(patient.running).toBe(true);
    patient.dispose();
    const hasty = pool({ workers: 1, timing }, () => new FakeWorker(module, undefined, hangOn));
    const ended = new Promise<string>((resolve) =>
      hasty.start(disassemblyText('key-in-lock').replace('"disassemble": true', '"disassemble": false'), {}, { notice: resolve, error: resolve }));
    expect(await ended).toMatch(/stopped answering for 0 s/);
    hasty.dispose();
  });
});
