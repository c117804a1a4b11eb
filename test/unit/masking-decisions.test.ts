import { eq, max } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { decisions } from '~/db/schema-corpus'
import { sensitiveListVersions } from '~/db/schema-privacy'
import { formatCnj } from '~/domain/corpus/cnj'
import { checksumOf } from '~/domain/corpus/import/text'
import { remaskAll } from '~/domain/corpus/masking/remask.server'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { type DecisionRecord, upsertDecisions } from '~/domain/corpus/store/documents.server'
import { initials } from '~/domain/privacy/initials'
import { grantRole } from './claims-helpers'
import { createUser, deps, get, sessionCookie } from './helpers'
import { importSensitiveCase, uniqueWord } from './masking-helpers'
import { apiGet, apiKey } from './open-api-helpers'
import { confirmedRequest, decide } from './removal-helpers'

// Issue 30: jurisprudência of a sensitive matter (its class, chamber or ementa head: família,
// alimentos, infância e juventude, Maria da Penha, estupro de vulnerável…) or of a case the corpus
// holds as sensitive has its natural persons' names as initials on every surface (decisions/0071).

const db = () => deps().db
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ')
const free = (text: string, name: string) => !fold(text).includes(fold(name))

let serial = 0
function record(word: string, overrides: Partial<DecisionRecord> = {}): DecisionRecord {
  serial += 1
  return {
    externalId: `tjsp:decisao-${word}-${serial}`,
    court: 'TJSP',
    className: 'Apelação Cível',
    number: `10${String(Date.now() % 100_000).padStart(5, '0')}-11.2023.8.26.0100`,
    rapporteur: 'Des. Heitor Campos',
    judgingBody: '3ª Câmara de Direito Privado',
    judgedAt: '2024-05-10',
    publishedAt: '2024-05-12',
    summary: `APELAÇÃO CÍVEL. COBRANÇA. Apelante: ROSICLEIA ${word.toUpperCase()} MATOS. Apelado: BANCO AURORA S.A. Sentença mantida ${word.toLowerCase()}ementa.`,
    fullText: null,
    outcome: 'Negaram provimento',
    ...overrides,
  }
}

async function stored(externalId: string) {
  const [row] = await db().select().from(decisions).where(eq(decisions.externalId, externalId))
  if (!row) throw new Error('decision not stored')
  return row
}

/** A family-chamber decision naming the parties (the class alone says "Apelação Cível"). */
async function familyDecision() {
  const word = uniqueWord()
  const mother = `Rosicleia ${word} Matos`
  const father = `Evandro ${word} Quintela`
  const rec = record(word, {
    judgingBody: '2ª Câmara de Direito Privado – Família',
    summary: `APELAÇÃO CÍVEL. AÇÃO DE ALIMENTOS. Apelante: ${mother.toUpperCase()}. Apelado: ${father.toUpperCase()}. Binômio necessidade-possibilidade ${word.toLowerCase()}ementa. Relator: Des. Heitor Campos.`,
    fullText: `Trata-se de apelação interposta por ${mother.toUpperCase()} contra ${father.toUpperCase()}.`,
  })
  await upsertDecisions(singleDatabaseCorpus(db()), [rec])
  return { word, mother, father, row: await stored(rec.externalId) }
}

describe('jurisprudência of a sensitive matter is masked (decisions/0071)', () => {
  it('the decision page: parties as initials, the rapporteur by name', async () => {
    const d = await familyDecision()
    const page = await (await get(`/jurisprudencia/${d.row.id}`)).text()
    expect(page).toContain(`Apelante: ${initials(d.mother)} Apelado: ${initials(d.father)} Binômio`)
    expect(free(page, d.mother)).toBe(true)
    expect(free(page, d.father)).toBe(true)
    expect(page).toContain('Heitor Campos')
  })

  it('search and the open API: the name finds nothing, the ementa reads initials', async () => {
    const d = await familyDecision()
    const byName = await (await get(`/busca?q=${encodeURIComponent(`"${d.mother}"`)}&qo=jr`)).text()
    expect(byName).not.toContain(`/jurisprudencia/${d.row.id}"`)
    const byWord = await (await get(`/busca?q=${d.word.toLowerCase()}ementa&qo=jr`)).text()
    expect(byWord).toContain(`/jurisprudencia/${d.row.id}`)
    expect(free(byWord.replaceAll(`${d.word.toLowerCase()}ementa`, ''), d.mother)).toBe(true)
    const { key } = await apiKey()
    const json = await (await apiGet(`/api/v2/jurisprudencia/${d.row.id}`, key)).text()
    expect(json).toContain(initials(d.mother))
    expect(free(json, d.mother)).toBe(true)
    expect(free(json, d.father)).toBe(true)
    const found = await (await get(`/api/v2/busca?q=${d.word.toLowerCase()}ementa&qo=jr`)).text()
    expect(free(found.replaceAll(`${d.word.toLowerCase()}ementa`, ''), d.father)).toBe(true)
  })

  it('a decision whose number is a sensitive case of the corpus, whatever its class; an ordinary one keeps its names', async () => {
    const c = await importSensitiveCase()
    const word = uniqueWord()
    const rec = record(word, {
      number: formatCnj(c.cnj),
      summary: `AGRAVO DE INSTRUMENTO. Agravante: ${c.mother.toUpperCase()}. Agravado: ${c.father.toUpperCase()}. Recurso provido.`,
      className: 'Agravo de Instrumento',
    })
    const plain = record(uniqueWord())
    await upsertDecisions(singleDatabaseCorpus(db()), [rec, plain])
    const masked = await (await get(`/jurisprudencia/${(await stored(rec.externalId)).id}`)).text()
    expect(masked).toContain(`Agravante: ${initials(c.mother)} Agravado: ${initials(c.father)} Recurso`)
    expect(free(masked, c.mother)).toBe(true)
    const open = await stored(plain.externalId)
    expect(open.summary).toBe(plain.summary)
  })

  it('decisions stored before the rule are masked by the re-mask walk', async () => {
    const word = uniqueWord()
    const victim = `Gerusa ${word} Pedrosa`
    const rec = record(word, {
      className: 'Apelação Criminal',
      judgingBody: '1ª Câmara Criminal',
      summary: `APELAÇÃO CRIMINAL. ESTUPRO DE VULNERÁVEL. Vítima: ${victim.toUpperCase()}. Palavra da vítima ${word.toLowerCase()}ementa.`,
    })
    // As an older version stored it: straight into the table, not through the importer.
    await db()
      .insert(decisions)
      .values({ ...rec, checksum: checksumOf(rec) })
    expect((await stored(rec.externalId)).summary).toContain(victim.toUpperCase())
    const [latest] = await db()
      .select({ v: max(sensitiveListVersions.version) })
      .from(sensitiveListVersions)
    await db()
      .insert(sensitiveListVersions)
      .values({ version: (latest?.v ?? 1) + 1, note: 'teste: jurisprudência' })
    await remaskAll(deps())
    const after = await stored(rec.externalId)
    expect(after.summary).toContain(`Vítima: ${initials(victim)} Palavra`)
    expect(free(after.summary, victim)).toBe(true)
  })

  it("a reviewer's mask decision on an ordinary decision page masks its names", async () => {
    const word = uniqueWord()
    const rec = record(word)
    await upsertDecisions(singleDatabaseCorpus(db()), [rec])
    const row = await stored(rec.externalId)
    const { id } = await confirmedRequest({ paginas: `/jurisprudencia/${row.id}` })
    const reviewer = await createUser()
    await grantRole(reviewer.id)
    expect((await decide(await sessionCookie(reviewer.id), id, 'mascarar')).status).toBe(200)
    const page = await (await get(`/jurisprudencia/${row.id}`)).text()
    expect(free(page, `Rosicleia ${word} Matos`)).toBe(true)
    expect(page).toContain('BANCO AURORA S.A.')
  })
})
