// gzip for BurrTools files on the page (the core reads and writes their XML only), with fflate:
// the counterpart of the command line's solver/files/gzip.hpp, refusing with the same messages.
import { Gunzip, gzipSync } from 'fflate';
import { inflateCapped } from './capped-inflate';

export const gzipMessages = {
  tooLarge: (limit: number) => `gzip: the file decompresses to more than ${limit} bytes (the document limit)`,
  truncated: 'gzip: the data is truncated',
  damaged: 'gzip: the data is damaged',
};

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

// The trailer's CRC-32 and size, little-endian, of a gzip member ending at `end`.
function trailer(bytes: Uint8Array, end: number): [number, number] {
  const word = (at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  return [word(end - 8), word(end - 4)];
}

/** The data of a gzip file, at most `limit` bytes, or the refusal's message. */
export function gunzipCapped(bytes: Uint8Array, limit: number): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  const r = inflateCapped((ondata) => new Gunzip(ondata), bytes, limit);
  if (!r.ok) return { ok: false, error: r.reason === 'too-large' ? gzipMessages.tooLarge(limit) : gzipMessages[r.reason] };
  // fflate does not check the trailer, zlib does: its CRC-32 is computed by fflate itself, as
  // the trailer of the data stored again (level 0: copied, not compressed).
  const [crc, size] = trailer(bytes, bytes.length);
  const stored = gzipSync(r.bytes, { level: 0, mtime: 0 });
  const [expected] = trailer(stored, stored.length);
  if (crc !== expected || size !== r.bytes.length >>> 0) return { ok: false, error: gzipMessages.damaged };
  return r;
}

/** `data` as a gzip file, as BurrTools writes its files. */
export function gzip(data: Uint8Array): Uint8Array {
  return gzipSync(data, { level: 9, mtime: 0 });
}
