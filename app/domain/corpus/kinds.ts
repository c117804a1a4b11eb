import type { PageKind } from '~/schemas/removal-constants'
import type { SearchCategory } from '~/schemas/search-categories'
import { splitCnj } from './cnj'

// The catalogue of document kinds (decisions/0098): one entry per kind of corpus document with
// what the shard map, the split job, the search, the sitemaps, privacy and monitoring need to know
// about it. The places that used to spell a kind out (shard-map.ts, split/tables.ts,
// search/fts-tables.ts, search/shard-filter.ts, search/owned.server.ts, search/newest.server.ts,
// seo/sitemap-shards.server.ts) read it from here. Pure: no bindings, no I/O, no schema.

/**
 * The shard-map families (decisions/0072): a whole family (`dou`, `legislacao`, `entidades`) or
 * a prefix ending in `:` naming every family under it (`processo:` holds `processo:8.26`).
 */
export const FAMILY = {
  dou: 'dou',
  diarios: 'diario:',
  lawsuits: 'processo:',
  caseLaw: 'jurisprudencia:',
  legislation: 'legislacao',
  entities: 'entidades',
} as const
type FamilyRoot = (typeof FAMILY)[keyof typeof FAMILY]
/** A family or family prefix a query or a document names: one of FAMILY's, or a member of a prefix. */
export type Family = {
  [F in FamilyRoot]: F extends `${infer P}:` ? `${P}:` | `${P}:${string}` : F
}[FamilyRoot]

/** A gazette's family: the DOU is one family, every other gazette goes with its UF. */
export const gazetteFamily = (gazette: 'dou' | { uf: string | null }): Family =>
  gazette === 'dou' ? FAMILY.dou : `diario:${(gazette.uf ?? 'br').toLowerCase()}`
/** A UF's gazettes (`diario:sp`). */
export const diarioFamily = (uf: string): Family => `diario:${uf.toLowerCase()}`
/** A court's case-law family: `TJ-SP` and `tjsp` are one court. */
export const courtFamily = (court: string): Family =>
  `jurisprudencia:${court.toLowerCase().replace(/[^a-z0-9]/g, '')}`
/** A lawsuit family by the CNJ number's J.TR (`processo:8.26` is TJSP). */
export const cnjFamily = (jtr: string): Family => `processo:${jtr}`

export type Placement = { family: Family; at: string }

/** Two hex digits of a string's FNV-1a hash: the bucket of a person's or company's slug. */
export function slugBucket(slug: string): string {
  let hash = 0x811c9dc5
  for (const char of slug) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return (hash >>> 24).toString(16).padStart(2, '0')
}

/** Where a row's date comes from, for newest-first sorting (search/newest.server.ts). */
export type DateSpec = { table: string; join?: string; column: string; range: string }

/**
 * An FTS table of a kind: its indexed columns, where a row's date comes from (the table itself as
 * `t`, plus an optional join for a date kept elsewhere), and, for a child table, the column naming
 * the root document whose id names the shard (children keep their own ids, decisions/0072).
 */
export type FtsSpec = {
  columns: readonly string[]
  date: DateSpec | null
  owner?: string
  /**
   * The kind is placed in periods by this same date (`place`'s `at`), so a database's period
   * bounds its rows' dates and "Mais recentes" asks the newest database first (decisions/0108).
   * Absent: the databases are asked together (a lawsuit is placed by its number's year).
   */
  periodByDate?: true
}

type KindSpec = {
  /** The table whose id names the shard (decisions/0072); the split job moves it. */
  root: string
  /** The root's date column (the newest-first range, the sitemap's period); null: undated. */
  date: string | null
  /** Rows the document owns, moved and deleted with it (split/tables.ts has their statements). */
  children: readonly string[]
  /** Rows it points at that must exist beside it in any database holding it (copied if missing). */
  parents: readonly string[]
  /** The families whose shards hold it. */
  families: readonly Family[]
  /** The family and period of one document, from its natural key (`key`: the kind's own fields). */
  place: (key: never) => Placement
  /** Where the local spread (`npm start`, e2e, journeys; decisions/0084) puts each family. */
  local: readonly { shard: number; family: Family; binding: string }[]
  /** Its FTS tables, each searched and owned as below. */
  fts: Readonly<Record<string, FtsSpec>>
  /** Its public page: the address pattern a removal request may name (decisions/0066). */
  address: RegExp
  /** Its sitemap files' key (`processos-3.xml`). */
  sitemap: string
  /** The search category (`qo`, spec §2) whose results are its documents; null: not searched. */
  search: Exclude<SearchCategory, 't'> | null
  /** Whether its stored text may name people: masking and removal apply (decisions/0071, 0089). */
  names: boolean
  /** Whether the monitoring sweep reads its new documents (decisions/0081). */
  monitored: boolean
}

/**
 * One entry per kind of document, keyed by its page kind (`hidden_pages.kind`, the removal
 * requests'). People and companies share one family, split by a hash of the slug (their pages are
 * read by slug; a person named in many sources must live in one place).
 */
/** People and companies: the entidades family, spread by a hash of the slug (decisions/0072). */
const ENTITY_PLACEMENT = {
  date: null,
  parents: [],
  children: [],
  families: [FAMILY.entities],
  place: (key: { slug: string }): Placement => ({ family: FAMILY.entities, at: slugBucket(key.slug) }),
  local: [{ shard: 8, family: FAMILY.entities, binding: 'CORPUS_4' }],
} as const

export const KINDS = {
  materia: {
    root: 'gazette_articles',
    date: 'date',
    parents: ['gazettes', 'gazette_editions', 'gazette_sections', 'people', 'companies'],
    children: ['article_mentions', 'masked_articles'],
    families: [FAMILY.dou, FAMILY.diarios],
    // Matérias: the DOU is one family (per year: 2 to 3 million a year), every other gazette goes
    // with its UF.
    place: (key: { gazette: 'dou' | { uf: string | null }; date: string }): Placement => ({
      family: gazetteFamily(key.gazette),
      at: key.date.slice(0, 10),
    }),
    local: [
      { shard: 1, family: FAMILY.dou, binding: 'CORPUS_1' },
      { shard: 2, family: FAMILY.diarios, binding: 'CORPUS_1' },
    ],
    fts: {
      gazette_articles: {
        columns: ['title', 'body'],
        date: { table: 'gazette_articles t', column: 't.date', range: 'gazette_articles' },
        periodByDate: true,
      },
    },
    address: /^\/diarios\/materia\/(\d{1,15})$/,
    sitemap: 'materias',
    search: 'd',
    names: true,
    monitored: true,
  },
  processo: {
    root: 'lawsuits',
    date: 'filed_at',
    parents: ['people', 'companies'],
    children: [
      'parties',
      'party_lawyers',
      'masked_parties',
      'movements',
      'lawsuit_subjects',
      'lawsuit_instances',
    ],
    families: [FAMILY.lawsuits],
    // The court family of the CNJ number (J.TR) and its year, so a lawsuit page finds its shard
    // from the number alone. The stored 20 digits: the check digits were verified where it came in.
    place: (key: { cnj: string }): Placement => {
      const digits = key.cnj.replace(/\D/g, '')
      if (digits.length !== 20) return { family: cnjFamily('0.00'), at: '' }
      const cnj = splitCnj(digits)
      return { family: cnjFamily(`${cnj.segment}.${cnj.court}`), at: cnj.year }
    },
    local: [{ shard: 4, family: FAMILY.lawsuits, binding: 'CORPUS_2' }],
    fts: {
      parties: {
        columns: ['name'],
        date: {
          table: 'parties t',
          join: 'CROSS JOIN lawsuits l ON l.id = t.lawsuit_id',
          column: 'l.filed_at',
          range: 'lawsuits',
        },
        owner: 'lawsuit_id',
      },
    },
    address: /^\/processos\/([0-9.-]{20,25})$/,
    sitemap: 'processos',
    search: 'en',
    names: true,
    monitored: true,
  },
  decisao: {
    root: 'decisions',
    date: 'published_at',
    parents: [],
    children: ['masked_decisions'],
    families: [FAMILY.caseLaw],
    // The court and the publication date.
    place: (key: { court: string; date: string | null }): Placement => ({
      family: courtFamily(key.court),
      at: key.date ?? '',
    }),
    local: [{ shard: 5, family: FAMILY.caseLaw, binding: 'CORPUS_3' }],
    fts: {
      decisions: {
        columns: ['class_name', 'number', 'summary'],
        date: { table: 'decisions t', column: 't.published_at', range: 'decisions' },
        periodByDate: true,
      },
    },
    address: /^\/jurisprudencia\/(\d{1,15})$/,
    sitemap: 'jurisprudencia',
    search: 'jr',
    names: true,
    monitored: false,
  },
  lei: {
    root: 'statutes',
    date: 'date',
    parents: [],
    children: ['provisions'],
    families: [FAMILY.legislation],
    // Alone: small and read by every kind of search.
    place: (_key: Record<never, never>): Placement => ({ family: FAMILY.legislation, at: '' }),
    local: [{ shard: 7, family: FAMILY.legislation, binding: 'CORPUS_3' }],
    fts: {
      statutes: {
        columns: ['title', 'summary'],
        date: { table: 'statutes t', column: 't.date', range: 'statutes' },
      },
      provisions: {
        columns: ['text'],
        date: {
          table: 'provisions t',
          join: 'CROSS JOIN statutes s ON s.id = t.statute_id',
          column: 's.date',
          range: 'statutes',
        },
        owner: 'statute_id',
      },
    },
    address: /^\/legislacao\/([a-z0-9-]{1,200})$/,
    sitemap: 'legislacao',
    search: 'leis',
    names: false,
    monitored: false,
  },
  pessoa: {
    root: 'people',
    ...ENTITY_PLACEMENT,
    fts: { people: { columns: ['name'], date: null } },
    address: /^\/pessoas\/([a-z0-9-]{1,200})$/,
    sitemap: 'pessoas',
    search: 'p',
    names: true,
    monitored: false,
  },
  empresa: {
    root: 'companies',
    ...ENTITY_PLACEMENT,
    fts: { companies: { columns: ['legal_name', 'trade_name'], date: null } },
    address: /^\/empresas\/([a-z0-9-]{1,200})$/,
    sitemap: 'empresas',
    search: 'i',
    names: false,
    monitored: false,
  },
} as const satisfies Record<PageKind, KindSpec>

export type Kind = keyof typeof KINDS
/** Every kind, in the catalogue's order. */
export const KIND_NAMES = Object.keys(KINDS) as Kind[]
type Spec<K extends Kind> = (typeof KINDS)[K]

/** A kind's root table (`lawsuits`). */
export type RootTable = Spec<Kind>['root']
/** A child table some kind owns (`parties`). */
export type ChildTable = Spec<Kind>['children'][number]
/** A parent table some kind points at (`gazettes`). */
export type ParentTable = Spec<Kind>['parents'][number]
/** An FTS table (`parties`: `parties_fts`). */
export type FtsTable = { [K in Kind]: keyof Spec<K>['fts'] }[Kind] & string

/**
 * What decides a document's shard: its kind and the kind's own fields (`place`'s key), so a page
 * finds its shard from its address alone. `pessoa | empresa` share their key's shape.
 */
export type DocumentKey = { [K in Kind]: { kind: K } & Parameters<Spec<K>['place']>[0] }[Kind]

/** The kind whose root is this table. */
export const kindOfRoot = (root: string): Kind | undefined => KIND_NAMES.find((k) => KINDS[k].root === root)

/** The kind each FTS table belongs to (`parties`: `processo`). */
export const FTS_KIND = Object.fromEntries(
  KIND_NAMES.flatMap((kind) => Object.keys(KINDS[kind].fts).map((table) => [table, kind])),
) as Record<FtsTable, Kind>

/** The families whose shards hold a kind's documents, as a filter's families. */
export const familiesOf = (kind: Kind): readonly Family[] => KINDS[kind].families

/** The kinds the monitoring sweep reads (`monitored`). */
export type MonitoredKind = { [K in Kind]: Spec<K>['monitored'] extends true ? K : never }[Kind]
/** The kinds whose text may name people (`names`): masking and removal apply. */
export type NamingKind = { [K in Kind]: Spec<K>['names'] extends true ? K : never }[Kind]

/** The search categories but Tudo (`t`, every category at once). */
type Category = Exclude<SearchCategory, 't'>
/** The kinds a search category finds (`search`). */
export type SearchedKind = { [K in Kind]: Spec<K>['search'] extends null ? never : K }[Kind]
/** The kind whose documents each search category finds (its `search`). */
export const CATEGORY_KIND = Object.fromEntries(
  KIND_NAMES.flatMap((kind) => {
    const category = KINDS[kind].search
    return category ? [[category, kind]] : []
  }),
) as Record<Category, SearchedKind>
// A search category that no kind's `search` names does not compile.
const _everyCategory: Record<Exclude<Category, Spec<Kind>['search']>, never> = {}
