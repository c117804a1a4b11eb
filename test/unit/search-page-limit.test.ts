import { describe, expect, it } from 'vitest'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { MAX_PAGE } from '~/domain/search/request'
import { PAGE_SIZE } from '~/domain/search/types'
import { db } from './claims-helpers'
import { gazetteArticleRecord, get } from './helpers'

// Issue 38, item 13: `qo=d` "portaria" said 2.861 results and stopped at page 100 without a word.
// Past the pages the search reaches, the pagination says so and how to refine, and the last
// reachable page says it is the last one. Its 2,015 matérias run apart (own-database.mjs).

const WORD = 'quodlibetaria'
const GAZETTE = { slug: 'doe-limite-paginas', name: 'Diário Oficial do Limite', uf: 'SP' }
const reachable = MAX_PAGE * PAGE_SIZE

describe('the last page a search reaches', () => {
  it('is announced, with the filters as the way to the rest', async () => {
    const records = Array.from({ length: reachable + 15 }, (_, i) =>
      gazetteArticleRecord('limite', String(i), `Portaria ${WORD} número ${i}.`, '2024-03-04', GAZETTE),
    )
    for (let i = 0; i < records.length; i += 500) await upsertGazetteArticles(db(), records.slice(i, i + 500))
    const limit = `Só os primeiros ${reachable.toLocaleString('pt-BR')} resultados podem ser paginados. Use os filtros para refinar a busca.`

    const first = await (await get(`/busca?q=${WORD}&qo=d`)).text()
    expect(first).toContain(`${(reachable + 15).toLocaleString('pt-BR')} resultados`)
    expect(first).toContain(limit)
    expect(first).not.toContain('Esta é a última página')

    const last = await (await get(`/busca?q=${WORD}&qo=d&page=${MAX_PAGE}`)).text()
    expect(last).toContain('Esta é a última página que a busca mostra')
    expect(last).toContain('refine a busca com os filtros')
    expect(last).toContain(limit)
    expect(last).not.toContain('rel="next"')
  }, 60_000)

  it('says nothing of a limit when every result is reachable', async () => {
    await upsertGazetteArticles(db(), [
      gazetteArticleRecord('limite-poucos', '1', 'Portaria quodlibetina.', '2024-03-04', GAZETTE),
    ])
    const html = await (await get('/busca?q=quodlibetina&qo=d')).text()
    expect(html).toContain('1 resultado')
    expect(html).not.toContain('podem ser paginados')
  })
})
