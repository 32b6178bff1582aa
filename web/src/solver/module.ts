// The typed face of the Emscripten module built by scripts/build-wasm.sh into
// web/generated/ (solver/bindings/wasm/piecewise_wasm.cpp is the other side of this file).
// Built twice (variants.mjs): the SIMD build where the engine validates it, the baseline
// elsewhere. One loader for every environment: the browser workers pass the module the page
// compiled once (compiled, see shared-module.ts and worker-module.ts) or, failing that, the .wasm
// URLs (locateFile); Node passes the bytes (wasmBinary, see node-loader.mjs), so nothing here
// touches node:fs.
import type { PuzzleKind, SolutionBatch } from '../protocol/messages';
import { preferredVariant, type SolverVariant } from './variants.mjs';

export { preferredVariant, solverFiles, supportsSimdAndExceptions, type SolverVariant } from './variants.mjs';

/**
 * Which solutions a session keeps for take(), and which seek() reports; counting always covers
 * every solution. ComeApart: the representatives that come apart (a document that asks for
 * disassembly). The values are the C++ enum itself (Embind `enum_` in piecewise_wasm.cpp): read
 * them from `module.Collect`, never write them as numbers here.
 */
export interface CollectMode {
  readonly value: number;
}
export interface CollectModes {
  None: CollectMode;
  Representatives: CollectMode;
  All: CollectMode;
  ComeApart: CollectMode;
}

/**
 * A worker's search of one document, built once and restarted on each task (job) of a run, its
 * memo warm from one to the next. When the document asks for disassembly, every representative
 * is taken apart as the search meets it (solver/bindings/wasm/session.hpp). Embind object: call
 * delete() when finished with it.
 */
export interface SolverSession {
  /** '' when the document was accepted and no task failed, else the solver's one-line message. */
  error(): string;
  /**
   * The failure may have left the module unusable (out of memory); false for the puzzle's own
   * refusals (such as the disassembler's memory bound), which a rerun would meet again.
   */
  fatal(): boolean;
  kind(): PuzzleKind | '';
  /** Order of the puzzle's symmetry group. */
  symmetries(): number;
  /** The settings every other session of the run is built with (prepare()'s). */
  settings(): string;
  /** The document asks for disassembly: representatives are taken apart and counted. */
  takesApart(): boolean;
  /**
   * Counting a task may search fewer nodes than visiting it (subtrees counted in bulk); false
   * when a task costs the same nodes either way.
   */
  countsInBulk(): boolean;
  setCollect(mode: CollectMode): void;
  /**
   * Starts a task: `job` (as prepare() lists it, or "root") from its first solution, its counts
   * from 0, ordinals below `skip` not kept again. '' or the reason it is refused.
   */
  begin(job: string, skip: number): string;
  /**
   * Visits at most about `budget` more nodes of the task (and reports at most `budget` solutions,
   * one node can expand into many), keeping solutions for take(); pauses early once `maxPending`
   * of them, or `maxPendingBytes` bytes (0: no limit), wait, or once an assembly was taken apart.
   * True when the task is over or failed (error()).
   */
  advance(budget: number, maxPending: number, maxPendingBytes: number): boolean;
  /**
   * Counts at most about `budget` more nodes of the task, keeping nothing (in bulk, unless its
   * representatives are taken apart). True when over or failed.
   */
  advanceCounting(budget: number): boolean;
  /**
   * Solutions of `job` from position `skip` (0-based, among those `scope` names: All,
   * Representatives or ComeApart), at most `limit`, kept for take(). Abandons the task under way.
   * '' or the reason.
   */
  seek(job: string, skip: number, limit: number, scope: CollectMode): string;
  done(): boolean;
  /** The task's nodes so far. */
  nodes(): number;
  /** Estimate in [0, 1] of the task's tree explored. */
  fraction(): number;
  /** The task's solutions, representatives and representatives that come apart so far, visited or counted. */
  solutionCount(): number;
  uniqueCount(): number;
  apartCount(): number;
  /** Kept solutions waiting for take(). */
  pending(): number;
  /** Their size as take() would hand them over. */
  pendingBytes(): number;
  /** The kept solutions since the previous take(), as fresh arrays (transferable). */
  take(): SolutionBatch;
  delete(): void;
}

/**
 * A puzzle document: its bytes as read (a file, a share link's inflated payload), so that the
 * solver checks the UTF-8 itself. A string is UTF-8 encoded on the way in, which hides bad
 * bytes that a decoder already replaced by U+FFFD: pass bytes wherever they exist.
 */
export type DocumentBytes = Uint8Array | string;

export interface SolverModule {
  Collect: CollectModes;
  /** `settings`: prepare()'s, or '' to choose them as the command line does. */
  Session: new (document: DocumentBytes, settings: string) => SolverSession;
  /**
   * Parses only (no search set-up): the page's one reader of documents. JSON text; read it
   * with readDescribeReply (description.ts).
   */
  describe(document: DocumentBytes): string;
  /**
   * What a run needs before its workers start: the choices its search makes (`settings`, for
   * every Session of the run: the command line's tree), and about `wanted` jobs
   * ("3.0.12-20", solver/jobs/job.hpp) that together hold every solution exactly once, in
   * search order; or the parser's message.
   */
  prepare(document: DocumentBytes, wanted: number): { error: string | null; jobs: string[]; settings: string };
  /**
   * Pieces placed by hand (`placements`: a JSON array of "PIECE@x,y;..." texts): the puzzle left
   * as a document, or the one-line reason. JSON text; read it with readPlaceReply (place/placement.ts).
   */
  place(document: DocumentBytes, placements: string): string;
  /**
   * Every placement of piece `piece` of a packing puzzle on its empty board, as the search lists
   * them: read it with readPlacementsReply (place/piece-placements.ts).
   */
  placements(document: DocumentBytes, piece: number): { error: string | null; cellsEach: number; cells: Int32Array };
  /** True for bytes that look like a BurrTools .xmpuzzle file (XML, or gzip still to inflate), not piecewise/1. */
  looksLikeXmpuzzle(bytes: Uint8Array): boolean;
  /** Every problem of an .xmpuzzle file's XML (gzip inflated before: compression/gzip.ts), each tried: refusal is '' when it converts. */
  xmpuzzleProblems(bytes: Uint8Array): { error: string | null; problems: XmpuzzleProblem[] };
  /**
   * One problem (a 1-based number or a name as a string; '' when the file has one) as a
   * piecewise/1 document for Session; notes say what the conversion ignored. `title`
   * (the file name without extension) names the puzzle.
   */
  importXmpuzzle(bytes: Uint8Array, problem: string, title: string): { error: string | null; document: string; notes: string[] };
  /**
   * A packing puzzle document as a BurrTools file's XML (the page gzips it: compression/gzip.ts),
   * or the reason BurrTools cannot hold it.
   */
  xmpuzzleXml(document: DocumentBytes): { error: string | null; bytes: Uint8Array };
  /**
   * A packing solution (one record of a SolutionBatch) taken apart by sliding its pieces, as
   * `solve --disassemble --json` gives it (docs/disassembly.md): JSON text, or null when it does
   * not come apart; or the reason it cannot be taken apart (a malformed or wrong solution, the
   * memory bound). `memoryMb`: the memory bound of one search for a separation (0: the default, 256 MB).
   */
  disassemble(document: DocumentBytes, solution: Int32Array, memoryMb: number): { error: string | null; disassembly: string | null };
}

/** A problem of a BurrTools file, as xmpuzzleProblems lists it. */
export interface XmpuzzleProblem {
  /** 'problem 2 "Another example"'. */
  label: string;
  name: string;
  /** Copies placed at most. */
  pieces: number;
  /** '' when the problem converts, else the one-line reason. */
  refusal: string;
}

/** What Emscripten's factory takes. */
export interface EmscriptenModuleOptions {
  /** The .wasm bytes (Node): those of the variant loaded. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the .wasm is (browser): called with the variant's file name, e.g. 'piecewise-solver-simd.wasm'. */
  locateFile?: (path: string, prefix: string) => string;
  /**
   * Instantiates the module instead of the glue's own fetch (Emscripten 3.1.6, createWasm()):
   * called with the imports and `receive(instance, module)`; returns the instance's exports, or
   * `{}` when it will call `receive` later. A throw is only logged, and a later failure reaches
   * nothing: the factory's promise would never settle (loadSolverModule guards against that).
   */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
  ) => WebAssembly.Exports | Record<string, never>;
}

export interface SolverModuleOptions extends Omit<EmscriptenModuleOptions, 'instantiateWasm'> {
  /** Forces a build (tests); by default the SIMD one where this engine validates it. */
  variant?: SolverVariant;
  /**
   * That build compiled already (the page compiles it once and hands it to every worker): it
   * is only instantiated, never fetched. It must be `variant`'s.
   */
  compiled?: WebAssembly.Module;
}

export type SolverModuleFactory = (options?: EmscriptenModuleOptions) => Promise<SolverModule>;

// Dynamic imports: each glue is a chunk of its own, so a worker fetches only the one it runs.
const factories: Record<SolverVariant, () => Promise<{ default: SolverModuleFactory }>> = {
  // @ts-ignore -- untyped Emscripten output, generated (gitignored); typed by SolverModuleFactory.
  baseline: () => import('../../generated/piecewise-solver.mjs'),
  // @ts-ignore -- as above.
  simd: () => import('../../generated/piecewise-solver-simd.mjs'),
};

/**
 * Starts fetching a build's glue (a worker does so while it waits for the compiled module);
 * loadSolverModule then finds it loaded or on its way (one fetch: the same import).
 */
export function prefetchSolverGlue(variant: SolverVariant = preferredVariant()): void {
  factories[variant]().catch(() => {});
}

export async function loadSolverModule({ variant, compiled, ...options }: SolverModuleOptions = {}): Promise<SolverModule> {
  const { default: create } = await factories[variant ?? preferredVariant()]();
  if (!compiled) return create(options);
  let fail!: (reason: unknown) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const instantiateWasm: EmscriptenModuleOptions['instantiateWasm'] = (imports, receive) => {
    WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled)).catch(fail);
    return {};
  };
  // The glue's own promise settles only on success here: a refused instantiation rejects this one.
  return Promise.race([create({ ...options, instantiateWasm }), failed]);
}
