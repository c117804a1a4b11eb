import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { decisions, lawsuits, parties } from '~/db/schema-corpus'
import { maskedDecisions, maskedParties } from '~/db/schema-privacy'
import { writeCorpus } from '~/domain/corpus/access.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { chunk } from '~/domain/corpus/store/batch.server'
import { foldSameLength, maskNamesInText } from '~/domain/privacy/mask-text'
import { headingTopics, personNames } from '~/domain/privacy/minors'
import { groupByShards } from './corpus.server'

// Jurisprudência of a sensitive matter (decisions/0071). Decisions carry no TPU codes, but their
// class, chamber and ementa head name the matter ("Apelação Cível – Família", "Vara da Infância e
// Juventude", "Estupro de Vulnerável"), and their number may be a lawsuit the corpus holds as
// sensitive. Such a decision has its natural persons' names written as initials where it is
// stored (summary and full text), the texts before kept in `masked_decisions`, so its page, search,
// the API and everything else read it masked. Rapporteurs and officials keep their names.

/** The matters of decisions/0064's list as a decision's class, chamber or ementa names them, folded. */
const SENSITIVE_MATTER = new RegExp(
  [
    'famili(?:a|ar)',
    'alimentos',
    'divorcio',
    'separacao judicial',
    'uniao estavel',
    'guarda (?:de|do|da|compartilhada|unilateral)',
    'regulamentacao de visitas',
    'paternidade',
    'poder familiar',
    'adocao',
    'interdicao',
    'curatela',
    'infancia e (?:da )?juventude',
    'crianca',
    'adolescente',
    'ato infracional',
    'estatuto da crianca',
    'eca',
    'medidas? protetivas?',
    'maria da penha',
    'violencia domestica',
    'lei 11\\.340',
    'estupro',
    'dignidade sexual',
    'vulneravel',
    'abuso sexual',
  ]
    .map((term) => `(?<![\\p{L}])${term}(?![\\p{L}])`)
    .join('|'),
  'u',
)

/** How much of the ementa is its head (the matter's line: "APELAÇÃO CÍVEL. FAMÍLIA. ALIMENTOS."). */
const HEAD = 300

type DecisionText = {
  className: string | null
  judgingBody: string | null
  summary: string
  fullText?: string | null
}

/** Whether a decision's class, chamber or ementa head names a sensitive matter. */
export function namesSensitiveMatter(decision: DecisionText): boolean {
  const fields = [decision.className ?? '', decision.judgingBody ?? '', decision.summary.slice(0, HEAD)]
  return fields.some((field) => SENSITIVE_MATTER.test(foldSameLength(field)))
}

const cnjOf = (number: string) => {
  const digits = number.replace(/\D/g, '')
  return digits.length === 20 ? digits : null
}

/**
 * The masked parties' original names of each of these case numbers stored sensitive, read in the
 * shard each number names (a decision's shard is its court's case law, the case's is its
 * lawsuits': decisions/0081).
 */
async function sensitiveCases(corpus: Corpus, numbers: string[]): Promise<Map<string, string[]>> {
  const cnjs = [...new Set(numbers.map(cnjOf).filter((c): c is string => !!c))]
  const found = new Map<string, string[]>()
  for (const [db, some] of await groupByShards(corpus, cnjs, (cnj) => ({ kind: 'processo', cnj })))
    for (const part of chunk(some, 90))
      for (const row of await db
        .select({ cnj: lawsuits.cnj, name: maskedParties.name })
        .from(lawsuits)
        .leftJoin(parties, eq(parties.lawsuitId, lawsuits.id))
        .leftJoin(maskedParties, eq(maskedParties.partyId, parties.id))
        .where(and(inArray(lawsuits.cnj, part), eq(lawsuits.sensitive, 1))))
        found.set(row.cnj, [...(found.get(row.cnj) ?? []), ...(row.name ? [row.name] : [])])
  return found
}

/** A decision's summary and full text with its natural persons' names as initials. */
function maskedTexts(row: { summary: string; fullText: string | null }, caseNames: string[]) {
  const topics = headingTopics(row.summary)
  const names = [
    ...caseNames,
    ...personNames(row.summary, { heading: true }),
    // The full text opens with the court's header (parties in capitals): no heading skipped
    // there, only the ementa's own subjects where it repeats them.
    ...(row.fullText ? personNames(row.fullText).filter((name) => !topics.has(foldSameLength(name))) : []),
  ]
  return {
    summary: maskNamesInText(row.summary, names),
    fullText: row.fullText ? maskNamesInText(row.fullText, names) : row.fullText,
  }
}

/**
 * Masks these stored decisions (of `db`, their shard) when their matter or their case is
 * sensitive (or always, on a reviewer's request); a decision already masked automatically is
 * masked again from its original, one masked on request is left as it is. Answers how many changed.
 */
export async function maskDecisions(
  corpus: Corpus,
  db: Database,
  ids: number[],
  options: { requestId?: number | null; always?: boolean } = {},
): Promise<number> {
  let changed = 0
  for (const part of chunk(ids, 90)) {
    const rows = await db
      .select({
        id: decisions.id,
        number: decisions.number,
        className: decisions.className,
        judgingBody: decisions.judgingBody,
        summary: decisions.summary,
        fullText: decisions.fullText,
        masked: maskedDecisions.decisionId,
        originalSummary: maskedDecisions.summary,
        originalFullText: maskedDecisions.fullText,
        requestId: maskedDecisions.requestId,
      })
      .from(decisions)
      .leftJoin(maskedDecisions, eq(maskedDecisions.decisionId, decisions.id))
      .where(inArray(decisions.id, part))
    const cases = await sensitiveCases(
      corpus,
      rows.map((r) => r.number),
    )
    for (const row of rows) {
      // A reviewer's mask (decisions/0071) stays as it was. An automatic one is masked again from
      // the original it keeps: what the name reader reads may have changed since (decisions/0090:
      // "HABEAS CORPUS. ESTUPRO DE VULNERÁVEL" was "H. C. E. V.").
      if (row.masked && (row.requestId || options.always)) continue
      const original = row.masked
        ? { ...row, summary: row.originalSummary ?? row.summary, fullText: row.originalFullText }
        : row
      const cnj = cnjOf(row.number)
      const caseNames = (cnj && cases.get(cnj)) || null
      if (!options.always && !caseNames && !namesSensitiveMatter(original)) continue
      const { summary, fullText } = maskedTexts(original, caseNames ?? [])
      if (row.masked) {
        if (summary === row.summary && fullText === row.fullText) continue
        await db.update(decisions).set({ summary, fullText }).where(eq(decisions.id, row.id))
        changed++
        continue
      }
      // Kept even when nothing changed: the row marks the decision as looked at and masked.
      await db.batch([
        db
          .insert(maskedDecisions)
          .values({
            decisionId: row.id,
            summary: row.summary,
            fullText: row.fullText,
            requestId: options.requestId ?? null,
          })
          .onConflictDoNothing(),
        db.update(decisions).set({ summary, fullText }).where(eq(decisions.id, row.id)),
      ])
      if (summary !== row.summary || fullText !== row.fullText) changed++
    }
  }
  return changed
}

/**
 * A reviewer's mask decision on a decision page (decisions/0071), in the shard its id names and
 * in any other copy a split's window still has (decisions/0088).
 */
export async function maskDecision(corpus: Corpus, id: number, requestId: number): Promise<number> {
  const changed = await writeCorpus.everyCopy(corpus, 'decisions', id, (db) =>
    maskDecisions(corpus, db, [id], { requestId, always: true }),
  )
  return changed[0] ?? 0
}

/**
 * `maskDecisions` on every copy of these decisions (decisions/0088): the map's database of each,
 * then a split's source still holding it. Answers how many changed in the map's databases.
 */
export async function maskDecisionCopies(
  corpus: Corpus,
  ids: number[],
  options: { requestId?: number | null; always?: boolean } = {},
): Promise<number> {
  let changed = 0
  for (const { db, ids: some, owner } of await writeCorpus.copies(corpus, 'decisions', ids)) {
    const count = await maskDecisions(corpus, db, some, options)
    if (owner) changed += count
  }
  return changed
}
