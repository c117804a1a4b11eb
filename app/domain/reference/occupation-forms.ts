/**
 * CBO titles come in the masculine only ("Advogado", "Tabelião de notas"); a professional chooses
 * how hers reads ("Advogada", "Tabeliã de notas"). The feminine form is made here, by Portuguese
 * rules on the words before the first preposition or parenthesis, so the 2,600 titles need no
 * second list; a title whose words do not inflect ("Oficial de justiça") has a single form.
 * decisions/0018.
 */
export type TitleForm = 'masculino' | 'feminino'

// Where the head noun phrase ends: what follows ("de notas", "(direito civil)") never changes.
const STOP = new Set([
  'a',
  'à',
  'ao',
  'com',
  'contra',
  'da',
  'das',
  'de',
  'do',
  'dos',
  'e',
  'em',
  'entre',
  'na',
  'nas',
  'no',
  'nos',
  'o',
  'ou',
  'para',
  'por',
  'sem',
  'sob',
])

// Words whose feminine is not the regular one (or that do not change at all).
const IRREGULAR: Record<string, string> = {
  juiz: 'juíza',
  ator: 'atriz',
  imperador: 'imperatriz',
  réu: 'ré',
  judeu: 'judia',
  patrão: 'patroa',
  peão: 'peoa',
  ladrão: 'ladra',
  mestre: 'mestra',
  monge: 'monja',
  poeta: 'poetisa',
  sacerdote: 'sacerdotisa',
  membro: 'membro',
  modelo: 'modelo',
  // Military ranks are the same for women.
  cabo: 'cabo',
  major: 'major',
  sargento: 'sargento',
}

function feminineWord(word: string): string {
  const lower = word.toLowerCase()
  const irregular = IRREGULAR[lower]
  let out: string
  if (irregular !== undefined) out = irregular
  else if (/ção$/.test(lower))
    out = lower // already a feminine noun
  else if (/ão$/.test(lower)) out = `${lower.slice(0, -2)}ã`
  else if (/or$/.test(lower)) out = `${lower}a`
  else if (/ês$/.test(lower)) out = `${lower.slice(0, -2)}esa`
  else if (/eu$/.test(lower)) out = `${lower.slice(0, -2)}eia`
  else if (/o$/.test(lower)) out = `${lower.slice(0, -1)}a`
  else out = lower // -e, -ista, -al, -ar, -il…: the same in both genders
  // Keep the original capitals: "Advogado" → "Advogada", "TABELIÃO" is not in the CBO.
  return word[0] && word[0] !== lower[0] ? (out[0]?.toUpperCase() ?? '') + out.slice(1) : out
}

/** "Advogado (direito civil)" → "Advogada (direito civil)"; null when both forms are the same. */
export function feminineTitle(masculine: string): string | null {
  const parts = masculine.split(/(\s+)/)
  let stopped = false
  const out = parts.map((part) => {
    if (/^\s+$/.test(part) || part === '') return part
    // " - " starts a new qualifier of the person ("Cirurgiã dentista - clínica geral").
    if (part === '-' || part === '–') {
      stopped = false
      return part
    }
    if (stopped) return part
    if (STOP.has(part.toLowerCase()) || /^[(\d]/.test(part)) {
      stopped = true
      return part
    }
    // "Cirurgião-dentista": each side of a hyphen is a word of its own.
    return part
      .split('-')
      .map((piece) => (/^\p{L}+$/u.test(piece) ? feminineWord(piece) : piece))
      .join('-')
  })
  const feminine = out.join('')
  return feminine === masculine ? null : feminine
}

/** The title in the chosen form (the masculine when the title has one form only). */
export function titleInForm(masculine: string, form: TitleForm): string {
  return form === 'feminino' ? (feminineTitle(masculine) ?? masculine) : masculine
}

/** Which form a stored title is of its CBO title, or null when it is neither (e.g. older data). */
export function formOfTitle(masculine: string, shown: string): TitleForm | null {
  if (shown === masculine) return 'masculino'
  return shown === feminineTitle(masculine) ? 'feminino' : null
}
