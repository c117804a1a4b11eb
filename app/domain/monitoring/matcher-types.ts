// The matcher's input and output shapes (decisions/0031), below every matcher-* module so the
// compile, filter and verify steps name them without importing matcher.ts, which runs them.

export type MonitoringRule = {
  id: number
  /** A person's or company's name, or a free term ("pregão eletrônico 45/2026"). */
  kind: 'nome' | 'termo'
  /** As the user typed it. */
  term: string
  /** The exact name or phrase, or all the words in any order. */
  mode: 'exato' | 'todas'
  uf?: string | null
  /** IBGE code. */
  cityCode?: number | null
  /** The city's name, for the reason shown when the city agrees ("Mesma cidade: Campinas"). */
  cityName?: string | null
  /** '123456' or '123456/SP', any punctuation. */
  oab?: string | null
  /** CPF or CNPJ, whole or a fragment of ≥ 3 digits, any punctuation. */
  taxId?: string | null
  /** Another name that must also appear. */
  coParty?: string | null
  /** Context keys the user marked "não sou eu". */
  exclusions?: string[]
}

export type MatchDocument = {
  /** The caller's id: 'materia:123', 'movimento:77', 'processo:5'. */
  key: string
  /** Title and body, or parties and movement text. */
  text: string
  uf?: string | null
  cityCode?: number | null
  /** What "não sou eu" excludes next time: 'processo:…', 'diario:dje-tjsp:3ª Vara Cível'. */
  contextKey: string
  /** OAB numbers the source lists (a lawsuit's lawyers), any format. */
  oabs?: string[]
  /** The publishing body, read for a place when the text names none next to the name (decisions/0055). */
  placeText?: string | null
}

export type MatchHit = {
  monitoringId: number
  documentKey: string
  /** pt-BR sentences for the user. */
  reasons: string[]
  /**
   * Stable codes: 'nome-exato' | 'nome-abreviado' | 'todas-palavras' | 'termo-exato' | 'uf' |
   * 'cidade' | 'oab' | 'cpf' | 'cnpj' | 'coparte'.
   */
  reasonCodes: string[]
  /** UTF-16 offsets of the match in document.text. */
  start: number
  end: number
}
