import { UFS } from './ufs'

// OAB inscriptions in their many written forms (issue 41, decisions/0103): "OAB/RJ 094.719",
// "94719/RJ", "RJ094719", "OAB-SP nº 123.456-A", and the DJEN's `numero_oab` "094719" beside
// `uf_oab` "RJ". Normalised once, here, for the monitor's form, the server and the DJEN match.

export type Oab = {
  uf: string
  /** Digits without leading zeros. */
  number: string
  /** A suplementar (or transferred) inscription's letter, "A", "B"…; '' for a main one. */
  suffix: string
}

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()

const UF_SET: ReadonlySet<string> = new Set(UFS)

// [UF] number [letter] [UF], with the separators people type ("/", "-", ":", spaces, dots).
const FORM =
  /^[\s/:-]*(?:([A-Z]{2})[\s/:-]*)?(\d+(?:\.\d{3})*)(?:[\s-]*([A-Z])(?![A-Z]))?(?:[\s/:-]*([A-Z]{2}))?[\s.]*$/

/**
 * The inscription a text names, or null when it names none or two states. `uf` is the UF chosen
 * beside the number (the form's select, DJEN's `uf_oab`): a UF written in the number must agree.
 */
export function parseOab(input: string | null | undefined, uf?: string | null): Oab | null {
  if (!input) return null
  const text = fold(input)
    .replace(/\bOAB\b/g, ' ')
    .replace(/\bN\s*[º°O]?\s*\.?\s*(?=\d)/g, ' ')
    .replace(/\bSOB\s+(?:O\s+)?/g, ' ')
  const match = FORM.exec(text)
  if (!match) return null
  const [, before, digits = '', letter, after] = match
  const ufs = [before, after, uf ? fold(uf).trim() : undefined].filter((u): u is string => !!u)
  if (!ufs.length || ufs.some((u) => !UF_SET.has(u) || u !== ufs[0])) return null
  const number = digits.replace(/\D/g, '').replace(/^0+/, '')
  if (!number || number.length > 7) return null
  return { uf: ufs[0] as string, number, suffix: letter ?? '' }
}

/** The key stored and matched: "RJ94719", "SP123456A". */
export const oabKey = (oab: Oab) => `${oab.uf}${oab.number}${oab.suffix}`

/** As a person writes it: "OAB/RJ 94.719", "OAB/SP 123.456-A". */
export function formatOab(oab: Oab): string {
  const grouped = oab.number.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `OAB/${oab.uf} ${grouped}${oab.suffix ? `-${oab.suffix}` : ''}`
}

/** A stored key back to its parts (the filters and the pages show it written). */
export function oabOfKey(key: string): Oab | null {
  const match = /^([A-Z]{2})(\d{1,7})([A-Z]?)$/.exec(key)
  return match ? { uf: match[1] as string, number: match[2] as string, suffix: match[3] ?? '' } : null
}
