// Types of state.mjs for the TypeScript scripts and configs that import it.
export declare const DEFAULT_STATE: string
export declare function stateDir(env?: Record<string, string | undefined>): string
export declare function persistArgs(args: string[], env?: Record<string, string | undefined>): string[]
export declare function wipeable(dir: string, cwd?: string): boolean
