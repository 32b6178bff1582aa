// The command line is one program (solver/cli/main.cpp) built twice: natively and for Node by
// Emscripten (build/wasm-simd/piecewise.cjs, what `npm run cli:wasm` runs;
// PIECEWISE_WASM_VARIANT=baseline tests build/wasm's). Both must print the same bytes, the same
// one-line errors and exit with the same status for every verb.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { gzipMessages } from '../../web/src/compression/gzip';
import { wasmCliPath } from '../../web/src/solver/node-loader.mjs';

const root = new URL('../../', import.meta.url).pathname;
const native = join(root, 'build/native/piecewise');
const wasm = wasmCliPath();

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, argv: string[], args: string[], input?: string): Outcome {
  const r = spawnSync(command, [...argv, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, input });
  // Timings differ from run to run, and so do the nodes of a count on threads (each thread's
  // memo skips what it has seen: native counts on every core, WASM on one); nothing else may.
  const stable = (s: string) =>
    s
      .replace(/"seconds":[0-9.e+-]+/g, '"seconds":T')
      .replace(/"nodes":[0-9]+/g, '"nodes":N')
      .replace(/, [0-9.e+-]+ s\n/g, ', T s\n');
  return { status: r.status, stdout: stable(r.stdout), stderr: r.stderr };
}

const both = (args: string[], input?: string) => ({
  native: run(native, [], args, input),
  wasm: run(process.execPath, [wasm], args, input),
});

let scratch = '';
beforeAll(() => {
  // npm test builds the native CLI first; build it here too when the web tests run alone.
  spawnSync('bash', [join(root, 'scripts/build-native.sh')], { stdio: 'inherit' });
  scratch = mkdtempSync(join(tmpdir(), 'pw-cli-'));
  writeFileSync(join(scratch, 'bad.puzzle.json'), '{"format":"piecewise/1","name":"x","kind":"packing","board":{"shape":["##"]},"pieces":[{"name":"a","shape":["#"],"count":-1}]}');
  writeFileSync(join(scratch, 'huge.puzzle.json'), ' '.repeat(4 * 1024 * 1024 + 1));
  spawnSync(native, ['count', 'puzzles/soma.puzzle.json', '--checkpoint', join(scratch, 'soma.checkpoint')], { cwd: root });
  // gzip at the edges (solver/files/gzip.hpp): a bomb (64 MB of zeros in 64 kB), a cut file and a
  // changed byte.
  writeFileSync(join(scratch, 'bomb.xmpuzzle'), gzipSync(Buffer.alloc(64 << 20), { level: 9 }));
  const soma = readFileSync(join(root, 'tests/data/burrtools/soma-two-problems.xmpuzzle'));
  writeFileSync(join(scratch, 'cut.xmpuzzle'), soma.subarray(0, 200));
  const damaged = Buffer.from(soma);
  damaged[damaged.length - 8]! ^= 1;
  writeFileSync(join(scratch, 'damaged.xmpuzzle'), damaged);
}, 900_000);

const puzzle = (name: string) => `puzzles/${name}.puzzle.json`;
const splitLines = (name: string, jobs: number) =>
  run(native, [], ['split', puzzle(name), '--jobs', String(jobs)]).stdout.trim().split('\n');
const firstJob = (name: string) => splitLines(name, 5)[0];

describe('the WASM command line is the native one', () => {
  const cases: [string, () => string[]][] = [
    ['count, packing', () => ['count', puzzle('soma')]],
    ['count, edge matching', () => ['count', puzzle('frogs')]],
    ['count, snake', () => ['count', puzzle('snake-3x3x4')]],
    ['solve, ASCII art to the end', () => ['solve', puzzle('snake-2x2x2')]],
    ['solve --limit', () => ['solve', puzzle('pentomino-8x8-centre'), '--limit', '3']],
    ['solve --unique --json', () => ['solve', puzzle('lizards'), '--unique', '--json']],
    ['solve 3D layers --limit=2', () => ['solve', puzzle('t-tetracubes-6x6x2'), '--limit=2']],
    ['solve --from --limit --json', () => ['solve', puzzle('pentomino-6x10'), '--from', '5000', '--limit', '3', '--json']],
    ['solve --from --unique', () => ['solve', puzzle('soma'), '--from', '200', '--limit', '2', '--unique']],
    ['a bad --from', () => ['solve', puzzle('soma'), '--from', '0']],
    ['validate', () => ['validate', puzzle('tropical-fish')]],
    ['--help', () => ['--help']],
    ['a missing file', () => ['count', 'no/such/file.puzzle.json']],
    ['a directory', () => ['count', 'puzzles']],
    ['a file over the size limit', () => ['validate', join(scratch, 'huge.puzzle.json')]],
    ['a truncated document', () => ['count', 'tests/data/parse/truncated.puzzle.json']],
    ['a misspelt field', () => ['validate', 'tests/data/parse/typo-count.puzzle.json']],
    ['a negative count', () => ['solve', join(scratch, 'bad.puzzle.json')]],
    ['no command', () => []],
    ['an unknown command', () => ['tally', puzzle('soma')]],
    ['an unknown option', () => ['count', puzzle('soma'), '--fast']],
    ['a bad --limit', () => ['solve', puzzle('soma'), '--limit', '0']],
    ['split', () => ['split', puzzle('soma'), '--jobs', '5']],
    // The Tetris Cube's restricted piece is chosen by random walks (solver/packing/
    // restriction_choice.hpp): both builds must draw the same walks and build the same tree.
    ['split, the piece restricted chosen by estimates', () => ['split', puzzle('tetris-cube'), '--jobs', '20']],
    ['solve, the piece restricted chosen by estimates', () => ['solve', puzzle('tetris-cube'), '--limit', '2']],
    ['count --job', () => ['count', puzzle('soma'), '--job', firstJob('soma')]],
    ['count --job from another puzzle', () => ['count', puzzle('pentomino-3x20'), '--job', firstJob('soma')]],
    ['a bad --job', () => ['count', puzzle('soma'), '--job', '1..2']],
    ['split without --jobs', () => ['split', puzzle('soma')]],
    ['a checkpoint of another puzzle', () => ['count', puzzle('pentomino-3x20'), '--checkpoint', join(scratch, 'soma.checkpoint')]],
    ['a file that is no checkpoint', () => ['count', puzzle('soma'), '--checkpoint', puzzle('soma')]],
    ['--checkpoint with --job', () => ['count', puzzle('soma'), '--checkpoint', 'x', '--job', 'root']],
    // Messages quote a short piece of what they refuse, never all of it.
    ['a 100 KB --job', () => ['count', puzzle('soma'), '--job', '1.'.repeat(50_000) + 'x']],
    ['a 100 KB --job of no node', () => ['count', puzzle('soma'), '--job', '1.'.repeat(50_000) + '1']],
    ['a 100 KB unknown option', () => ['count', puzzle('soma'), `--${'x'.repeat(100_000)}`]],
  ];
  for (const [name, args] of cases) {
    it(name, () => {
      const { native: n, wasm: w } = both(args());
      expect(w).toEqual(n);
      // The command line's promise: output xor a one-line message, and a status saying which.
      if (n.status === 0) expect(n.stderr).toBe('');
      else {
        expect(n.stdout).toBe('');
        expect(n.stderr.trim().split('\n')).toHaveLength(1);
        expect(n.stderr.length).toBeLessThan(1000);
      }
    }, 120_000);
  }
});

describe('solve --from: solutions by number', () => {
  const json = (args: string[]) =>
    JSON.parse(spawnSync(native, ['solve', puzzle('pentomino-6x10'), '--json', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout);
  it('solutions K.. are those of the whole run from K on, raw and unique', () => {
    for (const unique of [[], ['--unique']]) {
      const all = json(unique).solutions as unknown[];
      expect(all.length).toBe(unique.length ? 2339 : 9356);
      for (const k of [1, 2, 513, 600, 4678, all.length - 1, all.length]) {
        const part = json([...unique, '--from', String(k), '--limit', '2']);
        expect(part.from).toBe(k);
        expect(part.solutions).toEqual(all.slice(k - 1, k + 1));
      }
    }
  }, 120_000);

  it('--threads: the same solutions counted on 1 and 3 threads; refused with --disassemble, or past the memory', () => {
    for (const k of [600, 4678, 9355]) {
      const one = json(['--from', String(k), '--limit', '2', '--threads', '1']);
      expect(json(['--from', String(k), '--limit', '2', '--threads', '3']).solutions).toEqual(one.solutions);
    }
    // The WASM build has no threads: the same solutions, counted on its one, and a note.
    const on2 = both(['solve', puzzle('pentomino-6x10'), '--from', '600', '--limit', '1', '--threads', '2']);
    expect(on2.wasm.stdout).toEqual(on2.native.stdout);
    expect(on2.native.stderr).toBe('');
    expect(on2.wasm.stderr).toBe('piecewise: --threads 2: this build could start only 1 thread\n');
    const { native: n, wasm: w } = both(['solve', puzzle('soma'), '--disassemble', '--threads', '2']);
    expect(w).toEqual(n);
    expect(n.status).toBe(2);
    expect(n.stderr).toBe('piecewise: solve --disassemble runs on one thread; drop --threads (see piecewise --help)\n');
    // The WASM build's memory is its 2 GB heap: 300 threads' 4 MB memos and tables do not fit.
    const past = run(process.execPath, [wasm], ['solve', puzzle('soma'), '--from', '5000', '--threads', '300']);
    expect(past.status).toBe(2);
    expect(past.stdout).toBe('');
    expect(past.stderr).toMatch(/^piecewise: --threads 300: the memo and region table of each thread's search \(4 MB each\) take 2400 MB, more than this machine's \d+ MB of memory \(see piecewise --help\)\n$/);
  }, 120_000);

  it('--memo-mb takes 0 (no memo) and says so when it refuses', () => {
    for (const zero of ['0', '00']) {
      const { native: n, wasm: w } = both(['count', puzzle('soma'), '--memo-mb', zero]);
      expect(w).toEqual(n);
      expect(n.status).toBe(0);
      expect(n.stdout).toMatch(/"solutions":11520,.*"unique":240/);
    }
    const { native: n, wasm: w } = both(['count', puzzle('soma'), '--memo-mb', '-1']);
    expect(w).toEqual(n);
    expect(n.status).toBe(2);
    expect(n.stderr).toBe("piecewise: --memo-mb expects an integer from 0 to 1048576, got '-1' (see piecewise --help)\n");
  }, 120_000);

  it('past the last solution: none, the counts, and a note saying how many there are', () => {
    const { native: n, wasm: w } = both(['solve', puzzle('soma'), '--json', '--from', '20000']);
    expect(w).toEqual(n);
    expect(n.status).toBe(0);
    expect(JSON.parse(n.stdout.replace('"seconds":T', '"seconds":0'))).toMatchObject({ solutions: [], complete: true, counts: { solutions: 11520, unique: 240 } });
    expect(n.stderr).toBe('piecewise: --from 20000: the puzzle has 11520 solutions\n');
    // The first number past the last, and past the last unique one.
    const next = both(['solve', puzzle('soma'), '--from', '11521']);
    expect(next.wasm).toEqual(next.native);
    expect(next.native.stderr).toBe('piecewise: --from 11521: the puzzle has 11520 solutions\n');
    const unique = both(['solve', puzzle('soma'), '--unique', '--from', '241']);
    expect(unique.wasm).toEqual(unique.native);
    expect(unique.native.stderr).toBe('piecewise: --from 241: the puzzle has 240 unique solutions\n');
    const last = both(['solve', puzzle('soma'), '--unique', '--from', '240']);
    expect(last.native.stdout).toMatch(/^solution 240 \(one per symmetry class\)\n/);
    expect(last.native.stderr).toBe('');
  }, 120_000);
});

describe('count --checkpoint in the WASM command line', () => {
  it("resumes the native build's checkpoint, cut short by a kill, to the same counts and file", () => {
    // The Tetris Cube's restricted piece is chosen by estimates: both builds must split alike.
    const full = join(scratch, 'tetris.checkpoint');
    expect(run(native, [], ['count', puzzle('tetris-cube'), '--checkpoint', full]).status).toBe(0);
    const whole = readFileSync(full, 'utf8');
    const cut = whole.slice(0, Math.floor(whole.length / 3)); // mid-line: a torn append
    const outcomes = [native, process.execPath].map((command, k) => {
      const path = join(scratch, `tetris-${k}.checkpoint`);
      writeFileSync(path, cut);
      const r = run(command, command === native ? [] : [wasm], ['count', puzzle('tetris-cube'), '--checkpoint', path]);
      return { ...r, file: readFileSync(path, 'utf8').replace(/"nodes":[0-9]+/g, '"nodes":N').split('\n').sort() };
    });
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[0].stdout).toMatch(/"solutions":236136,.*"unique":9839/);
    expect(outcomes[0].file).toEqual(whole.replace(/"nodes":[0-9]+/g, '"nodes":N').split('\n').sort());
  }, 300_000);

  it('skips everything a whole checkpoint records', () => {
    const path = join(scratch, 'soma-copy.checkpoint');
    copyFileSync(join(scratch, 'soma.checkpoint'), path);
    const { native: n, wasm: w } = both(['count', puzzle('soma'), '--checkpoint', path]);
    expect(w).toEqual(n);
    expect(n.stdout).toMatch(/"checkpoint":\{"jobs":\d+,"recorded":\d+\}.*"solutions":11520,.*"unique":240/);
  }, 120_000);
});

describe('bounds on what the command line reads', () => {
  it('merge: a line over 1 MiB is refused naming it, alike', () => {
    const { native: n, wasm: w } = both(['merge'], `\n\n${'x'.repeat(3 << 20)}`);
    expect(w).toEqual(n);
    expect(n.stderr).toBe('piecewise: merge: line 3 is longer than 1 MiB; merge reads one result of `piecewise count FILE --job LINE` a line (a few hundred bytes)\n');
  }, 120_000);

  it("--memo-mb: refused when the tables cannot fit in the machine's memory, natively and in WASM", () => {
    const { native: n, wasm: w } = both(['count', puzzle('soma'), '--memo-mb', '100000', '--threads', '1']);
    for (const r of [n, w]) {
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^piecewise: --memo-mb 100000: a memo and a region table of that size for each of 1 thread take 200000 MB, more than this machine's \d+ MB of memory \(see piecewise --help\)\n$/);
    }
  }, 120_000);
});

describe('BurrTools files through both command lines', () => {
  const file = (name: string) => `tests/data/burrtools/${name}.xmpuzzle`;
  const cases: [string, () => string[]][] = [
    ['count, gzip, a problem by number', () => ['count', file('soma-two-problems'), '--problem', '2']],
    ['solve, plain XML, a problem by name', () => ['solve', file('frame-with-holes'), '--problem', 'Corners may stay empty', '--limit', '1']],
    ['convert to piecewise/1', () => ['convert', file('pentominoes-3x20-flat')]],
    ['convert to XML', () => ['convert', puzzle('pentomino-8x8-centre'), '--to=xml']],
    ['several problems, none chosen', () => ['validate', file('soma-two-problems')]],
    ['another grid', () => ['count', file('triangular-prisms')]],
    ['the rhombic grid: its tetrahedra', () => ['count', file('HexSticks')]],
    ['the rhombic grid: whole dodecahedra', () => ['count', file('rhombic-dodecahedra-14-corners')]],
    ['the rhombic grid: stray voxels', () => ['count', file('rhombic-stray-voxels')]],
    ['a puzzle BurrTools cannot hold', () => ['convert', puzzle('infuriater'), '--to', 'xmpuzzle']],
    ['a decompression bomb', () => ['count', join(scratch, 'bomb.xmpuzzle')]],
    ['a truncated gzip file', () => ['count', join(scratch, 'cut.xmpuzzle')]],
    ['a damaged gzip file', () => ['count', join(scratch, 'damaged.xmpuzzle')]],
  ];
  for (const [name, args] of cases) {
    it(name, () => {
      const { native: n, wasm: w } = both(args());
      expect(w).toEqual(n);
      // Success may come with notes on what the conversion ignored; failure is one line.
      const lines = n.stderr.trim() ? n.stderr.trim().split('\n') : [];
      if (n.status === 0) for (const line of lines) expect(line).toMatch(/^piecewise: note: /);
      else {
        expect(n.stdout).toBe('');
        expect(lines).toHaveLength(1);
      }
    }, 120_000);
  }

  it('converts to .xmpuzzle: the same XML, gzipped by either zlib', () => {
    // The bytes may differ: the native build uses the system's zlib, the WASM one Node's.
    const xmpuzzle = (command: string, argv: string[]) =>
      spawnSync(command, [...argv, 'convert', puzzle('soma'), '--to', 'xmpuzzle'], { cwd: root, maxBuffer: 1 << 28 });
    const [n, w] = [xmpuzzle(native, []), xmpuzzle(process.execPath, [wasm])];
    expect([n.status, w.status, n.stderr.length, w.stderr.length]).toEqual([0, 0, 0, 0]);
    expect(gunzipSync(w.stdout).toString('utf8')).toBe(gunzipSync(n.stdout).toString('utf8'));
    expect(gunzipSync(n.stdout).toString('utf8')).toContain('<problem name="Soma cube" state="0">');
  });

  it("refuses bad gzip with the page's words, the bomb within a second", () => {
    const start = performance.now();
    const bomb = run(native, [], ['count', join(scratch, 'bomb.xmpuzzle')]);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(bomb.stderr).toBe(`piecewise: ${gzipMessages.tooLarge(4 * 1024 * 1024)}\n`);
    expect(run(native, [], ['count', join(scratch, 'cut.xmpuzzle')]).stderr).toBe(`piecewise: ${gzipMessages.truncated}\n`);
    expect(run(native, [], ['count', join(scratch, 'damaged.xmpuzzle')]).stderr).toBe(`piecewise: ${gzipMessages.damaged}\n`);
  });
});

describe('jobs in the WASM command line', () => {
  it('merges what either build counted, and says the same about what does not add up', () => {
    // Unaltered output (run() blanks the timings): merge reads the seconds.
    const count = (line: string) =>
      spawnSync(native, ['count', puzzle('soma'), '--job', line], { cwd: root, encoding: 'utf8' }).stdout;
    const results = splitLines('soma', 5).map(count);
    const whole = both(['merge'], results.join(''));
    expect(whole.wasm).toEqual(whole.native);
    expect(whole.native.status).toBe(0);
    expect(whole.native.stdout).toMatch(/"solutions":11520,.*"unique":240/);
    const missing = both(['merge'], results.slice(1).join(''));
    expect(missing.wasm).toEqual(missing.native);
    expect(missing.native.status).toBe(1);
  }, 120_000);

  it('counts on the one thread it has when asked for more, and says so', () => {
    const { native: n, wasm: w } = both(['count', puzzle('soma'), '--threads', '2']);
    expect(w.stdout).toEqual(n.stdout);
    expect(w.status).toBe(0);
    expect(w.stderr).toMatch(/--threads 2: this build could start only 1 thread/);
  }, 120_000);
});
