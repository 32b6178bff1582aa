import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLibrary, groupLibrary, library } from '../../web/src/library/library';

describe('library', () => {
  it('bundles every puzzles/*.puzzle.json', () => {
    const files = readdirSync('puzzles').filter((f) => f.endsWith('.puzzle.json'));
    const ids = library().map((e) => e.id).sort();
    expect(ids).toEqual(files.map((f) => f.replace(/\.puzzle\.json$/, '')).sort());
  });

  it('reads names, kinds and expected counts', () => {
    const soma = library().find((e) => e.id === 'soma')!;
    expect(soma.kind).toBe('packing');
    expect(soma.expected).toEqual({ solutions: 11520, unique: 240 });
    expect(soma.text).toBe(readFileSync('puzzles/soma.puzzle.json', 'utf8'));
    expect(library().find((e) => e.id === 'snake-3x3x3')!.expected).toEqual({ solutions: 48, unique: 1 });
    expect(library().find((e) => e.id === 't-tetracubes-6x6x6')!.expected).toBeNull();
  });

  it('groups by kind in a fixed order, unreadable files under Other', () => {
    const lib = buildLibrary({
      'x/b.puzzle.json': '{"kind":"snake","name":"S","box":[1,1,1],"segments":[1]}',
      'x/a.puzzle.json': '{"kind":"packing","name":"P","notes":"Expected: 2 solutions, 1 unique."}',
      'x/c.puzzle.json': '{"kind":"edge-matching","name":"E"}',
      'x/d.puzzle.json': 'not json',
      'x/readme.txt': 'ignored',
    });
    const groups = groupLibrary(lib);
    expect(groups.map((g) => g.kind)).toEqual(['packing', 'edge-matching', 'snake', 'unknown']);
    expect(groups[0]!.entries[0]).toMatchObject({ id: 'a', name: 'P', expected: { solutions: 2, unique: 1 } });
    expect(groups[3]!.entries[0]!.id).toBe('d');
  });

  it('covers the three kinds of the reference library', () => {
    expect(groupLibrary(library()).map((g) => g.kind)).toEqual(['packing', 'edge-matching', 'snake']);
  });
});
