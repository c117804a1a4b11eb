/** One input file of an import: its name (for messages) and its text, BOM already removed. */
export type ImportFile = { name: string; content: string }

/** A record that could not be imported: where it was and why (the rest still goes in). */
export type ImportIssue = { file: string; position: string; reason: string }

export type ImportCounts = { imported: number; updated: number; unchanged: number; skipped: number }

export function emptyCounts(): ImportCounts {
  return { imported: 0, updated: 0, unchanged: 0, skipped: 0 }
}

export function addCounts(a: ImportCounts, b: Partial<ImportCounts>): ImportCounts {
  return {
    imported: a.imported + (b.imported ?? 0),
    updated: a.updated + (b.updated ?? 0),
    unchanged: a.unchanged + (b.unchanged ?? 0),
    skipped: a.skipped + (b.skipped ?? 0),
  }
}

/**
 * `merged`: records of the files joined to another of the same lawsuit (DataJud gives a lawsuit
 * once per instance, the same number in first and second degree): read, and counted in no other
 * number, so the summary says so instead of losing them (issue 38).
 */
export type ImportResult = { counts: ImportCounts; issues: ImportIssue[]; merged?: number }
