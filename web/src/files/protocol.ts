// The page <-> file-worker messages: turning files into documents and documents into files,
// with the C++ reader of the WASM module. Separate from the search protocol: files are rare,
// so the file worker is started on the first one (files/file-client.ts).
import type { XmpuzzleProblem } from '../solver/module';

export type FileRequest =
  /** A file as read: a piecewise/1 document, or a BurrTools .xmpuzzle (decided by content). */
  | { type: 'open'; id: number; bytes: Uint8Array; title: string }
  /** One problem of a BurrTools file: its 1-based number as a string. */
  | { type: 'import'; id: number; bytes: Uint8Array; problem: string; title: string }
  /** A document as a BurrTools file (gzip unless `compressed` is false). */
  | { type: 'export'; id: number; text: string; compressed: boolean };

/** A puzzle document from a file: `notes` say what a conversion ignored. */
export interface FileDocument {
  kind: 'document';
  text: string;
  notes: string[];
  format: 'piecewise' | 'xmpuzzle';
}

/** A BurrTools file with several problems: the user picks one, then `import` converts it. */
export interface FileProblems {
  kind: 'problems';
  problems: XmpuzzleProblem[];
}

export type OpenedFile = FileDocument | FileProblems;

export type FileReply =
  | { id: number; ok: true; opened: OpenedFile }
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; error: string };
