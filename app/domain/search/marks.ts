/** Highlight markers inside FTS snippets: control characters that never occur in the corpus. */
export const MARK_START = '\u0002'
export const MARK_END = '\u0003'
