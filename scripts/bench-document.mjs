// docs/benchmarks.md, written by the benchmarks themselves: each writes its section between its
// markers from one run, headed by the machine and the commit it ran on. Nothing there is typed by hand.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

/** The machine and the code a run measured: cores, CPU model, commit ("+dirty" with changes). */
export function machine(root) {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.*)$/m.exec(cpuinfo)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown CPU';
  const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout.trim();
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return { cores: cpus().length, model, commit: `${git('rev-parse', '--short', 'HEAD')}${dirty ? '+dirty' : ''}` };
}

/** The first line of a section: when, on what machine, at which commit, by which command. */
export function runHeading(root, command) {
  const env = machine(root);
  const date = new Date().toISOString().replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');
  return `Run of ${date} on ${env.cores} cores (${env.model}), commit ${env.commit}: \`${command}\`.`;
}

/** Replaces section `name` of docs/benchmarks.md (between `<!-- bench:NAME begin/end -->`) by `report`. */
export function writeSection(root, name, title, report) {
  const file = join(root, 'docs/benchmarks.md');
  const begin = `<!-- bench:${name} begin -->`;
  const end = `<!-- bench:${name} end -->`;
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (!doc.includes(begin) || !doc.includes(end)) doc = `${doc.trimEnd()}${doc ? '\n\n' : ''}## ${title}\n\n${begin}\n${end}\n`;
  const [head, rest] = doc.split(begin);
  const tail = rest.slice(rest.indexOf(end));
  writeFileSync(file, `${head}${begin}\n${report}\n${tail}`);
  return file;
}
