import { and, eq, inArray, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { monitoringHits, monitorings } from '~/db/schema-monitoring'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { MONITORING_LIMIT } from '~/domain/monitoring/monitorings.server'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'

const db = () => deps().db
const base = { court: 'TJSP', subjects: [], parties: [], movements: [] }
let sequence = 7000
const newCnj = () => buildCnj(++sequence, 2025, 8, 26, 100)
/** Everything imported from a minute ago to a minute from now. */
const window = () => ({ from: Date.now() - 60_000, to: Date.now() + 60_000 })

const monitorLawsuit = (cookie: string, numero: string) =>
  postJson(
    '/api/interno/processos',
    {
      numero_processo: numero,
      termo: numero,
      tipo: 'processo',
      origem_criacao: 'BOTAO_MONITORAR_PAGINA_PROCESSO',
    },
    { Cookie: cookie },
  )

const monitorName = (cookie: string, fields: Record<string, unknown>) =>
  postJson(
    '/ajax/monitoramentos',
    { tipo: 'nome', modo: 'exato', fontes: ['diarios', 'djen', 'processos'], ...fields },
    { Cookie: cookie },
  )

function materia(
  externalId: string,
  body: string,
  extra: Partial<GazetteArticleRecord> = {},
): GazetteArticleRecord {
  return {
    gazette: {
      slug: 'dje-tjsp',
      name: 'Diário da Justiça Eletrônico do TJSP',
      sphere: 'judiciario',
      uf: 'SP',
    },
    edition: { date: '2026-11-20', number: '4100', extra: false },
    section: 'Caderno 3 - Judicial',
    externalId,
    kind: 'Intimação',
    organ: '2ª Vara Cível de Campinas',
    title: 'Intimação',
    body,
    page: 12,
    lawsuitCnj: null,
    ...extra,
  }
}

describe('creating monitorings', () => {
  it('monitors a lawsuit by number: success answers the id, pressing again opens the same one', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const cnj = newCnj()
    await upsertLawsuits(db(), [{ ...base, cnj, secrecyLevel: 0, source: 'teste' }])
    const first = await monitorLawsuit(cookie, formatCnj(cnj))
    expect(first.status).toBe(200)
    const body = (await first.json()) as { status: string; monitoramento: { id: number } }
    expect(body.status).toBe('success')
    const again = (await (await monitorLawsuit(cookie, cnj)).json()) as { monitoramento: { id: number } }
    expect(again.monitoramento.id).toBe(body.monitoramento.id)
    const page = await (
      await get(`/monitoramentos/${body.monitoramento.id}?novo=true`, { headers: { Cookie: cookie } })
    ).text()
    expect(page).toContain('Monitoramento criado.')
    expect(page).toContain(`Cada nova movimentação do processo ${formatCnj(cnj)}`)
  })

  it("refuses with status 'failed' and errors[]: a bad number, no login", async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const bad = await monitorLawsuit(cookie, '1234567-00.2024.8.26.0100')
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({
      status: 'failed',
      errors: ['Número de processo inválido. Confira os 20 dígitos no formato NNNNNNN-DD.AAAA.J.TR.OOOO.'],
    })
    const anonymous = await monitorLawsuit('', newCnj())
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ status: 'failed' })
    expect(await db().select().from(monitorings).where(eq(monitorings.userId, user.id))).toEqual([])
  })

  it('answers a secret lawsuit as any number not in the base, and its monitoring never tells it', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const secret = newCnj()
    const unknown = newCnj()
    await upsertLawsuits(db(), [{ ...base, cnj: secret, secrecyLevel: 1, source: 'teste' }])
    const answers = []
    for (const cnj of [secret, unknown]) {
      const response = await monitorLawsuit(cookie, formatCnj(cnj))
      const body = (await response.json()) as { monitoramento: { id: number }; redirect_url: string }
      const page = await (await get(body.redirect_url, { headers: { Cookie: cookie } })).text()
      answers.push({
        status: response.status,
        body: JSON.stringify(body).replaceAll(String(body.monitoramento.id), 'ID'),
        page: page.includes(`O processo ${formatCnj(cnj)} ainda não está na nossa base`),
      })
    }
    // The same answer and the same page: nothing tells the secret lawsuit from an unknown number.
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0]).toMatchObject({ status: 200, page: true })

    // The secret lawsuit moves and is cited: no hit, no notification, ever.
    const [watch] = await db()
      .select()
      .from(monitorings)
      .where(and(eq(monitorings.userId, user.id), eq(monitorings.cnj, secret)))
    await upsertLawsuits(db(), [
      {
        ...base,
        cnj: secret,
        secrecyLevel: 1,
        source: 'teste',
        movements: [
          { at: '2026-11-21T10:00:00', code: 51, name: 'Conclusos para despacho', complements: null },
        ],
      },
    ])
    await upsertGazetteArticles(db(), [
      materia(`sg-${Date.now()}`, `Processo ${formatCnj(secret)}. Segredo de justiça.`, {
        lawsuitCnj: secret,
      }),
    ])
    await checkWindow(deps(), window())
    expect(
      await db()
        .select()
        .from(monitoringHits)
        .where(eq(monitoringHits.monitoringId, watch?.id ?? 0)),
    ).toEqual([])
    expect(
      await db()
        .select()
        .from(notifications)
        .where(like(notifications.dedupeKey, `monitoramento:${watch?.id}:%`)),
    ).toEqual([])
  })

  it(`stops at ${MONITORING_LIMIT} monitorings per person with a clear message`, async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const rows = Array.from({ length: MONITORING_LIMIT }, (_, i) => ({
      userId: user.id,
      kind: 'termo' as const,
      term: `termo ${i}`,
      sources: ['diarios'],
    }))
    for (let i = 0; i < rows.length; i += 10)
      await db()
        .insert(monitorings)
        .values(rows.slice(i, i + 10))
    const refused = await monitorName(cookie, { termo: 'Mais Um Nome' })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({
      errors: ['Você pode ter até 100 monitoramentos. Exclua algum para criar outro.'],
    })
  })

  it('checks the name form: a term too short, no source, a bad CPF fragment', async () => {
    const cookie = await sessionCookie((await createUser()).id)
    const response = await monitorName(cookie, { termo: 'Al', fontes: [], documento: '12' })
    expect(response.status).toBe(422)
    const body = (await response.json()) as { errors: string[] }
    expect(body.errors).toEqual(
      expect.arrayContaining([
        'O nome ou termo precisa ter ao menos 3 letras.',
        'Escolha ao menos uma fonte.',
        'Informe o CPF ou CNPJ, inteiro ou um trecho de 3 a 14 dígitos.',
      ]),
    )
  })
})

describe('checking what enters the corpus', () => {
  it('announces a monitored number when it first arrives, then each new movement, never twice', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const cnj = newCnj()
    const created = (await (await monitorLawsuit(cookie, cnj)).json()) as { monitoramento: { id: number } }
    const id = created.monitoramento.id
    await upsertLawsuits(db(), [
      {
        ...base,
        cnj,
        secrecyLevel: 0,
        source: 'teste',
        movements: [{ at: '2026-11-01T10:00:00', code: 26, name: 'Distribuição', complements: null }],
      },
    ])
    await checkWindow(deps(), window())
    await upsertLawsuits(db(), [
      {
        ...base,
        cnj,
        secrecyLevel: 0,
        source: 'outra-fonte',
        movements: [{ at: '2026-11-21T15:00:00', code: 85, name: 'Juntada de Petição', complements: null }],
      },
    ])
    await checkWindow(deps(), window())
    await checkWindow(deps(), window()) // a retry, or the cron's re-check
    const hits = await db().select().from(monitoringHits).where(eq(monitoringHits.monitoringId, id))
    const titles = hits.map((h) => h.title).sort()
    expect(titles).toEqual(
      [
        `O processo ${formatCnj(cnj)} chegou à nossa base (TJSP)`,
        // Each movement in plain words, from the TPU code (issue 41 §4).
        `Processo ${formatCnj(cnj)}: Distribuição – O processo foi distribuído: sorteado ou encaminhado a um juiz ou órgão julgador.`,
        `Processo ${formatCnj(cnj)}: Juntada de Petição – Uma petição de uma das partes (ou de outra pessoa no processo) foi juntada aos autos.`,
      ].sort(),
    )
  })

  it('finds a name in a new matéria, says why, and "não sou eu" skips that context next time', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const tag = `${Date.now()}`
    const created = (await (
      await monitorName(cookie, { termo: 'Benedita Quaresma Falcão', uf: 'SP' })
    ).json()) as { monitoramento: { id: number } }
    const id = created.monitoramento.id
    await upsertGazetteArticles(db(), [
      materia(`m1-${tag}`, 'Fica intimada BENEDITA QUARESMA FALCÃO, por seu advogado, a se manifestar.'),
      materia(`m2-${tag}`, 'Fica intimada BENEDITA QUARESMA FALCÃO SANTOS a comparecer.'),
    ])
    await checkWindow(deps(), window())
    const [hit, ...others] = await db()
      .select()
      .from(monitoringHits)
      .where(eq(monitoringHits.monitoringId, id))
    expect(others).toEqual([]) // "… FALCÃO SANTOS" is someone else
    expect(hit?.title).toBe('“Benedita Quaresma Falcão” em Diário da Justiça Eletrônico do TJSP')
    expect(hit?.excerpt?.match).toBe('BENEDITA QUARESMA FALCÃO')
    expect(hit?.reasons.join(' ')).toMatch(/SP/)

    const dismissed = await postJson(
      `/ajax/monitoramentos/ocorrencias/${hit?.id}/nao-sou-eu`,
      {},
      { Cookie: cookie },
    )
    expect(dismissed.status).toBe(200)
    await upsertGazetteArticles(db(), [
      materia(`m3-${tag}`, 'Intime-se BENEDITA QUARESMA FALCÃO do despacho.'),
      materia(`m4-${tag}`, 'Intime-se BENEDITA QUARESMA FALCÃO do despacho.', {
        organ: '5ª Vara da Família',
      }),
    ])
    await checkWindow(deps(), window())
    const after = await db()
      .select()
      .from(monitoringHits)
      .where(and(eq(monitoringHits.monitoringId, id)))
    // The same issuing body is skipped; another one still counts.
    expect(after.filter((h) => !h.dismissedAt).map((h) => h.contextKey)).toEqual([
      'diario:Diário da Justiça Eletrônico do TJSP|5ª Vara da Família',
    ])
  })

  it('never produces a hit from a matéria about a secret lawsuit', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const secret = newCnj()
    await upsertLawsuits(db(), [{ ...base, cnj: secret, secrecyLevel: 1, source: 'teste' }])
    const created = (await (await monitorName(cookie, { termo: 'Leocádia Prudente Bastos' })).json()) as {
      monitoramento: { id: number }
    }
    await upsertGazetteArticles(db(), [
      materia(`s-${Date.now()}`, 'Partes: LEOCÁDIA PRUDENTE BASTOS. Segredo de justiça.', {
        lawsuitCnj: secret,
      }),
    ])
    await checkWindow(deps(), window())
    expect(
      await db()
        .select()
        .from(monitoringHits)
        .where(eq(monitoringHits.monitoringId, created.monitoramento.id)),
    ).toEqual([])
  })

  it('deleting monitorings removes their hits and notifications, only the owner’s', async () => {
    const owner = await createUser()
    const stranger = await createUser()
    const cookie = await sessionCookie(owner.id)
    const created = (await (await monitorName(cookie, { termo: 'Apolinário Dantas Rebouças' })).json()) as {
      monitoramento: { id: number }
    }
    const id = created.monitoramento.id
    await db()
      .insert(notifications)
      .values({ userId: owner.id, kind: 'monitoramento', title: 'x', dedupeKey: `monitoramento:${id}:1` })
    const refused = await postJson(
      '/ajax/monitoramentos/excluir',
      { itens: [id] },
      {
        Cookie: await sessionCookie(stranger.id),
      },
    )
    expect(refused.status).toBe(404)
    const deleted = await postJson('/ajax/monitoramentos/excluir', { itens: [id] }, { Cookie: cookie })
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toMatchObject({ status: 'success', message: 'Itens excluídos' })
    expect(
      await db()
        .select()
        .from(monitorings)
        .where(inArray(monitorings.id, [id])),
    ).toEqual([])
    expect(
      await db()
        .select()
        .from(notifications)
        .where(like(notifications.dedupeKey, `monitoramento:${id}:%`)),
    ).toEqual([])
  })
})
