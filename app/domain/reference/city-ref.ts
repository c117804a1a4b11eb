/** Spec §3 "City": `{id, nome, uf}`, kept in the browser under `localStorage['cidade']`. */
export type CityRef = { id: number; nome: string; uf: string }

/** The browser key of spec §3. */
export const CITY_STORAGE_KEY = 'cidade'

/** The text a chosen city shows in the input ("Campinas/SP"); `resolveCityInput` reads it back. */
export function cityInputLabel(city: { nome: string; uf: string }): string {
  return `${city.nome}/${city.uf}`
}

/** A stored or received value, if it really is a city (anything else is ignored). */
export function parseCityRef(value: unknown): CityRef | null {
  if (!value || typeof value !== 'object') return null
  const { id, nome, uf } = value as Record<string, unknown>
  const code = typeof id === 'string' && /^\d{7}$/.test(id) ? Number(id) : id
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 1_000_000 || code > 9_999_999) return null
  if (typeof nome !== 'string' || !nome.trim() || nome.length > 100) return null
  if (typeof uf !== 'string' || !/^[A-Z]{2}$/.test(uf)) return null
  return { id: code, nome, uf }
}

/** The city an autocomplete item stands for (`value` is the IBGE code, `inputLabel` "Nome/UF"). */
export function cityFromItem(item: { value: string | number; inputLabel: string }): CityRef | null {
  const slash = item.inputLabel.lastIndexOf('/')
  if (slash < 1) return null
  return parseCityRef({
    id: item.value,
    nome: item.inputLabel.slice(0, slash),
    uf: item.inputLabel.slice(slash + 1),
  })
}
