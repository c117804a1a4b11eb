import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { isoDateField, ufField } from './fields'
import { SEARCH_CATEGORIES } from './search-categories'
import { text } from './text'

// The open API's inputs (decisions/0063; its answers: app/api/open-outputs.ts). Query and path
// parameters keep the site's own names (`q`, `uf`, `tribunal`…), so a page's address
// translates to a call.

const d = (description: string) => ({ description })

export const CATEGORIES = SEARCH_CATEGORIES.filter((c) => c !== 't') as Exclude<
  (typeof SEARCH_CATEGORIES)[number],
  't'
>[]

const cursorField = text()
  .max(200)
  .optional()
  .meta(
    d('A página seguinte: o nextCursor da resposta anterior, com os mesmos filtros. Sem ele, a primeira.'),
  )

/** Repeated in the query (`uf=SP&uf=RJ`) or once. */
const many = (description: string) =>
  z
    .union([text().max(40), z.array(text().max(40)).max(30)])
    .optional()
    .meta(d(description))

/** Repeated in the query or once, each a field of the site's own (app/schemas/fields.ts). */
const manyOf = (field: z.ZodType, description: string) =>
  z
    .union([field, z.array(field).max(30)], {
      // The field's own message (not "invalid union"): the branch that has the value's shape.
      error: (issue) =>
        (issue as { errors?: { message: string }[][] }).errors?.[Array.isArray(issue.input) ? 1 : 0]?.[0]
          ?.message,
    })
    .optional()
    .meta(d(description))

export const searchInput = z.object({
  categoria: z
    .enum(CATEGORIES, { error: () => t('openApi.badCategory') })
    .meta(d('p pessoas, i empresas, d diários oficiais, en processos, jr jurisprudência, leis legislação.')),
  q: text(t('openApi.queryRequired'))
    .trim()
    .min(1, t('openApi.queryRequired'))
    .max(1000)
    .meta(d('O termo de busca, como na caixa de busca do site (aspas, OR, -palavra).')),
  cursor: cursorField,
  uf: manyOf(ufField, 'Estados (sigla), em pessoas, empresas, diários e processos.'),
  cidade: text().max(80).optional().meta(d('Cidade (endereço da cidade no site), com um só uf.')),
  tribunal: many('Tribunais (sigla), em processos e jurisprudência.'),
  diario: text().max(80).optional().meta(d('Diário oficial (endereço no site), em diários.')),
  caderno: text().max(80).optional().meta(d('Caderno do diário, em diários.')),
  tipo: text().max(12).optional().meta(d('Código da classe processual, em processos.')),
  especie: text().max(80).optional().meta(d('Espécie da norma, em legislação.')),
  de: isoDateField
    .optional()
    .meta(d('Data inicial (AAAA-MM-DD), em diários, processos, jurisprudência e legislação.')),
  ate: isoDateField.optional().meta(d('Data final (AAAA-MM-DD).')),
  ordem: z.enum(['relevancia', 'recentes']).optional().meta(d('relevancia (padrão) ou recentes.')),
})

export const cnjInput = z.object({
  numero: text().max(40).meta(d('Número CNJ, com ou sem máscara (0000000-00.0000.0.00.0000).')),
})

const positiveId = z.coerce
  .number({ error: () => t('openApi.badId') })
  .int({ error: () => t('openApi.badId') })
  .positive({ error: () => t('openApi.badId') })
  .max(Number.MAX_SAFE_INTEGER, { error: () => t('openApi.badId') })
  .meta(d('O número da página no site.'))
export const idInput = z.object({ id: positiveId })

const slugField = text()
  .max(200)
  .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, t('openApi.badSlug'))
  .meta(d('O endereço da página no site (o que vem depois da última barra).'))

export const statuteArticleInput = z.object({
  slug: slugField,
  dispositivo: text()
    .max(60)
    .regex(/^[a-z0-9_-]+$/, t('openApi.badSlug'))
    .meta(d('A âncora do dispositivo na página (art5 para o art. 5º).')),
})

export const slugInput = z.object({ slug: slugField })

export const directoryInput = z.object({
  profissao: text().max(80).optional().meta(d('A profissão (endereço no site: advogado, contador…).')),
  cidade: text().max(80).optional().meta(d('A cidade (endereço no site: campinas-sp).')),
  cursor: cursorField,
})
