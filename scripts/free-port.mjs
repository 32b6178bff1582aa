// A TCP port that is free on 127.0.0.1 right now (the OS picks it). Run as a script it prints
// it (scripts/start.sh); imported, freePort() returns it (tests/e2e/run.mjs).
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await freePort());
