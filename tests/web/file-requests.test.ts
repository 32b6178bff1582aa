// The file worker's requests with the real WASM module: files are read by content (a BurrTools
// file with one problem opens at once, one with several lists them), bytes go to the C++ reader
// undecoded (bad UTF-8 is the solver's to refuse), gzip is inflated at this edge (fflate, bounded,
// damaged data refused with the command line's messages), and export gives bytes or the reason.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipMessages } from '../../web/src/compression/gzip';
import { handleFileRequest } from '../../web/src/files/file-requests';
import { MAX_DOCUMENT_BYTES } from '../../web/src/share/codec';
import { fileTitle } from '../../web/src/files/open-file';
import { puzzleText, solverModule } from './wasm-helpers';

const data = (name: string): Uint8Array => readFileSync(new URL(`../data/burrtools/${name}`, import.meta.url));
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('file requests', () => {
  it('opens a piecewise/1 document as the solver reads it', async () => {
    const m = await solverModule();
    const text = puzzleText('soma');
    const r = handleFileRequest(m, { type: 'open', id: 1, bytes: utf8(text), title: 'soma' });
    expect(r).toEqual({ id: 1, ok: true, opened: { kind: 'document', text, notes: [], format: 'piecewise' } });
  });

  it('refuses a broken document with the solver message', async () => {
    const m = await solverModule();
    const r = handleFileRequest(m, { type: 'open', id: 2, bytes: utf8('{"format": "piecewise/1", "kind": "packing"'), title: 'x' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/JSON/);
  });

  it('hands bytes that are not UTF-8 to the solver rather than decoding them', async () => {
    const m = await solverModule();
    const text = puzzleText('soma').replace('Soma cube', 'Soma \u00ff');
    const bytes = utf8(text);
    // Cut the two-byte ÿ in half: ill-formed UTF-8 inside a string.
    const at = bytes.indexOf(0xc3);
    const bad = new Uint8Array([...bytes.subarray(0, at), 0xff, ...bytes.subarray(at + 2)]);
    const r = handleFileRequest(m, { type: 'open', id: 3, bytes: bad, title: 'x' });
    expect(r.ok).toBe(false);
  });

  it('opens a BurrTools file with one problem at once, with its notes', async () => {
    const m = await solverModule();
    const r = handleFileRequest(m, { type: 'open', id: 4, bytes: data('frame-with-holes.xmpuzzle'), title: 'frame' });
    expect(r.ok && 'opened' in r && r.opened.kind).toBe('document');
    if (r.ok && 'opened' in r && r.opened.kind === 'document') {
      expect(r.opened.format).toBe('xmpuzzle');
      expect(r.opened.notes.length).toBeGreaterThan(0);
    }
  });

  it('lists the problems of a file that has several, then imports the one picked', async () => {
    const m = await solverModule();
    const bytes = data('soma-two-problems.xmpuzzle');
    const r = handleFileRequest(m, { type: 'open', id: 5, bytes, title: 'soma' });
    expect(r.ok && 'opened' in r && r.opened.kind === 'problems' && r.opened.problems.map((p) => p.name)).toEqual(['Cube', 'Slab of V and L']);
    const picked = handleFileRequest(m, { type: 'import', id: 6, bytes, problem: '#2', title: 'soma' });
    expect(picked.ok && 'opened' in picked && picked.opened.kind === 'document' && picked.opened.text).toContain('Slab of V and L');
  });

  it('refuses stray rhombic voxels and a damaged file in one line', async () => {
    const m = await solverModule();
    const grid = handleFileRequest(m, { type: 'open', id: 7, bytes: data('rhombic-stray-voxels.xmpuzzle'), title: 't' });
    expect(!grid.ok && grid.error).toMatch(/its voxel \(1, 0, 0\) is not one of the 24 tetrahedra/);
    const file = data('soma-two-problems.xmpuzzle');
    const cut = handleFileRequest(m, { type: 'open', id: 8, bytes: file.slice(0, 200), title: 't' });
    expect(!cut.ok && cut.error).toBe(gzipMessages.truncated);
    const badCrc = file.slice();
    badCrc[badCrc.length - 8]! ^= 1;
    const crc = handleFileRequest(m, { type: 'open', id: 8, bytes: badCrc, title: 't' });
    expect(!crc.ok && crc.error).toBe(gzipMessages.damaged);
    const garbled = file.slice();
    garbled.fill(0xff, 20, 40);
    const bad = handleFileRequest(m, { type: 'open', id: 8, bytes: garbled, title: 't' });
    expect(!bad.ok && bad.error).toBe(gzipMessages.damaged);
  });

  it('refuses a decompression bomb once past the document limit, within a second, as the command lines do', async () => {
    const m = await solverModule();
    const bomb = gzipSync(new Uint8Array(256 << 20), { level: 9 }); // 256 MB of zeros in ~250 kB
    const start = performance.now();
    const r = handleFileRequest(m, { type: 'open', id: 11, bytes: bomb, title: 'bomb' });
    expect(performance.now() - start).toBeLessThan(1000);
    expect(!r.ok && r.error).toBe('gzip: the file decompresses to more than 4194304 bytes (the document limit)');
    expect(gzipMessages.tooLarge(MAX_DOCUMENT_BYTES)).toBe(!r.ok && r.error);
  });

  it('exports a packing puzzle and refuses an edge-matching one with the reason', async () => {
    const m = await solverModule();
    const ok = handleFileRequest(m, { type: 'export', id: 9, text: puzzleText('soma'), compressed: true });
    expect(ok.ok && 'bytes' in ok && [...ok.bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const plain = handleFileRequest(m, { type: 'export', id: 12, text: puzzleText('soma'), compressed: false });
    const xml = plain.ok && 'bytes' in plain ? new TextDecoder().decode(plain.bytes) : '';
    expect(xml).toContain('<problem name="Soma cube" state="0">');
    expect(ok.ok && 'bytes' in ok && new TextDecoder().decode(gunzipSync(ok.bytes))).toBe(xml);
    const no = handleFileRequest(m, { type: 'export', id: 10, text: puzzleText('frogs'), compressed: true });
    expect(!no.ok && no.error).toMatch(/BurrTools holds packing puzzles only/);
  });

  it('names a puzzle after its file', () => {
    expect(fileTitle('AlPackino.xmpuzzle')).toBe('AlPackino');
    expect(fileTitle('soma.puzzle.json')).toBe('soma');
    expect(fileTitle('C:\\puzzles\\x.json')).toBe('x');
    expect(fileTitle('noext')).toBe('noext');
  });
});
