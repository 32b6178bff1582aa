/// <reference lib="webworker" />
// A 3D view's worker: draws the view's scene on the canvas the page handed over (SceneHost),
// told what to draw by the page's messages. The page ends it by terminating it.
import { SceneHost } from './scene-host';
import type { SceneCommand, SceneReply, SceneStart } from './scene-protocol';

declare const self: DedicatedWorkerGlobalScope;

const reply = (r: SceneReply) => self.postMessage(r);
let host: SceneHost | null = null;

self.onmessage = (e: MessageEvent<SceneStart | SceneCommand>) => {
  const m = e.data;
  try {
    if (m.type === 'start') host = new SceneHost(m.canvas, m.subject, m.software, reply);
    else host?.apply(m);
  } catch (err) {
    // No WebGL here (or none left): the page draws on its own canvas instead.
    host = null;
    reply({ type: 'failed', message: (err as Error).message || String(err) });
  }
};
