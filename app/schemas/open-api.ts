import { SEARCH_CATEGORIES } from '~/domain/search/types'
import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'

// The open API's shapes (decisions/0063). Field names are camelCase English, chosen once and
// documented: they are a contract with other people's programs, so they are mapped explicitly
// from the domain's records (app/domain/open-api/read.server.ts), never spread from them.
// Query parameters keep the site's own names (`q`, `uf`, `tribunal`…), so a page's address
// translates to a call.

const d = (description: string) => ({ description })
const nullableText = (description: string) => z.string().nullable().meta(d(description))

export const CATEGORIES = SEARCH_CATEGORIES.filter((c) => c !== 't') as Exclude<
  (typeof SEARCH_CATEGORIES)[number],
  't'
>[]

const cursorField = z
  .string()
  .max(200)
  .optional()
  .meta(
    d('A página seguinte: o nextCursor da resposta anterior, com os mesmos filtros. Sem ele, a primeira.'),
  )

/** Repeated in the query (`uf=SP&uf=RJ`) or once. */
const many = (description: string) =>
  z
    .union([z.string().max(40), z.array(z.string().max(40)).max(30)])
    .optional()
    .meta(d(description))

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('validation.date'))

export const searchInput = z.object({
  categoria: z
    .enum(CATEGORIES, { error: () => t('openApi.badCategory') })
    .meta(d('p pessoas, i empresas, d diários oficiais, en processos, jr jurisprudência, leis legislação.')),
  q: z
    .string({ error: () => t('openApi.queryRequired') })
    .trim()
    .min(1, t('openApi.queryRequired'))
    .max(1000)
    .meta(d('O termo de busca, como na caixa de busca do site (aspas, OR, -palavra).')),
  cursor: cursorField,
  uf: many('Estados (sigla), em pessoas, empresas, diários e processos.'),
  cidade: z.string().max(80).optional().meta(d('Cidade (endereço da cidade no site), com um só uf.')),
  tribunal: many('Tribunais (sigla), em processos e jurisprudência.'),
  diario: z.string().max(80).optional().meta(d('Diário oficial (endereço no site), em diários.')),
  caderno: z.string().max(80).optional().meta(d('Caderno do diário, em diários.')),
  tipo: z.string().max(12).optional().meta(d('Código da classe processual, em processos.')),
  especie: z.string().max(80).optional().meta(d('Espécie da norma, em legislação.')),
  de: isoDate
    .optional()
    .meta(d('Data inicial (AAAA-MM-DD), em diários, processos, jurisprudência e legislação.')),
  ate: isoDate.optional().meta(d('Data final (AAAA-MM-DD).')),
  ordem: z.enum(['relevancia', 'recentes']).optional().meta(d('relevancia (padrão) ou recentes.')),
})

const searchItem = z
  .object({
    id: z.number().int(),
    title: z.string().meta(d('O nome, o título ou o número.')),
    url: z.string().meta(d('A página do item no site.')),
    lawsuits: z.number().int().optional().meta(d('Processos em que aparece (pessoas e empresas).')),
    gazetteArticles: z
      .number()
      .int()
      .optional()
      .meta(d('Matérias de diário que o citam (pessoas e empresas).')),
    cnpj: z.string().optional(),
    gazette: z.string().optional(),
    date: z.string().nullable().optional().meta(d('AAAA-MM-DD.')),
    section: z.string().nullable().optional(),
    court: z.string().optional(),
    className: z.string().nullable().optional(),
    parties: z.array(z.string()).optional(),
    rapporteur: z.string().nullable().optional(),
    summary: z.string().optional(),
    snippet: z.string().nullable().optional().meta(d('O trecho que contém os termos buscados.')),
  })
  .meta({ id: 'ResultadoDeBusca' })

export const searchOutput = z
  .object({
    category: z.enum(CATEGORIES),
    query: z.string(),
    total: z.number().int().meta(d('Quantos resultados a busca tem ao todo.')),
    items: z.array(searchItem),
    nextCursor: z.string().nullable().meta(d('Para a página seguinte; null na última.')),
  })
  .meta({ id: 'Busca' })

const lawyer = z.object({ name: z.string(), oab: z.string().nullable() })
const party = z.object({
  pole: z.enum(['ativo', 'passivo', 'outros']),
  name: z.string(),
  url: z.string().nullable().meta(d('A página da pessoa ou empresa, quando há.')),
  lawyers: z.array(lawyer),
})

export const cnjInput = z.object({
  numero: z.string().max(40).meta(d('Número CNJ, com ou sem máscara (0000000-00.0000.0.00.0000).')),
})

export const lawsuitOutput = z
  .object({
    number: z.string().meta(d('Número CNJ com máscara.')),
    court: z.string(),
    degree: z.string().nullable(),
    className: nullableText('Classe processual.'),
    judgingBody: nullableText('Órgão julgador.'),
    filedAt: nullableText('Data de ajuizamento.'),
    updatedAt: nullableText('Última atualização na fonte.'),
    subjects: z.array(z.string()),
    parties: z.array(party),
    movements: z.array(z.object({ at: z.string(), code: z.number().int().nullable(), name: z.string() })),
    gazetteArticles: z.array(
      z.object({ id: z.number().int(), title: z.string(), date: z.string(), gazette: z.string() }),
    ),
    url: z.string(),
  })
  .meta({ id: 'Processo' })

const positiveId = z.coerce
  .number({ error: () => t('openApi.badId') })
  .int({ error: () => t('openApi.badId') })
  .positive({ error: () => t('openApi.badId') })
  .max(Number.MAX_SAFE_INTEGER, { error: () => t('openApi.badId') })
  .meta(d('O número da página no site.'))
export const idInput = z.object({ id: positiveId })

export const gazetteArticleOutput = z
  .object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    date: z.string(),
    kind: z.string().nullable(),
    organ: z.string().nullable(),
    page: z.number().int().nullable(),
    gazette: z.object({ slug: z.string(), name: z.string() }),
    edition: z.object({ date: z.string(), number: z.string().nullable(), extra: z.boolean() }),
    section: z.string().nullable(),
    lawsuitNumber: nullableText('O processo da matéria, quando é público.'),
    mentions: z.array(z.object({ name: z.string(), url: z.string() })),
    url: z.string(),
  })
  .meta({ id: 'Materia' })

export const decisionOutput = z
  .object({
    id: z.number().int(),
    court: z.string(),
    className: z.string().nullable(),
    number: z.string(),
    rapporteur: z.string().nullable(),
    judgingBody: z.string().nullable(),
    judgedAt: z.string().nullable(),
    publishedAt: z.string().nullable(),
    summary: z.string().meta(d('Ementa.')),
    fullText: z.string().nullable(),
    outcome: z.string().nullable(),
    url: z.string(),
  })
  .meta({ id: 'Decisao' })

const slugField = z
  .string()
  .max(200)
  .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, t('openApi.badSlug'))
  .meta(d('O endereço da página no site (o que vem depois da última barra).'))

export const statuteArticleInput = z.object({
  slug: slugField,
  dispositivo: z
    .string()
    .max(60)
    .regex(/^[a-z0-9_-]+$/, t('openApi.badSlug'))
    .meta(d('A âncora do dispositivo na página (art5 para o art. 5º).')),
})

const provision = z.object({
  anchor: z.string(),
  kind: z.string().meta(d('artigo, paragrafo, inciso, alinea, item, titulo, capitulo, secao, subsecao.')),
  text: z.string(),
  depth: z.number().int(),
})

export const statuteArticleOutput = z
  .object({
    statute: z.object({
      slug: z.string(),
      kind: z.string(),
      number: z.string().nullable(),
      date: z.string(),
      title: z.string(),
      summary: z.string(),
      sphere: z.enum(['federal', 'estadual', 'municipal']),
    }),
    provisions: z
      .array(provision)
      .meta(d('O dispositivo e os que estão dentro dele (parágrafos, incisos…).')),
    url: z.string(),
  })
  .meta({ id: 'DispositivoDeNorma' })

export const slugInput = z.object({ slug: slugField })

const appearances = {
  lawsuits: z.array(
    z.object({
      number: z.string(),
      court: z.string(),
      className: z.string().nullable(),
      filedAt: z.string().nullable(),
      pole: z.string(),
    }),
  ),
  gazetteArticles: z.array(
    z.object({ id: z.number().int(), title: z.string(), date: z.string(), gazette: z.string() }),
  ),
}

export const personOutput = z
  .object({
    kind: z.literal('person'),
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    city: z.string().nullable(),
    uf: z.string().nullable(),
    ...appearances,
    url: z.string(),
  })
  .meta({ id: 'Pessoa' })

export const companyOutput = z
  .object({
    kind: z.literal('company'),
    id: z.number().int(),
    cnpj: z.string(),
    legalName: z.string(),
    tradeName: z.string().nullable(),
    slug: z.string(),
    city: z.string().nullable(),
    uf: z.string().nullable(),
    ...appearances,
    url: z.string(),
  })
  .meta({ id: 'Empresa' })

export const directoryInput = z.object({
  profissao: z.string().max(80).optional().meta(d('A profissão (endereço no site: advogado, contador…).')),
  cidade: z.string().max(80).optional().meta(d('A cidade (endereço no site: campinas-sp).')),
  cursor: cursorField,
})

export const directoryOutput = z
  .object({
    profession: z.object({ slug: z.string(), singular: z.string(), plural: z.string() }).nullable(),
    city: z.object({ name: z.string(), uf: z.string(), slug: z.string() }).nullable(),
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        headline: z.string(),
        city: z.string().nullable(),
        uf: z.string().nullable(),
        servesIn: z.string().nullable().meta(d('A cidade da lista, quando o profissional atende nela.')),
        specialties: z.array(z.string()),
        followers: z.number().int(),
        url: z.string().meta(d('O perfil do profissional.')),
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'Diretorio' })
