import { z } from '~/schemas/zod'
import { text } from './text'

// The reference lists' queries (spec §7 "Autocompletes", "Profession", "City by IP", select
// widgets). A term shorter than 2 letters answers `[]` (app/domain/reference/match.ts), so the
// schemas only refuse what is not text: control characters or a name sent twice.

const term = text().optional()

export const citiesQuerySchema = z.object({ cidade_nome: term })
export const institutionsQuerySchema = z.object({ instituicao_nome: term })
export const occupationsQuerySchema = z.object({ titulo: term })
export const communitiesQuerySchema = z.object({ comunidade_nome: term })

/** The CBO code is the path's segment; anything but 6 digits answers `[]`. */
export const specialtiesQuerySchema = z.object({ id: text() })

export const cityByIpQuerySchema = z.object({})

/** A select fed by a URL: `term` (or `q`) and the page (past the last one, or not a number: 1). */
export const selectQuerySchema = z.object({ term, q: term, page: term })
