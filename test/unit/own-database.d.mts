// Types of own-database.mjs for the TypeScript files that import it (test/unit/setup.ts).
export declare const OWN_DATABASE: string[]
export declare const WITHOUT_CORPUS_SHARDS: string[]
