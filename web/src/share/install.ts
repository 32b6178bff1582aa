// The one hook the page calls (web/src/main.ts): share links, the editor and offline mode.
import '../editor/editor.css';
import { installEditor, type EditorApi } from '../editor/install';
import type { PuzzleEditor } from '../editor/shell';
import { registerServiceWorker } from '../offline/register';
import { installShare, type ShareApi } from './ui';

export type PiecewiseApi = ShareApi & EditorApi & {
  currentSource(): { libraryId: string | null };
  currentStatus(): string;
};

export function installShareAndEditor(api: PiecewiseApi): { editor: PuzzleEditor | null } {
  const shareSlot = document.getElementById('share-slot');
  const editorSlot = document.getElementById('editor-slot');
  if (shareSlot) installShare(shareSlot, api);
  const editor = editorSlot ? installEditor(editorSlot, api) : null;
  // A reload loses nothing when no run has started since the puzzle was picked from the library
  // (its id is in the address) and the editor holds no edits.
  registerServiceWorker({
    reloadLosesNothing: () => api.currentStatus() === 'idle' && api.currentSource().libraryId !== null && !(editor?.hasEdits() ?? false),
  });
  return { editor };
}
