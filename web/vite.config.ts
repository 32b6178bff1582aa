// One Vite config for the dev server, the static build and Vitest.
// `base: './'` keeps every URL relative, so dist/ works from any static host and sub-path.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// Offline: writes dist/sw.js with the precache list, links the manifest.
import { piecewiseOffline } from './src/offline/precache-plugin.ts';
// The SIMD build's .wasm preloaded by index.html (downloaded alongside the page's script).
import { preloadSolverWasm } from './src/solver/preload-plugin.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [piecewiseOffline(), preloadSolverWasm()],
  build: {
    outDir: fileURLToPath(new URL('../dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // three.js is one ~560 kB chunk, loaded only when a 3D puzzle is opened.
    chunkSizeWarningLimit: 700,
  },
  worker: { format: 'es' },
  server: { fs: { allow: [repoRoot] } },
  test: {
    root: repoRoot,
    include: ['tests/web/**/*.test.ts'],
    // Builds the WASM solver when missing or stale (quiet when up to date) before any test.
    globalSetup: ['tests/web/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // A file per core (Vitest's default leaves one idle: a single worker on two cores), since
    // much of the suite waits on spawned command lines, the WASM solver or timers.
    maxWorkers: availableParallelism(),
  },
});
