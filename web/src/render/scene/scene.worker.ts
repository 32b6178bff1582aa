/// <reference lib="webworker" />
// A 3D view's worker: draws the view's scene on the canvas the page handed over (SceneHost),
// told by the page's messages what to draw. The page ends it by terminating it.
import { SceneHost } from './scene-host';
import type { SceneCommand, SceneReply, SceneStart } from './scene-protocol';

declare const self: DedicatedWorkerGlobalScope;

const reply = (r: SceneReply) => self.postMessage(r);
let host: SceneHost | null = null;
// A worker's animation frames come with the page's, which can lag tens of ms while the page
// starts up: the scene draws in the next task, after the messages already queued.
const drawSoon = (draw: () => void) => void setTimeout(draw);

self.onmessage = (e: MessageEvent<SceneStart | SceneCommand>) => {
  const m = e.data;
  try {
    if (m.type === 'start') host = new SceneHost(m.canvas, m.software, reply, drawSoon);
    else host?.apply(m);
  } catch (err) {
    // No WebGL here (or none left): the page draws on its own canvas instead.
    host = null;
    reply({ type: 'failed', message: (err as Error).message || String(err) });
  }
};
