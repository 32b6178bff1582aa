// Work the page can put off: done once it is idle, never later than half a second.

/** Calls `f` once the page is idle (within half a second at most); soon, where browsers cannot tell. */
export function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => f(), { timeout: 500 });
  else setTimeout(f);
}
