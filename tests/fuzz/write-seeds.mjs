// Writes the fuzzers' seed corpus into a directory: every library puzzle, every hostile
// document (tests/hostile/hostile-puzzles.mjs), a few malformed byte sequences, the
// BurrTools files of tests/data/burrtools and the `count --job` results of tests/fuzz/merge-seeds
// (each fuzzer meets the others' inputs too), each at
// most MAX_BYTES long (larger ones would only be cut short by libFuzzer).
// Usage: node tests/fuzz/write-seeds.mjs DIR MAX_BYTES
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostilePuzzles } from '../hostile/hostile-puzzles.mjs';

const [dir, maxArg] = process.argv.slice(2);
const maxBytes = Number(maxArg);
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
mkdirSync(dir, { recursive: true });

const seeds = [];
for (const file of readdirSync(join(root, 'puzzles')).filter((f) => f.endsWith('.puzzle.json')).sort()) {
  seeds.push([file, readFileSync(join(root, 'puzzles', file))]);
}
for (const doc of hostilePuzzles()) seeds.push([`hostile-${doc.name}.json`, Buffer.from(doc.text)]);
const soma = readFileSync(join(root, 'puzzles/soma.puzzle.json'));
seeds.push(['bytes-nul-garbage.json', Buffer.concat([soma, Buffer.from([0]), Buffer.from('garbage')])]);
seeds.push(['bytes-second-document.json', Buffer.concat([soma, soma])]);
seeds.push(['bytes-bad-utf8.json', Buffer.concat([soma.subarray(0, 40), Buffer.from([0xed, 0xa0, 0x80, 0xff]), soma.subarray(40)])]);
seeds.push(['bytes-bom.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), soma])]);
const burrtools = join(root, 'tests/data/burrtools');
for (const file of readdirSync(burrtools).filter((f) => f.endsWith('.xmpuzzle')).sort()) {
  seeds.push([file, readFileSync(join(burrtools, file))]);
}
const results = join(root, 'tests/fuzz/merge-seeds');
for (const file of readdirSync(results).filter((f) => f.endsWith('.jsonl')).sort()) {
  seeds.push([`merge-${file}`, readFileSync(join(results, file))]);
}
let written = 0;
for (const [name, content] of seeds) {
  if (content.length > maxBytes) continue;
  writeFileSync(join(dir, name), content);
  ++written;
}
process.stderr.write(`fuzz: ${written} seeds of at most ${maxBytes} bytes in ${dir}\n`);
