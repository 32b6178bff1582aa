// Prints rows of strings (the first one the header) as a Markdown table with aligned columns:
// the benchmarks' output, pasted as is into the README.
export function printTable(lines) {
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const print = (l) => console.log('| ' + l.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |');
  print(lines[0]);
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  lines.slice(1).forEach(print);
}
