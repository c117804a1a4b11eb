// The days without court business, as data with their source (issue 41, decisions/0102). Only
// days we are sure of are here: a holiday left out makes a deadline end earlier (safe), a wrong
// one makes it end later (a lost case). A court's own extra days (quinta-feira santa in some
// state courts, a moved Dia do Servidor, a portaria) come in as reviewers' suspensions.

/** A day fixed in the year, or a day counted from Easter Sunday. */
export type HolidayRule =
  | { month: number; day: number; name: string; basis: string; since?: number }
  | { easter: number; name: string; basis: string }

const NATIONAL_LAW = 'Lei 662/1949, red. Lei 10.607/2002'
const FORENSE = 'dia sem expediente forense (CPC art. 216)'

/** Every court: the national holidays and the days every Brazilian court closes. */
export const NATIONAL_HOLIDAYS: readonly HolidayRule[] = [
  { month: 1, day: 1, name: 'Confraternização Universal', basis: NATIONAL_LAW },
  { easter: -48, name: 'Carnaval (segunda-feira)', basis: FORENSE },
  { easter: -47, name: 'Carnaval (terça-feira)', basis: 'Lei 1.408/1951 art. 5º' },
  { easter: -2, name: 'Sexta-feira da Paixão', basis: 'Lei 9.093/1995 art. 2º; Lei 1.408/1951 art. 5º' },
  { month: 4, day: 21, name: 'Tiradentes', basis: NATIONAL_LAW },
  { month: 5, day: 1, name: 'Dia do Trabalho', basis: NATIONAL_LAW },
  { easter: 60, name: 'Corpus Christi', basis: FORENSE },
  { month: 9, day: 7, name: 'Independência do Brasil', basis: NATIONAL_LAW },
  { month: 10, day: 12, name: 'Nossa Senhora Aparecida', basis: 'Lei 6.802/1980' },
  { month: 11, day: 2, name: 'Finados', basis: NATIONAL_LAW },
  { month: 11, day: 15, name: 'Proclamação da República', basis: NATIONAL_LAW },
  {
    month: 11,
    day: 20,
    name: 'Dia Nacional de Zumbi e da Consciência Negra',
    basis: 'Lei 14.759/2023',
    since: 2024,
  },
  { month: 12, day: 8, name: 'Dia da Justiça', basis: 'Lei 1.408/1951 art. 5º; Decreto-Lei 8.292/1945' },
  { month: 12, day: 25, name: 'Natal', basis: NATIONAL_LAW },
]

const LEI_5010 = 'Lei 5.010/1966 art. 62'

/**
 * Justiça Federal, Justiça do Trabalho and the superior courts (Lei 5.010/1966 art. 62 II–IV); its
 * 8 December is in the national list, since Lei 1.408/1951 art. 5º closes every court on it.
 */
export const FEDERAL_HOLIDAYS: readonly HolidayRule[] = [
  { easter: -4, name: 'Semana Santa (quarta-feira)', basis: `${LEI_5010} II` },
  { easter: -3, name: 'Semana Santa (quinta-feira)', basis: `${LEI_5010} II` },
  { easter: -1, name: 'Semana Santa (sábado)', basis: `${LEI_5010} II` },
  { month: 8, day: 11, name: 'Dia da criação dos cursos jurídicos', basis: `${LEI_5010} IV` },
  { month: 11, day: 1, name: 'Todos os Santos', basis: `${LEI_5010} IV` },
]

/** Ash Wednesday: court business starts late; it counts, but a start or end on it is checked. */
export const ASH_WEDNESDAY_OFFSET = -46

const DATA_MAGNA = 'Lei 9.093/1995 art. 1º II e lei estadual'

/** The state holidays the state's courts observe (and federal and labour courts seated there). */
export const STATE_HOLIDAYS: Readonly<Record<string, readonly HolidayRule[]>> = {
  AC: [{ month: 6, day: 15, name: 'Aniversário do Acre', basis: DATA_MAGNA }],
  AL: [{ month: 9, day: 16, name: 'Emancipação política de Alagoas', basis: DATA_MAGNA }],
  AM: [{ month: 9, day: 5, name: 'Elevação do Amazonas à categoria de província', basis: DATA_MAGNA }],
  AP: [{ month: 9, day: 13, name: 'Criação do Território do Amapá', basis: DATA_MAGNA }],
  BA: [{ month: 7, day: 2, name: 'Independência da Bahia', basis: DATA_MAGNA }],
  CE: [
    { month: 3, day: 19, name: 'São José', basis: 'lei estadual (CE)' },
    { month: 3, day: 25, name: 'Data Magna do Ceará', basis: DATA_MAGNA },
  ],
  MA: [{ month: 7, day: 28, name: 'Adesão do Maranhão à Independência', basis: DATA_MAGNA }],
  MS: [{ month: 10, day: 11, name: 'Criação do Estado de Mato Grosso do Sul', basis: DATA_MAGNA }],
  PA: [{ month: 8, day: 15, name: 'Adesão do Pará à Independência', basis: DATA_MAGNA }],
  PB: [{ month: 8, day: 5, name: 'Fundação do Estado da Paraíba', basis: DATA_MAGNA }],
  PE: [{ month: 3, day: 6, name: 'Revolução Pernambucana', basis: DATA_MAGNA }],
  PI: [{ month: 10, day: 19, name: 'Dia do Piauí', basis: DATA_MAGNA }],
  RJ: [{ month: 4, day: 23, name: 'São Jorge', basis: 'Lei estadual (RJ) 5.198/2008' }],
  RN: [{ month: 10, day: 3, name: 'Mártires de Cunhaú e Uruaçu', basis: 'Lei estadual (RN) 8.913/2006' }],
  RO: [{ month: 1, day: 4, name: 'Criação do Estado de Rondônia', basis: DATA_MAGNA }],
  RR: [{ month: 10, day: 5, name: 'Criação do Estado de Roraima', basis: DATA_MAGNA }],
  RS: [{ month: 9, day: 20, name: 'Revolução Farroupilha', basis: 'Lei estadual (RS) 4.850/1964' }],
  SE: [{ month: 7, day: 8, name: 'Emancipação política de Sergipe', basis: DATA_MAGNA }],
  SP: [{ month: 7, day: 9, name: 'Revolução Constitucionalista', basis: 'Lei estadual (SP) 9.497/1997' }],
  TO: [{ month: 10, day: 5, name: 'Criação do Estado do Tocantins', basis: DATA_MAGNA }],
}

const MUNICIPAL = 'lei municipal (Lei 9.093/1995 art. 2º)'

/** The capitals' own holidays, applied when the seat is known to be the capital. */
export const CITY_HOLIDAYS: Readonly<Record<string, readonly HolidayRule[]>> = {
  SP: [{ month: 1, day: 25, name: 'Aniversário de São Paulo', basis: MUNICIPAL }],
  RJ: [{ month: 1, day: 20, name: 'São Sebastião', basis: MUNICIPAL }],
  MG: [
    { month: 8, day: 15, name: 'Assunção de Nossa Senhora (Belo Horizonte)', basis: MUNICIPAL },
    { month: 12, day: 8, name: 'Imaculada Conceição (Belo Horizonte)', basis: MUNICIPAL },
  ],
  RS: [{ month: 2, day: 2, name: 'Nossa Senhora dos Navegantes (Porto Alegre)', basis: MUNICIPAL }],
  PR: [{ month: 9, day: 8, name: 'Nossa Senhora da Luz dos Pinhais (Curitiba)', basis: MUNICIPAL }],
  BA: [{ month: 12, day: 8, name: 'Nossa Senhora da Conceição da Praia (Salvador)', basis: MUNICIPAL }],
  PE: [
    { month: 7, day: 16, name: 'Nossa Senhora do Carmo (Recife)', basis: MUNICIPAL },
    { month: 12, day: 8, name: 'Nossa Senhora da Conceição (Recife)', basis: MUNICIPAL },
  ],
  CE: [{ month: 8, day: 15, name: 'Nossa Senhora da Assunção (Fortaleza)', basis: MUNICIPAL }],
}

/** The capitals whose holidays are kept, as an organ's name spells them (no accents, lower case). */
export const CAPITALS: Readonly<Record<string, string>> = {
  SP: 'sao paulo',
  RJ: 'rio de janeiro',
  MG: 'belo horizonte',
  RS: 'porto alegre',
  PR: 'curitiba',
  BA: 'salvador',
  PE: 'recife',
  CE: 'fortaleza',
  DF: 'brasilia',
}
