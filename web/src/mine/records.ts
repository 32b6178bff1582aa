// What My puzzles keep: one record per puzzle, checked whenever it is read back (storage is
// the user's and other tabs', and may hold anything). Pure: tested on its own.

/** How a puzzle came to be kept: the editor, a file, or a share link. */
export type Origin = 'edited' | 'imported' | 'link';

export interface MyPuzzle {
  id: string;
  /** The label in the puzzle menu. */
  name: string;
  /** The user chose `name` (Rename): saving the document no longer changes it. */
  named: boolean;
  /** The piecewise/1 document, as the solver accepted or as the editor holds it. */
  text: string;
  origin: Origin;
  /** Milliseconds since 1970. */
  created: number;
  updated: number;
  /** Bumped by every save: a tab that saved from an older revision would overwrite another's work. */
  revision: number;
}

/** The solver's document limit (bytes of UTF-8): nothing larger can be a puzzle. */
export const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;
/** Names longer than this are cut (they label a menu). */
export const MAX_NAME = 120;

const ORIGINS: readonly Origin[] = ['edited', 'imported', 'link'];

/** The record, or null when `raw` is not one (damaged, or written by something else). */
export function readRecord(raw: unknown): MyPuzzle | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (typeof r.id !== 'string' || !r.id || typeof r.text !== 'string' || typeof r.name !== 'string') return null;
  if (!num(r.created) || !num(r.updated) || !num(r.revision) || !ORIGINS.includes(r.origin as Origin)) return null;
  return {
    id: r.id, name: cleanName(r.name), named: r.named === true, text: r.text, origin: r.origin as Origin,
    created: r.created as number, updated: r.updated as number, revision: r.revision as number,
  };
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
export function byRecent(a: MyPuzzle, b: MyPuzzle): number {
  return b.updated - a.updated || a.name.localeCompare(b.name);
}

export function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
