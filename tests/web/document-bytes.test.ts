// Native and WASM read a document's bytes identically: the WASM module takes the bytes (a
// Uint8Array, never text JavaScript decoded), and refuses ill-formed UTF-8, a NUL byte and
// anything after the document with the native build's message, byte for byte. The same
// holds for documents the solver's limits refuse (tests/hostile/hostile-puzzles.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDescribeReply } from '../../web/src/solver/description';
import type { DocumentBytes, SolverModule } from '../../web/src/solver/module';
import { wasmCliPath } from '../../web/src/solver/node-loader.mjs';
import { hostilePuzzles } from '../hostile/hostile-puzzles.mjs';
import { solverModule } from './wasm-helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const native = join(root, 'build/native/piecewise');
const soma = readFileSync(join(root, 'puzzles/soma.puzzle.json'));
const dir = mkdtempSync(join(tmpdir(), 'piecewise-bytes-'));

let module: SolverModule;
beforeAll(async () => {
  module = await solverModule();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The module's one reader (describe): the parser's message, or null when the document reads.
const describeError = (doc: DocumentBytes) => {
  const reply = readDescribeReply(module.describe(doc));
  return reply.ok ? null : reply.error;
};

const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
// Soma with `raw` in place of the "m" of its name.
const inName = (raw: number[]) => {
  const at = soma.indexOf('Soma cube') + 2;
  return bytes(soma.subarray(0, at), raw, soma.subarray(at + 1));
};

const cases: [string, Uint8Array][] = [
  ['lone 0xFF', inName([0xff])],
  ['stray continuation byte', inName([0x80])],
  ['overlong slash', inName([0xc0, 0xaf])],
  ['encoded surrogate', inName([0xed, 0xa0, 0x80])],
  ['beyond U+10FFFF', inName([0xf4, 0x90, 0x80, 0x80])],
  ['cut-short character', inName([0xe2, 0x82])],
  ['NUL and garbage after the document', bytes(soma, [0], 'garbage{')],
  ['a second document', bytes(soma, soma)],
  ['a comma after the document', bytes(soma, ',')],
  ['NUL inside a string', inName([0])],
];

function nativeError(args: string[], file: string): string {
  const r = spawnSync(native, [...args.slice(0, 1), file, ...args.slice(1)], { encoding: 'buffer' });
  expect(r.stdout.length, 'nothing on stdout').toBe(0);
  expect(r.status).toBe(1);
  return r.stderr.toString('utf8').replace(/^piecewise: /, '').replace(/\n$/, '');
}

function write(name: string, content: Uint8Array | string): string {
  const file = join(dir, name.replace(/[^a-z0-9]+/gi, '-') + '.json');
  writeFileSync(file, content);
  return file;
}

describe.skipIf(!existsSync(native))('the WASM module and the native CLI refuse the same bytes alike', () => {
  for (const [name, doc] of cases) {
    it(name, () => {
      const expected = nativeError(['validate'], write(name, doc));
      expect(expected).toMatch(/^invalid (UTF-8|JSON) at line \d+, column \d+ \(byte offset \d+\): /);
      expect(describeError(doc)).toBe(expected);
      const session = new module.Session(doc, '');
      expect(session.error()).toBe(expected);
      session.delete();
    });
  }

  it('accepts a byte order mark and trailing white space, as native does', () => {
    for (const doc of [bytes([0xef, 0xbb, 0xbf], soma), bytes(soma, ' \r\n\t\n')]) {
      execFileSync(native, ['validate', write('accepted', doc)]);
      expect(readDescribeReply(module.describe(doc))).toMatchObject({ ok: true, puzzle: { kind: 'packing' } });
    }
  });

  for (const doc of hostilePuzzles().filter((d) => d.refused)) {
    it(`limits: ${doc.name}`, () => {
      const expected = nativeError(['solve', '--limit', '1'], write(doc.name, doc.text));
      const session = new module.Session(bytes(doc.text), '');
      expect(session.error()).toBe(expected);
      session.delete();
    });
  }

  it('the WASM command line reads the file as bytes too', () => {
    for (const [name, doc] of cases.slice(0, 2).concat(cases.slice(6, 7))) {
      const file = write(name, doc);
      const wasm = spawnSync(process.execPath, [wasmCliPath(), 'validate', file]);
      const nat = spawnSync(native, ['validate', file]);
      expect(wasm.status).toBe(1);
      expect(wasm.stderr.equals(nat.stderr)).toBe(true);
    }
  });
});

it('a decoded string hides bad bytes: U+FFFD in place of 0xFF is accepted, which is why callers pass bytes', () => {
  const doc = inName([0xff]);
  expect(describeError(doc)).toMatch(/^invalid UTF-8 at line 3, column \d+ \(byte offset \d+\): byte 0xFF never occurs in UTF-8$/);
  expect(describeError(new TextDecoder().decode(doc))).toBeNull();
});
