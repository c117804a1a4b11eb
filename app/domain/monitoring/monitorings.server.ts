import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { likePattern, likeSql } from '~/db/like'
import { notifications } from '~/db/schema'
import { cities } from '~/db/schema-corpus'
import { monitoringExclusions, monitoringHits, monitorings } from '~/db/schema-monitoring'
import { notAmong } from '~/domain/corpus/access.server'
import { formatCnj, parseCnj } from '~/domain/corpus/cnj'
import { secrecyOf, secretLawsuitIds } from '~/domain/corpus/read/lawsuits.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { t } from '~/i18n/pt-BR'
import { monitoringPath } from '~/lib/paths'
import {
  LAWSUIT_BUTTON_ORIGIN,
  type LawsuitMonitoringInput,
  MONITORING_SOURCES,
  type NameMonitoringInput,
  type OabMonitoringInput,
} from '~/schemas/monitoring'
import { formatOab, oabKey, parseOab } from '~/schemas/oab'

/** Per user: enough for a busy practice, few enough that one person cannot flood the matcher. */
export const MONITORING_LIMIT = 100

type Db = { db: Database; corpus: Corpus }
type NewMonitoring = typeof monitorings.$inferInsert

/**
 * Inserts the monitoring only while the user has fewer than MONITORING_LIMIT (issue 27 item 7)
 * and has no monitoring with the same term, mode, filters and sources (issue 28 §1): the checks
 * and the insert are one statement, which D1 runs alone, so concurrent creates cannot all pass a
 * read before any of them wrote. Returns the new id, or null when the cap, the duplicate rule
 * (or, for a lawsuit, the unique user+CNJ index) refused it.
 */
async function insertBelowLimit(db: Database, row: NewMonitoring): Promise<number | null> {
  const sources = JSON.stringify(row.sources)
  const [inserted] = await db.all<{ id: number }>(sql`
    INSERT INTO monitorings
      (user_id, kind, term, cnj, awaiting_lawsuit, mode, uf, city_code, oab, tax_id, co_party, sources, origin)
    SELECT ${row.userId}, ${row.kind}, ${row.term}, ${row.cnj ?? null}, ${row.awaitingLawsuit ? 1 : 0},
      ${row.mode ?? 'exato'}, ${row.uf ?? null}, ${row.cityCode ?? null}, ${row.oab ?? null},
      ${row.taxId ?? null}, ${row.coParty ?? null}, ${sources}, ${row.origin ?? null}
    WHERE (SELECT count(*) FROM monitorings WHERE user_id = ${row.userId}) < ${MONITORING_LIMIT}
      AND NOT EXISTS (SELECT 1 FROM monitorings d WHERE d.user_id = ${row.userId} AND d.kind = ${row.kind}
        AND d.term = ${row.term} AND d.mode IS ${row.mode ?? 'exato'} AND d.uf IS ${row.uf ?? null}
        AND d.city_code IS ${row.cityCode ?? null} AND d.oab IS ${row.oab ?? null}
        AND d.tax_id IS ${row.taxId ?? null} AND d.co_party IS ${row.coParty ?? null}
        AND d.sources = ${sources})
    ON CONFLICT DO NOTHING
    RETURNING id`)
  return inserted?.id ?? null
}

const limitReached = () => new DomainError('monitoring.limit', 422)

const created = (id: number, message: string): Outcome => {
  const url = `${monitoringPath(id)}?novo=true`
  return { message, redirect: url, body: { monitoramento: { id }, redirect_url: url } }
}

/**
 * The lawsuit page's "Monitorar processo" (spec §7): watched by CNJ number, so a lawsuit not yet
 * in the corpus is watched too and announced when it arrives. Pressing it again opens the same
 * monitoring. A secret lawsuit is answered as any number not in the base (issue 38 §4,
 * decisions/0091): refusing it told secret cases apart from unknown numbers, a hundred a minute.
 * Its monitoring waits as for a number yet to arrive and never shows anything of it: the sweep
 * skips secret lawsuits, their movements and matérias (documents.server.ts, lawsuit-hits.server.ts).
 */
export async function createLawsuitMonitoring(
  deps: Db,
  userId: number,
  input: LawsuitMonitoringInput,
): Promise<Outcome> {
  const cnj = parseCnj(input.numero_processo)
  // The lawsuit is in the shard its number names (decisions/0075).
  const known = (await secrecyOf(deps.corpus, cnj)) === 0
  const [existing] = await deps.db
    .select({ id: monitorings.id })
    .from(monitorings)
    .where(and(eq(monitorings.userId, userId), eq(monitorings.cnj, cnj)))
  if (existing) return created(existing.id, t('monitoring.already'))
  const id = await insertBelowLimit(deps.db, {
    userId,
    kind: 'processo',
    term: formatCnj(cnj),
    cnj,
    // A secret lawsuit waits like a missing one; its arrival is never announced (it is not checked).
    awaitingLawsuit: !known,
    sources: [...MONITORING_SOURCES],
    origin: input.origem_criacao ?? LAWSUIT_BUTTON_ORIGIN,
  })
  if (id) return created(id, t('monitoring.created'))
  // Refused: either two presses raced and the other one created it, or the cap is reached.
  const [raced] = await deps.db
    .select({ id: monitorings.id })
    .from(monitorings)
    .where(and(eq(monitorings.userId, userId), eq(monitorings.cnj, cnj)))
  if (!raced) throw limitReached()
  return created(raced.id, t('monitoring.already'))
}

/** The campaign-29 form: a name or a term, how it must appear, its filters and sources. */
export async function createNameMonitoring(
  deps: Db,
  userId: number,
  input: NameMonitoringInput,
): Promise<Outcome> {
  let uf: string | null = input.uf ?? null
  if (input.cidade) {
    const [city] = await deps.db.select({ uf: cities.uf }).from(cities).where(eq(cities.code, input.cidade))
    if (!city) throw new DomainError('monitoring.badCity', 422, { field: 'cidade' })
    uf = city.uf
  }
  const id = await insertBelowLimit(deps.db, {
    userId,
    kind: input.tipo,
    term: input.termo.replace(/\s+/g, ' '),
    mode: input.modo,
    uf,
    cityCode: input.cidade ?? null,
    oab: input.oab ?? null,
    taxId: input.documento ?? null,
    coParty: input.coparte ?? null,
    // In one order whatever order they were ticked in: the duplicate rule compares them.
    sources: MONITORING_SOURCES.filter((source) => input.fontes.includes(source)),
    origin: input.origem_criacao ?? null,
  })
  if (id) return created(id, t('monitoring.created'))
  // Refused: the cap, or the same monitoring again (which cannot be told apart in the list).
  const [mine] = await deps.db
    .select({ n: sql<number>`count(*)` })
    .from(monitorings)
    .where(eq(monitorings.userId, userId))
  if (Number(mine?.n ?? 0) >= MONITORING_LIMIT) throw limitReached()
  throw new DomainError('monitoring.duplicate', 409, { field: 'termo' })
}

/**
 * "Monitorar OAB" (issue 41): every DJEN communication naming this inscription becomes an
 * intimação of the person (app/domain/intimations). Stored normalised ("RJ94719", decisions/0103),
 * so "OAB/RJ 094.719" and "94719/RJ" are one monitoring; it counts in the same cap.
 */
export async function createOabMonitoring(
  deps: Db,
  userId: number,
  input: OabMonitoringInput,
): Promise<Outcome> {
  const oab = parseOab(input.numero, input.uf)
  if (!oab) throw new DomainError('monitoring.oab.badNumber', 422, { field: 'numero' })
  const key = oabKey(oab)
  const mine = and(eq(monitorings.userId, userId), eq(monitorings.kind, 'oab'), eq(monitorings.oab, key))
  const duplicate = () => new DomainError('monitoring.oab.duplicate', 409, { field: 'numero' })
  const [existing] = await deps.db.select({ id: monitorings.id }).from(monitorings).where(mine)
  if (existing) throw duplicate()
  const id = await insertBelowLimit(deps.db, {
    userId,
    kind: 'oab',
    term: formatOab(oab),
    oab: key,
    sources: ['djen'],
    origin: 'monitorar-oab',
  })
  if (id)
    return {
      message: t('monitoring.oab.created', { oab: formatOab(oab) }),
      redirect: '/monitoramentos',
      body: { monitoramento: { id }, redirect_url: '/monitoramentos' },
    }
  const [raced] = await deps.db.select({ id: monitorings.id }).from(monitorings).where(mine)
  if (raced) throw duplicate()
  throw limitReached()
}

/** Notifications of a monitoring carry `monitoramento:{id}:` keys: a range scan of the unique index. */
const notificationsOf = (ids: number[]) =>
  sql.join(
    ids.map(
      (id) =>
        sql`(${notifications.dedupeKey} >= ${`monitoramento:${id}:`} AND ${notifications.dedupeKey} < ${`monitoramento:${id};`})`,
    ),
    sql` OR `,
  )

/** Delete table items (spec §7): only the user's own; their hits and notifications go with them. */
export async function deleteMonitorings(deps: Db, userId: number, ids: number[]): Promise<Outcome> {
  const mine = (
    await deps.db
      .select({ id: monitorings.id })
      .from(monitorings)
      .where(and(eq(monitorings.userId, userId), inArray(monitorings.id, ids.slice(0, 90))))
  ).map((row) => row.id)
  if (!mine.length) throw new DomainError('monitoring.notFound', 404)
  await deps.db.batch([
    deps.db.delete(notifications).where(and(eq(notifications.userId, userId), notificationsOf(mine))),
    // An OAB monitoring's intimações go by cascade; their notifications and reminders with them.
    deps.db.delete(notifications).where(
      and(
        eq(notifications.userId, userId),
        sql`EXISTS (SELECT 1 FROM intimations i WHERE i.user_id = ${userId}
            AND i.monitoring_id IN (${sql.join(
              mine.map((id) => sql`${id}`),
              sql`, `,
            )})
            AND (${notifications.dedupeKey} = 'intimacao:' || i.id
              OR ${notifications.dedupeKey} LIKE 'prazo:' || i.id || ':%'))`,
      ),
    ),
    deps.db.delete(monitorings).where(inArray(monitorings.id, mine)),
  ])
  return { message: t('monitoring.deleted'), redirect: '/monitoramentos', body: { excluidos: mine } }
}

export type MonitoringRow = typeof monitorings.$inferSelect

/**
 * The lawsuits sealed since among a user's hits (or a monitoring's), read in the lawsuits'
 * shards: the primary's statement cannot join them (decisions/0075; one database is a one-entry
 * map, read the same way).
 */
async function sealedOfHits(deps: Db, where: ReturnType<typeof eq>): Promise<number[]> {
  const rows = await deps.db
    .selectDistinct({ id: monitoringHits.lawsuitId })
    .from(monitoringHits)
    .where(and(where, sql`${monitoringHits.lawsuitId} IS NOT NULL`))
  return secretLawsuitIds(
    deps.corpus,
    rows.flatMap((r) => (r.id ? [r.id] : [])),
  )
}

export async function listMonitorings(deps: Db, userId: number) {
  const sealed = await sealedOfHits(deps, eq(monitoringHits.userId, userId))
  const rows = await deps.db
    .select({
      monitoring: monitorings,
      city: { name: cities.name, uf: cities.uf },
      // Spelled out, not `${monitorings.id}`: in a select list Drizzle writes a lone table's
      // columns unqualified, and a bare "id" inside this subquery is the hit's own id (so the
      // count was always 0, issue 28 §1). Counts what the monitoring's page lists.
      hits: sql<number>`(SELECT count(*) FROM monitoring_hits h WHERE h.monitoring_id = "monitorings"."id"
        AND h.dismissed_at IS NULL
        AND ${notAmong(sql`h.lawsuit_id`, sealed)})`,
    })
    .from(monitorings)
    .leftJoin(cities, eq(cities.code, monitorings.cityCode))
    .where(eq(monitorings.userId, userId))
    .orderBy(desc(monitorings.createdAt), desc(monitorings.id))
  return rows.map((row) => ({ ...row.monitoring, city: row.city, hits: Number(row.hits) }))
}

export async function getOwnMonitoring(deps: Db, userId: number, id: number): Promise<MonitoringRow> {
  const [row] = await deps.db.select().from(monitorings).where(eq(monitorings.id, id))
  if (!row || row.userId !== userId) throw new DomainError('monitoring.notFound', 404)
  return row
}

export const HITS_PER_PAGE = 20

/** Its hits, newest first, by keyset on the id; a hit about a lawsuit sealed since is hidden. */
export async function listHits(deps: Db, monitoringId: number, before: number | null) {
  const sealed = await sealedOfHits(deps, eq(monitoringHits.monitoringId, monitoringId))
  const rows = await deps.db
    .select()
    .from(monitoringHits)
    .where(
      and(
        eq(monitoringHits.monitoringId, monitoringId),
        before ? lt(monitoringHits.id, before) : undefined,
        notAmong(monitoringHits.lawsuitId, sealed),
      ),
    )
    .orderBy(desc(monitoringHits.id))
    .limit(HITS_PER_PAGE + 1)
  return { hits: rows.slice(0, HITS_PER_PAGE), more: rows.length > HITS_PER_PAGE }
}

/**
 * "Não sou eu": the hit is set aside and its context (the lawsuit, or the gazette's issuing body)
 * is skipped by this monitoring from now on. Its notification goes too.
 */
export async function dismissHit(deps: Db & { now: () => Date }, userId: number, hitId: number) {
  const [hit] = await deps.db.select().from(monitoringHits).where(eq(monitoringHits.id, hitId))
  if (!hit || hit.userId !== userId) throw new DomainError('monitoring.hitNotFound', 404)
  const at = deps.now().getTime()
  await deps.db.batch([
    deps.db
      .insert(monitoringExclusions)
      .values({ monitoringId: hit.monitoringId, contextKey: hit.contextKey })
      .onConflictDoNothing(),
    deps.db
      .update(monitoringHits)
      .set({ dismissedAt: at })
      .where(
        and(eq(monitoringHits.monitoringId, hit.monitoringId), eq(monitoringHits.contextKey, hit.contextKey)),
      ),
    deps.db
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          gte(notifications.dedupeKey, `monitoramento:${hit.monitoringId}:`),
          lt(notifications.dedupeKey, `monitoramento:${hit.monitoringId};`),
          likeSql(notifications.url, likePattern(`#ocorrencia-${hit.id}`, { after: '' })),
        ),
      ),
  ])
  return {
    message: t('monitoring.dismissed', { contexto: contextLabel(hit.contextKey) }),
    redirect: monitoringPath(hit.monitoringId),
    body: { ocorrencia: { id: hit.id } },
  } satisfies Outcome
}

/** A context key as a person reads it: 'processo:…' or 'diario:{name}|{organ}'. */
export function contextLabel(key: string): string {
  if (key.startsWith('processo:')) return t('monitoring.context.lawsuit', { numero: formatCnj(key.slice(9)) })
  const [gazette = '', organ = ''] = key.replace(/^diario:/, '').split('|')
  return organ ? t('monitoring.context.gazette', { orgao: organ, diario: gazette }) : gazette
}

/** The viewer's monitoring of this lawsuit number, if any (the lawsuit page's button). */
export async function lawsuitMonitoringOf(deps: Db, userId: number, cnj: string): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: monitorings.id })
    .from(monitorings)
    .where(and(eq(monitorings.userId, userId), eq(monitorings.cnj, cnj)))
  return row?.id ?? null
}
