// The site's localStorage, or null where the browser blocks it (private modes, sandboxed frames,
// site data turned off: reading the property then throws). Callers do without what it would keep.
export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
