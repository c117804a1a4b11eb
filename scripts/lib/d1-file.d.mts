// Types of d1-file.mjs for the TypeScript scripts that import it.
export declare function localDatabaseId(binding?: string, toml?: string): string
export declare function localD1File(persistTo: string, binding?: string): string
