// Share-link codec: exact round trips over the library, clear one-line errors for bad links.
import { readFileSync, readdirSync } from 'node:fs';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENT_BYTES,
  decodeShareFragment,
  encodeShareFragment,
  fromBase64Url,
  shareUrl,
  toBase64Url,
} from '../../web/src/share/codec';

const dir = new URL('../../puzzles/', import.meta.url);
const library = readdirSync(dir)
  .filter((f) => f.endsWith('.puzzle.json'))
  .map((f) => ({ file: f, text: readFileSync(new URL(f, dir), 'utf8') }));

function payloadOf(bytes: Uint8Array): string {
  return 'p1=' + toBase64Url(bytes);
}
function expectError(frag: string, pattern: RegExp) {
  const r = decodeShareFragment(frag);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.message).toMatch(pattern);
    expect(r.message).not.toContain('\n');
  }
}

describe('share codec', () => {
  it('has library puzzles to test', () => expect(library.length).toBeGreaterThan(10));

  for (const { file, text } of library) {
    it(`round-trips ${file}`, () => {
      const frag = encodeShareFragment(text, 7);
      expect(frag).toMatch(/^p1=[A-Za-z0-9_-]+&s=7$/);
      const r = decodeShareFragment('#' + frag);
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(JSON.parse(r.text)).toEqual(JSON.parse(text));
        expect(r.solution).toBe(7);
      }
      console.log(`link size ${file}: ${text.length} bytes of JSON -> ${frag.length - 4} fragment characters`);
    });
  }

  it('base64url round-trips every length', () => {
    for (let n = 0; n < 40; n++) {
      const b = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 255);
      expect(Array.from(fromBase64Url(toBase64Url(b))!)).toEqual(Array.from(b));
    }
  });

  it('builds a URL replacing an existing fragment, keeping the sub-path', () => {
    const u = shareUrl('https://example.org/a/b/index.html?x=1#old', '{"format":"piecewise/1"}');
    expect(u.startsWith('https://example.org/a/b/index.html?x=1#p1=')).toBe(true);
    expect(u).not.toContain('#old');
  });

  it('omits the solution number when none is given', () => {
    const r = decodeShareFragment(encodeShareFragment(library[0].text));
    expect(r.ok && r.solution).toBe(null);
  });

  it('rejects garbled base64', () => expectError('#p1=abc$%def', /corrupted|not base64url/));
  it('rejects random bytes that are not deflate', () =>
    expectError(payloadOf(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x12, 0x34])), /corrupted|truncated/));
  it('rejects a truncated link', () => {
    const frag = encodeShareFragment(library.find((l) => l.file.startsWith('tetris'))!.text);
    expectError(frag.slice(0, Math.floor(frag.length / 2)), /truncated|corrupted/);
  });
  it('rejects a wrong link version', () => expectError('#p2=AAAA', /version "p2" is not supported/));
  it('rejects a fragment without a payload', () => expectError('#s=3', /no "p1=" part/));
  it('rejects an empty payload', () => expectError('#p1=', /empty/));
  it('rejects a bad solution number', () => expectError(encodeShareFragment(library[0].text) + '&s=-1', /solution number/));
  it('rejects JSON that is not a piecewise/1 document', () => {
    expectError(payloadOf(deflateSync(new TextEncoder().encode('[1,2]'))), /not an object/);
    expectError(payloadOf(deflateSync(new TextEncoder().encode('{"format":"piecewise/9"}'))), /piecewise\/9/);
    expectError(payloadOf(deflateSync(new TextEncoder().encode('{"format":'))), /not JSON/);
  });
  it('rejects text that is not UTF-8', () =>
    expectError(payloadOf(deflateSync(Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]))), /UTF-8/));
  it('stops an inflate bomb at the document limit', () => {
    const bomb = deflateSync(new Uint8Array(MAX_DOCUMENT_BYTES * 4).fill(32), { level: 9 });
    expect(bomb.length).toBeLessThan(40_000);
    expectError(payloadOf(bomb), /too large.*4194304/);
  });
  it('rejects an over-long link before decoding it', () => expectError('p1=' + 'A'.repeat(3 * 1024 * 1024), /too long/));
  it('keeps hostile names as plain strings', () => {
    const doc = { format: 'piecewise/1', name: '<img src=x onerror=alert(1)>', kind: 'snake', box: [1, 1, 2], segments: [2] };
    const r = decodeShareFragment(encodeShareFragment(JSON.stringify(doc)));
    expect(r.ok).toBe(true);
    if (r.ok) expect(JSON.parse(r.text).name).toBe('<img src=x onerror=alert(1)>');
  });
});
