// The first visit: a cue beside Solve ("press Solve to find every solution") until Solve has
// been pressed once in this browser; the line on what Piecewise does stays in the page itself.
const SEEN = 'piecewise:solved-once';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage blocked (private modes, sandboxed frames): the cue shows each visit.
    return null;
  }
}

export function installFirstLook(solve: HTMLButtonElement, cue: HTMLElement): void {
  const store = storage();
  if (store?.getItem(SEEN)) return;
  cue.hidden = false;
  solve.classList.add('cued');
  solve.setAttribute('aria-describedby', cue.id);
  solve.addEventListener('click', () => {
    cue.hidden = true;
    solve.classList.remove('cued');
    solve.removeAttribute('aria-describedby');
    try {
      store?.setItem(SEEN, '1');
    } catch {
      // Full or blocked: the cue comes back next visit, nothing worse.
    }
  }, { once: true });
}
