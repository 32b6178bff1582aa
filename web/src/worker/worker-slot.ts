// One solver worker of the pool (solver-pool.ts): starts it, tells the pool what it says, and
// notices when it dies. A worker can die loudly (an `error` or `messageerror` event, or a
// fatal error reply such as out of memory) or silently (stuck or killed: it stops answering
// the heartbeat's pings, which its run loop answers between two slices). Either way the slot
// reports it once and can be given a fresh worker (replace), which is also how a run is
// cancelled: terminating a worker is the only way to stop a search mid-slice. A worker taking an
// assembly apart is silent until it is done (one take-apart is a single call, bounded in memory
// and so in time, but minutes long at worst): a slot told to be patient waits that long.
import type { FromWorker, RunDocument, ToWorker } from '../protocol/messages';

export interface SlotEvents {
  message(m: FromWorker): void;
  /** The worker is gone (one line why); `loaded`: it had loaded its module (a respawn may help). */
  died(reason: string, loaded: boolean): void;
}

export interface SlotTiming {
  /** Pings are sent this often while the slot is busy... */
  pingMs: number;
  /** ...and a loaded worker silent for this long is declared dead... */
  silentMs: number;
  /** ...or for this long when it may be taking an assembly apart (patient). */
  patientMs?: number;
}

export const defaultSlotTiming: SlotTiming = { pingMs: 1000, silentMs: 15_000, patientMs: 600_000 };

export class WorkerSlot {
  private worker: Worker | null = null;
  /** The worker has loaded its module. */
  loaded = false;
  /** The pool gave it work that is not finished: the heartbeat watches it. */
  busy = false;
  /** Its work may keep it silent for long (taking assemblies apart): the heartbeat waits patientMs. */
  patient = false;
  /** The run document its worker was sent, which it keeps for the run's later tasks (a fresh worker has none). */
  document: RunDocument | null = null;
  private lastHeard = 0;
  private heartbeat = 0;

  constructor(
    private readonly createWorker: () => Worker,
    private readonly events: SlotEvents,
    private readonly timing: SlotTiming = defaultSlotTiming,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.spawn();
  }

  send(message: ToWorker, transfer: Transferable[] = []): void {
    if (!this.worker) this.spawn();
    this.worker!.postMessage(message, transfer);
  }

  /** Marks the slot busy (heartbeat on) or idle. */
  setBusy(busy: boolean): void {
    this.busy = busy;
    this.lastHeard = this.now();
    if (busy && !this.heartbeat) this.heartbeat = setInterval(() => this.beat(), this.timing.pingMs) as unknown as number;
    if (!busy && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = 0;
    }
  }

  /** Terminates the worker at once and starts a fresh one (unless `respawn` is false). */
  replace(respawn = true): void {
    this.setBusy(false);
    this.worker?.terminate();
    this.worker = null;
    this.loaded = false;
    this.document = null;
    if (respawn) this.spawn();
  }

  dispose(): void {
    this.replace(false);
  }

  private spawn(): void {
    const worker = this.createWorker();
    this.worker = worker;
    this.loaded = false;
    this.document = null;
    this.lastHeard = this.now();
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      if (worker !== this.worker) return;
      this.lastHeard = this.now();
      const m = event.data;
      if (m.type === 'ready') this.loaded = true;
      if (m.type === 'pong') return;
      if (m.type === 'error' && m.fatal) return this.die(m.message);
      this.events.message(m);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault?.();
      if (worker === this.worker) this.die(`solver worker failed: ${event.message || 'unknown error'}`);
    };
    worker.onmessageerror = () => {
      if (worker === this.worker) this.die('solver worker sent a message that could not be read');
    };
  }

  private beat(): void {
    if (!this.worker || !this.busy) return;
    const silentMs = this.patient ? (this.timing.patientMs ?? this.timing.silentMs) : this.timing.silentMs;
    if (this.loaded && this.now() - this.lastHeard > silentMs) {
      this.die(`solver worker stopped answering for ${Math.round(silentMs / 1000)} s`);
      return;
    }
    this.worker.postMessage({ type: 'ping' } satisfies ToWorker);
  }

  private die(reason: string): void {
    const loaded = this.loaded;
    this.setBusy(false);
    this.worker?.terminate();
    this.worker = null;
    this.loaded = false;
    this.events.died(reason.split('\n')[0]!, loaded);
  }
}
