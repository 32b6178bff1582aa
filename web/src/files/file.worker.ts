/// <reference lib="webworker" />
// The file worker: instantiates the module the page compiled and sent (its first message, see
// solver/worker-module.ts), then answers file requests (file-requests.ts). Requests arriving while
// the module loads wait.
import type { SolverModule } from '../solver/module';
import { awaitModuleHandoff, loadSolverModuleInWorker } from '../solver/worker-module';
import { handleFileRequest } from './file-requests';
import type { FileReply, FileRequest } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

const waiting: FileRequest[] = [];
let module: SolverModule | null = null;
/** Why the module could not load: every request is answered with it. */
let failed: string | null = null;

const answer = (request: FileRequest, m: SolverModule) => {
  const reply = handleFileRequest(m, request);
  self.postMessage(reply, 'bytes' in reply ? [reply.bytes.buffer] : []);
};

const refuse = (request: FileRequest) => self.postMessage({ id: request.id, ok: false, error: failed! } satisfies FileReply);

const handoff = awaitModuleHandoff<FileRequest>(self, (request) => {
  if (module) answer(request, module);
  else if (failed) refuse(request);
  else waiting.push(request);
});

loadSolverModuleInWorker(handoff).then(
  (m) => {
    module = m;
    for (const request of waiting.splice(0)) answer(request, m);
  },
  (error: unknown) => {
    failed = `could not load the solver: ${error instanceof Error ? error.message : String(error)}`.split('\n')[0]!;
    for (const request of waiting.splice(0)) refuse(request);
  },
);
