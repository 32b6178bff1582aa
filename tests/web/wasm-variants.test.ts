// The solver ships as two builds (scripts/build-wasm.sh): the baseline (JS exceptions, no SIMD)
// that every browser runs, and the SIMD one (SIMD and wasm exceptions) that browsers validating
// both get (web/src/solver/variants.mjs). The rest of the suite runs the one Node 20 picks; this
// file loads both, through the page's own loader (module.ts), and holds them to the same answers:
// counts, and the parser's messages, which travel as C++ exceptions, each build catching them its
// own way.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDescribeReply } from '../../web/src/solver/description';
import {
  loadSolverModule,
  preferredVariant,
  solverFiles,
  supportsSimdAndExceptions,
  type SolverModule,
  type SolverVariant,
} from '../../web/src/solver/module';
import { nodeVariant, wasmCliPath, wasmPath } from '../../web/src/solver/node-loader.mjs';
import { locateWasm } from '../../web/src/solver/worker-module';
import { hostilePuzzles } from '../hostile/hostile-puzzles.mjs';
import { puzzleText } from './wasm-helpers';

const variants: SolverVariant[] = ['baseline', 'simd'];
const modules = {} as Record<SolverVariant, SolverModule>;
/** The .wasm file each build's glue asked for (what the workers' locateFile maps to a URL). */
const asked = {} as Record<SolverVariant, string[]>;
beforeAll(async () => {
  for (const variant of variants) {
    asked[variant] = [];
    const locateFile = (path: string) => (asked[variant].push(path), path);
    modules[variant] = await loadSolverModule({ variant, wasmBinary: readFileSync(wasmPath(variant)), locateFile });
  }
});

/** What each build answers, keyed by build, so that a difference names the build. */
const both = <T>(f: (m: SolverModule) => T) => ({ baseline: f(modules.baseline), simd: f(modules.simd) });
const same = <T>(f: (m: SolverModule) => T): T => {
  const answers = both(f);
  expect(answers.simd).toEqual(answers.baseline);
  return answers.baseline;
};

describe('choosing the build', () => {
  it('Node 20 validates SIMD and legacy wasm exceptions, so the SIMD build is the default', () => {
    expect(supportsSimdAndExceptions()).toBe(true);
    expect(preferredVariant()).toBe('simd');
  });

  it('the probe agrees with the SIMD build itself, which an engine without the features refuses', () => {
    for (const variant of variants) expect(WebAssembly.validate(readFileSync(wasmPath(variant)))).toBe(true);
    expect(supportsSimdAndExceptions()).toBe(WebAssembly.validate(readFileSync(wasmPath('simd'))));
  });

  it('a forced build loads that build, and the workers find each .wasm under its own name', () => {
    expect(asked).toEqual({ baseline: ['piecewise-solver.wasm'], simd: ['piecewise-solver-simd.wasm'] });
    const urls = variants.map((v) => locateWasm(`${solverFiles[v]}.wasm`));
    expect(urls[0]).toMatch(/\/piecewise-solver\.wasm$/);
    expect(urls[1]).toMatch(/\/piecewise-solver-simd\.wasm$/);
  });

  it('PIECEWISE_WASM_VARIANT overrides the choice under Node, and a wrong name is refused', () => {
    const saved = process.env.PIECEWISE_WASM_VARIANT;
    try {
      process.env.PIECEWISE_WASM_VARIANT = 'baseline';
      expect(nodeVariant()).toBe('baseline');
      expect(wasmPath().pathname).toMatch(/\/piecewise-solver\.wasm$/);
      expect(wasmCliPath()).toMatch(/\/build\/wasm\/piecewise\.cjs$/);
      process.env.PIECEWISE_WASM_VARIANT = 'sse';
      expect(() => nodeVariant()).toThrow(/^PIECEWISE_WASM_VARIANT=sse: expected one of baseline, simd$/);
      delete process.env.PIECEWISE_WASM_VARIANT;
      expect(nodeVariant()).toBe('simd');
      expect(wasmCliPath()).toMatch(/\/build\/wasm-simd\/piecewise\.cjs$/);
    } finally {
      if (saved === undefined) delete process.env.PIECEWISE_WASM_VARIANT;
      else process.env.PIECEWISE_WASM_VARIANT = saved;
    }
  });
});

describe('both builds give the same answers', () => {
  // One puzzle of each kind, and the pentominoes' longer search.
  for (const name of ['soma', 'pentomino-5x12', 'frogs', 'macmahon-2-colour-border-3x3', 'snake-3x3x3', 'snake-3x3x4']) {
    it(`counts ${name}`, () => {
      const text = puzzleText(name);
      const counts = same((m) => {
        const session = new m.Session(text, '');
        expect(session.error()).toBe('');
        expect(session.begin('root', 0)).toBe('');
        while (!session.advanceCounting(1 << 20)) {}
        const result = { solutions: session.solutionCount(), unique: session.uniqueCount(), nodes: session.nodes() };
        session.delete();
        return result;
      });
      const expected = readDescribeReply(modules.simd.describe(text));
      if (!expected.ok || !expected.puzzle.expected) throw new Error(`${name}: no expected counts`);
      expect([counts.solutions, counts.unique]).toEqual([Number(expected.puzzle.expected.solutions), Number(expected.puzzle.expected.unique)]);
    });
  }

  it('prepares a search into the same jobs and settings', () => {
    const split = same((m) => m.prepare(puzzleText('pentomino-5x12'), 40));
    expect(split.error).toBeNull();
    expect(split.jobs.length).toBeGreaterThan(1);
  });

  it('refuses a malformed document with the same one-line message (a C++ exception, caught)', () => {
    const documents = [
      ['{not json', /^invalid JSON at line 1, column 3 \(byte offset 2\): /],
      [
        JSON.stringify({ format: 'piecewise/1', name: 't', kind: 'packing', board: { shape: ['##'] }, pieces: [{ name: 'A', shape: ['#'], count: -1 }] }),
        /^pieces\[0\]\.count: negative value -1; expected an integer of at least 1$/,
      ],
      // Refused past the parser, by the search's set-up (its limits).
      [hostilePuzzles().find((d) => d.refused)!.text, /, over the limit of \d+$/],
    ] as const;
    for (const [text, message] of documents) {
      const [error] = same((m) => {
        const session = new m.Session(text, '');
        const e = session.error();
        session.delete();
        const described = readDescribeReply(m.describe(text));
        return [e, described.ok ? null : described.error, m.prepare(text, 4).error];
      });
      expect(error).toMatch(message);
    }
  });

  it('refuses a damaged BurrTools file alike', () => {
    const damaged = new TextEncoder().encode('<?xml version="1.0"?>\n<puzzle version="2"><gridType type="0"/><shapes><voxel');
    expect(same((m) => m.xmpuzzleProblems(damaged).error)).toMatch(/^XML line 2: /);
  });

  it('the two command lines print the same counts and the same errors', () => {
    const run = (variant: SolverVariant, args: string[]) => {
      const r = spawnSync(process.execPath, [wasmCliPath(variant), ...args], { encoding: 'utf8' });
      return { status: r.status, stdout: r.stdout.replace(/"seconds":[0-9.e+-]+/, '"seconds":T'), stderr: r.stderr };
    };
    const soma = new URL('../../puzzles/soma.puzzle.json', import.meta.url).pathname;
    const count = run('simd', ['count', soma]);
    expect(count.stdout).toContain('"solutions":11520');
    expect(count).toEqual(run('baseline', ['count', soma]));
    const bad = join(mkdtempSync(join(tmpdir(), 'piecewise-variants-')), 'bad.puzzle.json');
    writeFileSync(bad, '{"format": "piecewise/1", "name": "no kind"}');
    const refused = run('simd', ['validate', bad]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe('piecewise: kind: missing required field\n');
    expect(refused).toEqual(run('baseline', ['validate', bad]));
    rmSync(dirname(bad), { recursive: true });
  });
});
