import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { companies, decisions, gazetteArticles, lawsuits, people, statutes } from '~/db/schema-corpus'
import { hiddenPages, type PageKind, type RequestedPage } from '~/db/schema-trust'
import { readCorpus } from '~/domain/corpus/access.server'
import { formatCnj } from '~/domain/corpus/cnj'
import { KIND_NAMES, KINDS } from '~/domain/corpus/kinds'
import type { Corpus } from '~/domain/corpus/shards.server'

// The pages a removal request can name (decisions/0066): any person page and any document page,
// read from the address a reader copied (full URL on this site, or a path).

/** Each kind's page address (the catalogue's), its key the first group. */
const ROUTES: { pattern: RegExp; kind: PageKind }[] = KIND_NAMES.map((kind) => ({
  pattern: KINDS[kind].address,
  kind,
}))

/** The path of an address on this site (`origin` is the main site's), or null for anything else. */
export function pathOf(address: string, origin: string): string | null {
  const raw = address.trim()
  if (!raw) return null
  try {
    const url = new URL(raw, origin)
    const own = new URL(origin)
    if (url.hostname !== own.hostname) return null
    return decodeURIComponent(url.pathname).replace(/\/+$/, '').toLowerCase() || null
  } catch {
    return null
  }
}

/** The corpus row behind a path, if it is a page a request may name (a secret lawsuit is not). */
export async function resolvePage(deps: { corpus: Corpus }, path: string): Promise<RequestedPage | null> {
  for (const { pattern, kind } of ROUTES) {
    const key = pattern.exec(path)?.[1]
    if (!key) continue
    const found = await findRow(deps.corpus, kind, key)
    return found ? { path, kind, ...found } : null
  }
  return null
}

type Found = { refId: number; title: string } | null
/** A kind's page read from its address's key: the databases its row can be in, then the row. */
type PageReader = {
  /** The databases a page's row can be in (decisions/0075): its key or its id names its shard. */
  shards: (corpus: Corpus, key: string) => Promise<Database[]>
  row: (db: Database, key: string) => Promise<Found>
}

/** A kind whose address carries the row's id, which names its shard. */
const byId = async (corpus: Corpus, key: string) =>
  (await readCorpus.byId(corpus, Number(key), async (db) => [db])) ?? []

/**
 * The row behind each kind's page (the catalogue's `address` gives the key): a kind without its
 * reader here does not compile.
 */
const PAGES: Record<PageKind, PageReader> = {
  pessoa: {
    shards: (corpus, slug) => readCorpus.databasesOf(corpus, { kind: 'pessoa', slug }),
    row: async (db, key) => {
      const [row] = await db
        .select({ refId: people.id, title: people.name })
        .from(people)
        .where(eq(people.slug, key))
      return row ?? null
    },
  },
  empresa: {
    shards: (corpus, slug) => readCorpus.databasesOf(corpus, { kind: 'empresa', slug }),
    row: async (db, key) => {
      const [row] = await db
        .select({ refId: companies.id, title: companies.legalName })
        .from(companies)
        .where(eq(companies.slug, key))
      return row ?? null
    },
  },
  processo: {
    shards: (corpus, key) =>
      readCorpus.databasesOf(corpus, { kind: 'processo', cnj: key.replace(/\D/g, '') }),
    row: async (db, key) => {
      const digits = key.replace(/\D/g, '')
      if (digits.length !== 20) return null
      const [row] = await db
        .select({ refId: lawsuits.id })
        .from(lawsuits)
        .where(and(eq(lawsuits.cnj, digits), eq(lawsuits.secrecyLevel, 0)))
      return row ? { refId: row.refId, title: `Processo ${formatCnj(digits)}` } : null
    },
  },
  materia: {
    shards: byId,
    row: async (db, key) => {
      const [row] = await db
        .select({ refId: gazetteArticles.id, title: gazetteArticles.title })
        .from(gazetteArticles)
        .where(eq(gazetteArticles.id, Number(key)))
      return row ?? null
    },
  },
  decisao: {
    shards: byId,
    row: async (db, key) => {
      const [row] = await db
        .select({
          refId: decisions.id,
          title: sql<string>`coalesce(${decisions.className}, 'Decisão') || ' ' || ${decisions.number}`,
        })
        .from(decisions)
        .where(eq(decisions.id, Number(key)))
      return row ?? null
    },
  },
  lei: {
    shards: (corpus) => readCorpus.databasesOf(corpus, { kind: 'lei' }),
    row: async (db, key) => {
      const [row] = await db
        .select({ refId: statutes.id, title: statutes.title })
        .from(statutes)
        .where(eq(statutes.slug, key))
      return row ?? null
    },
  },
}

async function findRow(corpus: Corpus, kind: PageKind, key: string): Promise<Found> {
  for (const db of await PAGES[kind].shards(corpus, key)) {
    const row = await PAGES[kind].row(db, key)
    if (row) return row
  }
  return null
}

// Read by the corpus (a lawsuit's and a person's read mask by it, decisions/0097); the other
// pages read it here for their `noindex`.
export { pageRestrictions } from '~/domain/corpus/read/restrictions.server'

/**
 * The reviewer's "mask names" decision on one page: stored here, then masked in the corpus as a
 * sensitive case is (decisions/0071). The natural persons among a lawsuit's parties become
 * initials, a person page goes; companies and public bodies keep their names. Until that stored
 * masking is done, the corpus reads apply the same rule to what they return (decisions/0097).
 */
export function maskNamesOfPage(
  db: Database,
  page: Pick<RequestedPage, 'kind' | 'refId'>,
  requestId: number,
  condition: SQL = sql`true`,
) {
  return hiddenPageInsert(db, page, 'mascarar', requestId, condition)
}

/** One decision's effect on one page, written only if `condition` holds (an INSERT … SELECT, so it batches). */
export function hiddenPageInsert(
  db: Database,
  page: Pick<RequestedPage, 'kind' | 'refId'>,
  effect: 'desindexar' | 'mascarar',
  requestId: number,
  condition: SQL,
) {
  return db
    .insert(hiddenPages)
    .select(
      sql`SELECT ${page.kind}, ${page.refId}, ${effect}, ${requestId}, cast(unixepoch('subsec') * 1000 as integer) WHERE ${condition}`,
    )
    .onConflictDoNothing()
}
