import { env } from 'cloudflare:test'
import { and, eq, inArray, lt, max } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decisions, gazetteArticles, lawsuits, parties } from '~/db/schema-corpus'
import { maskedParties, remaskRuns, sensitiveCodes } from '~/db/schema-privacy'
import { removalRequests } from '~/db/schema-trust'
import { cpfEvidence, oabEvidence } from '~/domain/claims/evidence.server'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { purgeImported } from '~/domain/corpus/import/purge.server'
import { slugify } from '~/domain/corpus/import/text'
import { remaskAll, remaskSlice } from '~/domain/corpus/masking/remask.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { type LawsuitRecord, upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { initials } from '~/domain/privacy/initials'
import { rebuildSuggestions, suggest } from '~/domain/suggestions/suggestions.server'
import { runCron } from './cron-helpers'
import { deps, get } from './helpers'
import { importMinorMateria, uniqueWord } from './masking-helpers'
import { apiGet, apiKey } from './open-api-helpers'
import { confirmedRequest, decide } from './removal-helpers'
import {
  alertOn,
  articleOf,
  type Case,
  citing,
  expectMaskedEverywhere,
  FAMILY,
  free,
  hitMatch,
  inShard,
  lawDb,
  lawsuitDb,
  lawsuitOf,
  newListVersion,
  PLAIN,
  personRows,
  primary,
  reviewer,
  storedCase,
} from './shards-privacy-fixture'
import { locs } from './sitemap-helpers'
import { forgetSpread, publishSpread } from './spread-map'

// decisions/0081: the privacy work of issue 30 on a spread shard map (issue 31). Matérias in
// CORPUS_1, lawsuits in CORPUS_2, case law in CORPUS_3, people and companies in CORPUS_4: a
// sensitive case's people live in another database than the case, and the matéria citing it in a
// third. Every masking (at import, on a reviewer's request, owed, by the re-mask walk) must reach
// all of them, and the claims' evidence must read the shards. This file publishes a map, so it
// runs apart (own-database.mjs).

describe('the privacy work on a spread shard map (decisions/0081)', () => {
  beforeAll(() => publishSpread())
  afterAll(forgetSpread)

  it('an import that finds a stored case sensitive masks its parties, the matéria in another database and the people in a third', async () => {
    const c = await storedCase()
    // Stored public: the three databases hold it, the person page is up.
    expect(inShard(4)((await lawsuitOf(c.cnj)).id)).toBe(true)
    expect(inShard(2)((await articleOf(c.externalId)).id)).toBe(true)
    expect((await personRows(c.mother)).map((p) => inShard(8)(p.id))).toEqual([true])
    expect((await get(`/pessoas/${slugify(c.mother)}`)).status).toBe(200)
    const hit = await alertOn(c)

    // Another source knows the case's subject: Guarda, on the list. The import command then
    // purges what it imported (as scripts/import.ts does).
    const since = Date.now()
    await upsertLawsuits(deps(), [{ ...c.record, source: 'outra', subjects: [FAMILY] }])
    await purgeImported(deps().corpus, env.PAGE_VERSIONS, since - 1000)
    expect((await lawsuitOf(c.cnj)).sensitive).toBe(1)
    await expectMaskedEverywhere(c)
    expect(await hitMatch(hit)).toBe(initials(c.mother))
    // The originals are kept where the masked rows are, in the lawsuit's database.
    const kept = await lawsuitDb()
      .select({ name: maskedParties.name })
      .from(maskedParties)
      .innerJoin(parties, eq(parties.id, maskedParties.partyId))
      .where(eq(parties.lawsuitId, (await lawsuitOf(c.cnj)).id))
    expect(kept.map((k) => k.name)).toEqual(expect.arrayContaining([c.mother.toUpperCase()]))
    // Suggestions, sitemaps and the open API's lawsuit (issue 30's other surfaces).
    await rebuildSuggestions(deps())
    for (const name of [c.mother, c.father])
      expect(await suggest(deps(), name)).not.toContainEqual(expect.stringMatching(new RegExp(c.word, 'i')))
    // Someone public, so the person sitemaps exist: the case's public body is no person (0089).
    await upsertLawsuits(deps(), [
      {
        ...c.record,
        cnj: buildCnj(610_000 + (Date.now() % 9_999), 2025, 8, 26, 100),
        subjects: [],
        parties: [{ pole: 'ativo', name: `Públio ${uniqueWord()} Lima`, lawyers: [] }],
      },
    ])
    await purgeImported(deps().corpus, env.PAGE_VERSIONS, Date.now() - 5000)
    const index = await (await get('/sitemap.xml')).text()
    const personMaps = locs(index).filter((url) => url.includes('/sitemaps/pessoas-'))
    expect(personMaps.length).toBeGreaterThan(0)
    for (const map of personMaps)
      expect(await (await get(new URL(map).pathname)).text()).not.toContain(slugify(c.word))
    const { key } = await apiKey()
    const json = await (await apiGet(`/api/v2/processos/${c.cnj}`, key)).text()
    expect(json).toContain(initials(c.mother))
    expect(free(json, c.mother)).toBe(true)
    expect(free(json, c.father)).toBe(true)
  })

  it('one import batch with a sensitive case and a public one naming the same person keeps her public page', async () => {
    const word = uniqueWord()
    const name = `Iracema ${word} Bastos Lima`
    const numbers = [0, 1].map((i) =>
      buildCnj(600_000 + ((Date.now() + i * 17) % 99_999), 2025, 8, 26, 700 + i),
    )
    const record = (cnj: string, subjects: { code: number; name: string }[]): LawsuitRecord => ({
      cnj,
      court: 'TJSP',
      classCode: 7,
      secrecyLevel: 0,
      source: 'teste',
      subjects,
      parties: [{ pole: 'ativo', name: name.toUpperCase(), lawyers: [] }],
      movements: [],
    })
    // The sensitive one first: its masking runs before the public one's party row is written.
    await upsertLawsuits(deps(), [record(numbers[0] ?? '', [FAMILY]), record(numbers[1] ?? '', [PLAIN])])
    expect((await personRows(name)).map((p) => inShard(8)(p.id))).toEqual([true])
    const page = await (await get(`/pessoas/${slugify(name)}`)).text()
    expect(page).toContain(formatCnj(numbers[1] ?? ''))
    expect(page).not.toContain(formatCnj(numbers[0] ?? ''))
  })

  it('a sensitive case imported after its matéria masks it; a minor named in a matéria is masked at import', async () => {
    const c = await storedCase([FAMILY])
    await expectMaskedEverywhere(c)
    const minor = await importMinorMateria(deps())
    const row = await articleOf(minor.externalId)
    expect(row.body).toContain(`criança ${initials(minor.child)}`)
    expect(free(row.body, minor.child)).toBe(true)
  })

  it("a reviewer's mask on a person page reaches every shard; on a lawsuit page, its matéria and people", async () => {
    const first = await storedCase()
    const cookie = await reviewer()
    const ask = async (path: string) => {
      const { id } = await confirmedRequest({ paginas: path })
      expect((await decide(cookie, id, 'mascarar')).status).toBe(200)
    }
    await ask(`/pessoas/${slugify(first.mother)}`)
    expect((await get(`/pessoas/${slugify(first.mother)}`)).status).toBe(404)
    expect(await personRows(first.mother)).toEqual([])
    const page = await (await get(`/processos/${formatCnj(first.cnj)}`)).text()
    expect(page).toContain(initials(first.mother))
    expect(free(page, first.mother)).toBe(true)
    const article = await articleOf(first.externalId)
    expect(article.body).toContain(`Requerente: ${initials(first.mother)}`)
    expect(free(article.body, first.mother)).toBe(true)

    const second = await storedCase()
    await ask(`/processos/${formatCnj(second.cnj)}`)
    await expectMaskedEverywhere(second)
  })

  it("the cron's owed masking masks a lawsuit across shards", async () => {
    const c = await storedCase()
    const { id } = await confirmedRequest({ paginas: `/processos/${formatCnj(c.cnj)}` })
    // The state a failed masking leaves: decided, nothing masked, masked_at empty.
    await primary()
      .update(removalRequests)
      .set({ status: 'mascarada', decidedAt: Date.now(), decisionReason: null })
      .where(eq(removalRequests.id, id))
    await runCron()
    const [row] = await primary().select().from(removalRequests).where(eq(removalRequests.id, id))
    expect(row?.maskedAt).toBeTypeOf('number')
    await expectMaskedEverywhere(c)
  })

  it('a decision of a sensitive case in another database is stored masked', async () => {
    const c = await storedCase([FAMILY])
    const externalId = `acordao-${c.word}`
    await upsertDecisions(deps().corpus, [
      {
        externalId,
        court: 'TJSP',
        className: 'Apelação Cível',
        number: formatCnj(c.cnj),
        rapporteur: 'Des. Rui Cascaes',
        judgingBody: '5ª Câmara de Direito Privado',
        judgedAt: '2026-10-01',
        publishedAt: '2026-10-02',
        summary: `APELAÇÃO CÍVEL. Recurso de ${c.mother.toUpperCase()} contra ${c.father.toUpperCase()}. Sentença mantida.`,
        fullText: null,
        outcome: 'Negaram provimento',
      },
    ])
    const [stored] = await lawDb().select().from(decisions).where(eq(decisions.externalId, externalId))
    expect(stored?.summary).toContain(initials(c.mother))
    expect(free(stored?.summary ?? '', c.mother)).toBe(true)
    expect(free(stored?.summary ?? '', c.father)).toBe(true)
  })

  it('the re-mask walk on a changed list walks every shard, resumes where it was killed, purges what it touched, and gives back only what the list masked', async () => {
    const subject = { code: 10434, name: 'Serviços de Saúde' }
    await primary().delete(sensitiveCodes).where(eq(sensitiveCodes.code, subject.code))
    await storedCase() // a lawsuit before them: the walk passes it first
    const cases = [await storedCase([subject]), await storedCase([subject]), await storedCase([subject])]
    for (const c of cases) expect((await get(`/pessoas/${slugify(c.mother)}`)).status).toBe(200)
    // A case a reviewer masked on request: no list change gives its names back.
    const requested = await storedCase([subject])
    const asked = await confirmedRequest({ paginas: `/processos/${formatCnj(requested.cnj)}` })
    expect((await decide(await reviewer(), asked.id, 'mascarar')).status).toBe(200)
    const hit = await alertOn(cases[0] as Case)
    const before = await env.PAGE_VERSIONS.get(`v:processo:${cases[0]?.cnj}`)
    const version = await newListVersion(() =>
      primary().insert(sensitiveCodes).values({
        kind: 'assunto',
        code: subject.code,
        name: 'SERVIÇOS DE SAÚDE',
        root: subject.code,
        basis: 'LGPD art. 11 (teste)',
        version: 0,
      }),
    )
    const runOf = async () =>
      (await primary().select().from(remaskRuns).where(eq(remaskRuns.version, version)))[0]

    // Slices of one lawsuit up to the first case: the cursor is a lawsuit's id, in the lawsuits'
    // database's range, so it says where (in which database) the walk stands.
    const target = (await lawsuitOf(cases[0]?.cnj ?? '')).id
    const [previous] = await lawsuitDb()
      .select({ id: max(lawsuits.id) })
      .from(lawsuits)
      .where(lt(lawsuits.id, target))
    await primary().insert(remaskRuns).values({ version }).onConflictDoNothing()
    while (((await runOf())?.cursor ?? 0) < (previous?.id ?? 0)) await remaskSlice(deps(), 1)
    const stopped = await runOf()
    expect(stopped?.phase).toBe('processos')
    expect(inShard(4)(stopped?.cursor ?? 0)).toBe(true)

    // The runner dies inside the next slice: the case's parties are masked, its matéria (in
    // another database) not yet. The cursor has not moved.
    const real = deps()
    const dying = {
      ...real,
      corpus: {
        ...real.corpus,
        shardsFor: async (filter?: Parameters<typeof real.corpus.shardsFor>[0]) => {
          if (filter?.families?.includes('dou')) throw new Error('o processo morreu')
          return real.corpus.shardsFor(filter)
        },
      },
    }
    await expect(remaskSlice(dying, 1)).rejects.toThrow('o processo morreu')
    expect((await runOf())?.cursor).toBe(stopped?.cursor)
    expect(free((await articleOf(cases[0]?.externalId ?? '')).body, cases[0]?.mother ?? '')).toBe(false)

    // The cron resumes it and walks to the end.
    for (let tick = 0; tick < 20 && (await runOf())?.phase !== 'fim'; tick++) await runCron()
    expect((await runOf())?.phase).toBe('fim')
    for (const c of cases) await expectMaskedEverywhere(c)
    expect(await hitMatch(hit)).toBe(initials(cases[0]?.mother ?? ''))
    expect(await env.PAGE_VERSIONS.get(`v:processo:${cases[0]?.cnj}`)).not.toBe(before)
    // (A person page is in the corpus scope too; the person's own scope moves with the pass that unlinks her.)
    expect(await env.PAGE_VERSIONS.get(`v:pessoa:${slugify(cases[1]?.mother ?? '')}`)).toBeTruthy()

    // The code leaves the list: the names come back in every database, the reviewer's stay masked.
    await newListVersion(() => primary().delete(sensitiveCodes).where(eq(sensitiveCodes.code, subject.code)))
    await remaskAll(deps())
    for (const c of cases) {
      expect((await lawsuitOf(c.cnj)).sensitive).toBe(0)
      expect(await (await get(`/processos/${formatCnj(c.cnj)}`)).text()).toContain(c.mother.toUpperCase())
      expect((await articleOf(c.externalId)).body).toContain(c.mother.toUpperCase())
      expect((await personRows(c.mother)).map((p) => inShard(8)(p.id))).toEqual([true])
      expect((await get(`/pessoas/${slugify(c.mother)}`)).status).toBe(200)
    }
    await expectMaskedEverywhere(requested)
  })

  it('the claims evidence reads the lawsuit and gazette shards (OAB, CPF)', async () => {
    const word = uniqueWord()
    const lawyer = `Teodora ${word} Lacerda`
    const c = await storedCase([PLAIN], [{ name: lawyer.toUpperCase(), oabNumber: '123456', oabUf: 'SP' }])
    const found = await oabEvidence(deps(), lawyer, '123456', 'SP')
    expect(found).toMatchObject({ source: 'processo', cnj: formatCnj(c.cnj) })

    const cpf = '52998224725'
    const externalId = `edital-cpf-${word}`
    await upsertGazetteArticles(deps(), [
      {
        ...citing(c.record, externalId, word, c.mother, c.father),
        body: `Edital. Fica citada ${c.mother.toUpperCase()}, CPF ***.982.247-**, para responder.`,
        mentions: { people: [c.mother.toUpperCase()], companies: [] },
      },
    ])
    const [person] = await personRows(c.mother)
    const evidence = await cpfEvidence(deps(), person?.id ?? 0, c.mother, cpf)
    expect(evidence).toMatchObject({ source: 'diario', masked: true })
    // Nothing of either reaches the primary: the evidence could only have come from the shards.
    expect(await primary().select().from(lawsuits).where(eq(lawsuits.cnj, c.cnj))).toEqual([])
    expect(
      await primary()
        .select()
        .from(gazetteArticles)
        .where(and(inArray(gazetteArticles.externalId, [externalId, c.externalId]))),
    ).toEqual([])
  })
})
