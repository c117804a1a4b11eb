import { env } from 'cloudflare:test'
import { eq, max } from 'drizzle-orm'
import { expect } from 'vitest'
import { createDb } from '~/db/client.server'
import { articleMentions, gazetteArticles, lawsuits, parties, people } from '~/db/schema-corpus'
import { monitoringHits, monitorings } from '~/db/schema-monitoring'
import { sensitiveListVersions } from '~/db/schema-privacy'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { slugify } from '~/domain/corpus/import/text'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { type LawsuitRecord, upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { initials } from '~/domain/privacy/initials'
import { grantRole } from './claims-helpers'
import { createUser, deps, get, sessionCookie } from './helpers'
import { uniqueWord } from './masking-helpers'

// The cases and checks of shards-privacy.test.ts (decisions/0081): a sensitive case stored over
// the shards, the matéria citing it, each database's rows read back, and the masking expected in
// every one of them.

export const primary = () => createDb(env.DB)
const gazetteDb = () => createDb(env.CORPUS_1)
export const lawsuitDb = () => createDb(env.CORPUS_2)
export const lawDb = () => createDb(env.CORPUS_3)
const entityDb = () => createDb(env.CORPUS_4)
export const inShard = (shard: number) => (id: number) =>
  id >= shard * SHARD_SPAN && id < (shard + 1) * SHARD_SPAN

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ')
/** The name nowhere in the text, whatever its case, accents or spacing. */
export const free = (text: string, name: string) => !fold(text).includes(fold(name))

/** Indenização por dano moral (civil): on no version of the list. */
export const PLAIN = { code: 10433, name: 'Indenização por Dano Moral' }
/** Guarda (under Família, 5626): on the list. */
export const FAMILY = { code: 5802, name: 'Guarda' }

let serial = 0
export type Case = {
  cnj: string
  record: LawsuitRecord
  mother: string
  father: string
  word: string
  externalId: string
}

/** A case between two private people, and a DJEN matéria citing it that names and mentions them. */
export async function storedCase(
  subjects = [PLAIN],
  lawyers: LawsuitRecord['parties'][0]['lawyers'] = [],
): Promise<Case> {
  const word = uniqueWord()
  const mother = `Quitéria ${word} da Silva Souza`
  const father = `Olegário ${word} Bastos Nunes`
  serial += 1
  const cnj = buildCnj(500_000 + ((Date.now() + serial * 11) % 99_999), 2025, 8, 26, 100 + (serial % 800))
  const record: LawsuitRecord = {
    cnj,
    court: 'TJSP',
    classCode: 7,
    className: 'Procedimento Comum Cível',
    secrecyLevel: 0,
    source: 'teste',
    subjects,
    parties: [
      { pole: 'ativo', name: mother.toUpperCase(), lawyers },
      { pole: 'passivo', name: father.toUpperCase(), lawyers: [] },
      { pole: 'outros', name: 'MINISTÉRIO PÚBLICO DO ESTADO DE SÃO PAULO', lawyers: [] },
    ],
    movements: [],
  }
  const externalId = `shards-privacy-${word}`
  await upsertGazetteArticles(deps(), [citing(record, externalId, word, mother, father)])
  await upsertLawsuits(deps(), [record])
  return { cnj, record, mother, father, word, externalId }
}

export function citing(
  record: LawsuitRecord,
  externalId: string,
  word: string,
  mother: string,
  father: string,
) {
  return {
    gazette: { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' },
    edition: { date: '2026-11-20', number: '', extra: false },
    section: 'TJSP',
    externalId,
    kind: 'Intimação',
    organ: '2ª Vara Cível',
    title: `Intimação – processo ${formatCnj(record.cnj)}`,
    body: `Processo ${formatCnj(record.cnj)}. Requerente: ${mother.toUpperCase()}. Requerido: ${father.toUpperCase()}. Fica a parte intimada da audiência ${word.toLowerCase()}vara.`,
    page: null,
    lawsuitCnj: record.cnj,
    // The father is printed, not mentioned: his person row is linked by his party row alone.
    mentions: { people: [mother.toUpperCase()], companies: [] },
  } satisfies GazetteArticleRecord
}

export const articleOf = async (externalId: string) => {
  const [row] = await gazetteDb()
    .select()
    .from(gazetteArticles)
    .where(eq(gazetteArticles.externalId, externalId))
  if (!row) throw new Error('matéria not in CORPUS_1')
  return row
}
export const lawsuitOf = async (cnj: string) => {
  const [row] = await lawsuitDb().select().from(lawsuits).where(eq(lawsuits.cnj, cnj))
  if (!row) throw new Error('lawsuit not in CORPUS_2')
  return row
}
export const personRows = (name: string) =>
  entityDb()
    .select()
    .from(people)
    .where(eq(people.slug, slugify(name)))

/** Every surface a reader sees of the case names neither parent and reads initials. */
export async function expectMaskedEverywhere(c: Case) {
  const lawsuit = await lawsuitOf(c.cnj)
  const stored = await lawsuitDb().select().from(parties).where(eq(parties.lawsuitId, lawsuit.id))
  expect(stored.map((p) => p.name)).toEqual(expect.arrayContaining([initials(c.mother), initials(c.father)]))
  const masked = stored.filter((p) => p.name === initials(c.mother) || p.name === initials(c.father))
  expect(masked.map((p) => p.personId)).toEqual([null, null])
  const article = await articleOf(c.externalId)
  expect(article.body).toContain(`Requerente: ${initials(c.mother)} Requerido: ${initials(c.father)} Fica`)
  expect(
    await gazetteDb().select().from(articleMentions).where(eq(articleMentions.articleId, article.id)),
  ).toEqual([])
  // The person rows are gone from their shard, and with them the pages.
  expect(await personRows(c.mother)).toEqual([])
  expect(await personRows(c.father)).toEqual([])
  expect((await get(`/pessoas/${slugify(c.mother)}`)).status).toBe(404)
  const page = await (await get(`/processos/${formatCnj(c.cnj)}`)).text()
  expect(page).toContain(`<li>${initials(c.mother)}</li>`)
  expect(free(page, c.mother), 'lawsuit page').toBe(true)
  const materia = await (await get(`/diarios/materia/${article.id}`)).text()
  expect(materia).toContain(`Requerente: ${initials(c.mother)}`)
  expect(free(materia, c.mother), 'matéria page').toBe(true)
  expect(free(materia, c.father), 'matéria page, father').toBe(true)
  const byName = await (await get(`/busca?q=${encodeURIComponent(c.mother)}`)).text()
  expect(byName).not.toContain(formatCnj(c.cnj))
  expect(byName).not.toContain(`/pessoas/${slugify(c.mother)}`)
  const api = await (await get(`/api/v2/busca?q=${c.word.toLowerCase()}vara&qo=d`)).text()
  expect(api).toContain(initials(c.mother))
  expect(free(api.replaceAll(`${c.word.toLowerCase()}vara`, ''), c.mother), 'open API').toBe(true)
}

/** An alert made from the matéria while the names were public (the primary's). */
export async function alertOn(c: Case) {
  const user = await createUser()
  const article = await articleOf(c.externalId)
  const [watch] = await primary()
    .insert(monitorings)
    .values({ userId: user.id, kind: 'nome', term: c.mother, sources: ['djen'] })
    .returning()
  const [hit] = await primary()
    .insert(monitoringHits)
    .values({
      monitoringId: watch?.id ?? 0,
      userId: user.id,
      documentKind: 'materia',
      documentId: article.id,
      title: 'Nome citado',
      url: `/diarios/materia/${article.id}`,
      excerpt: { before: 'Requerente: ', match: c.mother.toUpperCase(), after: '. Requerido: …' },
      reasons: ['Nome exato'],
      contextKey: `processo:${c.cnj}`,
    })
    .returning()
  return hit?.id ?? 0
}
export const hitMatch = async (id: number) =>
  (await primary().select().from(monitoringHits).where(eq(monitoringHits.id, id)))[0]?.excerpt?.match

export async function newListVersion(change: () => Promise<unknown>) {
  const [latest] = await primary()
    .select({ v: max(sensitiveListVersions.version) })
    .from(sensitiveListVersions)
  const version = (latest?.v ?? 1) + 1
  await change()
  await primary()
    .insert(sensitiveListVersions)
    .values({ version, note: `teste ${version}` })
  return version
}

export async function reviewer() {
  const user = await createUser()
  await grantRole(user.id)
  return sessionCookie(user.id)
}
