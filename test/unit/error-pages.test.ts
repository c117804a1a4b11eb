import { describe, expect, it } from 'vitest'
import { communities } from '~/db/schema-accounts'
import type { DomainError } from '~/domain/errors'
import { t } from '~/i18n/pt-BR'
import { errorCopy } from '~/lib/error-copy'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'

/** The visible part of a page: its <main>, without scripts. */
async function mainOf(response: Response): Promise<string> {
  const html = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, '')
  return html.match(/<main[\s\S]*<\/main>/)?.[0] ?? ''
}

describe('error pages show every status as itself (issue 28 §5)', () => {
  it("another's /artigos/{id}/editar is a 403 page that says why, not a 500 nor the reviewers' text", async () => {
    const [community] = await deps().db.select().from(communities).limit(1)
    if (!community) throw new Error('no community')
    const author = await createUser({ name: 'Autora do Artigo' })
    await mayPublishIn(author.id, community.id)
    const published = await postJson(
      '/ajax/artigos',
      { titulo: 'Um artigo de outra pessoa', comunidade_id: community.id, conteudo: 'Texto.' },
      { Cookie: await sessionCookie(author.id) },
    )
    const { artigo } = (await published.json()) as { artigo: { id: number } }
    const stranger = await sessionCookie((await createUser({ name: 'Outra Pessoa' })).id)

    const page = await get(`/artigos/${artigo.id}/editar`, { headers: { Cookie: stranger } })
    expect(page.status).toBe(403)
    const main = await mainOf(page)
    expect(main).toContain('>403<')
    expect(main).toContain('Acesso restrito')
    expect(main).toContain('Somente o autor pode alterar este artigo.')
    expect(main).not.toContain('equipe de revisão')
    expect(main).not.toContain('Algo deu errado')

    const missing = await get('/artigos/999999999/editar', { headers: { Cookie: stranger } })
    expect(missing.status).toBe(404)
    expect(await mainOf(missing)).toContain('Página não encontrada')
  })

  it('every status a DomainError can carry has its own Portuguese title and text', () => {
    const statuses: DomainError['status'][] = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429]
    for (const status of [...statuses, 410]) {
      const copy = errorCopy(status)
      expect(copy.title, String(status)).not.toBe(t('error.internal.title'))
      expect(copy.title).not.toMatch(/erro|\{/i)
      expect(copy.body.length).toBeGreaterThan(10)
    }
    expect(new Set(statuses.map((s) => errorCopy(s).title)).size).toBe(statuses.length)
    expect(errorCopy(500).title).toBe(t('error.internal.title'))
    expect(errorCopy(418).title).toBe(t('error.client.title'))
  })
})
