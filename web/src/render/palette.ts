// The one palette of the page and the editor: a piece has the same colour in both.
//
// PIECE_PALETTE was chosen by search over sRGB colours of moderate lightness and chroma for
// the largest smallest difference (CIEDE2000) between any two colours, as seen with normal
// vision and as simulated for protanopia, deuteranopia and tritanopia (Machado et al. 2009),
// and away from the page's neutral greys. Any two of the first 12 differ by at least 11 under
// all four visions (the old golden-angle walk: 1.8), all 24 by at least 7, and each from the
// board's greys by at least 10; twelve pieces (the pentominoes, the Tetris Cube) therefore
// never share a look. tests/web/palette.test.ts keeps those figures true.

export const PIECE_PALETTE = [
  '#e17878', '#785ac3', '#a5c3ff', '#876900', '#f0d22d', '#d20069',
  '#3c96b4', '#a59600', '#c3e196', '#007878', '#00c3b4', '#c378ff',
  '#78874b', '#964b3c', '#ff3c96', '#b4b45a', '#f0b4d2', '#963c96',
  '#b4a5d2', '#a5d2a5', '#9669e1', '#b47896', '#5af0ff', '#f096b4',
] as const;

/** Two wood tones for a snake's straight runs, alternating so that runs read apart. */
export const SNAKE_WOOD = ['#e0b078', '#8b5a2b'] as const;

/** A board (or board cells) with no piece on it, in previews. */
export const BOARD_COLOUR = '#8ab4d8';

/** True for colours on which dark text would be hard to read (relative luminance below 0.3). */
export function isDark(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 0.3;
}

/** Scales each channel towards black (f < 1) or white (f > 1). */
function shade(hex: string, f: number): string {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const out = c.map((v) => Math.round(f <= 1 ? v * f : v + (255 - v) * (f - 1)));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Colour of slot n (0, 1, 2, ...): the palette, then darker and lighter rounds of it. */
export function slotColour(n: number): string {
  const k = PIECE_PALETTE.length;
  const base = PIECE_PALETTE[((n % k) + k) % k]!;
  const round = Math.floor(Math.abs(n) / k) % 3;
  return round === 0 ? base : shade(base, round === 1 ? 0.72 : 1.35);
}

/**
 * First slot of each piece, given the largest number of copies of each: copies of one piece
 * take consecutive slots, so identical pieces on the board are told apart too.
 */
export function pieceSlots(maxCopies: readonly number[]): number[] {
  const slots: number[] = [];
  let next = 0;
  for (const m of maxCopies) {
    slots.push(next);
    next += Math.max(1, Math.min(m, 1000));
  }
  return slots;
}

/** Edge labels that name a colour are drawn in it (`R`, `Red`, `Y+` ...). */
const NAMED: Record<string, string> = {
  R: '#d63a3a', RED: '#d63a3a', G: '#3a9d4a', GREEN: '#3a9d4a', B: '#3a66d6', BLUE: '#3a66d6',
  Y: '#e7c030', YELLOW: '#e7c030', O: '#e98a2c', ORANGE: '#e98a2c', P: '#9a4fc9', PURPLE: '#9a4fc9',
  W: '#f2f2f2', WHITE: '#f2f2f2', K: '#333333', BLACK: '#333333',
};

/** The part of an edge label that names its colour or picture: `Y+` → `Y`. */
export function labelBase(label: string): string {
  return label.replace(/[+-]$/, '');
}

/**
 * Colours for a puzzle's edge labels: a label and its complement (`X+`, `X-`) share one;
 * labels that name a colour get it; the others take palette colours in order of first
 * appearance, so that up to PIECE_PALETTE.length different labels never share a colour.
 */
export function labelColours(labels: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  let next = 0;
  for (const label of labels) {
    const base = labelBase(label);
    if (out.has(base)) continue;
    out.set(base, NAMED[base.toUpperCase()] ?? slotColour(next++));
  }
  return out;
}
