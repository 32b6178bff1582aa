// Stable, distinct colours: a golden-angle walk round the hue circle, so slot n always gets the same
// colour and neighbouring slots are far apart.

export function hslToHex(h: number, s: number, l: number): string {
  h = ((h % 360) + 360) % 360;
  s /= 100;
  l /= 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) => Math.round(x * 255).toString(16).padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** Colour of slot `n` (0, 1, 2, ...). Lightness and saturation cycle too, so many slots stay distinct. */
export function slotColour(n: number): string {
  const hue = (n * 137.508) % 360;
  const light = [55, 42, 68][Math.floor(n / 7) % 3]!;
  const sat = [70, 55][Math.floor(n / 21) % 2]!;
  return hslToHex(hue, sat, light);
}

const NAMED: Record<string, string> = {
  R: '#d63a3a', RED: '#d63a3a', G: '#3a9d4a', GREEN: '#3a9d4a', B: '#3a66d6', BLUE: '#3a66d6',
  Y: '#e7c030', YELLOW: '#e7c030', O: '#e98a2c', ORANGE: '#e98a2c', P: '#9a4fc9', PURPLE: '#9a4fc9',
  W: '#f2f2f2', WHITE: '#f2f2f2', K: '#333333', BLACK: '#333333',
};

/** The part of an edge label that names its colour/picture: `Y+` → `Y`. */
export function labelBase(label: string): string {
  return label.replace(/[+-]$/, '');
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Colour for an edge label; the same label (ignoring a trailing + / -) always gets the same colour. */
export function labelColour(label: string): string {
  const base = labelBase(label);
  return NAMED[base.toUpperCase()] ?? slotColour(hash(base) % 97);
}
