// My puzzles at scale, shared by the e2e (tests/e2e/my-puzzles-scale.e2e.mjs) and the page
// benchmark (scripts/bench-page.mjs): 60 documents of just under 4 MiB stored as the first version
// of My puzzles stored them, the time until the menu lists them, the JS heap they cost.
import { readFileSync } from 'node:fs';

export const COUNT = 60;
export const DOCUMENT_CHARS = 4 * 2 ** 20 - 4096; // just under the solver's 4 MiB
export const MB = 2 ** 20;
const soma = JSON.parse(readFileSync(new URL('../../puzzles/soma.puzzle.json', import.meta.url), 'utf8'));

/** JS heap in use after a full garbage collection, in bytes. */
export async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** Reloads and returns ms from navigation start until the menu lists `count` of My puzzles. */
export async function menuFilled(page, count) {
  await page.reload();
  const handle = await page.waitForFunction((count) => {
    const n = document.querySelector('optgroup[label="My puzzles"]')?.children.length ?? 0;
    return n >= count ? performance.now() : false;
  }, count, { timeout: 120_000, polling: 'raf' });
  return handle.jsonValue();
}

/** Replaces the site's database with version 1's store holding `count` documents of `chars` characters. */
export function seedVersion1(page, count, chars) {
  return page.evaluate(async ({ soma, count, chars }) => {
    const request = (r) => new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
      r.onblocked = () => reject(new Error('blocked'));
    });
    await request(indexedDB.deleteDatabase('piecewise'));
    const open = indexedDB.open('piecewise', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('puzzles', { keyPath: 'id' });
    const db = await request(open);
    for (let i = 0; i < count; i++) {
      const doc = JSON.stringify({ ...soma, name: `Big ${i}` });
      const text = doc + ' '.repeat(chars - doc.length); // trailing white space is fine after a document
      const tx = db.transaction('puzzles', 'readwrite');
      tx.objectStore('puzzles').put({ id: `big-${i}`, name: `Big ${i}`, named: false, text, origin: 'link', created: i, updated: i, revision: 1 });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
    }
    db.close();
  }, { soma, count, chars });
}
