/**
 * A count and its noun in Brazilian Portuguese, the one way every page chooses (issue 38): the
 * singular for exactly 1, the plural otherwise ("1 item", "2 itens", "0 itens"), or `none` for 0
 * when the page words it apart ("Nenhum comentário"). Not Intl.PluralRules: its pt rule puts 0
 * with 1 ("0 item"), which Brazilian usage does not write. Messages come in pairs `key.one` /
 * `key.many` (checked by test/unit/plurals.test.ts); pass them already filled.
 */
export function plural(n: number, one: string, many: string, none?: string): string {
  if (n === 0 && none !== undefined) return none
  return Math.abs(n) === 1 ? one : many
}
