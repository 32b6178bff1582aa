// Seconds each puzzle took before the speed work of issue 8 ("Piecewise now" in its table:
// native, one thread, on the project's 2-core machine). The benchmark prints each count's
// speed-up over these; puzzles without an entry get no speed-up column value.
export const baselineSeconds = {
  'tetris-cube': 210,
  'bedlam-cube': 73,
  'pentomino-6x10': 1.95,
  soma: 0.01,
};
