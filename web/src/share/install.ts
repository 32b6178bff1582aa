// The one hook the page calls (web/src/main.ts): share links, the editor and offline mode.
import '../editor/editor.css';
import { installEditor } from '../editor/install';
import type { PuzzleEditor } from '../editor/ui';
import { registerServiceWorker } from '../offline/register';
import { installShare, type ShareApi } from './ui';

export type PiecewiseApi = ShareApi;

type Validator = (text: string) => Promise<string | null>;

/**
 * The solver's own validation when the worker client exists (web/src/worker/solver-client.ts,
 * `validate(text)`), else the page's tolerant reader. Found with a glob so this file builds
 * whether or not the worker client is there yet.
 */
function makeValidator(): Validator {
  const clients = import.meta.glob('../worker/solver-client.ts');
  const load = Object.values(clients)[0];
  let client: Promise<{ validate(text: string): Promise<unknown> } | null> | null = null;
  const fallback: Validator = async (text) => {
    const { readPuzzle } = await import('../model/document');
    const r = readPuzzle(text);
    return r.ok ? null : r.error;
  };
  const getClient = () => (client ??= (async () => {
    if (!load) return null;
    const m = (await load()) as Record<string, unknown>;
    if (typeof m.validate === 'function') return { validate: m.validate as (t: string) => Promise<unknown> };
    for (const v of Object.values(m)) {
      if (typeof v === 'function' && typeof (v as { prototype?: { validate?: unknown } }).prototype?.validate === 'function') {
        return new (v as new () => { validate(t: string): Promise<unknown> })();
      }
    }
    if (typeof m.createSolverClient === 'function') return (m.createSolverClient as () => { validate(t: string): Promise<unknown> })();
    return null;
  })().catch(() => null));
  return async (text) => {
    const c = await getClient();
    if (!c) return fallback(text);
    const r = await c.validate(text);
    if (r === null || r === undefined || r === true) return null;
    if (typeof r === 'string') return r;
    if (typeof r === 'object' && 'error' in (r as object)) return ((r as { error: string | null }).error) ?? null;
    if (typeof r === 'object' && 'ok' in (r as object)) return (r as { ok: boolean; message?: string }).ok ? null : String((r as { message?: string }).message ?? 'invalid puzzle');
    return null;
  };
}

export function installShareAndEditor(api: PiecewiseApi): { editor: PuzzleEditor | null } {
  const shareSlot = document.getElementById('share-slot');
  const editorSlot = document.getElementById('editor-slot');
  if (shareSlot) installShare(shareSlot, api);
  const editor = editorSlot ? installEditor(editorSlot, api, makeValidator()) : null;
  (globalThis as unknown as { piecewiseEditor?: PuzzleEditor | null }).piecewiseEditor = editor;
  registerServiceWorker();
  return { editor };
}
