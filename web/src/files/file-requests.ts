// What the file worker does, free of any Worker API so that it runs under Node with the real
// module (tests/web/file-requests.test.ts). Bytes go to the C++ reader as they were read: the
// page never decodes a document itself, so a file with bad UTF-8 is refused with the solver's
// own message, as the command line refuses it. BurrTools files are inflated here, at the edge,
// with fflate (compression/gzip.ts): the module reads and writes their XML only.
import { gunzipCapped, gzip, isGzip } from '../compression/gzip';
import { MAX_DOCUMENT_BYTES } from '../share/codec';
import { readDescribeReply } from '../solver/description';
import type { SolverModule } from '../solver/module';
import type { FileReply, FileRequest, OpenedFile } from './protocol';

type Result = { ok: true; opened: OpenedFile } | { ok: false; error: string };

// The file as the module reads it: gzip inflated (to at most the document limit).
function inflated(bytes: Uint8Array): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  return isGzip(bytes) ? gunzipCapped(bytes, MAX_DOCUMENT_BYTES) : { ok: true, bytes };
}

function importProblem(m: SolverModule, file: Uint8Array, problem: string, title: string): Result {
  const xml = inflated(file);
  if (!xml.ok) return xml;
  const r = m.importXmpuzzle(xml.bytes, problem, title);
  if (r.error !== null) return { ok: false, error: r.error };
  return { ok: true, opened: { kind: 'document', text: r.document, notes: r.notes, format: 'xmpuzzle' } };
}

function open(m: SolverModule, file: Uint8Array, title: string): Result {
  const plain = inflated(file);
  if (!plain.ok) return plain;
  const bytes = plain.bytes;
  if (m.looksLikeXmpuzzle(bytes)) {
    const listed = m.xmpuzzleProblems(bytes);
    if (listed.error !== null) return { ok: false, error: listed.error };
    // One problem (or none: the importer names what is wrong): no choice to offer.
    if (listed.problems.length <= 1) return importProblem(m, file, '', title);
    return { ok: true, opened: { kind: 'problems', problems: listed.problems } };
  }
  const described = readDescribeReply(m.describe(bytes));
  if (!described.ok) return { ok: false, error: described.error };
  // The solver accepted the bytes, so they are UTF-8 and this decoding loses nothing.
  const text = new TextDecoder('utf-8').decode(bytes);
  return { ok: true, opened: { kind: 'document', text, notes: [], format: 'piecewise' } };
}

function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.trim() || 'unknown error';
}

export function handleFileRequest(m: SolverModule, request: FileRequest): FileReply {
  const id = request.id;
  try {
    switch (request.type) {
      case 'open':
        return { id, ...open(m, request.bytes, request.title) };
      case 'import':
        return { id, ...importProblem(m, request.bytes, request.problem, request.title) };
      case 'export': {
        const r = m.xmpuzzleXml(request.text);
        if (r.error !== null) return { id, ok: false, error: r.error };
        // Copied out of the module's memory, which the next call may reuse.
        return { id, ok: true, bytes: request.compressed ? gzip(r.bytes) : r.bytes.slice() };
      }
    }
  } catch (e) {
    return { id, ok: false, error: `the solver failed on this file: ${oneLine(e)}` };
  }
}
