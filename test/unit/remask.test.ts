import { env } from 'cloudflare:test'
import { eq, max } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { gazetteArticles, lawsuits, people } from '~/db/schema-corpus'
import { monitoringHits, monitorings, webhookOutbox } from '~/db/schema-monitoring'
import { remaskRuns, sensitiveCodes, sensitiveListVersions } from '~/db/schema-privacy'
import { formatCnj } from '~/domain/corpus/cnj'
import { slugify } from '~/domain/corpus/import/text'
import { remaskAll, remaskSlice } from '~/domain/corpus/masking/remask.server'
import { initials } from '~/domain/privacy/initials'
import { createUser, deps, get } from './helpers'
import { importSensitiveCase } from './masking-helpers'

// Issue 30: changing the sensitive-code list and running one command re-masks everything stored,
// resumably, and purges the edge cache of what it touched (decisions/0064).

const db = () => deps().db
/** A TPU subject no list version holds: DIREITO DO CONSUMIDOR > ... SERVIÇOS DE SAÚDE is listed, this is not. */
const PLAIN_SUBJECT = { code: 10434, name: 'Serviços de Saúde' }

async function newListVersion(change: () => Promise<unknown>) {
  const [latest] = await db()
    .select({ v: max(sensitiveListVersions.version) })
    .from(sensitiveListVersions)
  const version = (latest?.v ?? 1) + 1
  await change()
  await db()
    .insert(sensitiveListVersions)
    .values({ version, note: `teste ${version}` })
  return version
}

describe('re-mask on a changed list', () => {
  it('a subject added to the list masks the stored case, its matéria and its people; removed, they come back; the cache is purged', async () => {
    // Stored while its subject was not on the list: names public, person pages made.
    await db().delete(sensitiveCodes).where(eq(sensitiveCodes.code, PLAIN_SUBJECT.code))
    const c = await importSensitiveCase({ subjects: [PLAIN_SUBJECT] })
    const page = () => get(`/processos/${formatCnj(c.cnj)}`).then((r) => r.text())
    expect(await page()).toContain(c.mother.toUpperCase())
    expect((await get(`/pessoas/${slugify(c.mother)}`)).status).toBe(200)
    const versionBefore = await env.PAGE_VERSIONS.get(`v:processo:${c.cnj}`)
    // An alert made while the names were public, and its webhook delivery not yet sent.
    const [stored] = await db()
      .select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, c.articleExternalId))
    const user = await createUser()
    const [watch] = await db()
      .insert(monitorings)
      .values({ userId: user.id, kind: 'nome', term: c.mother, sources: ['djen'] })
      .returning()
    const [hit] = await db()
      .insert(monitoringHits)
      .values({
        monitoringId: watch?.id ?? 0,
        userId: user.id,
        documentKind: 'materia',
        documentId: stored?.id ?? 0,
        title: 'Nome citado',
        url: `/diarios/materia/${stored?.id}`,
        excerpt: { before: 'Requerente: ', match: c.mother.toUpperCase(), after: '. Requerido: …' },
        reasons: ['Nome exato'],
        contextKey: `processo:${c.cnj}`,
      })
      .returning()
    await db()
      .insert(webhookOutbox)
      .values({
        userId: user.id,
        deliveryKey: `teste-${c.word}`,
        event: 'ocorrencia',
        hitId: hit?.id,
        body: JSON.stringify({ trecho: `Requerente: ${c.mother.toUpperCase()}.` }),
      })

    const version = await newListVersion(() =>
      db().insert(sensitiveCodes).values({
        kind: 'assunto',
        code: PLAIN_SUBJECT.code,
        name: 'SERVIÇOS DE SAÚDE',
        root: PLAIN_SUBJECT.code,
        basis: 'LGPD art. 11 (teste)',
        version: 0,
      }),
    )
    // Resumable: one lawsuit per slice; the cursor in D1 moves slice by slice.
    const first = await remaskSlice(deps(), 1)
    expect(first).toMatchObject({ version, phase: 'processos' })
    const [run] = await db().select().from(remaskRuns).where(eq(remaskRuns.version, version))
    expect(run?.cursor).toBe(first.cursor)
    await remaskAll(deps(), 1)
    const [done] = await db().select().from(remaskRuns).where(eq(remaskRuns.version, version))
    expect(done?.phase).toBe('fim')

    const masked = await page()
    expect(masked).toContain(`<li>${initials(c.mother)}</li>`)
    expect(masked).not.toContain(c.mother.toUpperCase())
    expect((await get(`/pessoas/${slugify(c.mother)}`)).status).toBe(404)
    expect(
      await db()
        .select()
        .from(people)
        .where(eq(people.slug, slugify(c.mother))),
    ).toEqual([])
    const [article] = await db()
      .select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, c.articleExternalId))
    expect(article?.body).toContain(`Requerente: ${initials(c.mother)}`)
    expect(article?.body).not.toContain(c.mother.toUpperCase())
    const byName = await (await get(`/busca?q=${encodeURIComponent(c.mother)}&qo=en`)).text()
    expect(byName).not.toContain(formatCnj(c.cnj))
    const [maskedHit] = await db()
      .select()
      .from(monitoringHits)
      .where(eq(monitoringHits.id, hit?.id ?? 0))
    expect(maskedHit?.excerpt?.match).toBe(initials(c.mother))
    const [delivery] = await db()
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.hitId, hit?.id ?? 0))
    expect(delivery?.body).toContain(`Requerente: ${initials(c.mother)}`)
    expect(delivery?.body).not.toContain(c.mother.toUpperCase())
    // The page's cache scope moved on: no cached copy with the names is served again.
    expect(await env.PAGE_VERSIONS.get(`v:processo:${c.cnj}`)).not.toBe(versionBefore)
    expect(await env.PAGE_VERSIONS.get(`v:pessoa:${slugify(c.mother)}`)).toBeTruthy()

    // The code leaves the list: the walk for the next version gives the names back.
    await newListVersion(() => db().delete(sensitiveCodes).where(eq(sensitiveCodes.code, PLAIN_SUBJECT.code)))
    await remaskAll(deps())
    const [row] = await db().select().from(lawsuits).where(eq(lawsuits.cnj, c.cnj))
    expect(row?.sensitive).toBe(0)
    expect(await page()).toContain(c.mother.toUpperCase())
    expect((await get(`/pessoas/${slugify(c.mother)}`)).status).toBe(200)
  })

  it('a walk already finished for the list in force does nothing more', async () => {
    await remaskAll(deps())
    const again = await remaskSlice(deps())
    expect(again).toMatchObject({ phase: 'fim', changed: 0 })
  })
})
