// The time left of a run as a person would say it (the estimate is run-tally.ts's). No DOM:
// tested on its own.

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
