// The palette keeps pieces apart for everyone: colours are compared (CIEDE2000) as seen with
// normal vision and as simulated for the three dichromacies (Machado, Oliveira and Fernandes
// 2009, severity 1), and the worst of the four must stay above a floor.
import { describe, expect, it } from 'vitest';
import { PIECE_PALETTE, pieceSlots, slotColour } from '../../web/src/render/palette';

type Lab = [number, number, number];
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const DICHROMACY: number[][][] = [
  [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]], // protanopia
  [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]], // deuteranopia
  [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]], // tritanopia
];

function lab(l: number[]): Lab {
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);
  const x = f((0.4124 * l[0]! + 0.3576 * l[1]! + 0.1805 * l[2]!) / 0.95047);
  const y = f(0.2126 * l[0]! + 0.7152 * l[1]! + 0.0722 * l[2]!);
  const z = f((0.0193 * l[0]! + 0.1192 * l[1]! + 0.9505 * l[2]!) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** The colour as seen with normal vision, then under each dichromacy. */
function views(hex: string): Lab[] {
  const rgb = [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255));
  const simulated = DICHROMACY.map((m) => m.map((row) => Math.min(1, Math.max(0, row[0]! * rgb[0]! + row[1]! * rgb[1]! + row[2]! * rgb[2]!))));
  return [rgb, ...simulated].map(lab);
}

function ciede2000([L1, a1, b1]: Lab, [L2, a2, b2]: Lab): number {
  const rad = Math.PI / 180;
  const cBar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1 = Math.hypot(a1p, b1);
  const c2 = Math.hypot(a2p, b2);
  const hue = (a: number, b: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const h1 = hue(a1p, b1);
  const h2 = hue(a2p, b2);
  let dh = c1 * c2 === 0 ? 0 : h2 - h1;
  if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin((dh / 2) * rad);
  const lBar = (L1 + L2) / 2;
  const cpBar = (c1 + c2) / 2;
  let hBar = h1 + h2;
  if (c1 * c2 !== 0) hBar = (Math.abs(h1 - h2) > 180 ? hBar + (hBar < 360 ? 360 : -360) : hBar) / 2;
  const t = 1 - 0.17 * Math.cos((hBar - 30) * rad) + 0.24 * Math.cos(2 * hBar * rad) + 0.32 * Math.cos((3 * hBar + 6) * rad) - 0.2 * Math.cos((4 * hBar - 63) * rad);
  const rc = 2 * Math.sqrt(cpBar ** 7 / (cpBar ** 7 + 25 ** 7));
  const sl = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sc = 1 + 0.045 * cpBar;
  const sh = 1 + 0.015 * cpBar * t;
  const rt = -Math.sin(2 * 30 * Math.exp(-(((hBar - 275) / 25) ** 2)) * rad) * rc;
  const dL = (L2 - L1) / sl;
  const dC = (c2 - c1) / sc;
  const dHs = dH / sh;
  return Math.sqrt(dL ** 2 + dC ** 2 + dHs ** 2 + rt * dC * dHs);
}

/** The smallest difference between any two of `colours`, over the four visions. */
function worstPair(colours: readonly string[]): number {
  const v = colours.map(views);
  let worst = Infinity;
  for (let i = 0; i < v.length; i++)
    for (let j = i + 1; j < v.length; j++)
      for (let k = 0; k < 4; k++) worst = Math.min(worst, ciede2000(v[i]![k]!, v[j]![k]!));
  return worst;
}

describe('palette', () => {
  it('CIEDE2000 agrees with the published test pairs (Sharma, Wu and Dalal 2005)', () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 3);
    expect(ciede2000([50, -1.3802, -84.2814], [50, 0, -82.7485])).toBeCloseTo(1.0, 3);
    expect(ciede2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 3);
    expect(ciede2000([90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447])).toBeCloseTo(1.4441, 3);
  });

  it('keeps any two of the first twelve pieces apart for every vision', () => {
    expect(worstPair(PIECE_PALETTE.slice(0, 12))).toBeGreaterThan(11);
  });

  it('keeps all of its colours apart, less strictly', () => {
    expect(worstPair(PIECE_PALETTE)).toBeGreaterThan(7);
  });

  it('keeps pieces apart from the board, holes and outlines', () => {
    // The drawing's background, empty cells, holes and free cells (styles.css, three3d.ts), and outlines.
    const neutrals = ['#ffffff', '#f4f1ea', '#e9e5dc', '#f0ece4', '#f7f5f0', '#1d1d1d'];
    for (const c of PIECE_PALETTE) for (const n of neutrals) expect(worstPair([c, n]), `${c} vs ${n}`).toBeGreaterThan(10);
  });

  it('gives copies of a piece consecutive slots, and slots past the palette other shades', () => {
    expect(pieceSlots([1, 3, 1])).toEqual([0, 1, 4]);
    const all = Array.from({ length: PIECE_PALETTE.length * 3 }, (_, i) => slotColour(i));
    expect(new Set(all).size).toBe(all.length);
  });
});
