/** Spec §3: the browser keeps recent searches under `searchHistory`, newest first, at most 5. */
export const HISTORY_KEY = 'searchHistory'
export const HISTORY_SIZE = 5

export type HistoryEntry = {
  form: {
    filter: { name: 'qo'; value: string; label: string }
    search: { name: 'q'; value: string }
  }
  createdAt: number
}

export function readHistory(storage: Pick<Storage, 'getItem'>): HistoryEntry[] {
  try {
    const value = JSON.parse(storage.getItem(HISTORY_KEY) ?? '[]') as unknown
    return Array.isArray(value) ? (value as HistoryEntry[]).filter((e) => e?.form?.search?.value) : []
  } catch {
    return []
  }
}

/** Adds a search at the top; the same search again moves up instead of repeating. */
export function addToHistory(
  entries: HistoryEntry[],
  search: { q: string; qo: string; label: string },
  now: number,
): HistoryEntry[] {
  const entry: HistoryEntry = {
    form: {
      filter: { name: 'qo', value: search.qo, label: search.label },
      search: { name: 'q', value: search.q },
    },
    createdAt: now,
  }
  const others = entries.filter(
    (e) => !(e.form.search.value === search.q && e.form.filter.value === search.qo),
  )
  return [entry, ...others].slice(0, HISTORY_SIZE)
}
