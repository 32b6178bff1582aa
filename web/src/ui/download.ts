// Saving something the page made (a puzzle file, a picture) through the browser's download.
import { h } from './dom';

/** Starts a download of `data` named `fileName`. */
export function download(data: Blob, fileName: string): void {
  const a = h('a', { href: URL.createObjectURL(data), download: fileName, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
