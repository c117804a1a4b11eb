import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { cities } from '~/db/schema-corpus'
import { DomainError } from '~/domain/errors'
import { resolveCityInput } from '~/domain/reference/cities.server'
import type { DirectoryFilterInput } from '~/schemas/directory'
import { professionBySlug } from './professions'
import { directoryPath } from './urls'

async function citySlugByCode(db: Database, code: number): Promise<string | null> {
  if (!Number.isSafeInteger(code)) return null
  const [row] = await db.select({ slug: cities.slug }).from(cities).where(eq(cities.code, code)).limit(1)
  return row?.slug ?? null
}

/**
 * The filter bar's choice → the canonical URL of spec §2. The picked city (its IBGE code) wins;
 * else the typed text is read as `resolveCityInput` reads it ("Campinas/SP"). A profession that
 * is not in the list, or a city that is not exactly one IBGE city, is the visitor's mistake (400).
 */
export async function resolveDirectoryFilter(
  deps: { db: Database },
  input: DirectoryFilterInput,
): Promise<string> {
  const profession = input.profissao ? professionBySlug(input.profissao) : undefined
  if (input.profissao && !profession)
    throw new DomainError('directory.filter.badProfession', 400, { field: 'profissao' })
  let city: string | null = null
  if (/^\d{7}$/.test(input.cidade)) city = await citySlugByCode(deps.db, Number(input.cidade))
  if (!city && input.cidade_nome) {
    const typed = await resolveCityInput(deps, input.cidade_nome)
    city = typed ? await citySlugByCode(deps.db, typed.id) : null
  }
  if (!city && (input.cidade || input.cidade_nome))
    throw new DomainError('directory.filter.unknownCity', 400, { field: 'cidade' })
  return directoryPath({ profession: profession?.slug, city })
}
