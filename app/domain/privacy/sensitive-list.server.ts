import { desc } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { sensitiveCodes, sensitiveListVersions } from '~/db/schema-privacy'

/** The list in force: its version and the class and subject codes on it (decisions/0064). */
export type SensitiveList = { version: number; classes: ReadonlySet<number>; subjects: ReadonlySet<number> }

export async function loadSensitiveList(db: Database): Promise<SensitiveList> {
  const [rows, [latest]] = await Promise.all([
    db.select({ kind: sensitiveCodes.kind, code: sensitiveCodes.code }).from(sensitiveCodes),
    db
      .select({ version: sensitiveListVersions.version })
      .from(sensitiveListVersions)
      .orderBy(desc(sensitiveListVersions.version))
      .limit(1),
  ])
  return {
    version: latest?.version ?? 0,
    classes: new Set(rows.filter((r) => r.kind === 'classe').map((r) => r.code)),
    subjects: new Set(rows.filter((r) => r.kind === 'assunto').map((r) => r.code)),
  }
}

/** A case is sensitive when its class or any of its subjects is on the list. */
export function isSensitiveCase(
  list: SensitiveList,
  item: { classCode?: number | null; subjects?: readonly { code: number }[] },
): boolean {
  return (
    (item.classCode != null && list.classes.has(item.classCode)) ||
    (item.subjects ?? []).some((s) => list.subjects.has(s.code))
  )
}
