// The one hook the page calls (web/src/main.ts): share links, the editor and offline mode.
import '../editor/editor.css';
import { installEditor, type EditorApi } from '../editor/install';
import type { PuzzleEditor } from '../editor/shell';
import { registerServiceWorker } from '../offline/register';
import { installShare, type ShareApi } from './ui';

export type PiecewiseApi = ShareApi & EditorApi;

export function installShareAndEditor(api: PiecewiseApi): { editor: PuzzleEditor | null } {
  const shareSlot = document.getElementById('share-slot');
  const editorSlot = document.getElementById('editor-slot');
  if (shareSlot) installShare(shareSlot, api);
  const editor = editorSlot ? installEditor(editorSlot, api) : null;
  registerServiceWorker();
  return { editor };
}
