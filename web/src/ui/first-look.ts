// The first visit: a cue beside Solve ("press Solve to find every solution") until Solve has
// been pressed once in this browser; the line on what Piecewise does stays in the page itself.
import { localStore } from '../storage/local-store';

const SEEN = 'piecewise:solved-once';

export function installFirstLook(solve: HTMLButtonElement, cue: HTMLElement): void {
  // Storage blocked: the cue shows each visit.
  const store = localStore();
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
