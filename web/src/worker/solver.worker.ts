/// <reference lib="webworker" />
// The solver's module worker: instantiates the module the page compiled and sent (its first
// message, see solver/worker-module.ts), then hands every other message to the run loop
// (run-loop.ts, where the logic lives). Requests arriving while the module loads wait.
import type { ToWorker } from '../protocol/messages';
import { awaitModuleHandoff, loadSolverModuleInWorker } from '../solver/worker-module';
import { messageChannelYield, SolverRunLoop, type Post } from './run-loop';

declare const self: DedicatedWorkerGlobalScope;

const postingTo = (target: { postMessage(message: unknown, transfer: Transferable[]): void }): Post =>
  (message, transfer = []) => target.postMessage(message, transfer);
const post = postingTo(self);
/** To a port whose partner is closed: serialized, then dropped (a warm-up's messages, run-loop.ts). */
const discard = postingTo((() => {
  const channel = new MessageChannel();
  channel.port2.close();
  return channel.port1;
})());
const waiting: ToWorker[] = [];
let loop: SolverRunLoop | null = null;

const handoff = awaitModuleHandoff<ToWorker>(self, (message) => {
  if (loop) loop.handle(message);
  else waiting.push(message);
});

loadSolverModuleInWorker(handoff).then(
  (module) => {
    loop = new SolverRunLoop(module, post, { yieldTo: messageChannelYield(), discard });
    post({ type: 'ready' });
    for (const message of waiting.splice(0)) loop.handle(message);
  },
  (error: unknown) => {
    const message = `could not load the solver: ${error instanceof Error ? error.message : String(error)}`;
    post({ type: 'error', id: -1, message: message.split('\n')[0], fatal: true });
  },
);
