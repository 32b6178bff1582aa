// Rows of strings (the first one the header) as a Markdown table with aligned columns: the
// benchmarks' output, written into docs/benchmarks.md.
export function formatTable(lines) {
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const row = (l) => '| ' + l.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
  return [row(lines[0]), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...lines.slice(1).map(row)];
}

export function printTable(lines) {
  for (const line of formatTable(lines)) console.log(line);
}
