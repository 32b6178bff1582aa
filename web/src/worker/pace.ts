// The pace of a run: the nodes it counts per millisecond over its recent past, the latest half
// of the time since it was last restarted (at least RECENT_MS of it, or all of it when it is
// shorter). Recent, because a run speeds up as it goes (its workers warm up: their memos fill)
// and slows down when the machine is busy; half the time measured, because a shorter
// window would jump as jobs of very different sizes finish. It keeps a few marks of the run's
// count, further apart the longer it runs, so it holds a few dozen whatever the run's length.
// No DOM, no workers: tested on its own.

/** The shortest window the pace is measured over, once there is that much to measure. */
export const RECENT_MS = 200;
/** Marks are at least this share of the time since the restart apart. */
const SPACING = 1 / 64;

interface Mark {
  at: number;
  nodes: number;
}

export class Pace {
  private marks: Mark[];
  private since: number;

  constructor(at: number, nodes = 0) {
    this.since = at;
    this.marks = [{ at, nodes }];
  }

  /** Measures from here on only: what came before went at another pace. */
  restart(at: number, nodes: number): void {
    this.since = at;
    this.marks = [{ at, nodes }];
  }

  /** The run's count of nodes at time `at` (never less than at an earlier mark). */
  mark(at: number, nodes: number): void {
    const last = this.marks[this.marks.length - 1]!;
    if (at - last.at >= (at - this.since) * SPACING) this.marks.push({ at, nodes });
    // Marks before the start of the window are never needed again (it only moves forward).
    const start = this.windowStart(at);
    let keep = 0;
    while (keep + 1 < this.marks.length && this.marks[keep + 1]!.at <= start) keep++;
    if (keep) this.marks = this.marks.slice(keep);
  }

  /** Nodes per millisecond over the window ending at `at` with `nodes` counted; null while none were. */
  rate(at: number, nodes: number): number | null {
    const start = this.windowStart(at);
    let base = this.marks[0]!;
    for (const m of this.marks) {
      if (m.at > start) break;
      base = m;
    }
    const ms = at - base.at;
    const counted = nodes - base.nodes;
    return ms > 0 && counted > 0 ? counted / ms : null;
  }

  private windowStart(at: number): number {
    const span = at - this.since;
    return at - Math.min(span, Math.max(span / 2, RECENT_MS));
  }
}
