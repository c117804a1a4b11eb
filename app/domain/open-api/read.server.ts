import type { z } from 'zod'
import type {
  companyOutput,
  decisionOutput,
  directoryOutput,
  gazetteArticleOutput,
  lawsuitOutput,
  personOutput,
  searchOutput,
  statuteArticleOutput,
} from '~/api/open-outputs'
import type { Database } from '~/db/client.server'
import { formatCnj, isValidCnj } from '~/domain/corpus/cnj'
import { getDecision, getStatute } from '~/domain/corpus/read/documents.server'
import { getCompany, getPerson } from '~/domain/corpus/read/entities.server'
import { getArticle } from '~/domain/corpus/read/gazettes.server'
import { getLawsuit } from '~/domain/corpus/read/lawsuits.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { DIRECTORY_MAX_PAGE, loadDirectoryPage } from '~/domain/directory/directory.server'
import { DomainError } from '~/domain/errors'
import { withoutTrail } from '~/domain/search/cursor'
import { dateFilterProblems } from '~/domain/search/filters'
import { splitMarks, stripMarks } from '~/domain/search/marks'
import { MAX_PAGE, readSearchRequest } from '~/domain/search/request'
import { PAGE_SIZE, type Result, search } from '~/domain/search/search.server'
import { companyPath, decisionPath, gazetteItemPath, lawsuitPath, personPath, statutePath } from '~/lib/paths'
import { foldSlug } from '~/lib/slug'
import type { directoryInput, searchInput } from '~/schemas/open-api'
import { cursorAfter, decodeCursor, encodeCursor } from './cursor'
import { InvalidFields } from './invalid-fields'

// The open API's reads (decisions/0063): the same domain functions as the pages, their records
// mapped field by field to the documented names (the contract), links made absolute.

type Deps = { db: Database; corpus: Corpus; suggestions: KVNamespace; origin: string }

type SearchItem = z.input<typeof searchOutput>['items'][number]

/**
 * A snippet as plain text plus its matches' offsets (issue 38): the FTS markers are internal, and
 * a program that shows `snippet` must not show control characters.
 */
function snippetOf(snippet: string | null) {
  if (snippet === null) return { snippet: null, highlights: [] }
  const plain = splitMarks(snippet)
  return { snippet: plain.text, highlights: plain.highlights }
}

/** Every text of an answer without the markers: the class, not only the snippet (issue 38). */
function withoutMarks<T>(value: T): T {
  if (typeof value === 'string') return stripMarks(value) as T
  if (Array.isArray(value)) return value.map(withoutMarks) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutMarks(v)])) as T
  return value
}

function searchItem(origin: string, result: Result): SearchItem {
  const { snippet, highlights } = 'snippet' in result ? snippetOf(result.snippet) : snippetOf(null)
  const item = withoutMarks(resultFields(origin, result))
  return 'snippet' in result ? { ...item, snippet, highlights } : item
}

function resultFields(origin: string, result: Result): SearchItem {
  const base = { id: result.id, title: result.title, url: `${origin}${result.href}` }
  switch (result.kind) {
    case 'p':
      return { ...base, lawsuits: result.lawsuits, gazetteArticles: result.gazettes }
    case 'i':
      return { ...base, cnpj: result.cnpj, lawsuits: result.lawsuits, gazetteArticles: result.gazettes }
    case 'd':
      return {
        ...base,
        gazette: result.gazette,
        date: result.date,
        section: result.section,
      }
    case 'en':
      return {
        ...base,
        court: result.court,
        className: result.className,
        parties: result.parties,
      }
    case 'jr':
      return {
        ...base,
        court: result.court,
        className: result.className,
        rapporteur: result.rapporteur,
        date: result.date,
      }
    case 'leis':
      return { ...base, summary: result.summary }
  }
}

/** The query as a page's address has it: the same reader of filters as /busca. */
function searchParams(input: z.output<typeof searchInput>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(input)) {
    if (name === 'categoria' || name === 'cursor' || value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item))
  }
  return params
}

export async function searchCategory(
  deps: Deps,
  input: z.output<typeof searchInput>,
  today: string,
): Promise<z.input<typeof searchOutput>> {
  const params = searchParams(input)
  // A page shows a wrong date under its field; a program is told (the same messages).
  const problems = dateFilterProblems(params, input.categoria, today)
  const fields = Object.fromEntries(
    Object.entries(problems).map(([name, problem]) => [name, problem.message]),
  )
  if (Object.keys(fields).length) throw new InvalidFields(fields)
  const request = readSearchRequest(params, today, input.categoria)
  const identity = { c: input.categoria, q: request.q, f: request.filters }
  const page = decodeCursor(input.cursor, identity, MAX_PAGE)
  const outcome = await search(deps, { ...request, page, cursor: cursorAfter(input.cursor) })
  const section = outcome.sections.find((s) => s.category === input.categoria)
  const total = section?.total ?? 0
  const more = page < MAX_PAGE && page * PAGE_SIZE < total
  return {
    category: input.categoria,
    query: outcome.query,
    total,
    items: (section?.results ?? []).map((result) => searchItem(deps.origin, result)),
    nextCursor: more ? encodeCursor(page + 1, identity, withoutTrail(outcome.next)) : null,
  }
}

/** Secret lawsuits (`secrecy_level > 0`) are not found, as on the page (getLawsuit's PUBLIC). */
export async function lawsuitByNumber(deps: Deps, numero: string): Promise<z.input<typeof lawsuitOutput>> {
  const digits = numero.replace(/[\s.-]/g, '')
  if (!isValidCnj(digits)) throw new DomainError('cnj.invalid', 422, { field: 'numero' })
  const found = await getLawsuit(deps, digits)
  if (!found) throw new DomainError('openApi.lawsuitNotFound', 404)
  const { lawsuit } = found
  const parties = (['ativo', 'passivo', 'outros'] as const).flatMap((pole) =>
    found.parties[pole].map((party) => ({
      pole,
      name: party.name,
      url: party.personSlug
        ? `${deps.origin}${personPath(party.personSlug)}`
        : party.companySlug
          ? `${deps.origin}${companyPath(party.companySlug)}`
          : null,
      lawyers: party.lawyers.map((lawyer) => ({
        name: lawyer.name,
        oab: lawyer.oabNumber ? `${lawyer.oabNumber}${lawyer.oabUf ? `/${lawyer.oabUf}` : ''}` : null,
      })),
    })),
  )
  return {
    number: formatCnj(digits),
    court: lawsuit.court,
    degree: lawsuit.degree,
    className: lawsuit.className,
    judgingBody: lawsuit.judgingBody,
    filedAt: lawsuit.filedAt,
    updatedAt: lawsuit.updatedAt,
    subjects: found.subjects.map((subject) => subject.name),
    parties,
    movements: found.movements.map((move) => ({ at: move.at, code: move.code, name: move.name })),
    gazetteArticles: found.gazetteArticles.map((a) => ({
      id: a.id,
      title: a.title,
      date: a.date,
      gazette: a.gazette,
    })),
    url: `${deps.origin}${lawsuitPath(digits)}`,
  }
}

export async function gazetteArticleById(
  deps: Deps,
  id: number,
): Promise<z.input<typeof gazetteArticleOutput>> {
  const found = await getArticle(deps, id)
  if (!found) throw new DomainError('openApi.articleNotFound', 404)
  const { article } = found
  return {
    id: article.id,
    title: article.title,
    body: article.body,
    date: article.date,
    kind: article.kind,
    organ: article.organ,
    page: article.page,
    gazette: { slug: found.gazette.slug, name: found.gazette.name },
    edition: { date: found.edition.date, number: found.edition.number || null, extra: found.edition.extra },
    section: found.section?.name ?? null,
    // As on the page: the matéria is public, the secret case it names is not linked.
    lawsuitNumber: article.lawsuitCnj && found.lawsuitPublic ? formatCnj(article.lawsuitCnj) : null,
    mentions: found.mentions.map((m) => ({ name: m.name, url: `${deps.origin}${m.href}` })),
    url: `${deps.origin}${gazetteItemPath(article.id)}`,
  }
}

export async function decisionById(deps: Deps, id: number): Promise<z.input<typeof decisionOutput>> {
  const found = await getDecision(deps, id)
  if (!found) throw new DomainError('openApi.decisionNotFound', 404)
  return {
    id: found.id,
    court: found.court,
    className: found.className,
    number: found.number,
    rapporteur: found.rapporteur,
    judgingBody: found.judgingBody,
    judgedAt: found.judgedAt,
    publishedAt: found.publishedAt,
    summary: found.summary,
    fullText: found.fullText,
    outcome: found.outcome,
    url: `${deps.origin}${decisionPath(found.id)}`,
  }
}

/** A provision and every one inside it (deeper, until the next of its level or above). */
export async function statuteArticle(
  deps: Deps,
  slug: string,
  anchor: string,
): Promise<z.input<typeof statuteArticleOutput>> {
  const found = await getStatute(deps, foldSlug(slug))
  if (!found) throw new DomainError('openApi.statuteNotFound', 404)
  const start = found.provisions.findIndex((p) => p.anchor === anchor)
  const head = found.provisions[start]
  if (!head) throw new DomainError('openApi.provisionNotFound', 404)
  const block = [head]
  for (const next of found.provisions.slice(start + 1)) {
    if (next.depth <= head.depth) break
    block.push(next)
  }
  const { statute } = found
  return {
    statute: {
      slug: statute.slug,
      kind: statute.kind,
      number: statute.number,
      date: statute.date,
      title: statute.title,
      summary: statute.summary,
      sphere: statute.sphere,
    },
    provisions: block.map((p) => ({ anchor: p.anchor, kind: p.kind, text: p.text, depth: p.depth })),
    url: `${deps.origin}${statutePath(statute.slug, head.anchor)}`,
  }
}

function appearancesOf(
  found: Pick<NonNullable<Awaited<ReturnType<typeof getPerson>>>, 'lawsuits' | 'gazetteArticles'>,
) {
  return {
    lawsuits: found.lawsuits.map((l) => ({
      number: formatCnj(l.cnj),
      court: l.court,
      className: l.className,
      filedAt: l.filedAt,
      pole: l.pole,
    })),
    gazetteArticles: found.gazetteArticles.map((a) => ({
      id: a.id,
      title: a.title,
      date: a.date,
      gazette: a.gazette,
    })),
  }
}

export async function personBySlug(deps: Deps, slug: string): Promise<z.input<typeof personOutput>> {
  const found = await getPerson(deps, foldSlug(slug))
  if (!found) throw new DomainError('openApi.personNotFound', 404)
  const { person } = found
  return {
    kind: 'person',
    id: person.id,
    name: person.name,
    slug: person.slug,
    city: person.city,
    uf: person.uf,
    ...appearancesOf(found),
    url: `${deps.origin}${personPath(person.slug)}`,
  }
}

export async function companyBySlug(deps: Deps, slug: string): Promise<z.input<typeof companyOutput>> {
  const found = await getCompany(deps, foldSlug(slug))
  if (!found) throw new DomainError('openApi.companyNotFound', 404)
  const { company } = found
  return {
    kind: 'company',
    id: company.id,
    cnpj: company.cnpj,
    legalName: company.legalName,
    tradeName: company.tradeName,
    slug: company.slug,
    city: company.city,
    uf: company.uf,
    ...appearancesOf(found),
    url: `${deps.origin}${companyPath(company.slug)}`,
  }
}

/** The directory's list (the same loader as its pages; nobody is "the viewer" of a key's call). */
export async function directoryPage(
  deps: Deps,
  input: z.output<typeof directoryInput>,
): Promise<z.input<typeof directoryOutput>> {
  const query = {
    ...(input.profissao ? { profession: foldSlug(input.profissao) } : {}),
    ...(input.cidade ? { city: foldSlug(input.cidade) } : {}),
  }
  const page = decodeCursor(input.cursor, query, DIRECTORY_MAX_PAGE)
  const list = await loadDirectoryPage(deps, { ...query, page }, null)
  return {
    profession: list.profession,
    city: list.city ? { name: list.city.name, uf: list.city.uf, slug: list.city.slug } : null,
    total: list.total,
    items: list.entries.map((entry) => ({
      id: entry.id,
      name: entry.name,
      headline: entry.headline,
      city: entry.city,
      uf: entry.uf,
      servesIn: entry.servesIn,
      specialties: entry.specialties,
      followers: entry.follow.count,
      url: entry.url,
    })),
    nextCursor: list.page < list.pages ? encodeCursor(list.page + 1, query) : null,
  }
}
