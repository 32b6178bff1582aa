// Vite plugin: after the build is written, list every file in the output folder, hash their
// contents into a build id, and write sw.js (from sw-template.js) with that id as its cache
// name and the list as its precache. Also links the web app manifest and icon from index.html.
// Build-only for sw.js; the manifest link is added in dev too.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const TEMPLATE = new URL('./sw-template.js', import.meta.url);
/** Never precached: the service worker itself and source maps. */
const SKIP = [/^sw\.js$/, /\.map$/];

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/** The precache list and build hash for an output folder (exported for tests). */
export function precacheManifest(outDir: string): { files: string[]; hash: string } {
  const h = createHash('sha256');
  const files: string[] = [];
  for (const abs of walk(outDir)) {
    const rel = relative(outDir, abs).split(sep).join('/');
    if (SKIP.some((re) => re.test(rel))) continue;
    files.push(rel);
    h.update(rel).update('\0').update(readFileSync(abs)).update('\0');
  }
  return { files, hash: h.digest('hex').slice(0, 16) };
}

export function renderServiceWorker(files: string[], hash: string): string {
  const list = JSON.stringify(files.map((f) => `./${f}`), null, 2);
  return readFileSync(TEMPLATE, 'utf8').replace('__BUILD_HASH__', hash).replace('__PRECACHE_LIST__', list);
}

export function piecewiseOffline(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'piecewise-offline',
    configResolved(c) {
      config = c;
    },
    transformIndexHtml() {
      return [
        { tag: 'link', attrs: { rel: 'manifest', href: './manifest.webmanifest' }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'icon', href: './icon.svg', type: 'image/svg+xml' }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'theme-color', content: '#1d3557' }, injectTo: 'head' },
      ];
    },
    closeBundle: {
      order: 'post',
      handler() {
        if (config.command !== 'build' || config.build.ssr) return;
        const outDir = config.build.outDir;
        const { files, hash } = precacheManifest(outDir);
        writeFileSync(join(outDir, 'sw.js'), renderServiceWorker(files, hash));
        config.logger.info(`piecewise-offline: sw.js precaches ${files.length} files, cache piecewise-${hash}`);
      },
    },
  };
}
