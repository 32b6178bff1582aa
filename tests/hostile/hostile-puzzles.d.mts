export interface HostilePuzzle {
  name: string;
  /** Whether the solver must refuse it (true) or accept it (false). */
  refused: boolean;
  /** The document. */
  text: string;
}

export declare function hostilePuzzles(): HostilePuzzle[];
