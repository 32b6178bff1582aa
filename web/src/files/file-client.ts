// The page's handle on the file worker: started on the first request (most visits open no file),
// stopped after a minute without requests so its copy of the module does not hold memory.
import { createFileWorker } from '../worker/create-worker';
import type { FileReply, FileRequest, OpenedFile } from './protocol';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

type Pending = (reply: FileReply) => void;
type Payload<T extends FileRequest['type']> = Omit<Extract<FileRequest, { type: T }>, 'id' | 'type'>;

const IDLE_MS = 60_000;

export class FileClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly createWorker = createFileWorker) {}

  /** A file's bytes as a document, or the problems of a BurrTools file to choose from. */
  async open(bytes: Uint8Array, title: string): Promise<Outcome<OpenedFile>> {
    const r = await this.ask('open', { bytes, title });
    return r.ok ? ('opened' in r ? { ok: true, value: r.opened } : { ok: false, error: 'unexpected reply' }) : r;
  }

  /** Problem `problem` (1-based) of a BurrTools file as a document. */
  async importProblem(bytes: Uint8Array, problem: number, title: string): Promise<Outcome<OpenedFile>> {
    // "#N": the N-th problem even where another problem is named "N" (a plain "N" would pick that one).
    const r = await this.ask('import', { bytes, problem: `#${problem}`, title });
    return r.ok ? ('opened' in r ? { ok: true, value: r.opened } : { ok: false, error: 'unexpected reply' }) : r;
  }

  /** A document as .xmpuzzle bytes, or why BurrTools cannot hold it. */
  async exportXmpuzzle(text: string, compressed = true): Promise<Outcome<Uint8Array>> {
    const r = await this.ask('export', { text, compressed });
    return r.ok ? ('bytes' in r ? { ok: true, value: r.bytes } : { ok: false, error: 'unexpected reply' }) : r;
  }

  private ask<T extends FileRequest['type']>(type: T, payload: Payload<T>): Promise<FileReply | { ok: false; error: string }> {
    clearTimeout(this.idle);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, (reply) => {
        this.pending.delete(id);
        if (!this.pending.size) this.idle = setTimeout(() => this.stop(), IDLE_MS);
        resolve(reply);
      });
      try {
        this.spawn().postMessage({ type, id, ...payload } as unknown as FileRequest);
      } catch (e) {
        this.failAll(`cannot start the file reader: ${(e as Error).message}`);
      }
    });
  }

  private spawn(): Worker {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    worker.onmessage = (event: MessageEvent<FileReply>) => this.pending.get(event.data.id)?.(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault?.();
      this.failAll(`the file reader failed: ${event.message || 'unknown error'}`);
    };
    this.worker = worker;
    return worker;
  }

  /** Answers every waiting request with `error` and drops the worker (the next request starts another). */
  private failAll(error: string): void {
    this.stop();
    for (const [id, settle] of [...this.pending]) settle({ id, ok: false, error });
  }

  private stop(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
