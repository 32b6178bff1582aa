// Vite plugin: after the build is written, list every file in the output folder, hash them into a
// build id, stamp that id into index.html (<meta name="piecewise-build">, so a page, and the
// service worker reading a page, know which build it is), and write sw.js (from sw-template.js)
// with the id and the precache list. Also links the web app manifest and icon from index.html.
// Build-only for sw.js and the id; the tags are added in dev too (where no worker is registered).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const TEMPLATE = new URL('./sw-template.js', import.meta.url);
/** Never precached: the service worker itself and source maps. */
const SKIP = [/^sw\.js$/, /\.map$/];
/** In index.html until the build id is known; sw-template.js reads the same tag. */
export const BUILD_META = 'piecewise-build';
const PLACEHOLDER = '__PIECEWISE_BUILD_ID__';

export interface PrecacheEntry {
  /** Relative to the site's folder (and to sw.js): `./assets/index-AbC123.js`. */
  url: string;
  /** The name carries a hash of the content (Vite's assets folder): the same name is the same
   * bytes in every build, so a stored copy from an older build can be reused. */
  immutable: boolean;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/** The precache list and build id for an output folder (exported for tests). The id covers every
 * file's name and bytes, so any change to the site is a new build. */
export function precacheManifest(outDir: string, assetsDir = 'assets'): { entries: PrecacheEntry[]; build: string } {
  const h = createHash('sha256');
  const entries: PrecacheEntry[] = [];
  for (const abs of walk(outDir)) {
    const rel = relative(outDir, abs).split(sep).join('/');
    if (SKIP.some((re) => re.test(rel))) continue;
    entries.push({ url: `./${rel}`, immutable: rel.startsWith(`${assetsDir}/`) });
    h.update(rel).update('\0').update(readFileSync(abs)).update('\0');
  }
  return { entries, build: h.digest('hex').slice(0, 16) };
}

/** index.html with the build id in place of the placeholder the plugin put there. */
export function stampBuild(html: string, build: string): string {
  const parts = html.split(PLACEHOLDER);
  if (parts.length !== 2) throw new Error(`piecewise-offline: index.html must hold ${PLACEHOLDER} once (found ${parts.length - 1})`);
  return parts.join(build);
}

export function renderServiceWorker(entries: PrecacheEntry[], build: string): string {
  return readFileSync(TEMPLATE, 'utf8')
    .replace('__BUILD_ID__', build)
    .replace('__PRECACHE_LIST__', JSON.stringify(entries, null, 1));
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
        { tag: 'meta', attrs: { name: BUILD_META, content: PLACEHOLDER }, injectTo: 'head' },
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
        // The id is taken over index.html with the placeholder, then stamped into it.
        const { entries, build } = precacheManifest(outDir, config.build.assetsDir);
        const index = join(outDir, 'index.html');
        writeFileSync(index, stampBuild(readFileSync(index, 'utf8'), build));
        writeFileSync(join(outDir, 'sw.js'), renderServiceWorker(entries, build));
        config.logger.info(`piecewise-offline: build ${build}, sw.js precaches ${entries.length} files`);
      },
    },
  };
}
