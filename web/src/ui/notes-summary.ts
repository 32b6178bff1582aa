// A puzzle's notes split for the page: a short first part shown with the name, the rest (long
// descriptions, a BurrTools import's list of what it left out) behind "More notes", so that
// Solve stays in sight. No DOM: tested.

/** Longest summary, in characters; longer first lines are cut at a sentence's end. */
const SUMMARY_CHARS = 240;

export function splitNotes(notes: string): { summary: string; more: string } {
  const text = notes.trim();
  const newline = text.indexOf('\n');
  let summary = newline < 0 ? text : text.slice(0, newline).trim();
  if (summary.length > SUMMARY_CHARS) {
    // The last sentence end that fits; else the first one, however long.
    const ends = [...summary.matchAll(/[.!?](?=\s)/g)].map((m) => m.index! + 1);
    const cut = ends.filter((e) => e <= SUMMARY_CHARS).at(-1) ?? ends[0];
    if (cut !== undefined) summary = summary.slice(0, cut);
  }
  return { summary, more: text.slice(summary.length).trim() };
}
