import type { SolverModule } from './module';
import type { SolverVariant } from './variants.mjs';

export declare function nodeVariant(): SolverVariant;
export declare function wasmPath(variant?: SolverVariant): URL;
export declare function wasmCliPath(variant?: SolverVariant): string;
export declare function loadSolverModuleForNode(variant?: SolverVariant): Promise<SolverModule>;
