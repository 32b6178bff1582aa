/** baseline: JS exceptions, no SIMD (every browser); simd: SIMD and wasm exceptions (faster). */
export type SolverVariant = 'baseline' | 'simd';

export declare const solverFiles: Readonly<Record<SolverVariant, string>>;
export declare function supportsSimdAndExceptions(): boolean;
export declare function preferredVariant(): SolverVariant;
