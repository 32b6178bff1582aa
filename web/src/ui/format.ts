// Numbers as the page shows them: one format everywhere (counters, expected counts, jobs,
// the gallery, the editor's notes), plain digits as the command line prints them, so that a
// count on the page can be compared with (and pasted into) `count` and `solve --from` as it is.

/**
 * Digits only, exact for every integer a double holds (no exponent notation); a decimal string
 * (the notes' expected counts, which may exceed 2^53) is shown as it is.
 */
export const digits = (n: number | string): string => {
  if (typeof n === 'string') return /^\d+$/.test(n) ? n : '0';
  return Number.isFinite(n) && n >= 0 ? BigInt(Math.floor(n)).toString() : '0';
};
