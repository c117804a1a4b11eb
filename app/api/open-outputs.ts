import { CATEGORIES } from '~/schemas/open-api'
import { z } from '~/schemas/zod'

// The open API's answers (decisions/0063). Field names are camelCase English, chosen once and
// documented: they are a contract with other people's programs, so they are mapped explicitly
// from the domain's records (app/domain/open-api/read.server.ts), never spread from them.

const d = (description: string) => ({ description })
const nullableText = (description: string) => z.string().nullable().meta(d(description))

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
    snippet: z
      .string()
      .nullable()
      .optional()
      .meta(d('O trecho que contém os termos buscados, em texto simples (sem marcações).')),
    highlights: z
      .array(
        z
          .object({
            start: z.number().int().nonnegative().meta(d('Início do termo em snippet (inclusivo).')),
            end: z.number().int().positive().meta(d('Fim do termo em snippet (exclusivo).')),
          })
          .meta({ id: 'Destaque' }),
      )
      .optional()
      .meta(
        d(
          'Onde estão os termos buscados em snippet, para destacá-los: posições em unidades de código UTF-16 (como String.prototype.slice em JavaScript), em ordem. Vazio quando snippet é null.',
        ),
      ),
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
