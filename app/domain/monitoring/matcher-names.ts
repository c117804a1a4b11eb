import { PARTICLES, type Tokens } from './normalize'

/**
 * Capitalised words that do not continue a person's or company's name, folded: titles and roles
 * ("Desembargadora SILENE …", "… PRESIDENTE"), parties, documents ("… CPF", "… OAB"), company
 * forms ("… LTDA"), legal nouns and the verbs of acts ("NOMEAR …"), and short function words
 * (all-caps acts write "… PARA EXERCER"). Without them a name next to such a word would look
 * like part of a longer name and be missed. None is a first name or surname of the corpus lists
 * (a unit test checks).
 */
export const NOT_NAME_WORDS: ReadonlySet<string> = new Set(
  `
  cpf cnpj rg oab mf ssp cep nis pis pasep ctps crm crea crc cnh matricula mat re nr nro no
  cedula identidade carteira registro inscricao
  ltda me epp eireli mei sa cia limitada ss
  sr sra srta dr dra des desa exmo exma excelentissimo excelentissima ilmo ilma meritissimo
  doutor doutora senhor senhora prof profa professor professora desembargador desembargadora
  juiz juiza ministro ministra relator relatora revisor revisora presidente vice prefeito prefeita
  vereador vereadora secretario secretaria diretor diretora promotor promotora procurador
  procuradora defensor defensora advogado advogada advogados advogadas adv estagiario estagiaria
  perito perita escrivao escriva oficial tabeliao tabelia servidor servidora assessor assessora
  analista tecnico tecnica auxiliar agente coordenador coordenadora gerente chefe inventariante
  curador curadora tutor tutora representante socio socia titular substituto substituta
  autor autora autores reu reus requerente requerentes requerido requerida requeridos requeridas
  exequente executado executada executados embargante embargado embargada impetrante impetrado
  apelante apelado apelada apte apdo apda agravante agravado agravada agte agdo recorrente
  recorrido recorrida reclamante reclamado reclamada interessado interessada intimado intimada
  paciente denunciado denunciada acusado acusada vitima testemunha litisconsorte terceiro parte
  partes polo ativo passivo destinatario destinataria contratante contratada contratado
  processo proc autos acao vara comarca foro forum tribunal juizo camara turma secao cartorio
  prefeitura municipio estado uniao governo ministerio portaria decreto lei edital extrato
  contrato aviso intimacao citacao sentenca despacho decisao acordao ementa art artigo paragrafo
  inciso capital cidade rua avenida av praca bairro cargo funcao
  brasileiro brasileira casado casada solteiro solteira divorciado divorciada viuvo viuva
  residente domiciliado domiciliada portador portadora inscrito inscrita nascido nascida
  falecido falecida espolio herdeiro herdeira
  nomear exonerar designar dispensar conceder aposentar autorizar cessar tornar declarar
  homologar intimar intime intimem citar cite notificar notifique convocar retificar revogar
  remover promover contratar credenciar habilitar julgar julgo condenar condeno absolver absolvo
  determinar determino resolve resolvem decreta nomeia exonera designa dispensa concede fica ficam
  para com que por pelo pela pelos pelas na nos nas ao aos em ou os as um uma uns umas se sob
  sobre contra entre como seu sua seus suas este esta esse essa ate apos nao sem mais ja
  `
    .split(/\s+/)
    .filter(Boolean),
)

const LETTERS = /^[\p{L}\p{M}]+$/u

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 160 || (code >= 0x2000 && code <= 0x200a)
}

/**
 * Whether two words are written as one run: only spaces between them, at most one line break
 * (gazette PDFs wrap names across lines; a blank line ends a paragraph), or a bare hyphen
 * ("Silva-Santos"). A comma, period, colon, parenthesis… separates them.
 */
export function joined(text: string, from: number, to: number): boolean {
  if (to - from === 1 && text.charCodeAt(from) === 45) return true
  let breaks = 0
  for (let k = from; k < to; k++) {
    const code = text.charCodeAt(k)
    if (code === 10) {
      if (++breaks > 1) return false
    } else if (!isSpace(code)) return false
  }
  return true
}

/** A word of the original text that can be part of a name: letters only, ≥ 2, capital first. */
export function isNameWord(text: string, tokens: Tokens, i: number): boolean {
  if (i < 0 || i >= tokens.count) return false
  const s = tokens.start[i] as number
  const e = tokens.end[i] as number
  if (e - s < 2) return false
  const norm = tokens.norm[i] as string
  if (PARTICLES.has(norm) || NOT_NAME_WORDS.has(norm)) return false
  const first = text[s] as string
  if (first === first.toLowerCase()) return false
  return LETTERS.test(text.slice(s, e))
}

/**
 * Words of NOT_NAME_WORDS that are surnames too (decisions/0055), read by how they are written
 * after a name: "Sá"/"SÁ" (with its accent), "Epp", "Mei" (title case, no period) are surnames,
 * "SA", "S.A.", "EPP", "ME" company forms; "Câmara"/"CAMARA" is a surname unless an institution's
 * word follows ("Câmara Municipal", "Câmara dos Deputados"). Without this, "MARIA DA SILVA SÁ" was
 * taken for Maria da Silva.
 */
const COMPANY_FORM_OR_SURNAME = new Set(['sa', 'epp', 'mei'])
const CHAMBER_OR_SURNAME = new Set(['camara'])
const CHAMBER_WORDS = new Set(
  `municipal municipais deputados vereadores civel civeis criminal criminais tecnica especial legislativa
  superior federal estadual distrital regional empresarial comercio arbitragem setorial recursal julgadora
  administrativa brasileira americana`.split(/\s+/),
)
/** Written without an accent: every code unit below 128. */
const isAscii = (raw: string) => {
  for (let k = 0; k < raw.length; k++) if (raw.charCodeAt(k) > 127) return false
  return true
}

export function isSurnameToo(text: string, tokens: Tokens, i: number): boolean {
  const norm = tokens.norm[i] as string
  const company = COMPANY_FORM_OR_SURNAME.has(norm)
  if (!company && !CHAMBER_OR_SURNAME.has(norm)) return false
  const s = tokens.start[i] as number
  const e = tokens.end[i] as number
  const raw = text.slice(s, e)
  const first = raw[0] as string
  if (first === first.toLowerCase() || !LETTERS.test(raw)) return false
  if (company) {
    if (!isAscii(raw)) return true
    const after = text[e]
    return raw.slice(1) === raw.slice(1).toLowerCase() && after !== '.' && after !== '/'
  }
  // The chamber's next word, across particles, in the same run.
  let prevEnd = e
  for (let j = i + 1; j < tokens.count; j++) {
    if (!joined(text, prevEnd, tokens.start[j] as number)) return true
    const word = tokens.norm[j] as string
    if (PARTICLES.has(word)) {
      prevEnd = tokens.end[j] as number
      continue
    }
    return !CHAMBER_WORDS.has(word)
  }
  return true
}

/**
 * A capital initial with its period ("S." of "JOÃO SILVA S. SANTOS"), which continues a name. A bare
 * capital letter does not: in all-caps text it is as often the article "A" or the conjunction "E".
 */
function isInitial(text: string, tokens: Tokens, i: number): boolean {
  const s = tokens.start[i] as number
  const e = tokens.end[i] as number
  if (e - s !== 1 || text[e] !== '.') return false
  const c = text[s] as string
  return c !== c.toLowerCase()
}

/**
 * Index of the name word that continues the name ending at token `last` (across particles other
 * than "e", which joins two people far more often than two surnames, and across initials), or -1.
 */
export function nameContinuesAt(text: string, tokens: Tokens, last: number): number {
  let prevEnd = tokens.end[last] as number
  for (let j = last + 1; j < tokens.count; j++) {
    const start = tokens.start[j] as number
    const gapOk =
      joined(text, prevEnd, start) || (isInitial(text, tokens, j - 1) && joined(text, prevEnd + 1, start))
    if (!gapOk) return -1
    const norm = tokens.norm[j] as string
    if (isNameWord(text, tokens, j) || isSurnameToo(text, tokens, j)) return j
    if ((norm !== 'e' && PARTICLES.has(norm)) || isInitial(text, tokens, j)) {
      prevEnd = tokens.end[j] as number
      continue
    }
    return -1
  }
  return -1
}

/**
 * Rule 2's "longer name": the words first..last are part of another person's name when a name
 * word is written right before them or continues them right after.
 */
export function insideLongerName(text: string, tokens: Tokens, first: number, last: number): boolean {
  const p = first - 1
  if (p >= 0 && joined(text, tokens.end[p] as number, tokens.start[first] as number)) {
    if (isNameWord(text, tokens, p)) return true
  }
  return nameContinuesAt(text, tokens, last) >= 0
}

/** The first token whose start is at or after `offset`. */
export function tokenAt(tokens: Tokens, offset: number): number {
  let lo = 0
  let hi = tokens.count
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((tokens.start[mid] as number) < offset) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Where the first name of someone else starts in [from, to) (two name words in a run), or `to`:
 * a CPF or OAB after it belongs to that person, not to ours.
 */
export function nextNameStart(text: string, tokens: Tokens, from: number, to: number): number {
  for (let i = tokenAt(tokens, from); i < tokens.count && (tokens.start[i] as number) < to; i++) {
    if (isNameWord(text, tokens, i) && nameContinuesAt(text, tokens, i) >= 0) return tokens.start[i] as number
  }
  return to
}
