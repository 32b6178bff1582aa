// Numbers as the page shows them.

/** Digits only, exact for every integer a double holds (no exponent notation). */
export const digits = (n: number): string => (Number.isFinite(n) && n >= 0 ? BigInt(Math.floor(n)).toString() : '0');

/** Digits (or a decimal string such as the notes' expected counts) in groups of three. */
export const grouped = (n: number | string): string =>
  (typeof n === 'string' ? n : digits(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
