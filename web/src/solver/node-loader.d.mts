import type { SolverModule } from './module';

export declare const wasmPath: URL;
export declare function loadSolverModuleForNode(): Promise<SolverModule>;
