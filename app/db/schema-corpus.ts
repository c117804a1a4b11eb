import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

// The legal corpus (issue 4). Names are English; values keep the sources' Portuguese.
// Dates are ISO text (yyyy-mm-dd or full ISO date-time): sortable and what the sources carry.

/** Hash of a document's imported content: a re-import of the same data changes nothing. */
const checksum = () => text('checksum').notNull().default('')

const importedAt = () =>
  integer('imported_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

/** IBGE states. */
export const states = sqliteTable('states', {
  code: integer('code').primaryKey(),
  uf: text('uf').notNull().unique(),
  name: text('name').notNull(),
})

/** IBGE municipalities (5,571). */
export const cities = sqliteTable(
  'cities',
  {
    code: integer('code').primaryKey(),
    name: text('name').notNull(),
    uf: text('uf').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('cities_slug_unique').on(t.slug), index('cities_uf_name').on(t.uf, t.name)],
)

/** CBO 2002 occupations. */
export const occupations = sqliteTable(
  'occupations',
  {
    code: text('code').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('occupations_slug_unique').on(t.slug)],
)

/** CNJ TPU tables: classes, subjects (assuntos) and movements. `path` is the hierarchy of codes. */
export const tpuClasses = sqliteTable('tpu_classes', {
  code: integer('code').primaryKey(),
  name: text('name').notNull(),
  path: text('path').notNull().default(''),
})
export const tpuSubjects = sqliteTable('tpu_subjects', {
  code: integer('code').primaryKey(),
  name: text('name').notNull(),
  path: text('path').notNull().default(''),
})
export const tpuMovements = sqliteTable('tpu_movements', {
  code: integer('code').primaryKey(),
  name: text('name').notNull(),
})

/** People named in lawsuits and gazettes. No CPF is stored: names and where they appear only. */
export const people = sqliteTable(
  'people',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    cityCode: integer('city_code'),
  },
  (t) => [uniqueIndex('people_slug_unique').on(t.slug)],
)

export const companies = sqliteTable(
  'companies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** 14 digits, no mask. */
    cnpj: text('cnpj').notNull(),
    legalName: text('legal_name').notNull(),
    tradeName: text('trade_name'),
    cityCode: integer('city_code'),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('companies_cnpj_unique').on(t.cnpj), uniqueIndex('companies_slug_unique').on(t.slug)],
)

/** One row per CNJ number, whatever grau or classe the sources report it under. */
export const lawsuits = sqliteTable(
  'lawsuits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** 20 digits, no mask (NNNNNNNDDAAAAJTROOOO). */
    cnj: text('cnj').notNull(),
    court: text('court').notNull(),
    degree: text('degree'),
    classCode: integer('class_code'),
    className: text('class_name'),
    judgingBody: text('judging_body'),
    judgingBodyCode: integer('judging_body_code'),
    cityCode: integer('city_code'),
    filedAt: text('filed_at'),
    /** Last update at the source (ISO date-time). */
    updatedAt: text('updated_at'),
    /** 0 = public. Anything above is never shown. */
    secrecyLevel: integer('secrecy_level').notNull().default(0),
    /** 1 when a class or subject is on the sensitive list: natural persons shown as initials (decisions/0064). */
    sensitive: integer('sensitive', { mode: 'number' }).notNull().default(0),
    source: text('source').notNull(),
    checksum: checksum(),
    importedAt: importedAt(),
  },
  (t) => [
    uniqueIndex('lawsuits_cnj_unique').on(t.cnj),
    index('lawsuits_court_filed').on(t.court, t.filedAt),
    index('lawsuits_imported').on(t.importedAt),
    // Search (issue 42): "is this lawsuit public?" for thousands of matching parties at once (the
    // lawsuits' count, people's appearances) reads this narrow index, not the wide rows.
    index('lawsuits_public').on(t.id).where(sql`secrecy_level = 0`),
  ],
)

export const lawsuitSubjects = sqliteTable(
  'lawsuit_subjects',
  {
    lawsuitId: integer('lawsuit_id')
      .notNull()
      .references(() => lawsuits.id, { onDelete: 'cascade' }),
    code: integer('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lawsuitId, t.code] })],
)

/**
 * Each instance a source describes a lawsuit in (DataJud: one document per grau of the same
 * number), with its own court, class and judging body: the lawsuit row keeps the latest one's, the
 * page shows them all (issue 38).
 */
export const lawsuitInstances = sqliteTable(
  'lawsuit_instances',
  {
    lawsuitId: integer('lawsuit_id')
      .notNull()
      .references(() => lawsuits.id, { onDelete: 'cascade' }),
    degree: text('degree').notNull(),
    court: text('court').notNull(),
    classCode: integer('class_code'),
    className: text('class_name'),
    judgingBody: text('judging_body'),
  },
  (t) => [primaryKey({ columns: [t.lawsuitId, t.degree, t.court] })],
)

/** Parties by pole: ativo, passivo, outros. */
export const parties = sqliteTable(
  'parties',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lawsuitId: integer('lawsuit_id')
      .notNull()
      .references(() => lawsuits.id, { onDelete: 'cascade' }),
    pole: text('pole', { enum: ['ativo', 'passivo', 'outros'] }).notNull(),
    name: text('name').notNull(),
    // People and companies may live in another shard: no foreign key (migration 0033).
    personId: integer('person_id'),
    companyId: integer('company_id'),
  },
  (t) => [
    uniqueIndex('parties_lawsuit_pole_name').on(t.lawsuitId, t.pole, t.name),
    index('parties_person').on(t.personId),
    index('parties_company').on(t.companyId),
    // Search (issue 42): a matching party's lawsuit, for thousands of parties at once (the
    // lawsuits' count), from this narrow index instead of the rows (lawsuit-count.server.ts).
    index('parties_lawsuit_of').on(t.id, t.lawsuitId),
  ],
)

export const partyLawyers = sqliteTable(
  'party_lawyers',
  {
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    oabNumber: text('oab_number').notNull().default(''),
    oabUf: text('oab_uf').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.partyId, t.name, t.oabNumber, t.oabUf] }),
    // "Este sou eu" looks a lawyer up by OAB (decisions/0034).
    index('party_lawyers_oab').on(t.oabNumber, t.oabUf),
  ],
)

export const movements = sqliteTable(
  'movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lawsuitId: integer('lawsuit_id')
      .notNull()
      .references(() => lawsuits.id, { onDelete: 'cascade' }),
    at: text('at').notNull(),
    code: integer('code'),
    name: text('name').notNull(),
    /** Tabled complements as "nome: descricao" lines. */
    complements: text('complements'),
    /**
     * When the movement entered the corpus (monitoring windows, decisions/0032). SQLite cannot add
     * a column with a computed default, so rows written before it say 0; the importer sets it.
     */
    importedAt: integer('imported_at', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('movements_unique').on(t.lawsuitId, t.at, t.name),
    index('movements_lawsuit_at').on(t.lawsuitId, t.at),
    index('movements_imported').on(t.importedAt),
  ],
)

/** A gazette publisher: DOU, a court's DJe, DJEN, a state or municipal gazette. */
export const gazettes = sqliteTable(
  'gazettes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    sphere: text('sphere', { enum: ['federal', 'estadual', 'municipal', 'judiciario'] }).notNull(),
    uf: text('uf'),
    cityCode: integer('city_code'),
  },
  (t) => [uniqueIndex('gazettes_slug_unique').on(t.slug)],
)

export const gazetteEditions = sqliteTable(
  'gazette_editions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gazetteId: integer('gazette_id')
      .notNull()
      .references(() => gazettes.id),
    date: text('date').notNull(),
    number: text('number').notNull().default(''),
    extra: integer('extra', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('gazette_editions_unique').on(t.gazetteId, t.date, t.number, t.extra)],
)

/** Cadernos / seções of an edition. */
export const gazetteSections = sqliteTable(
  'gazette_sections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    editionId: integer('edition_id')
      .notNull()
      .references(() => gazetteEditions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('gazette_sections_unique').on(t.editionId, t.slug)],
)

/** One matéria (act, notice, communication) of a gazette. */
export const gazetteArticles = sqliteTable(
  'gazette_articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gazetteId: integer('gazette_id')
      .notNull()
      .references(() => gazettes.id),
    editionId: integer('edition_id')
      .notNull()
      .references(() => gazetteEditions.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').references(() => gazetteSections.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    /** The source's own id (INLABS idMateria, DJEN id, generated key): re-imports update, never duplicate. */
    externalId: text('external_id').notNull(),
    kind: text('kind'),
    organ: text('organ'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    page: integer('page'),
    lawsuitCnj: text('lawsuit_cnj'),
    /** 1 when its people's names were replaced by initials (decisions/0064, 0065). */
    masked: integer('masked', { mode: 'number' }).notNull().default(0),
    checksum: checksum(),
    importedAt: importedAt(),
  },
  (t) => [
    uniqueIndex('gazette_articles_external').on(t.gazetteId, t.externalId),
    index('gazette_articles_edition').on(t.editionId, t.sectionId, t.id),
    index('gazette_articles_date').on(t.date),
    index('gazette_articles_cnj').on(t.lawsuitCnj),
    index('gazette_articles_imported').on(t.importedAt),
  ],
)

/** Who a matéria names: links gazettes to people and companies. */
export const articleMentions = sqliteTable(
  'article_mentions',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => gazetteArticles.id, { onDelete: 'cascade' }),
    // People and companies may live in another shard: no foreign key (migration 0033).
    personId: integer('person_id'),
    companyId: integer('company_id'),
  },
  (t) => [
    uniqueIndex('article_mentions_unique').on(t.articleId, t.personId, t.companyId),
    index('article_mentions_person').on(t.personId),
    index('article_mentions_company').on(t.companyId),
  ],
)

/** Case law: a decision with its ementa. */
export const decisions = sqliteTable(
  'decisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    externalId: text('external_id').notNull(),
    court: text('court').notNull(),
    className: text('class_name'),
    number: text('number').notNull(),
    rapporteur: text('rapporteur'),
    judgingBody: text('judging_body'),
    judgedAt: text('judged_at'),
    publishedAt: text('published_at'),
    summary: text('summary').notNull(),
    fullText: text('full_text'),
    outcome: text('outcome'),
    checksum: checksum(),
    importedAt: importedAt(),
  },
  (t) => [
    uniqueIndex('decisions_external').on(t.externalId),
    index('decisions_court_published').on(t.court, t.publishedAt),
  ],
)

/** Statutes (legislação) and their dispositivos as a hierarchy with stable anchors. */
export const statutes = sqliteTable(
  'statutes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    urn: text('urn').notNull(),
    slug: text('slug').notNull(),
    kind: text('kind').notNull(),
    number: text('number'),
    date: text('date').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    sphere: text('sphere', { enum: ['federal', 'estadual', 'municipal'] }).notNull(),
    checksum: checksum(),
    importedAt: importedAt(),
  },
  (t) => [uniqueIndex('statutes_urn').on(t.urn), uniqueIndex('statutes_slug').on(t.slug)],
)

export const provisions = sqliteTable(
  'provisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    statuteId: integer('statute_id')
      .notNull()
      .references(() => statutes.id, { onDelete: 'cascade' }),
    /** Stable anchor such as `art5_par1` or `art5_inc3_alia`. */
    anchor: text('anchor').notNull(),
    kind: text('kind', {
      enum: ['titulo', 'capitulo', 'secao', 'subsecao', 'artigo', 'paragrafo', 'inciso', 'alinea', 'item'],
    }).notNull(),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [
    uniqueIndex('provisions_anchor').on(t.statuteId, t.anchor),
    index('provisions_order').on(t.statuteId, t.position),
  ],
)
