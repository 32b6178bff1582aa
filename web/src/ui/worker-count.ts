// How many solver workers the page runs: by default one per core but one (the page's own
// thread needs a core), at least 1; `?workers=N` in the address presets it; the `workers`
// control changes it for the next Solve. No DOM here but the control's wiring at the end.

/** The most workers offered: the cores, or more when the address asks for more (up to 64). */
export function workerChoices(cores: number, preset: number | null): number {
  return Math.max(1, cores, Math.min(64, preset ?? 1));
}

/** `?workers=N` (N a whole number from 1), else null. */
export function workersFromAddress(search: string): number | null {
  const raw = new URLSearchParams(search).get('workers');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= 1 ? Math.min(n, 64) : null;
}

export function defaultWorkers(cores: number): number {
  return Math.max(1, (cores || 1) - 1);
}

/** Fills the control with 1…N, selects the initial count and reports the user's changes. */
export function installWorkerControl(select: HTMLSelectElement, onChange: (n: number) => void): number {
  const cores = navigator.hardwareConcurrency || 1;
  const preset = workersFromAddress(location.search);
  const max = workerChoices(cores, preset);
  const initial = Math.min(max, preset ?? defaultWorkers(cores));
  select.replaceChildren(...Array.from({ length: max }, (_, i) => new Option(String(i + 1), String(i + 1))));
  select.value = String(initial);
  select.addEventListener('change', () => onChange(Number(select.value)));
  return initial;
}
