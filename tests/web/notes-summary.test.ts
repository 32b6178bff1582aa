// The page shows a puzzle's notes as a short summary and the rest behind "More notes".
import { describe, expect, it } from 'vitest';
import { splitNotes } from '../../web/src/ui/notes-summary';

describe('notes summary', () => {
  it('keeps short notes whole', () => {
    expect(splitNotes('Seven pieces into a cube. ')).toEqual({ summary: 'Seven pieces into a cube.', more: '' });
  });

  it('puts a BurrTools import list behind the first line', () => {
    const notes = 'A frame.\n\nImported from the BurrTools file f ("x").\n- colours ignored\n- maxHoles=4 ignored';
    expect(splitNotes(notes)).toEqual({ summary: 'A frame.', more: 'Imported from the BurrTools file f ("x").\n- colours ignored\n- maxHoles=4 ignored' });
  });

  it('cuts a long first line at a sentence end', () => {
    const first = `${'a'.repeat(150)}. ${'b'.repeat(60)}. ${'c'.repeat(100)}.`;
    const { summary, more } = splitNotes(first);
    expect(summary).toBe(`${'a'.repeat(150)}. ${'b'.repeat(60)}.`);
    expect(more).toBe(`${'c'.repeat(100)}.`);
  });
});
