// Vitest global setup: build the WASM solver (scripts/build-wasm.sh decides what is stale),
// so that `npm test` works on a fresh clone. Runs once, before every test file.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  if (process.env.PIECEWISE_SKIP_WASM_BUILD === '1') return;
  const script = fileURLToPath(new URL('../../scripts/build-wasm.sh', import.meta.url));
  execFileSync('bash', [script], { stdio: ['ignore', 'inherit', 'inherit'] });
}
