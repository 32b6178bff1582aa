// The built site (dist/, or another build's folder) served by `vite preview` on a free local port,
// for the scripts that drive it in Chromium (the e2e tests, bench:page, the README's screenshot).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the server and waits until it answers: its base URL and the process (kill it when done). */
export async function startPreviewServer(outDir = join(root, 'dist')) {
  const port = await freePort();
  const server = spawn(process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--config', 'web/vite.config.ts', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base)).ok) return { base, server };
    } catch {}
    if (i > 150) throw new Error(`vite preview did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
