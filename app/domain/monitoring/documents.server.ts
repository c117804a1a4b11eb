import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { gazetteArticles, gazettes, lawsuits, parties, partyLawyers } from '~/db/schema-corpus'
import { type OwnedShard, owns, readCorpus } from '~/domain/corpus/access.server'
import { formatCnj } from '~/domain/corpus/cnj'
import type { Corpus } from '~/domain/corpus/shards.server'
import { readableCase } from '~/lib/labels'
import { gazetteItemPath, lawsuitPath } from '~/lib/paths'
import type { MonitoringSource } from '~/schemas/monitoring'
import type { MatchDocument } from './matcher'

/** A window of corpus time: documents that ENTERED the corpus in [from, to), never by publication date. */
export type Window = { from: number; to: number }

/** A document as the checker sees it: what the matcher reads plus what a hit stores. */
export type CheckedDocument = MatchDocument & {
  kind: 'materia' | 'processo'
  id: number
  source: MonitoringSource
  title: string
  url: string
  date: string | null
  lawsuitId: number | null
  /** The CNJ the document is about, if any (lawsuit monitorings match it by equality). */
  cnj: string | null
  gazetteName: string | null
  /** The court, for lawsuits. */
  court: string | null
  /** When it entered the corpus: a monitoring alerts only on what entered after it (decisions/0052). */
  importedAt: number
}

export const DOCUMENT_PAGE = 200

/**
 * One page of the window's gazette matérias (DJEN communications included), after `afterId`.
 * A matéria about a secret lawsuit is never checked: no hit anyone could see may come from it.
 */
export async function materiasPage(
  db: Database,
  window: Window,
  afterId: number,
  corpus: Corpus,
  /** The database's own ids in a split's window (decisions/0083); none: everything it holds. */
  shard?: OwnedShard,
): Promise<CheckedDocument[]> {
  const rows = await db
    .select({
      id: gazetteArticles.id,
      title: gazetteArticles.title,
      body: gazetteArticles.body,
      date: gazetteArticles.date,
      organ: gazetteArticles.organ,
      cnj: gazetteArticles.lawsuitCnj,
      importedAt: gazetteArticles.importedAt,
      slug: gazettes.slug,
      gazetteName: gazettes.name,
      uf: gazettes.uf,
      cityCode: gazettes.cityCode,
    })
    .from(gazetteArticles)
    .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
    .where(
      and(
        gte(gazetteArticles.importedAt, window.from),
        lt(gazetteArticles.importedAt, window.to),
        gt(gazetteArticles.id, afterId),
        shard && owns(shard, gazetteArticles.id),
      ),
    )
    .orderBy(asc(gazetteArticles.id))
    .limit(DOCUMENT_PAGE)
  const cnjs = [...new Set(rows.map((r) => r.cnj).filter((c): c is string => !!c))]
  const known = new Map<string, { id: number; secret: boolean; uf: string | null }>()
  // The lawsuits cited live in their own shards (decisions/0072): asked there, by number.
  // After a split, in every database of the shard (decisions/0083): a copy saying secret counts.
  const byShard = await readCorpus.byKeys(corpus, cnjs, (cnj) => ({ kind: 'processo', cnj }))
  for (const [shard, numbers] of byShard)
    for (let i = 0; i < numbers.length; i += 90)
      for (const l of await shard
        .select({ id: lawsuits.id, cnj: lawsuits.cnj, secrecy: lawsuits.secrecyLevel })
        .from(lawsuits)
        .where(inArray(lawsuits.cnj, numbers.slice(i, i + 90))))
        known.set(l.cnj, { id: l.id, secret: l.secrecy > 0 || !!known.get(l.cnj)?.secret, uf: null })
  const out: CheckedDocument[] = []
  for (const r of rows) {
    const lawsuit = r.cnj ? known.get(r.cnj) : undefined
    if (lawsuit?.secret) continue
    out.push({
      kind: 'materia',
      id: r.id,
      key: `materia:${r.id}`,
      source: r.slug === 'djen' ? 'djen' : 'diarios',
      text: `${r.title}\n${r.body}`,
      uf: r.uf,
      cityCode: r.cityCode,
      placeText: r.organ,
      contextKey: r.cnj ? `processo:${r.cnj}` : `diario:${r.gazetteName}|${r.organ ?? ''}`,
      title: r.title,
      url: gazetteItemPath(r.id),
      date: r.date,
      lawsuitId: lawsuit?.id ?? null,
      cnj: r.cnj,
      gazetteName: r.gazetteName,
      court: null,
      importedAt: r.importedAt,
    })
  }
  return out
}

/** UF of a state court's CNJ segment (J = 8), from the TR digits; other courts stay unknown. */
function ufOfCourt(court: string): string | null {
  const match = /^TJ([A-Z]{2})$/.exec(court)
  return match?.[1] ?? null
}

/**
 * One page of the window's lawsuits (new or changed), as their parties read: "NAME (pole)" lines
 * with the lawyers' OAB numbers. Secret lawsuits are skipped.
 */
export async function lawsuitsPage(
  db: Database,
  window: Window,
  afterId: number,
  _corpus?: Corpus,
  shard?: OwnedShard,
): Promise<CheckedDocument[]> {
  const rows = await db
    .select({
      id: lawsuits.id,
      cnj: lawsuits.cnj,
      court: lawsuits.court,
      cityCode: lawsuits.cityCode,
      className: lawsuits.className,
      filedAt: lawsuits.filedAt,
      secrecy: lawsuits.secrecyLevel,
      importedAt: lawsuits.importedAt,
    })
    .from(lawsuits)
    .where(
      and(
        gte(lawsuits.importedAt, window.from),
        lt(lawsuits.importedAt, window.to),
        gt(lawsuits.id, afterId),
        shard && owns(shard, lawsuits.id),
      ),
    )
    .orderBy(asc(lawsuits.id))
    .limit(DOCUMENT_PAGE)
  const open = rows.filter((r) => r.secrecy === 0)
  const ids = open.map((r) => r.id)
  const partyRows: { lawsuitId: number; name: string; pole: string; partyId: number }[] = []
  const lawyerRows: { partyId: number; name: string; oabNumber: string; oabUf: string }[] = []
  for (let i = 0; i < ids.length; i += 90) {
    const part = await db
      .select({ lawsuitId: parties.lawsuitId, name: parties.name, pole: parties.pole, partyId: parties.id })
      .from(parties)
      .where(inArray(parties.lawsuitId, ids.slice(i, i + 90)))
    partyRows.push(...part)
  }
  const partyIds = partyRows.map((p) => p.partyId)
  for (let i = 0; i < partyIds.length; i += 90)
    lawyerRows.push(
      ...(await db
        .select({
          partyId: partyLawyers.partyId,
          name: partyLawyers.name,
          oabNumber: partyLawyers.oabNumber,
          oabUf: partyLawyers.oabUf,
        })
        .from(partyLawyers)
        .where(inArray(partyLawyers.partyId, partyIds.slice(i, i + 90)))),
    )
  return open.map((r) => {
    const mine = partyRows.filter((p) => p.lawsuitId === r.id)
    const lawyers = lawyerRows.filter((l) => mine.some((p) => p.partyId === l.partyId))
    // One line per name, ended by a period: a name never runs into the next one (longer-name rule).
    const text = [
      ...mine.map((p) => `${p.name}.`),
      ...lawyers.map((l) => `${l.name}${l.oabNumber ? ` OAB/${l.oabUf} ${l.oabNumber}` : ''}.`),
    ].join('\n')
    return {
      kind: 'processo' as const,
      id: r.id,
      key: `processo:${r.id}`,
      source: 'processos' as const,
      text,
      uf: ufOfCourt(r.court),
      cityCode: r.cityCode,
      contextKey: `processo:${r.cnj}`,
      oabs: lawyers.filter((l) => l.oabNumber).map((l) => `${l.oabNumber}/${l.oabUf}`),
      title: `${formatCnj(r.cnj)}${r.className ? ` · ${readableCase(r.className)}` : ''}`,
      url: lawsuitPath(r.cnj),
      date: r.filedAt,
      lawsuitId: r.id,
      cnj: r.cnj,
      gazetteName: null,
      court: r.court,
      importedAt: r.importedAt,
    }
  })
}
