// Entry point of the page. The share link, editor, files, My puzzles and offline parts get the
// page's API (ui/api.ts) and put their controls into their slots in index.html.
// First: the solver's .wasm starts downloading and compiling while the rest of the page starts.
import './solver/start-compiling';
import './ui/styles.css';
import * as api from './ui/api';
import { installParts } from './install';
import { byTestId } from './ui/dom';
import { installFirstLook } from './ui/first-look';

api.startApp(document);
installFirstLook(byTestId<HTMLButtonElement>(document, 'solve'), byTestId(document, 'solve-cue'));
// For tests and the browser console.
(globalThis as unknown as { piecewise: unknown }).piecewise = {
  loadPuzzleText: api.loadPuzzleText,
  solve: api.solve,
  showSolution: api.showSolution,
  currentPuzzleText: api.currentPuzzleText,
  currentSolutionIndex: api.currentSolutionIndex,
  jobStarts: api.jobStarts,
  currentSolution: api.currentSolution,
  currentSource: api.currentSource,
  currentDescription: api.currentDescription,
  keptSolutions: api.keptSolutions,
  onPuzzleChanged: api.onPuzzleChanged,
};
installParts(api);
