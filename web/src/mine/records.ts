// What My puzzles keep: per puzzle a summary (name, kind, dates) and its document, each checked
// whenever it is read back (storage is the user's and other tabs', and may hold anything).
// Pure: tested on its own.

/** How a puzzle came to be kept: the editor, a file, or a share link. */
export type Origin = 'edited' | 'imported' | 'link';

/**
 * What the menu needs of a kept puzzle, stored apart from its document (db.ts): the page reads
 * these on every load and a document only when it is opened.
 */
export interface MyPuzzleSummary {
  id: string;
  /** The label in the puzzle menu. */
  name: string;
  /** The user chose `name` (Rename): saving the document no longer changes it. */
  named: boolean;
  /** The document's kind (packing, edge-matching, snake), null when it names none. */
  kind: string | null;
  origin: Origin;
  /** Milliseconds since 1970. */
  created: number;
  updated: number;
  /** Bumped by every save: a tab that saved from an older revision would overwrite another's work. */
  revision: number;
  /** textDigest() of the document: finds the same document kept before without reading any. */
  digest: string;
}

export interface MyPuzzle extends MyPuzzleSummary {
  /** The piecewise/1 document, as the solver accepted or as the editor holds it. */
  text: string;
}

/** The solver's document limit (bytes of UTF-8): nothing larger can be a puzzle. */
export const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;
/** Names longer than this are cut (they label a menu). */
export const MAX_NAME = 120;

const ORIGINS: readonly Origin[] = ['edited', 'imported', 'link'];

/** The summary, or null when `raw` is not one (damaged, or written by something else). */
export function readSummary(raw: unknown): MyPuzzleSummary | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (typeof r.id !== 'string' || !r.id || typeof r.name !== 'string' || typeof r.digest !== 'string') return null;
  if (!num(r.created) || !num(r.updated) || !num(r.revision) || !ORIGINS.includes(r.origin as Origin)) return null;
  return {
    id: r.id, name: cleanName(r.name), named: r.named === true, kind: typeof r.kind === 'string' ? r.kind : null,
    origin: r.origin as Origin, created: r.created as number, updated: r.updated as number,
    revision: r.revision as number, digest: r.digest,
  };
}

/** A summary with its document, or null when either is damaged or the document is not this summary's. */
export function readRecord(summary: unknown, text: unknown): MyPuzzle | null {
  const s = readSummary(summary);
  return s && typeof text === 'string' && textDigest(text) === s.digest ? { ...s, text } : null;
}

/**
 * A record as the first version of My puzzles stored it (summary and document in one), as a
 * record of today; null when damaged.
 */
export function upgradeRecord(raw: unknown): MyPuzzle | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.text !== 'string') return null;
  return readRecord({ ...r, kind: documentKind(r.text), digest: textDigest(r.text) }, r.text);
}

/** The summary part of a record. */
export function summaryOf(record: MyPuzzle): MyPuzzleSummary {
  const { text: _, ...summary } = record;
  return summary;
}

/**
 * The document's length and a 32-bit FNV-1a hash of its UTF-16 code units: the same document
 * kept twice is found by comparing these, then the one document they match (never all of them).
 */
export function textDigest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(h >>> 0).toString(16)}`;
}

/**
 * The kind a document names, for the menu (a label: the solver reads documents, the page never
 * relies on this). The format's kinds only; null for anything else.
 */
export function documentKind(text: string): string | null {
  const m = /"kind"\s*:\s*"(packing|edge-matching|snake)"/.exec(text);
  return m ? m[1] : null;
}

/** A menu label: one line, trimmed, at most MAX_NAME characters; `Untitled puzzle` when empty. */
export function cleanName(name: unknown): string {
  const s = typeof name === 'string' ? name.replace(/\s+/g, ' ').trim() : '';
  return [...s].slice(0, MAX_NAME).join('') || 'Untitled puzzle';
}

/** UTF-8 size of a document where it matters: exact when it could be over the limit, else its length (a lower bound). */
export function documentBytes(text: string): number {
  return text.length * 3 <= MAX_DOCUMENT_BYTES ? text.length : new TextEncoder().encode(text).length;
}

/** Why `text` cannot be kept, or null. */
export function tooBig(text: string): string | null {
  const n = documentBytes(text);
  return n > MAX_DOCUMENT_BYTES ? `it is ${(n / 1048576).toFixed(1)} MiB, more than the solver's 4 MiB limit` : null;
}

/** Newest first (what the user touched last is what they look for). */
export function byRecent(a: MyPuzzleSummary, b: MyPuzzleSummary): number {
  return b.updated - a.updated || a.name.localeCompare(b.name);
}

export function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
