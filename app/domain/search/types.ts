/** Search categories and result shapes, shared by the server and the result components. */
export { SEARCH_CATEGORIES, type SearchCategory } from '~/schemas/search-categories'

import type { SearchCategory } from '~/schemas/search-categories'
export const PAGE_SIZE = 20

export type Result =
  | { kind: 'p'; id: number; title: string; href: string; lawsuits: number; gazettes: number }
  | { kind: 'i'; id: number; title: string; href: string; cnpj: string; lawsuits: number; gazettes: number }
  | {
      kind: 'd'
      id: number
      title: string
      href: string
      gazette: string
      date: string
      section: string | null
      snippet: string | null
    }
  | {
      kind: 'en'
      id: number
      title: string
      href: string
      court: string
      className: string | null
      parties: string[]
      snippet: string | null
    }
  | {
      kind: 'jr'
      id: number
      title: string
      href: string
      court: string
      className: string | null
      rapporteur: string | null
      date: string | null
      snippet: string | null
    }
  | { kind: 'leis'; id: number; title: string; href: string; summary: string; snippet: string | null }

export type CategoryResults = { category: Exclude<SearchCategory, 't'>; total: number; results: Result[] }
