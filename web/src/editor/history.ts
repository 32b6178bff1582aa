// The editor's undo history: a list of immutable documents, with consecutive edits of one
// field (or one drag) merged into one step.
import type { Doc } from './edits';

export interface History {
  past: readonly Doc[];
  present: Doc;
  future: readonly Doc[];
  /** Consecutive commits with the same key (a drag, typing in one field) make one undo step. */
  lastKey: string | null;
}

export const HISTORY_LIMIT = 200;

export function createHistory(doc: Doc): History {
  return { past: [], present: doc, future: [], lastKey: null };
}

export function commit(h: History, doc: Doc, coalesceKey: string | null = null): History {
  if (doc === h.present) return h;
  if (coalesceKey !== null && coalesceKey === h.lastKey && h.past.length > 0) {
    return { past: h.past, present: doc, future: [], lastKey: coalesceKey };
  }
  const past = [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: doc, future: [], lastKey: coalesceKey };
}

/** Ends a coalescing run (pointer up, field blur) so the next edit is its own step. */
export function seal(h: History): History {
  return h.lastKey === null ? h : { ...h, lastKey: null };
}

export function canUndo(h: History): boolean {
  return h.past.length > 0;
}
export function canRedo(h: History): boolean {
  return h.future.length > 0;
}

export function undo(h: History): History {
  if (!h.past.length) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future], lastKey: null };
}

export function redo(h: History): History {
  if (!h.future.length) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), lastKey: null };
}
