import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { monitoringHits, monitorings, webhookOutbox, webhooks } from '~/db/schema-monitoring'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { enqueueHitDelivery } from '~/domain/monitoring/webhook-delivery.server'
import { BASE, createUser, deps, get, plainPost, postJson, sessionCookie } from './helpers'
import { insertHit } from './monitoring-webhooks-helpers'

// Issue 28 §1: monitoring finds what it promises (decisions/0052).

const db = () => deps().db
let sequence = 28_000
const newCnj = () => buildCnj(++sequence, 2025, 8, 26, 100)

const monitorName = (cookie: string, fields: Record<string, unknown>) =>
  postJson(
    '/ajax/monitoramentos',
    { tipo: 'nome', modo: 'exato', fontes: ['diarios', 'djen', 'processos'], ...fields },
    { Cookie: cookie },
  )

const sourcesOf = async (userId: number) =>
  (await db().select().from(monitorings).where(eq(monitorings.userId, userId))).map((m) => m.sources)

function djenItem(externalId: string, body: string, cnj: string | null): GazetteArticleRecord {
  return {
    gazette: { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario', uf: null },
    edition: { date: '2026-11-20', number: '1', extra: false },
    section: 'Intimações',
    externalId,
    kind: 'Intimação',
    organ: '3ª Vara Cível de Campinas',
    title: 'Intimação',
    body,
    page: 1,
    lawsuitCnj: cnj,
  }
}

describe('what a form shows is what is saved', () => {
  it('a checkbox group posted as repeated plain fields keeps every ticked source (urlencoded and multipart)', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const plain = await plainPost(
      '/ajax/monitoramentos',
      {
        tipo: 'nome',
        termo: 'Leocádia Prates Nunes',
        modo: 'exato',
        fontes: ['diarios', 'djen', 'processos'],
      },
      cookie,
      '/monitoramentos/novo',
    )
    expect(plain.status).toBe(303)
    expect(plain.headers.get('location')).toMatch(/\/monitoramentos\/\d+\?novo=true$/)
    const form = new FormData()
    for (const [name, value] of [
      ['tipo', 'nome'],
      ['termo', 'Leocádia Prates Nunes'],
      ['modo', 'exato'],
      ['uf', 'SP'],
      ['fontes', 'djen'],
      ['fontes', 'diarios'],
    ])
      form.append(name as string, value as string)
    const multipart = await get('/ajax/monitoramentos', {
      method: 'POST',
      headers: { Origin: BASE, Cookie: cookie, Accept: 'application/json' },
      body: form,
    })
    expect(multipart.status).toBe(200)
    expect((await sourcesOf(user.id)).sort()).toEqual([
      ['diarios', 'djen'],
      ['diarios', 'djen', 'processos'],
    ])
  })
})

describe('the list of monitorings', () => {
  it('"Ocorrências" counts each monitoring’s hits, and each row shows its filters and sources', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const one = (await (await monitorName(cookie, { termo: 'Ubaldina Ferraz Reis', uf: 'SP' })).json()) as {
      monitoramento: { id: number }
    }
    const two = (await (
      await monitorName(cookie, { termo: 'Ubaldina Ferraz Reis', oab: '12345/SP', fontes: ['djen'] })
    ).json()) as { monitoramento: { id: number } }
    const hit = (monitoringId: number, documentId: number) => ({
      monitoringId,
      userId: user.id,
      documentKind: 'materia' as const,
      documentId,
      title: 'Ocorrência',
      url: `/diarios/materia/${documentId}`,
      reasons: ['Nome exato'],
      contextKey: 'diario:DOU|',
    })
    const base = 880_000 + Math.floor(Math.random() * 50_000)
    await db()
      .insert(monitoringHits)
      .values([
        hit(one.monitoramento.id, base),
        hit(one.monitoramento.id, base + 1),
        hit(two.monitoramento.id, base + 2),
      ])
    const page = await (await get('/monitoramentos', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('2 ocorrências')
    expect(page).toContain('1 ocorrência')
    expect(page).not.toContain('Nenhuma ainda')
    expect(page).toContain('estado SP; Diários oficiais, Comunicações do DJEN, Partes de processos')
    expect(page).toContain('OAB 12345/SP; Comunicações do DJEN')
  })
})

describe('no alert for what predates the monitoring', () => {
  it('a DJEN item imported before a lawsuit monitoring is history, not a hit; one imported after is', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const cnj = newCnj()
    const numero = formatCnj(cnj)
    const from = Date.now() - 1_000
    const tag = crypto.randomUUID()
    await upsertGazetteArticles(db(), [djenItem(`antes-${tag}`, `Processo ${numero}: intime-se.`, cnj)])
    const created = await postJson(
      '/api/interno/processos',
      { numero_processo: numero, tipo: 'processo', origem_criacao: 'BOTAO_MONITORAR_PAGINA_PROCESSO' },
      { Cookie: cookie },
    )
    const id = ((await created.json()) as { monitoramento: { id: number } }).monitoramento.id
    const named = (await (await monitorName(cookie, { termo: 'Eulália Antunes Brito' })).json()) as {
      monitoramento: { id: number }
    }
    await checkWindow(deps(), { from, to: Date.now() + 60_000 })
    expect(await db().select().from(monitoringHits).where(eq(monitoringHits.monitoringId, id))).toEqual([])

    await upsertGazetteArticles(db(), [
      djenItem(`depois-${tag}`, `Processo ${numero}: intime-se EULÁLIA ANTUNES BRITO.`, cnj),
    ])
    await checkWindow(deps(), { from, to: Date.now() + 60_000 })
    const hits = await db().select().from(monitoringHits).where(eq(monitoringHits.monitoringId, id))
    expect(hits).toHaveLength(1)
    const nameHits = await db()
      .select()
      .from(monitoringHits)
      .where(eq(monitoringHits.monitoringId, named.monitoramento.id))
    expect(nameHits).toHaveLength(1)

    // The page says what the past is: history to read, not alerts.
    const page = await (await get(`/monitoramentos/${id}`, { headers: { Cookie: cookie } })).text()
    expect(page).toMatch(/Avisamos só do que chegar a partir de \d{2}\/\d{2}\/\d{4}/)
    expect(page).toContain('O histórico anterior está na página do processo.')
  })

  it('a name already in the corpus before the monitoring gives no hit', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const from = Date.now() - 1_000
    await upsertGazetteArticles(db(), [
      djenItem(`nome-${crypto.randomUUID()}`, 'Intime-se FILOMENA DUARTE QUEIROGA do despacho.', null),
    ])
    const created = (await (await monitorName(cookie, { termo: 'Filomena Duarte Queiroga' })).json()) as {
      monitoramento: { id: number }
    }
    await checkWindow(deps(), { from, to: Date.now() + 60_000 })
    expect(
      await db()
        .select()
        .from(monitoringHits)
        .where(eq(monitoringHits.monitoringId, created.monitoramento.id)),
    ).toEqual([])
  })
})

describe('duplicates and the webhook address', () => {
  it('refuses an exact duplicate in Portuguese, even five at once; another filter is another monitoring', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const fields = { termo: 'Zuleica Prado Mota', uf: 'RJ', fontes: ['djen', 'diarios'] }
    const answers = await Promise.all(Array.from({ length: 5 }, () => monitorName(cookie, fields)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409])
    const refused = answers.find((r) => r.status === 409)
    expect(await refused?.json()).toMatchObject({
      errors: [
        'Você já tem um monitoramento igual (mesmo termo, filtros e fontes). Mude algum filtro ou abra o existente.',
      ],
    })
    // The same sources ticked in another order are the same monitoring.
    expect((await monitorName(cookie, { ...fields, fontes: ['diarios', 'djen'] })).status).toBe(409)
    expect((await monitorName(cookie, { ...fields, uf: 'SP' })).status).toBe(200)
    expect(await sourcesOf(user.id)).toHaveLength(2)
  })

  it('the webhook payload’s url is absolute, on the site’s main origin', async () => {
    const { user, hit } = await insertHit({
      term: 'tomada de preços',
      documentId: 970_000 + Math.floor(Math.random() * 9_999),
      title: '“tomada de preços” em DOU',
      url: '/diarios/materia/970001',
    })
    await db()
      .insert(webhooks)
      .values({ userId: user.id, url: 'https://ganchos.exemplo.com.br/x', secret: 's' })
    const id = await enqueueHitDelivery(deps(), hit?.id ?? 0)
    const [row] = await db()
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.id, id ?? 0))
    const body = JSON.parse(row?.body ?? '{}') as { ocorrencia: { url: string } }
    expect(body.ocorrencia.url).toBe(`${BASE}/diarios/materia/970001`)
  })
})
