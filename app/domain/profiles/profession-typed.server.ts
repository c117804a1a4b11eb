import type { Database } from '~/db/client.server'
import { findCityByCode } from '~/domain/reference/cities.server'
import type { FlashValue } from '~/schemas/flash'
import type { ProfessionForm } from './account.server'

type Phone = ProfessionForm['phones'][number] & { guid: string }

const list = (value: FlashValue | undefined): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value : []

/**
 * A refused profession form posted without JavaScript comes back as it was sent (issue 28 §5):
 * the lists (cities, services, specialties, phones with their row ids, so each phone's message
 * finds its input) are what was typed, not what is saved. The profession itself stays the saved
 * one: its autocomplete shows a name the flash does not carry.
 */
export async function professionFormAsTyped(
  deps: { db: Database },
  saved: ProfessionForm,
  typed: Record<string, FlashValue>,
): Promise<Omit<ProfessionForm, 'phones'> & { phones: Phone[] }> {
  const codes = [...new Set(list(typed.cidades_ids).map(Number))].slice(0, 50)
  const found = await Promise.all(codes.map((code) => findCityByCode(deps, code)))
  const rows =
    typed.telefones && typeof typed.telefones === 'object' && !Array.isArray(typed.telefones)
      ? Object.entries(typed.telefones)
      : []
  const phones = rows.slice(0, 10).map(([guid, row]): Phone => {
    const fields = row && typeof row === 'object' && !Array.isArray(row) ? row : {}
    const numero = typeof fields.numero === 'string' ? fields.numero : ''
    return { guid, numero, whatsapp: typeof fields.whatsapp === 'string' && fields.whatsapp !== '' }
  })
  return {
    ...saved,
    specialtyIds: list(typed.especialidades).map(Number).filter(Number.isSafeInteger),
    cities: found.flatMap((city) => (city ? [{ code: city.id, label: `${city.nome}/${city.uf}` }] : [])),
    services: list(typed.servicos),
    phones,
  }
}
