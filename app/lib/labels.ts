import { t } from '~/i18n/pt-BR'

// Words a Portuguese title keeps in lower case unless they open it.
const PARTICLES = new Set([
  'a',
  'as',
  'o',
  'os',
  'à',
  'às',
  'ao',
  'aos',
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
  'em',
  'na',
  'no',
  'nas',
  'nos',
  'com',
  'para',
  'por',
  'sem',
])

/** Roman numerals stay as they are ("Vara II"). */
const ROMAN = /^(?=[ivxlcdm]+$)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/

/**
 * "APELAçãO CíVEL" → "Apelação Cível". Unicode-aware: a word is a run of letters (accented or
 * not), so "ç" never splits one; particles stay lower case except as the first word.
 */
export function titleCasePt(text: string): string {
  let first = true
  return text.toLocaleLowerCase('pt-BR').replace(/[\p{L}\p{M}]+/gu, (word) => {
    const opens = first
    first = false
    if (ROMAN.test(word) && word.length > 1) return word.toLocaleUpperCase('pt-BR')
    if (!opens && PARTICLES.has(word)) return word
    return word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1)
  })
}

/**
 * A name or class as a source sent it, readable: text with no lower-case ASCII letter (shouted,
 * or a source's broken casing like "APELAçãO CíVEL") is title-cased; text already in mixed case
 * is kept, since its capitals are deliberate ("Ministério Público do RJ").
 */
export function readableCase(text: string): string
export function readableCase(text: string | null | undefined): string | null
export function readableCase(text: string | null | undefined): string | null {
  if (!text) return text ?? null
  return /[a-z]/.test(text) || !/[A-Z]/.test(text) ? text : titleCasePt(text)
}

/** DataJud's tabled complements the catalogue names; any other key is humanised. */
const COMPLEMENT_KEYS = [
  'tipo_de_peticao',
  'tipo_de_documento',
  'tipo_de_conclusao',
  'motivo_da_remessa',
  'motivo_da_redistribuicao',
  'tipo_de_distribuicao_redistribuicao',
  'tipo_de_audiencia',
  'situacao_da_audiencia',
  'resultado',
  'dirigida_por',
] as const
type ComplementKey = (typeof COMPLEMENT_KEYS)[number]

/** A data key ("tipo_de_peticao") as a pt-BR label ("Tipo de petição"); never the raw key. */
export function complementLabel(key: string): string {
  const k = key.trim()
  if ((COMPLEMENT_KEYS as readonly string[]).includes(k)) return t(`lawsuit.complement.${k as ComplementKey}`)
  const words = k.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim().toLocaleLowerCase('pt-BR')
  return words.charAt(0).toLocaleUpperCase('pt-BR') + words.slice(1)
}

/**
 * A movement's complements ("tipo_de_peticao: Petição (outras)" lines) as labelled lines
 * ("Tipo de petição: Petição (outras)"). A line that is not "key: value" is kept as it is.
 */
export function complementLines(complements: string | null | undefined): string[] {
  return (complements ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^([A-Za-z0-9_]+)\s*:\s*(.*)$/.exec(line)
      if (!match?.[1] || !/_|^[a-z]/.test(match[1])) return line
      const value = match[2] ?? ''
      return value ? `${complementLabel(match[1])}: ${readableCase(value)}` : complementLabel(match[1])
    })
}
