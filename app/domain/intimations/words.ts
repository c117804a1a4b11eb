import { t } from '~/i18n/pt-BR'

/** The act an intimação is about, as the feed, the lists and the notifications name it. */
export function actOf(row: { documentType: string | null; kind: string | null }): string {
  const words = [row.kind, row.documentType].filter((w): w is string => !!w?.trim())
  const unique = [...new Set(words.map((w) => w.trim()))]
  return unique.length ? unique.join(' – ') : t('intimation.defaultAct')
}
