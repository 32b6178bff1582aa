// Seconds each puzzle took before the speed work of issue 8 ("Piecewise now" in its table:
// native, one thread, on the project's 2-core machine). The benchmark prints each count's
// speed-up over these; puzzles without an entry get no speed-up column value.
export const baselineSeconds = {
  'tetris-cube': 210,
  'bedlam-cube': 73,
  'pentomino-6x10': 1.95,
  soma: 0.01,
  'macmahon-4x6': 596,
  'tropical-fish-any': 5.8,
};

// Targets for the same runs (native, one thread): issue 8's, at least 5x the best classic solver,
// and later issues' own.
export const targetSeconds = {
  'tetris-cube': 10,
  'bedlam-cube': 4,
  'pentomino-6x10': 0.03,
  soma: 0.005,
  'macmahon-4x6': 4,
  'tropical-fish-any': 0.5,
  // Issue 28: the Kanoodle-style ball pyramid in well under a second.
  'ball-pyramid': 1,
};
