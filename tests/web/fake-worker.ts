// An in-process stand-in for a solver worker: the real run loop and WASM module behind
// Worker's postMessage/terminate/onmessage, delivered asynchronously. `failOn` makes it crash
// (an error event) on a message; `hangOn` makes it fall silent (a stuck worker); `failInstead`
// makes it crash instead of sending one of its own messages (dying at a chosen point of its run);
// `options` are its run loop's (short slices answer messages sooner).
import type { FromWorker, ToWorker } from '../../web/src/protocol/messages';
import type { SolverModule } from '../../web/src/solver/module';
import { SolverRunLoop, type RunLoopOptions } from '../../web/src/worker/run-loop';

export class FakeWorker {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  hung = false;
  onmessageerror: (() => void) | null = null;
  readonly received: ToWorker[] = [];
  readonly sent: FromWorker[] = [];  // what the run loop emitted, delivered or not
  private readonly loop: SolverRunLoop;

  constructor(
    mod: SolverModule,
    private readonly failOn?: (m: ToWorker) => string | null,
    private readonly hangOn?: (m: ToWorker) => boolean,
    private readonly failInstead?: (m: FromWorker) => string | null,
    options: RunLoopOptions = {},
  ) {
    this.loop = new SolverRunLoop(mod, (message) => {
      if (this.terminated || this.hung) return;
      const crash = this.failInstead?.(message);
      if (crash) {
        this.hung = true;  // a dead worker sends nothing more
        this.loop.stop();
        setTimeout(() => !this.terminated && this.onerror?.({ message: crash, preventDefault() {} } as ErrorEvent));
        return;
      }
      this.sent.push(message);
      setTimeout(() => !this.terminated && this.onmessage?.({ data: message } as MessageEvent<FromWorker>));
    }, options);
    setTimeout(() => !this.terminated && this.onmessage?.({ data: { type: 'ready' } } as MessageEvent<FromWorker>));
  }

  postMessage(message: ToWorker): void {
    this.received.push(message);
    setTimeout(() => {
      if (this.terminated || this.hung) return;
      if (this.hangOn?.(message)) {
        this.hung = true;
        this.loop.stop();
        return;
      }
      const crash = this.failOn?.(message);
      if (crash) this.onerror?.({ message: crash, preventDefault() {} } as ErrorEvent);
      else this.loop.handle(message);
    });
  }

  terminate(): void {
    this.terminated = true;
    this.loop.stop();
  }
}
