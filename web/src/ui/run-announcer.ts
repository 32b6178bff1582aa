// What a screen reader hears of a run: that it started, and how it ended with its counts, once
// each. The counters themselves are not a live region: they change several times a second while
// a search runs, and a reader would recite every change. Errors have their own alert (#error).
import { h } from './dom';

const element = (id: string): HTMLElement | null => document.querySelector(`[data-testid="${id}"]`);
const text = (id: string): string => element(id)?.textContent?.trim() ?? '';

/** The counters as shown: a run that takes apart counts assemblies and those that come apart (the solutions). */
function counts(): string {
  if (element('apart-found')?.hidden === false) return `${text('unique-found')} assemblies, of which ${text('apart-found')} come apart (solutions)`;
  return `${text('solutions-found')} solutions, ${text('unique-found')} unique`;
}

function sentence(status: string | undefined): string {
  switch (status) {
    case 'running': return 'Solving…';
    case 'done': return `Done: ${counts()}, in ${text('elapsed')}.`;
    case 'cancelled': return `Stopped: ${counts()} found so far.`;
    default: return '';
  }
}

/** Announces the page's run status (body[data-status]) as it changes, in a visually hidden status line. */
export function announceRuns(): void {
  const region = h('p', { class: 'pw-visually-hidden', role: 'status', 'data-testid': 'run-announcement' });
  document.body.append(region);
  let last = document.body.dataset.status;
  // Delivered after the task that changed the status, which also drew the final counts.
  new MutationObserver(() => {
    const now = document.body.dataset.status;
    if (now === last) return;
    last = now;
    region.textContent = sentence(now);
  }).observe(document.body, { attributes: true, attributeFilter: ['data-status'] });
}
