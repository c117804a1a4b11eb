import { eq } from 'drizzle-orm'
import { companies, decisions, gazetteArticles, people } from '~/db/schema-corpus'
import { createKey } from '~/domain/api-keys/keys.server'
import { buildCnj } from '~/domain/corpus/cnj'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions, upsertStatute } from '~/domain/corpus/store/documents.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { createUser, decisionRecord, deps, gazetteArticleRecord, get } from './helpers'

/** A user and a fresh key of the open API, made by the product's own use-case. */
export async function apiKey(): Promise<{ userId: number; key: string; id: number }> {
  // Keys need a confirmed e-mail (createKey).
  const user = await createUser({ emailConfirmedAt: Date.now() })
  const made = await createKey(deps(), user.id, { nome: 'Teste' })
  const body = made.body as { id: number; chave: string }
  return { userId: user.id, key: body.chave, id: body.id }
}

export function apiGet(path: string, key?: string, init: RequestInit = {}) {
  return get(path, {
    ...init,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(init.headers as Record<string, string>),
    },
  })
}

let seq = 0
/** One of each thing the open API reads, made the way the importers and the product make them. */
export async function corpusFixtures() {
  seq += 1
  const n = (Date.now() % 1_000_000) * 10 + seq
  const db = deps().db
  const cnj = buildCnj(n, 2023, 8, 26, 1)
  await upsertLawsuits(db, [
    {
      cnj,
      court: 'TJSP',
      className: 'Procedimento Comum Cível',
      secrecyLevel: 0,
      source: 'teste',
      subjects: [],
      movements: [],
      parties: [{ pole: 'ativo', name: `Parte Contrato ${n}`, lawyers: [] }],
    },
  ])
  await upsertGazetteArticles(db, [
    gazetteArticleRecord(`contrato${n}`, `${n}`, `Nomeia alguém ${n}.`, '2025-01-02', {
      slug: `diario-contrato-${n}`,
      name: `Diário Contrato ${n}`,
      uf: 'SP',
    }),
  ])
  await upsertDecisions(singleDatabaseCorpus(db), [
    decisionRecord(`contrato${n}`, `${n}`, `Ementa contrato ${n}.`),
  ])
  const statuteSlug = `lei-${n}-2020`
  await upsertStatute(db, {
    urn: `urn:lex:br:federal:lei:2020;${n}`,
    slug: statuteSlug,
    kind: 'Lei',
    number: String(n),
    date: '2020-01-01',
    title: `Lei ${n}`,
    summary: 'Ementa.',
    sphere: 'federal',
    provisions: [
      { anchor: 'art1', kind: 'artigo', text: 'Art. 1º Texto.', depth: 0 },
      { anchor: 'art1_par1', kind: 'paragrafo', text: 'Parágrafo único. Texto.', depth: 1 },
      { anchor: 'art2', kind: 'artigo', text: 'Art. 2º Vigência.', depth: 0 },
    ],
  })
  const [article] = await db
    .select({ id: gazetteArticles.id })
    .from(gazetteArticles)
    .where(eq(gazetteArticles.externalId, `contrato${n}-${n}`))
  const [decision] = await db
    .select({ id: decisions.id })
    .from(decisions)
    .where(eq(decisions.externalId, `contrato${n}:${n}`))
  const [person] = await db
    .insert(people)
    .values({ name: `Pessoa Contrato ${n}`, slug: `pessoa-contrato-${n}` })
    .returning()
  const [company] = await db
    .insert(companies)
    .values({
      cnpj: String(n).padStart(14, '0'),
      legalName: `Empresa Contrato ${n}`,
      slug: `empresa-contrato-${n}`,
    })
    .returning()
  return {
    cnj,
    articleId: article?.id ?? 0,
    decisionId: decision?.id ?? 0,
    statuteSlug,
    personSlug: person?.slug ?? '',
    companySlug: company?.slug ?? '',
  }
}
