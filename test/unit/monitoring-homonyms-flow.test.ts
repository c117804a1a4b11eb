import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cities } from '~/db/schema-corpus'
import { monitoringHits } from '~/db/schema-monitoring'
import { importDou } from '~/domain/corpus/import/formats/dou'
import { checkWindow } from '~/domain/monitoring/check.server'
import { douXml } from '~/fixtures/homonyms/homonym-builders'
import { createUser, deps, get, plainPost, sessionCookie } from './helpers'

// Issue 28 §1 "Homonyms" (decisions/0055), end to end: the filters the form sets are the ones the
// checker reads, and a DOU matéria (no place field) is read for its place.

const portaria = (paragraph: string) =>
  douXml('Portaria', 'Ministério da Educação/Universidade Federal', 'PORTARIA Nº 77, DE 2 DE MAIO DE 2026', [
    'O REITOR, no uso de suas atribuições, resolve:',
    paragraph,
  ])

describe('a name monitor with a city, against DOU matérias', () => {
  it('refuses the homonym whose city the text names elsewhere and alerts on the person, saying why', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    // The city field's list: the real Recife row (other files may have it already).
    await deps()
      .db.insert(cities)
      .values({ code: 2611606, name: 'Recife', uf: 'PE', slug: 'recife-pe' })
      .onConflictDoNothing()
    const created = await plainPost(
      '/ajax/monitoramentos',
      {
        tipo: 'nome',
        termo: 'Leonor Quintela Vasconcelos',
        modo: 'exato',
        cidade: '2611606',
        fontes: ['diarios'],
      },
      cookie,
      '/monitoramentos/novo',
    )
    expect(created.status).toBe(303)
    expect(created.headers.get('location')).toMatch(/\/monitoramentos\/\d+\?novo=true$/)
    const id = Number(/\/monitoramentos\/(\d+)/.exec(created.headers.get('location') ?? '')?.[1])
    const from = Date.now() - 1_000
    const tag = crypto.randomUUID().slice(0, 8)
    const result = await importDou(deps().db, [
      {
        name: `outra-${tag}.xml`,
        content: portaria(
          'Art. 1º NOMEAR LEONOR QUINTELA VASCONCELOS, residente em Salmourão/SP, para o cargo de Professora.',
        ),
      },
      {
        name: `rua-${tag}.xml`,
        content: portaria('Art. 1º Sede provisória na Rua Leonor Quintela Vasconcelos, 120.'),
      },
      {
        name: `ela-${tag}.xml`,
        content: portaria(
          'Art. 1º NOMEAR LEONOR QUINTELA VASCONCELOS, residente em Recife/PE, para o cargo de Professora.',
        ),
      },
    ])
    expect(result.issues).toEqual([])
    await checkWindow(deps(), { from, to: Date.now() + 60_000 })
    const hits = await deps().db.select().from(monitoringHits).where(eq(monitoringHits.monitoringId, id))
    expect(hits).toHaveLength(1)
    expect(hits[0]?.reasons).toEqual([
      'Nome exato: “LEONOR QUINTELA VASCONCELOS”',
      'Cidade citada junto ao nome: Recife',
    ])
  })

  it('the form tells, in pt-BR, that places are read from the text', async () => {
    const user = await createUser()
    const page = await get('/monitoramentos/novo', { headers: { Cookie: await sessionCookie(user.id) } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('lemos no texto da matéria o município ou o estado citado junto ao nome')
    expect(html).toContain('name="uf"')
    expect(html).toContain('name="cidade"')
  })
})
