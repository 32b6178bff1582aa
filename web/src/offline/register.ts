// The page's side of offline mode and of updates (the worker's side is sw-template.js).
// - Production builds register sw.js; the dev server never does, and drops a worker that a
//   production build of the same origin and path left behind (it would serve stale files).
// - The page tells the worker in charge which build it is (on load, when a new worker takes over,
//   on return from the back/forward cache) and acts on the answer:
//     ready   its files are stored: it works offline, and keeps working across deploys;
//     online  only the host has its files; a newer worker is storing them;
//     gone    neither (first visit during a deploy): it reloads onto the new build as soon as that
//             loses nothing, and says so.
//   A newer build in charge of a tab that is ready is offered, never forced.
// - The answer is mirrored on <html data-offline data-sw-build> for tests and the curious.
import { hideNotice, noticeKind, showNotice } from './update-notice';

export interface OfflineOptions {
  /** True when reloading the tab now loses nothing: no run going, no solutions on screen, no
   * unsaved edits, and the puzzle shown comes back from the address. */
  reloadLosesNothing(): boolean;
}

type WorkerState = 'ready' | 'online' | 'gone';
interface StateMessage {
  type: 'piecewise:state';
  build: string;
  worker: string;
  state: WorkerState;
}

/** Set just before a reload onto another build; the next page shows "updated" when its build differs. */
const RELOADED_FROM = 'piecewise:reloaded-from';
const RELOAD_CHECK_MS = 1000;
const UPDATE_CHECK_MS = 60 * 60 * 1000;
const FIRST_RETRY_MS = 5_000;
const TAKE_OVER_AGAIN_MS = 1000;
const TAKE_OVER_ASKS = 20;
/** A tab asks a waiting worker to take over only once it has fetched nothing for this long. */
const TAKE_OVER_QUIET_MS = 1000;
const LAST_RETRY_MS = 5 * 60 * 1000;

function pageBuild(): string | null {
  const id = document.querySelector<HTMLMetaElement>('meta[name="piecewise-build"]')?.content ?? '';
  return /^[0-9a-f]{16}$/.test(id) ? id : null;
}

function reloadOntoNewBuild(build: string): void {
  try {
    sessionStorage.setItem(RELOADED_FROM, build);
  } catch { /* storage refused: the reload still happens, without the notice */ }
  location.reload();
}

/** Shows "updated" after a reload onto another build; returns the build the tab was reloaded from. */
function announceUpdate(build: string): string | null {
  let from: string | null = null;
  try {
    from = sessionStorage.getItem(RELOADED_FROM);
    sessionStorage.removeItem(RELOADED_FROM);
  } catch { /* no storage, no notice */ }
  if (from && from !== build) showNotice('updated');
  return from;
}

async function dropStaleWorker(swUrl: string): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(swUrl);
  const script = registration?.active ?? registration?.waiting ?? registration?.installing;
  if (registration && script?.scriptURL === swUrl) await registration.unregister();
}

/** Milliseconds since this tab last finished fetching something (Resource Timing), from now on. */
function lastFetchClock(): () => number {
  let last = performance.now();
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
    new PerformanceObserver(() => (last = performance.now())).observe({ type: 'resource' });
  }
  return () => performance.now() - last;
}

/**
 * A new build's worker takes over at once (skipWaiting() when installed), but in Chromium that
 * activation fails when a tab's request reaches the old worker just as it is stopped for it, and
 * the new worker then waits for the old one's next idle timeout, or for every tab of the site to
 * close: new tabs would get the old build meanwhile. So every tab that sees a worker installed and
 * waiting asks it to take over; the worker does so once every open tab has asked (sw-template.js),
 * and a tab asks only while it fetches nothing through the old worker: after its start-up (this
 * is called after it), and TAKE_OVER_QUIET_MS after its last request. Asked every second while it
 * waits, up to TAKE_OVER_ASKS times: a worker stopped while it waits forgets who asked.
 */
function askWaitingWorkerToTakeOver(registration: ServiceWorkerRegistration): void {
  const sinceLastFetch = lastFetchClock();
  // The first ask is made again a second later even when nothing waits yet: the worker may be
  // parked just after.
  const askWhileWaiting = (left = TAKE_OVER_ASKS) => {
    const quietFor = sinceLastFetch();
    if (quietFor < TAKE_OVER_QUIET_MS) {
      setTimeout(() => askWhileWaiting(left), TAKE_OVER_QUIET_MS - quietFor);
      return;
    }
    const waiting = registration.waiting;
    waiting?.postMessage({ type: 'piecewise:take-over' });
    if (left > 1 && (waiting || left === TAKE_OVER_ASKS)) setTimeout(() => askWhileWaiting(left - 1), TAKE_OVER_AGAIN_MS);
  };
  const whenInstalled = (worker: ServiceWorker | null) => worker?.addEventListener('statechange', () => {
    if (worker.state === 'installed') askWhileWaiting();
  });
  askWhileWaiting();
  whenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
}

export function registerServiceWorker(options: OfflineOptions): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const swUrl = new URL('./sw.js', document.baseURI).href;
  if (!import.meta.env.PROD) {
    dropStaleWorker(swUrl).catch(() => {});
    return;
  }
  const build = pageBuild();
  if (!build) return;
  // A reload that landed on the same build again must not become a loop: then only the notice.
  const reloadedFrom = announceUpdate(build);
  const sw = navigator.serviceWorker;
  let reloadTimer: ReturnType<typeof setInterval> | undefined;

  const hello = (worker: ServiceWorker | null | undefined) => worker?.postMessage({ type: 'piecewise:hello', build });
  const reloadWhenNothingIsLost = () => {
    if (reloadedFrom === build) return;
    reloadTimer ??= setInterval(() => {
      if (options.reloadLosesNothing()) reloadOntoNewBuild(build);
    }, RELOAD_CHECK_MS);
  };

  sw.addEventListener('message', (event: MessageEvent<StateMessage>) => {
    const m = event.data;
    if (m?.type !== 'piecewise:state' || m.build !== build) return;
    // An older worker's answer that comes after a newer one took over (and answered) is stale:
    // it would say the old worker is still in charge.
    if (sw.controller && event.source !== sw.controller) return;
    document.documentElement.dataset.offline = m.state;
    document.documentElement.dataset.swBuild = m.worker;
    if (m.state === 'gone') {
      showNotice('gone', () => reloadOntoNewBuild(build));
      reloadWhenNothingIsLost();
    } else if (m.state === 'ready' && m.worker !== build) {
      if (noticeKind() !== 'available') showNotice('available', () => reloadOntoNewBuild(build));
    } else {
      hideNotice('gone');
      hideNotice('available');
    }
  });
  sw.addEventListener('controllerchange', () => hello(sw.controller));
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) hello(sw.controller);
  });
  sw.startMessages();

  // A first worker that fails to install (the host is mid-deploy, or the network dropped) leaves
  // no registration behind: try again later, or this page could never learn that its files are gone.
  let retryMs = FIRST_RETRY_MS;
  const register = () => sw.register(swUrl, { scope: './', updateViaCache: 'none' }).then(
    (registration) => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state !== 'redundant' || registration.active) return;
        setTimeout(register, retryMs);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      });
      return registration;
    },
    (e: unknown) => {
      console.warn(`offline mode unavailable: ${(e as Error).message}`);
      return null;
    },
  );
  void register().then((registration) => {
    if (!registration) return;
    askWaitingWorkerToTakeOver(registration);
    // An uncontrolled page (first visit, or a hard reload) still says which build it is.
    hello(sw.controller ?? registration.active);
    // A tab open for days, or offline during a deploy, looks for a new version when it comes
    // back to the foreground (at most hourly) or back online.
    let lastCheck = Date.now();
    const check = () => {
      lastCheck = Date.now();
      registration.update().catch(() => {});
    };
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck > UPDATE_CHECK_MS) check();
    });
    window.addEventListener('online', check);
  });
}
