// Inflating with a hard cap on the output, for every compressed thing the page reads: share
// links (raw deflate) and BurrTools files (gzip). fflate inflates a slice of the input at a
// time, so a bomb stops once the cap is passed, having cost about the cap in memory and time.
import type { FlateStreamHandler } from 'fflate';

/** One of fflate's streaming inflaters (Inflate, Gunzip) around `ondata`. */
export interface InflateStream {
  push(chunk: Uint8Array, final?: boolean): void;
}

export type Inflated = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' | 'truncated' | 'damaged'; detail: string };

// Input slice: a slice of deflate data inflates to at most ~1,032 times its size.
const SLICE = 1024;

export function inflateCapped(makeStream: (ondata: FlateStreamHandler) => InflateStream, data: Uint8Array, cap: number): Inflated {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  let ended = false;
  const stream = makeStream((chunk, final) => {
    if (over) return;
    total += chunk.length;
    if (total > cap) {
      over = true;
      return;
    }
    chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let i = 0; i < data.length && !over; i += SLICE) {
      const end = Math.min(data.length, i + SLICE);
      stream.push(data.subarray(i, end), end === data.length);
    }
    if (data.length === 0) stream.push(new Uint8Array(0), true);
  } catch (e) {
    const why = (e as Error).message || 'inflate error';
    return { ok: false, reason: /EOF/i.test(why) ? 'truncated' : 'damaged', detail: why };
  }
  if (over) return { ok: false, reason: 'too-large', detail: '' };
  if (!ended) return { ok: false, reason: 'truncated', detail: '' };
  const bytes = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    bytes.set(c, o);
    o += c.length;
  }
  return { ok: true, bytes };
}
