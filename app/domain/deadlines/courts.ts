// Which calendar each court keeps (issue 41, decisions/0102): every court DataJud and the DJEN
// serve maps to a branch (which holiday lists apply), a state when it is known and the capital
// when the seat is known to be it. Unknown means "not applied": the count ends earlier, never later.
import { CAPITALS } from './holidays'

export type Branch = 'estadual' | 'federal' | 'trabalho' | 'eleitoral' | 'superior' | 'desconhecido'

export interface CourtCalendar {
  court: string
  branch: Branch
  /** the state whose holidays apply, when known */
  state: string | null
  /** true when the seat is known to be the state's capital (its municipal holidays apply) */
  capital: boolean
}

const UFS = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ')

/** TRFn's seat (its second degree) and the states of its region. */
const TRF: Record<string, { seat: string; states: string[] }> = {
  '1': { seat: 'DF', states: 'AC AM AP BA DF GO MA MT PA PI RO RR TO'.split(' ') },
  '2': { seat: 'RJ', states: ['RJ', 'ES'] },
  '3': { seat: 'SP', states: ['SP', 'MS'] },
  '4': { seat: 'RS', states: ['RS', 'PR', 'SC'] },
  '5': { seat: 'PE', states: 'PE AL CE PB RN SE'.split(' ') },
  '6': { seat: 'MG', states: ['MG'] },
}

/** TRTn's state; the four regions with two states list both (the first is the seat). */
const TRT: Record<string, string[]> = {
  '1': ['RJ'],
  '2': ['SP'],
  '3': ['MG'],
  '4': ['RS'],
  '5': ['BA'],
  '6': ['PE'],
  '7': ['CE'],
  '8': ['PA', 'AP'],
  '9': ['PR'],
  '10': ['DF', 'TO'],
  '11': ['AM', 'RR'],
  '12': ['SC'],
  '13': ['PB'],
  '14': ['RO', 'AC'],
  '15': ['SP'],
  '16': ['MA'],
  '17': ['ES'],
  '18': ['GO'],
  '19': ['AL'],
  '20': ['SE'],
  '21': ['RN'],
  '22': ['PI'],
  '23': ['MT'],
  '24': ['MS'],
}

/** States as an organ's name spells them ("Seção Judiciária do Rio Grande do Sul"). */
const STATE_NAMES: [string, string][] = [
  ['rio grande do sul', 'RS'],
  ['rio grande do norte', 'RN'],
  ['mato grosso do sul', 'MS'],
  ['mato grosso', 'MT'],
  ['distrito federal', 'DF'],
  ['espirito santo', 'ES'],
  ['santa catarina', 'SC'],
  ['sao paulo', 'SP'],
  ['rio de janeiro', 'RJ'],
  ['minas gerais', 'MG'],
  ['parana', 'PR'],
  ['bahia', 'BA'],
  ['pernambuco', 'PE'],
  ['ceara', 'CE'],
  ['paraiba', 'PB'],
  ['alagoas', 'AL'],
  ['sergipe', 'SE'],
  ['piaui', 'PI'],
  ['maranhao', 'MA'],
  ['amazonas', 'AM'],
  ['roraima', 'RR'],
  ['amapa', 'AP'],
  ['rondonia', 'RO'],
  ['tocantins', 'TO'],
  ['goias', 'GO'],
  ['acre', 'AC'],
  ['para', 'PA'],
]

// Second-degree organs sit in the capital (a TJ's chambers, a TRF's or TRT's panels).
const SECOND_DEGREE =
  /\b(camara|gabinete|desembargador|orgao especial|tribunal pleno|pleno|presidencia|vice-presidencia|secao civel|secao criminal|grupo de camaras|secretaria judiciaria)\b|^\d+\S* turma\b|\b(primeira|segunda|terceira|quarta|quinta|sexta|setima|oitava|nona|decima) turma\b|\bturma (civel|criminal|especializada)\b/

export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** The state an organ's name points to: "Seção Judiciária de X", "SJXX" or a capital's name. */
function stateFromOrgan(organ: string, among: readonly string[]): string | null {
  const sj = (/\bsj([a-z]{2})\b/.exec(organ)?.[1] ?? '').toUpperCase()
  if (among.includes(sj)) return sj
  const named = /\b(?:secao|subsecao) judiciaria d[aeo]s? ([a-z ]+)/.exec(organ)?.[1]
  if (named) {
    for (const [name, uf] of STATE_NAMES) if (named.startsWith(name) && among.includes(uf)) return uf
  }
  for (const uf of among) if (CAPITALS[uf] && new RegExp(`\\b${CAPITALS[uf]}\\b`).test(organ)) return uf
  return null
}

function sitsInCapital(organ: string, state: string): boolean {
  const city = CAPITALS[state]
  if (city && new RegExp(`\\b${city}\\b`).test(organ)) return true
  if (/\b(comarca da capital|da capital|foro central|foro regional)\b/.test(organ)) return true
  return SECOND_DEGREE.test(organ) && !/turma recursal/.test(organ)
}

/** The court's calendar from the DJEN `siglaTribunal` and `nomeOrgao`. */
export function courtCalendar(court: string, organName?: string | null): CourtCalendar {
  const sigla = court.toUpperCase().replace(/[^A-Z0-9]/g, '')
  const organ = plain(organName ?? '')
  const make = (branch: Branch, state: string | null, capital = false): CourtCalendar => ({
    court: sigla,
    branch,
    state,
    capital: state !== null && capital,
  })
  if (['STF', 'STJ', 'TST', 'TSE', 'STM', 'CNJ', 'CJF', 'CSJT'].includes(sigla))
    return make('superior', 'DF', true)
  if (sigla === 'TJDFT') return make('estadual', 'DF', sitsInCapital(organ, 'DF'))
  const tj = /^TJM?([A-Z]{2})$/.exec(sigla)?.[1]
  if (tj && UFS.includes(tj)) return make('estadual', tj, sitsInCapital(organ, tj))
  const tre = /^TRE([A-Z]{2})$/.exec(sigla)?.[1]
  if (tre && UFS.includes(tre)) return make('eleitoral', tre, sitsInCapital(organ, tre))
  const region = TRF[/^TRF([1-6])$/.exec(sigla)?.[1] ?? '']
  if (region) {
    if (SECOND_DEGREE.test(organ) && !/turma recursal/.test(organ)) return make('federal', region.seat, true)
    const state =
      region.states.length === 1 ? (region.states[0] ?? null) : stateFromOrgan(organ, region.states)
    return make('federal', state, state !== null && sitsInCapital(organ, state))
  }
  const trt = /^TRT(\d{1,2})$/.exec(sigla)?.[1] ?? ''
  const states = TRT[trt]
  if (states) {
    // TRT15 sits in Campinas, not in the capital.
    const inCapital = trt !== '15'
    if (SECOND_DEGREE.test(organ)) return make('trabalho', states[0] ?? null, inCapital)
    const state = states.length === 1 ? (states[0] ?? null) : stateFromOrgan(organ, states)
    return make('trabalho', state, state !== null && inCapital && sitsInCapital(organ, state))
  }
  return make('desconhecido', null)
}
