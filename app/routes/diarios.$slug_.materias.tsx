import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { renderToStaticMarkup } from 'react-dom/server'
import { GazetteItems } from '~/components/corpus/gazette-items'
import { getEdition, getGazette, listArticles, listSections } from '~/domain/corpus/read/gazettes.server'
import { parseIsoDate } from '~/lib/dates'

/**
 * `GET /diarios/:slug/materias?data=&caderno=&page=N`: the next page of matérias as an HTML
 * fragment (spec §7), empty when there is nothing more. Not a page of its own: no layout.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const gazette = await getGazette(context.deps, params.slug ?? '')
  const date = url.searchParams.get('data')
  const page = Number.parseInt(url.searchParams.get('page') ?? '', 10)
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'public, max-age=300',
    'X-Robots-Tag': 'noindex',
  }
  if (!gazette || !parseIsoDate(date) || !Number.isInteger(page) || page < 1 || page > 10_000) {
    return new Response('', { status: gazette ? 400 : 404, headers })
  }
  const edition = await getEdition(context.deps, gazette, date)
  if (!edition) return new Response('', { headers })
  const sections = await listSections(context.deps, gazette, edition)
  const section = sections.find((s) => s.slug === url.searchParams.get('caderno')) ?? null
  const items = await listArticles(context.deps, gazette, edition, section?.id ?? null, page)
  return new Response(items.length ? renderToStaticMarkup(<GazetteItems items={items} />) : '', { headers })
}
