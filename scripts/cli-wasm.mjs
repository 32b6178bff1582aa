// The WASM build as a command line, with the native CLI's contract (solver/cli/main.cpp):
// `count FILE` prints one JSON object with the same keys; `solve FILE [--limit N] [--unique]
// [--json]`; `validate FILE`. Errors: one line on stderr, nothing on stdout, exit 1 (2 for
// usage). Used by scripts/bench.mjs for its WASM columns; `npm run cli:wasm` builds first.
import { closeSync, openSync, readSync } from 'node:fs';
import { loadSolverModuleForNode } from '../web/src/solver/node-loader.mjs';

const kDocumentBytes = 4 * 1024 * 1024; // limits::kDocumentBytes
const Collect = { None: 0, Json: 3, AsciiArt: 4 }; // web/src/solver/module.ts

const usage = `usage: piecewise count FILE
       piecewise solve FILE [--limit N] [--unique] [--json]
       piecewise validate FILE

count     prints {"solutions", "unique", "symmetries", "nodes", "seconds", ...} as one JSON object
solve     prints solutions as ASCII art (or JSON with --json); --limit N stops after N solutions,
          --unique prints one solution per symmetry class
validate  checks the file against the piecewise/1 format and prints a summary
`;

class UsageError extends Error {}
class PuzzleError extends Error {}

function parseLimit(text) {
  if (!/^[0-9]{1,18}$/.test(text)) throw new UsageError(`--limit expects a positive integer, got '${text}'`);
  const value = Number(text);
  if (value === 0) throw new UsageError('--limit expects a positive integer, got 0');
  return value;
}

function parseArguments(args) {
  const o = { command: args[0], file: '', limit: 0, unique: false, json: false };
  if (!args.length) throw new UsageError('missing command');
  if (!['count', 'solve', 'validate'].includes(o.command)) throw new UsageError(`unknown command '${o.command}'`);
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (a === '--limit') {
      if (i + 1 >= args.length) throw new UsageError('--limit needs a number');
      o.limit = parseLimit(args[++i]);
    } else if (a.startsWith('--limit=')) o.limit = parseLimit(a.slice(8));
    else if (a === '--unique') o.unique = true;
    else if (a === '--json') o.json = true;
    else if (a.length > 1 && a[0] === '-') throw new UsageError(`unknown option '${a}'`);
    else if (!o.file) o.file = a;
    else throw new UsageError(`unexpected argument '${a}'`);
  }
  if (!o.file) throw new UsageError('missing FILE');
  if (o.command !== 'solve' && (o.limit || o.unique || o.json)) throw new UsageError('--limit, --unique and --json belong to solve');
  return o;
}

const strerror = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', EISDIR: 'Is a directory', ENOTDIR: 'Not a directory' };

// Reads at most one byte past the limit, as the native loadPuzzleFile does.
function readDocument(path) {
  let fd;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(kDocumentBytes + 1);
    let size = 0;
    for (let got; size < buffer.length && (got = readSync(fd, buffer, size, buffer.length - size, null)) > 0; ) size += got;
    if (size > kDocumentBytes) throw new PuzzleError(`cannot read ${path}: the file is larger than the limit of ${kDocumentBytes} bytes`);
    // The bytes as read, never decoded here: the core checks UTF-8 as the native build does.
    return buffer.subarray(0, size);
  } catch (e) {
    if (e instanceof PuzzleError) throw e;
    throw new PuzzleError(`cannot read ${path}: ${strerror[e.code] ?? e.message}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** C++ ostream's default formatting of a double (%g, 6 significant digits). */
function g6(x) {
  if (x === 0) return '0';
  const exp = Math.floor(Math.log10(Math.abs(x)));
  if (exp < -5 || exp >= 6) {
    const [m, e] = x.toExponential(5).split('e');
    const mant = m.includes('.') ? m.replace(/\.?0+$/, '') : m;
    const n = Number(e);
    return `${mant}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return String(Number(x.toPrecision(6)));
}

function openSession(module, text) {
  const session = new module.Session(text);
  const error = session.error();
  if (error) {
    session.delete();
    throw new PuzzleError(error);
  }
  return session;
}

function runCount(module, text) {
  const start = performance.now();
  const session = openSession(module, text);
  session.setCollect(Collect.None, false);
  while (!session.advance(1 << 24, 0)) {}
  if (session.error()) throw new PuzzleError(session.error());
  const out = {
    kind: session.kind(), nodes: session.nodes(), puzzle: session.name(), seconds: (performance.now() - start) / 1000,
    solutions: session.solutionCount(), symmetries: session.symmetries(), unique: session.uniqueCount(),
  };
  process.stdout.write(JSON.stringify(out) + '\n');
}

function runSolve(module, text, o) {
  const start = performance.now();
  const session = openSession(module, text);
  session.setCollect(o.json ? Collect.Json : Collect.AsciiArt, o.unique);
  const shownJson = [];
  let shown = 0;
  let done = false;
  while (!done && (o.limit === 0 || shown < o.limit)) {
    done = session.advance(1 << 22, o.limit ? o.limit - shown : 1000);
    if (session.error()) throw new PuzzleError(session.error());
    for (const t of session.takeText()) {
      ++shown;
      if (o.json) shownJson.push(t);
      else process.stdout.write(`solution ${shown}${o.unique ? ' (one per symmetry class)' : ''}\n${t}\n`);
    }
  }
  const seconds = (performance.now() - start) / 1000;
  if (o.json) {
    const counts = done ? `"counts":${JSON.stringify({ solutions: session.solutionCount(), symmetries: session.symmetries(), unique: session.uniqueCount() })},` : '';
    process.stdout.write(`{"complete":${done},${counts}"kind":${JSON.stringify(session.kind())},"puzzle":${JSON.stringify(session.name())},"seconds":${seconds},"solutions":[${shownJson.join(',')}]}\n`);
  } else if (done) {
    process.stdout.write(`${session.solutionCount()} solutions, ${session.uniqueCount()} unique (symmetry group of order ${session.symmetries()}), ${g6(seconds)} s\n`);
  } else {
    process.stdout.write(`stopped after ${shown} solutions (--limit)\n`);
  }
}

async function main(args) {
  if (args.length && ['--help', '-h', 'help'].includes(args[0])) {
    process.stdout.write(usage);
    return 0;
  }
  try {
    const o = parseArguments(args);
    const text = readDocument(o.file);
    let module;
    try {
      module = await loadSolverModuleForNode();
    } catch (e) {
      throw new Error(`cannot load the WASM solver (run npm run build:wasm): ${String(e.message ?? e).split('\n')[0]}`);
    }
    if (o.command === 'count') runCount(module, text);
    else if (o.command === 'solve') runSolve(module, text, o);
    else {
      const { error, kind } = module.validate(text);
      if (error) throw new PuzzleError(error);
      process.stdout.write(`ok: ${kind} puzzle '${openName(module, text)}'\n`);
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`piecewise: ${e.message} (see piecewise --help)\n`);
      return 2;
    }
    process.stderr.write(`piecewise: ${String(e?.message ?? e).split('\n')[0]}\n`);
    return 1;
  }
}

function openName(module, text) {
  const session = new module.Session(text);
  const name = session.name();
  session.delete();
  return name;
}

process.exitCode = await main(process.argv.slice(2));
