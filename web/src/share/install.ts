// The one hook the page calls (web/src/main.ts): share links, the editor and offline mode.
import '../editor/editor.css';
import { installEditor } from '../editor/install';
import type { PuzzleEditor } from '../editor/ui';
import { registerServiceWorker } from '../offline/register';
import { installShare, type ShareApi } from './ui';
import { SolverClient } from '../worker/solver-client';

export type PiecewiseApi = ShareApi & { currentSource(): { libraryId: string | null } };

type Validator = (text: string) => Promise<string | null>;

/**
 * The solver's own validation (the parser in the WASM module), so the editor shows the same
 * messages as the CLI. It has its own worker, created on first use: a Stop on the page's run
 * (which replaces that worker) never drops a validation.
 */
function makeValidator(): Validator {
  let client: SolverClient | null = null;
  return async (text) => {
    client ??= new SolverClient();
    return (await client.validate(text)).error;
  };
}

export function installShareAndEditor(api: PiecewiseApi): { editor: PuzzleEditor | null } {
  const shareSlot = document.getElementById('share-slot');
  const editorSlot = document.getElementById('editor-slot');
  if (shareSlot) installShare(shareSlot, api);
  const editor = editorSlot ? installEditor(editorSlot, api, makeValidator()) : null;
  (globalThis as unknown as { piecewiseEditor?: PuzzleEditor | null }).piecewiseEditor = editor;
  // A reload loses nothing when no run has started since the puzzle was picked from the library
  // (its id is in the address) and the editor holds no edits.
  registerServiceWorker({
    reloadLosesNothing: () =>
      document.body.dataset.status === 'idle' && api.currentSource().libraryId !== null && !(editor?.hasEdits() ?? false),
  });
  return { editor };
}
