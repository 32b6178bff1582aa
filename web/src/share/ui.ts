// The Share control (#share-slot) and loading puzzles from `#p1=` links (page load and hashchange).
// Messages about bad links go through textContent in one line; the page keeps working.
import { h } from '../ui/dom';
import { decodeShareFragment, isShareFragment, MAX_PAYLOAD_CHARS, shareUrl } from './codec';

export interface ShareApi {
  loadPuzzleText(text: string, opts: { sourceName?: string }): void;
  solve(): void;
  solutionFound(n: number): Promise<{ found: boolean; kept: number; status: string }>;
  showSolution(n: number): void;
  currentPuzzleText(): string;
  currentSolutionIndex(): number;
  onPuzzleChanged(cb: (c: { text: string }) => void): () => void;
}

export function installShare(slot: HTMLElement, api: ShareApi): void {
  const button = h('button', { type: 'button', 'data-testid': 'share', text: 'Share', title: 'A link that carries this puzzle (and the solution shown)' });
  const input = h('input', { type: 'url', readonly: true, 'data-testid': 'share-link', 'aria-label': 'Share link' });
  const copy = h('button', { type: 'button', 'data-testid': 'share-copy', text: 'Copy' });
  const size = h('small', { 'data-testid': 'share-size' });
  const panel = h('div', { class: 'pw-share', hidden: true }, input, copy, size);
  const message = h('p', { class: 'pw-share-message', 'data-testid': 'share-message', role: 'alert', hidden: true });
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
      base.searchParams.delete('my');
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
    if (r.solution !== null) void showWhenSolved(r.text, r.solution);
  };

  // A solution number in the link: solve, then show that solution once it has been found.
  const showWhenSolved = async (text: string, n: number) => {
    api.solve();
    const r = await api.solutionFound(n);
    if (api.currentPuzzleText() !== text) return;
    if (r.found) api.showSolution(n - 1);
    else if (r.status === 'done') say(`share link asks for solution ${n}, but the puzzle has ${r.kept} kept solutions`);
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
