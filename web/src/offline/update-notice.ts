// The one notice about versions of the site, in a corner of the page: a newer version is available
// (this tab keeps working), this tab's files are gone from the host (it reloads as soon as that
// loses nothing), or the tab has just been reloaded onto a new version.
import './update-notice.css';

export type NoticeKind = 'available' | 'gone' | 'updated';

const TEXT: Record<NoticeKind, string> = {
  available: 'A new version of Piecewise is available. This tab keeps working as it is; reload to switch.',
  gone: 'Piecewise was updated on the server and this tab\u2019s files are no longer there: it cannot start a new '
    + 'solver or open a 3D view until it reloads. It reloads by itself once nothing would be lost (no run, no '
    + 'solutions on screen, no unsaved edits).',
  updated: 'Piecewise was updated to a new version.',
};
/** How long the notice after a reload stays up. */
const UPDATED_MS = 15_000;

let element: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function button(text: string, className: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

/** Shows (or replaces) the notice; `reload` adds a "Reload now" button. */
export function showNotice(kind: NoticeKind, reload?: () => void): void {
  element ??= document.body.appendChild(document.createElement('div'));
  element.className = 'pw-update-notice';
  element.dataset.testid = 'update-notice';
  element.dataset.kind = kind;
  element.setAttribute('role', kind === 'gone' ? 'alert' : 'status');
  const text = document.createElement('p');
  text.textContent = TEXT[kind];
  const buttons = [button('Dismiss', 'pw-update-dismiss', () => hideNotice())];
  if (reload) buttons.unshift(button('Reload now', 'pw-update-reload', reload));
  element.replaceChildren(text, ...buttons);
  element.hidden = false;
  clearTimeout(timer);
  if (kind === 'updated') timer = setTimeout(() => hideNotice('updated'), UPDATED_MS);
}

/** Hides the notice (only when it is of `kind`, if given). */
export function hideNotice(kind?: NoticeKind): void {
  if (element && (!kind || element.dataset.kind === kind)) element.hidden = true;
}

export function noticeKind(): NoticeKind | null {
  return element && !element.hidden ? (element.dataset.kind as NoticeKind) : null;
}
