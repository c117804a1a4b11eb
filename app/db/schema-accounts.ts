import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './schema'

// Accounts and professional profiles (issue 6). Reference lists (institutions, specialties,
// communities) are shipped as data in migrations/0008_reference_data.sql (decisions/0016).

const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/** Brazilian higher-education institutions (a compiled list: app/domain/reference/data). */
export const institutions = sqliteTable(
  'institutions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    acronym: text('acronym'),
    uf: text('uf').notNull(),
    city: text('city').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('institutions_slug_unique').on(t.slug)],
)

/** Specialties offered for a profession (CBO code). */
export const specialties = sqliteTable(
  'specialties',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    occupationCode: text('occupation_code').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('specialties_occupation_title').on(t.occupationCode, t.title)],
)

/** Communities: one per profession and per course (members join on signup), plus themes. */
export const communities = sqliteTable(
  'communities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['profissao', 'curso', 'tema'] }).notNull(),
    occupationCode: text('occupation_code'),
    course: text('course'),
    memberCount: integer('member_count').notNull().default(0),
  },
  (t) => [uniqueIndex('communities_slug_unique').on(t.slug)],
)

export const userSpecialties = sqliteTable(
  'user_specialties',
  {
    userId: userId(),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialties.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.specialtyId] })],
)

/** Cities a professional serves (`cidades_ids[]`, IBGE codes). */
export const userServiceCities = sqliteTable(
  'user_service_cities',
  {
    userId: userId(),
    cityCode: integer('city_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cityCode] }), index('user_service_cities_city').on(t.cityCode)],
)

/** Services offered (`servicos[]`), in the order the user gave them. */
export const userServices = sqliteTable(
  'user_services',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userId(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('user_services_user').on(t.userId, t.position)],
)

/** Phones, hidden on the profile until "ver telefones". */
export const userPhones = sqliteTable(
  'user_phones',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userId(),
    position: integer('position').notNull(),
    number: text('number').notNull(),
    whatsapp: integer('whatsapp', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('user_phones_user').on(t.userId, t.position)],
)

/** Messages visitors send to a professional; the owner reads them. */
export const professionalMessages = sqliteTable(
  'professional_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    readAt: integer('read_at', { mode: 'number' }),
  },
  (t) => [index('professional_messages_recipient').on(t.recipientId, t.createdAt)],
)

export type Institution = typeof institutions.$inferSelect
export type Specialty = typeof specialties.$inferSelect
export type Community = typeof communities.$inferSelect
export type ProfessionalMessage = typeof professionalMessages.$inferSelect

/**
 * Keys of the open API (/api/v2, decisions/0063). The secret itself is never stored: its SHA-256
 * (`secret_hash`, unique: a call finds its key by it) and its first characters (`prefix`).
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: integer('created_at', { mode: 'number' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    lastUsedAt: integer('last_used_at', { mode: 'number' }),
    revokedAt: integer('revoked_at', { mode: 'number' }),
    usageCount: integer('usage_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash').on(t.secretHash),
    index('api_keys_user').on(t.userId, t.createdAt),
  ],
)
