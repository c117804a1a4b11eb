// The contract between the deadline counter (this area) and the intimações that use it
// (issue 41). Pure data: no database, no dates from the clock. Dates are ISO days (YYYY-MM-DD).

/** How a court's days are counted for the matter of the case. */
export type Matter = 'civel' | 'juizado' | 'criminal' | 'trabalhista'

/** A court's declared suspension ("expediente suspenso"), kept by reviewers with its source. */
export interface CourtSuspension {
  court: string
  from: string
  to: string
  reason: string
  source: string
}

/** What the lawyer corrected; a corrected deadline is recomputed and marked as corrected. */
export interface DeadlineOverride {
  days?: number
  /** another court's calendar (its sigla, e.g. 'TJSP') */
  court?: string
  matter?: Matter
}

/** One DJEN communication, as the counter needs it. */
export interface DeadlineInput {
  /** DJEN `data_disponibilizacao` */
  availableOn: string
  /** DJEN `siglaTribunal` (TJSP, TRF5, TRT2, STJ, …) */
  court: string
  /** DJEN `texto` */
  text: string
  /** DJEN `tipoComunicacao` ("Intimação", "Pauta de julgamento", "Edital", …) */
  communicationType?: string | null
  /** DJEN `tipoDocumento` */
  documentType?: string | null
  /** DJEN `nomeOrgao` (the organ's name tells the seat and, in federal courts, the state) */
  organ?: string | null
  /** DJEN `nomeClasse` / `codigoClasse` (TPU class) */
  className?: string | null
  classCode?: string | null
  /** 20 digits, when known */
  lawsuitNumber?: string | null
  /** false when DJEN says `ativo: false` or `status: "C"` (cancelled) */
  active: boolean
  override?: DeadlineOverride
  suspensions?: readonly CourtSuspension[]
}

/** A day the count looked at: counted (with its ordinal) or skipped (with why). */
export interface CountedDay {
  date: string
  /** 1..days for counted days; absent for skipped ones */
  ordinal?: number
  /** key of the pt-BR catalogue for why it was skipped (weekend, holiday, recess, suspension) */
  skipped?: { reason: string; label: string; basis: string }
  /** the day a last day without court business moved to (CPC art. 224 §1º, CPP art. 798 §3º) */
  extended?: boolean
}

export interface DeadlineRule {
  /** what the rule decided, in pt-BR */
  text: string
  /** the legal basis (e.g. "CPC art. 224 §3º") */
  basis: string
  /** a point the lawyer should check ("confira") */
  check?: boolean
}

export interface Deadline {
  availableOn: string
  publishedOn: string
  startsOn: string
  lastDay: string
  days: number
  /** where the number of days came from */
  daysFrom: 'texto' | 'lei' | 'padrao' | 'correcao'
  counting: 'uteis' | 'corridos'
  matter: Matter
  /** whether a doubled period applies: yes, no, or "confira" when the party is not known */
  doubled: 'sim' | 'nao' | 'confira'
  corrected: boolean
  steps: CountedDay[]
  rules: DeadlineRule[]
}
