// Vite plugin: a `<link rel="preload" as="fetch">` in index.html for the SIMD build's .wasm, so
// that the browser downloads it while it still downloads the page's script, instead of after the
// script has started (shared-module.ts then compiles from the preloaded response: its fetch has
// the same URL, mode and credentials, so nothing is fetched twice). Only the SIMD build: every
// current browser runs it (variants.mjs); an engine without SIMD and wasm exceptions wastes the
// download and compiles the baseline as before. Build only: the dev server serves the .wasm by
// its source path.
import type { Plugin } from 'vite';
import { solverFiles } from './variants.mjs';

const SIMD_ASSET = new RegExp(`(^|/)${solverFiles.simd}-[\\w-]+\\.wasm$`);

export function preloadSolverWasm(): Plugin {
  return {
    name: 'piecewise-preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.keys(ctx.bundle ?? {}).find((f) => SIMD_ASSET.test(f));
        if (!asset) throw new Error(`piecewise-preload-wasm: no ${solverFiles.simd} .wasm in the bundle of index.html`);
        return [{ tag: 'link', attrs: { rel: 'preload', href: `./${asset}`, as: 'fetch', type: 'application/wasm', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}
