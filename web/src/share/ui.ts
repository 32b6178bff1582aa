// The Share control (#share-slot) and loading puzzles from `#p1=` links (page load and hashchange).
// Messages about bad links go through textContent in one line; the page keeps working.
import { decodeShareFragment, isShareFragment, MAX_PAYLOAD_CHARS, shareUrl } from './codec';

export interface ShareApi {
  loadPuzzleText(text: string, opts: { sourceName?: string }): void;
  showSolution(n: number): void;
  currentPuzzleText(): string;
  currentSolutionIndex(): number;
  onPuzzleChanged(cb: (c: { text: string }) => void): () => void;
}

export function installShare(slot: HTMLElement, api: ShareApi): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.testid = 'share';
  button.textContent = 'Share';
  button.title = 'A link that carries this puzzle (and the solution shown)';

  const panel = document.createElement('div');
  panel.className = 'pw-share';
  panel.hidden = true;
  const input = document.createElement('input');
  input.type = 'url';
  input.readOnly = true;
  input.dataset.testid = 'share-link';
  input.setAttribute('aria-label', 'Share link');
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.dataset.testid = 'share-copy';
  copy.textContent = 'Copy';
  const size = document.createElement('small');
  size.dataset.testid = 'share-size';
  panel.append(input, copy, size);

  const message = document.createElement('p');
  message.className = 'pw-share-message';
  message.dataset.testid = 'share-message';
  message.setAttribute('role', 'alert');
  message.hidden = true;
  const say = (text: string) => {
    message.textContent = text;
    message.hidden = text === '';
  };
  slot.append(button, panel, message);

  button.addEventListener('click', () => {
    const text = api.currentPuzzleText();
    if (!text) return say('share: no puzzle is loaded');
    const index = api.currentSolutionIndex();
    let url: string;
    try {
      // The link carries the puzzle itself: a library pick in the query would only be overridden.
      const base = new URL(location.href);
      base.searchParams.delete('puzzle');
      url = shareUrl(base.href, text, index >= 0 ? index + 1 : null);
    } catch (e) {
      return say(`share: the puzzle is not valid JSON (${(e as Error).message})`);
    }
    const payload = url.length - url.indexOf('#') - 1;
    if (payload > MAX_PAYLOAD_CHARS) return say(`share: the link would be ${payload} characters, too long for a URL; export the file instead`);
    say('');
    input.value = url;
    size.textContent = `${url.length} characters`;
    panel.hidden = false;
    input.focus();
    input.select();
  });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      copy.textContent = 'Copied';
    } catch {
      input.select();
      copy.textContent = document.execCommand('copy') ? 'Copied' : 'Select and copy';
    }
    setTimeout(() => (copy.textContent = 'Copy'), 1500);
  });

  // ---- opening links -------------------------------------------------------------------------
  let linkText: string | null = null;
  let waitTimer = 0;
  const open = () => {
    const hash = location.hash;
    if (!isShareFragment(hash)) return;
    const r = decodeShareFragment(hash);
    if (!r.ok) {
      say(r.message);
      return;
    }
    say('');
    linkText = r.text;
    let name = 'shared puzzle';
    try {
      const n = (JSON.parse(r.text) as { name?: unknown }).name;
      if (typeof n === 'string' && n) name = `${n.slice(0, 80)} (shared)`;
    } catch { /* the codec checked it is JSON */ }
    api.loadPuzzleText(r.text, { sourceName: name });
    clearInterval(waitTimer);
    if (r.solution !== null) showWhenSolved(r.solution);
  };

  // A solution number in the link: solve, then show that solution once it has been found.
  const showWhenSolved = (n: number) => {
    const solve = document.querySelector<HTMLButtonElement>('[data-testid="solve"]');
    if (solve && !solve.disabled) solve.click();
    const started = api.currentPuzzleText();
    waitTimer = window.setInterval(() => {
      if (api.currentPuzzleText() !== started) return clearInterval(waitTimer);
      const stored = Number(document.querySelector('[data-testid="solutions-stored"]')?.textContent ?? '0');
      const status = document.body.dataset.status;
      if (stored >= n) {
        clearInterval(waitTimer);
        api.showSolution(n - 1);
      } else if (status === 'done' || status === 'error' || status === 'cancelled') {
        clearInterval(waitTimer);
        if (status === 'done') say(`share link asks for solution ${n}, but the puzzle has ${stored} kept solutions`);
      }
    }, 100);
  };

  // Picking another puzzle drops the link from the address bar, so reloading shows what is on screen.
  api.onPuzzleChanged((c) => {
    if (linkText !== null && c.text !== linkText && isShareFragment(location.hash)) {
      linkText = null;
      history.replaceState(history.state, '', location.pathname + location.search);
    }
    panel.hidden = true;
  });
  window.addEventListener('hashchange', open);
  open();
}
