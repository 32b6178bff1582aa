// A tiny static file server for built sites (dist/), each mounted under a sub-path to prove that
// every URL is relative. Used by the offline and deploy end-to-end tests; no dependencies.
// - `deploy(dir, mount)` swaps the folder served at a mount, as a host does on a release: the old
//   files are gone at once.
// - `cacheHeaders: false` is the worst host for updates: pages come with no Cache-Control, only an
//   old Last-Modified (as on many hosts), so the browser may reuse a page from its HTTP cache for
//   months (heuristic freshness); every other file is `no-store`, so the HTTP cache never hides a
//   file that a deploy removed.
// - `hold(re)` makes requests whose path matches wait until the returned function is called.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
};
const LONG_AGO = new Date('2020-01-01T00:00:00Z').toUTCString();

/** Serves `root` at `http://127.0.0.1:<port><mount>`; resolves to { url, origin, deploy, hold, log, close }. */
export async function serveStatic(root, mount = '/', { cacheHeaders = true, port = 0 } = {}) {
  const sites = new Map([[mount, root]]);
  const holds = [];
  /** Every request: [status, path], for tests that show what the browser fetched. */
  const log = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const reply = (status, headers = {}, body = '') => {
      log.push([status, path]);
      res.writeHead(status, headers).end(body);
    };
    try {
      for (const h of holds) if (h.re.test(path)) await h.released;
      const at = [...sites.keys()].filter((m) => path.startsWith(m)).sort((a, b) => b.length - a.length)[0];
      if (at === undefined) return reply(404, {}, 'not found');
      const dir = sites.get(at);
      let file = normalize(join(dir, path.slice(at.length)));
      if (!file.startsWith(normalize(dir))) return reply(403);
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const caching = cacheHeaders ? { 'cache-control': 'no-cache' }
        : extname(file) === '.html' ? { 'last-modified': LONG_AGO } : { 'cache-control': 'no-store' };
      reply(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...caching }, body);
    } catch {
      reply(404, {}, 'not found');
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    url: `${origin}${mount}`,
    origin,
    log,
    deploy(dir, at = mount) {
      sites.set(at, dir);
    },
    hold(re) {
      const h = { re };
      h.released = new Promise((ok) => (h.release = ok));
      holds.push(h);
      return () => {
        holds.splice(holds.indexOf(h), 1);
        h.release();
      };
    },
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(() => ok()); }),
  };
}
