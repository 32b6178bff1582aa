// A disassembly as the page plays it: the moves of `solve --disassemble --json`'s "disassembly"
// (docs/disassembly.md) in playing order, each a displacement of some placements, and where
// every placement is after any number of them. Plain data: the 3D view animates between these.

/** The "disassembly" JSON: pieces are placement indices, directions "+x" ... "-z". */
export interface DisassemblyJson {
  level: number[];
  moves: number;
  separations: {
    pieces: number[];
    moves: { pieces: number[]; direction: string; distance?: number; out?: boolean }[];
    left?: number;
    removed?: number;
  }[];
}

export type Vector = [number, number, number];

/** One move: `pieces` slide by `delta`; `out` when they leave the rest for good. */
export interface DisassemblyStep {
  pieces: number[];
  delta: Vector;
  out: boolean;
  /** Index into separations: which part of the assembly this move takes apart. */
  separation: number;
}

const axes: Record<string, Vector> = {
  '+x': [1, 0, 0], '-x': [-1, 0, 0], '+y': [0, 1, 0], '-y': [0, -1, 0], '+z': [0, 0, 1], '-z': [0, 0, -1],
};

/**
 * The moves in playing order: each separation's moves, separations in their order (a part's
 * separation comes after the one that made it). A group that leaves flies `outDistance` cells.
 * Throws on a direction it does not know (a disassembly from another version).
 */
export function disassemblySteps(d: DisassemblyJson, outDistance: number): DisassemblyStep[] {
  const steps: DisassemblyStep[] = [];
  d.separations.forEach((s, separation) => {
    for (const m of s.moves) {
      const unit = axes[m.direction];
      if (!unit) throw new Error(`unknown direction '${m.direction}' in a disassembly`);
      const far = m.out ? outDistance : (m.distance ?? 0);
      steps.push({ pieces: m.pieces, delta: unit.map((u) => u * far) as Vector, out: !!m.out, separation });
    }
  });
  return steps;
}

/** Each placement's offset from its place in the assembly once the first `count` steps are made. */
export function offsetsAfter(steps: readonly DisassemblyStep[], placements: number, count: number): Vector[] {
  const offsets: Vector[] = Array.from({ length: placements }, () => [0, 0, 0]);
  for (const step of steps.slice(0, Math.max(0, count))) {
    for (const p of step.pieces) {
      const o = offsets[p];
      if (!o) continue;
      for (let a = 0; a < 3; ++a) o[a]! += step.delta[a]!;
    }
  }
  return offsets;
}

/** Offsets part way: `at` steps made, the last one only in part (2.5: two steps and half the third). */
export function offsetsAt(steps: readonly DisassemblyStep[], placements: number, at: number): Vector[] {
  const whole = Math.max(0, Math.min(steps.length, Math.floor(at)));
  const offsets = offsetsAfter(steps, placements, whole);
  const step = steps[whole];
  const part = at - whole;
  if (step && part > 0) {
    for (const p of step.pieces) {
      const o = offsets[p];
      if (o) for (let a = 0; a < 3; ++a) o[a]! += step.delta[a]! * part;
    }
  }
  return offsets;
}

/** BurrTools' way of writing a level: "4.9.3". */
export function levelText(d: DisassemblyJson): string {
  return d.level.join('.');
}
