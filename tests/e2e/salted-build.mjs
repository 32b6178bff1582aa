// A real second (third, ...) build of the site for the deploy tests: the project's own Vite config,
// built into another folder with a label baked into every file that has a content hash, so every
// hashed name changes as it does in a real release: the page's chunks, the lazily loaded 3D chunk,
// the solver worker script and both builds' .wasm (each gets a custom section, ignored by the engine).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { solverFiles } from '../../web/src/solver/variants.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const generated = join(root, 'web/generated');

/** LEB128 of an unsigned integer (wasm section and name sizes). */
function leb128(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

/** The module with a custom section `name` holding `text` appended: same code, other bytes. */
export function withCustomSection(bytes, name, text) {
  const nameBytes = [...Buffer.from(name)];
  const body = [...leb128(nameBytes.length), ...nameBytes, ...Buffer.from(text)];
  return Buffer.concat([bytes, Buffer.from([0, ...leb128(body.length), ...body])]);
}

/** Imports of web/generated/ go to a salted copy of every build of the solver (the glue names its
 * .wasm too, so both move). */
function salt(label, scratch) {
  const names = new Set(Object.values(solverFiles));
  return {
    name: 'e2e-salt',
    enforce: 'pre',
    buildStart() {
      for (const name of names) {
        const bytes = readFileSync(join(generated, `${name}.wasm`));
        writeFileSync(join(scratch, `${name}.wasm`), withCustomSection(bytes, 'piecewise-e2e-build', label));
        writeFileSync(join(scratch, `${name}.mjs`), readFileSync(join(generated, `${name}.mjs`)));
      }
    },
    resolveId(source) {
      const m = /generated\/(([\w-]+)\.(?:wasm\?url|mjs))$/.exec(source);
      return m && names.has(m[2]) ? join(scratch, m[1]) : null;
    },
    renderChunk(code) {
      return `${code}\n// e2e build ${label}\n`;
    },
  };
}

/** Builds the site into `outDir` with every hashed name different from the plain build's. */
export async function saltedBuild(outDir, label) {
  const scratch = `${outDir}.src`;
  mkdirSync(scratch, { recursive: true });
  // Vite's build sets NODE_ENV=production for the whole process; later suites may start a dev server.
  const nodeEnv = process.env.NODE_ENV;
  await build({
    configFile: join(root, 'web/vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
    plugins: [salt(label, scratch)],
    worker: { plugins: () => [salt(label, scratch)] },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  return outDir;
}
