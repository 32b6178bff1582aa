// Entry point of the page. Other modules (share links, editor, offline) import the API from here
// or from ./ui/app and put their controls into #share-slot / #editor-slot in index.html.
import './ui/styles.css';
import { startApp } from './ui/app';
import * as api from './ui/app';

export {
  loadPuzzleText, showSolution, currentPuzzleText, currentSolutionIndex, currentSolution, currentSource, onPuzzleChanged,
} from './ui/app';
export type { PuzzleChange, RunStatus } from './ui/app';

startApp(document);
// For tests and the browser console.
(globalThis as unknown as { piecewise: unknown }).piecewise = {
  loadPuzzleText: api.loadPuzzleText,
  showSolution: api.showSolution,
  currentPuzzleText: api.currentPuzzleText,
  currentSolutionIndex: api.currentSolutionIndex,
  currentSolution: api.currentSolution,
  currentSource: api.currentSource,
  onPuzzleChanged: api.onPuzzleChanged,
};

// Share links, the editor and offline mode (web/src/share, web/src/editor, web/src/offline).
import { installShareAndEditor } from './share/install';
installShareAndEditor(api);
