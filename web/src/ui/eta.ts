// The estimated time left of a run, from its estimate of the share of it done (run-tally.ts,
// which says when it has one: its time so far against that plus the work left at the workers'
// recent speed). No DOM: tested on its own.

/** Milliseconds left, or null while too little is known to say (< 0.1% done). */
export function timeLeftMs(fraction: number, elapsedMs: number): number | null {
  if (!(fraction > 0.001) || !(elapsedMs > 0)) return null;
  if (fraction >= 1) return 0;
  return (elapsedMs * (1 - fraction)) / fraction;
}

/** "about 3 min 20 s", "about 2 h 5 min", "less than a second"; '–' when unknown. */
export function formatTimeLeft(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '–';
  const s = Math.round(ms / 1000);
  if (s < 1) return 'less than a second';
  if (s < 60) return `about ${s} s`;
  const m = Math.round(s / 60);
  if (s < 3600) return `about ${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  if (m < 48 * 60) return `about ${Math.floor(m / 60)} h ${m % 60} min`;
  return `about ${Math.round(m / 1440)} days`;
}
