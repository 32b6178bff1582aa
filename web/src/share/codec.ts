// Share-link codec: a piecewise/1 document <-> the URL fragment `#p1=<payload>[&s=<n>]`.
//
// payload = base64url (no padding) of deflate-raw (fflate) of the canonical minified JSON,
// i.e. JSON.stringify(JSON.parse(text)): key order kept, whitespace dropped. Decoding gives
// back text whose parsed JSON equals the original's.
//
// `p1` is the format version of the link itself. A later layout gets `p2`; this build names
// the version it does not know instead of guessing. Decoding never throws: it returns a
// one-line message naming the problem, and caps both the link and the inflated size (the
// solver's own 4 MiB document limit) while inflating, so an inflate bomb stops early.
import { Inflate, deflateSync } from 'fflate';
import { inflateCapped } from '../compression/capped-inflate';

export const LINK_VERSION = 'p1';
/** The solver's document limit; nothing larger can be a puzzle. */
export const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;
/** Chromium's URL length limit; a longer link cannot be opened anyway. */
export const MAX_PAYLOAD_CHARS = 2 * 1024 * 1024;

export type DecodeResult =
  | { ok: true; text: string; solution: number | null }
  | { ok: false; message: string };

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX = (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) t[B64.charCodeAt(i)] = i;
  return t;
})();

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += B64[n >> 18] + B64[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63];
  }
  return out;
}

/** Returns null when `s` is not base64url (padding `=` is tolerated). */
export function fromBase64Url(s: string): Uint8Array | null {
  const str = s.replace(/=+$/, '');
  if (str.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((str.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    const v = c < 128 ? B64_INDEX[c] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

/** The canonical minified form a link carries. Throws a SyntaxError for text that is not JSON. */
export function canonicalJson(text: string): string {
  return JSON.stringify(JSON.parse(text));
}

/** The fragment (without `#`) for a document and an optional 1-based solution number. */
export function encodeShareFragment(text: string, solution?: number | null): string {
  const bytes = new TextEncoder().encode(canonicalJson(text));
  const payload = toBase64Url(deflateSync(bytes, { level: 9 }));
  let frag = `${LINK_VERSION}=${payload}`;
  if (solution != null && Number.isInteger(solution) && solution >= 1) frag += `&s=${solution}`;
  return frag;
}

/** A full URL: `base` with its fragment replaced. */
export function shareUrl(base: string, text: string, solution?: number | null): string {
  const i = base.indexOf('#');
  return (i < 0 ? base : base.slice(0, i)) + '#' + encodeShareFragment(text, solution);
}

/** True when the fragment looks like a share link of any version (`#p<digits>=`). */
export function isShareFragment(fragment: string): boolean {
  return /^#?p\d+=/.test(fragment);
}

/** Inflates with a hard cap on the output, checked slice by slice. */
function inflateLink(data: Uint8Array, cap: number): { ok: true; bytes: Uint8Array } | { ok: false; message: string } {
  const r = inflateCapped((ondata) => new Inflate(ondata), data, cap);
  if (r.ok) return r;
  if (r.reason === 'too-large') return { ok: false, message: `share link is too large: the puzzle inflates to more than ${cap} bytes (the solver's limit)` };
  if (r.reason === 'truncated') return { ok: false, message: 'share link is truncated: the compressed data ends early' };
  return { ok: false, message: `share link is corrupted: the compressed data is invalid (${r.detail})` };
}

/**
 * Decodes a fragment (with or without the leading `#`). Never throws.
 * `{ ok: false, message }` names the problem in one line.
 */
export function decodeShareFragment(fragment: string): DecodeResult {
  const frag = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (frag.length > MAX_PAYLOAD_CHARS + 64) {
    return { ok: false, message: `share link is too long (${frag.length} characters; at most ${MAX_PAYLOAD_CHARS})` };
  }
  let payload: string | null = null;
  let solution: number | null = null;
  for (const part of frag.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (/^p\d+$/.test(key)) {
      if (key !== LINK_VERSION) {
        return { ok: false, message: `share link version "${key.slice(0, 12)}" is not supported by this version of Piecewise (it reads "${LINK_VERSION}")` };
      }
      payload = value;
    } else if (key === 's') {
      if (!/^[1-9][0-9]{0,8}$/.test(value)) {
        return { ok: false, message: `share link has a bad solution number "s=${value.slice(0, 20)}" (expected a whole number from 1)` };
      }
      solution = Number(value);
    }
    // Other keys are ignored so later optional parameters do not break old builds.
  }
  if (payload === null) return { ok: false, message: `not a share link: the fragment has no "${LINK_VERSION}=" part` };
  if (payload.length === 0) return { ok: false, message: 'share link is empty: "p1=" carries no data' };
  let decodedPayload = payload;
  if (payload.includes('%')) {
    try {
      decodedPayload = decodeURIComponent(payload);
    } catch {
      return { ok: false, message: 'share link is corrupted: bad percent-encoding' };
    }
  }
  const compressed = fromBase64Url(decodedPayload);
  if (!compressed) return { ok: false, message: 'share link is corrupted: the data is not base64url (was it cut or changed?)' };
  const inflated = inflateLink(compressed, MAX_DOCUMENT_BYTES);
  if (!inflated.ok) return inflated;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
  } catch {
    return { ok: false, message: 'share link is corrupted: the puzzle is not UTF-8 text' };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `share link is corrupted: the puzzle is not JSON (${(e as Error).message})` };
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return { ok: false, message: 'share link does not carry a puzzle: the JSON is not an object' };
  }
  const format = (doc as Record<string, unknown>).format;
  if (format !== 'piecewise/1') {
    return { ok: false, message: `share link does not carry a piecewise/1 puzzle: format is ${JSON.stringify(format ?? null)?.slice(0, 40)}` };
  }
  return { ok: true, text, solution };
}
