import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLibrary, groupLibrary, library } from '../../web/src/library/library';

describe('library', () => {
  it('bundles every puzzles/*.puzzle.json', () => {
    const files = readdirSync('puzzles').filter((f) => f.endsWith('.puzzle.json'));
    const ids = library().map((e) => e.id).sort();
    expect(ids).toEqual(files.map((f) => f.replace(/\.puzzle\.json$/, '')).sort());
  });

  it('labels the menu with names and kinds, and keeps the text for the solver', () => {
    const soma = library().find((e) => e.id === 'soma')!;
    expect(soma).toMatchObject({ name: 'Soma cube', kind: 'packing' });
    expect(soma.text).toBe(readFileSync('puzzles/soma.puzzle.json', 'utf8'));
    expect(library().find((e) => e.id === 'snake-3x3x3')!.kind).toBe('snake');
  });

  it('groups by kind in a fixed order, unreadable files under Other', () => {
    const lib = buildLibrary({
      'x/b.puzzle.json': '{"kind":"snake","name":"S","box":[1,1,1],"segments":[1]}',
      'x/a.puzzle.json': '{"kind":"packing","name":"P"}',
      'x/c.puzzle.json': '{"kind":"edge-matching","name":"E"}',
      'x/d.puzzle.json': 'not json',
      'x/readme.txt': 'ignored',
    });
    const groups = groupLibrary(lib);
    expect(groups.map((g) => g.kind)).toEqual(['packing', 'edge-matching', 'snake', 'unknown']);
    expect(groups[0]!.entries[0]).toMatchObject({ id: 'a', name: 'P' });
    expect(groups[3]!.entries[0]!.id).toBe('d');
  });

  it('covers the three kinds of the reference library', () => {
    expect(groupLibrary(library()).map((g) => g.kind)).toEqual(['packing', 'edge-matching', 'snake']);
  });
});
