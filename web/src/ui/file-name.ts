// File names the page gives what it saves.

/** A file name's stem from a puzzle's name: `Soma cube` → `soma-cube` (`puzzle` when nothing is left). */
export function fileStem(name: unknown): string {
  const slug = String(name ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return slug || 'puzzle';
}
