// The documents stay true to the tree: every relative link in README.md and docs/ (images too)
// names a file that exists, and an #anchor a heading of that file; and they describe the code as
// it is, not its history (no dates, and no timings before and after a change, outside the sections
// the benchmarks write themselves: figures belong to benchmarks.md, which a script regenerates).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}
const documents = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchors = (text: string) => new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!)));

// A timing before and after a change, as "5.65 → 3.83 s", "15.8 s → 1.1 s" or "0.076 -> 0.069 ms"
// (across a line break too).
const beforeAfterTiming = /\d[\d.,]*\s*(?:[mµ]?s\b)?\s*(?:→|->)\s*\d[\d.,]*\s*[mµ]?s\b/g;

// Links outside fenced code: [text](target) and ![alt](target), titles dropped.
function links(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

describe('documents', () => {
  it('find README.md and the docs', () => {
    expect(documents.length).toBeGreaterThan(5);
  });

  for (const doc of documents) {
    const name = relative(root, doc);
    it(`${name}: every relative link resolves`, () => {
      const text = readFileSync(doc, 'utf8');
      const broken: string[] = [];
      for (const target of links(text)) {
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path ? join(dirname(doc), decodeURI(path)) : doc;
        if (!existsSync(file)) broken.push(`${target}: no such file`);
        else if (anchor && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${target}: no such heading`);
      }
      expect(broken).toEqual([]);
    });

    it(`${name}: no history (dates and before/after timings only in sections the benchmarks write)`, () => {
      const text = readFileSync(doc, 'utf8').replace(/<!-- bench:(\w+) begin -->[\s\S]*?<!-- bench:\1 end -->/g, '');
      expect(text.match(/\b20\d\d-\d\d-\d\d\b|\bissue \d+\b/g) ?? []).toEqual([]);
      expect(text.match(beforeAfterTiming) ?? []).toEqual([]);
    });
  }
});
