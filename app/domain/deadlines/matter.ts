// How the matter of a case is known (issue 41, decisions/0102): the court's branch first (a
// labour court counts as CLT), then the TPU class (code, then name), then the organ's name.
import type { ActContext } from './acts'
import type { CourtCalendar } from './courts'
import { plain } from './courts'
import { CRIMINAL_CLASSES, ELECTORAL_CLASSES, JUIZADO_CLASSES } from './tpu-matters'
import type { Matter } from './types'

export interface MatterFacts {
  matter: Matter
  /** a Juizado Especial (civil, federal, Fazenda Pública or criminal) */
  juizado: boolean
  /** electoral: days run without pause (Res. TSE 23.478/2016 art. 7º) */
  electoral: boolean
}

export function matterOf(
  calendar: CourtCalendar,
  classCode: string | null | undefined,
  className: string | null | undefined,
  organ: string | null | undefined,
): MatterFacts {
  const code = Number(classCode)
  const name = plain(className ?? '')
  const where = plain(organ ?? '')
  const criminal =
    CRIMINAL_CLASSES.has(code) ||
    (/criminal|penal|habeas corpus|termo circunstanciado|inquerito policial/.test(name) &&
      !/civel/.test(name)) ||
    (!name && /criminal|execucoes penais|\bjuri\b|violencia domestica/.test(where))
  const juizado =
    JUIZADO_CLASSES.has(code) || /juizado/.test(name) || /juizado|turma recursal|turmas recursais/.test(where)
  const electoral = calendar.branch === 'eleitoral' || calendar.court === 'TSE' || ELECTORAL_CLASSES.has(code)
  if (calendar.branch === 'trabalho' || calendar.court === 'TST')
    return { matter: 'trabalhista', juizado: false, electoral: false }
  if (criminal) return { matter: 'criminal', juizado, electoral }
  return { matter: juizado ? 'juizado' : 'civel', juizado, electoral }
}

export function actContext(facts: MatterFacts): ActContext {
  if (facts.matter === 'criminal') return facts.juizado ? 'jecrim' : 'criminal'
  return facts.matter
}
