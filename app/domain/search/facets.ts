import { daysInMonth } from '~/lib/dates'

/**
 * Filter tokens in each FTS table's `facets` column (migration 0004, ADR 0012): the SQL views
 * write them, these functions ask for them. A filter becomes part of the MATCH, so FTS5
 * intersects posting lists however common the searched word is.
 */
export const facetToken = {
  uf: (uf: string) => `zu${uf.toLowerCase()}`,
  city: (code: number) => `zi${code}`,
  court: (court: string) => `zt${fold(court)}`,
  gazette: (id: number) => `zg${id}`,
  section: (slug: string) => `zs${slug.replace(/-/g, '')}`,
  lawsuitClass: (code: number) => `zk${code}`,
  statuteKind: (kind: string) => `ze${fold(kind)}`,
  year: (y: number) => `zy${y}`,
  month: (y: number, m: number) => `zn${y}${pad(m)}`,
  day: (y: number, m: number, d: number) => `zd${y}${pad(m)}${pad(d)}`,
  /**
   * A UF and a period token in one (gazette matérias only, migration 0009): `zy2026` → `zcsp2026`,
   * `zn202601` → `zcsp202601`, `zd20260115` → `zcsp20260115`.
   */
  ufPeriod: (uf: string, periodToken: string) => `zc${uf.toLowerCase()}${periodToken.slice(2)}`,
}

/** A MATCH no row satisfies: `zv` starts no facet token (a branch not taken in one statement). */
export const NO_MATCH = '{facets} : zvazio'

/** Above this many UF×period tokens, the two filters stay separate clauses. */
export const MAX_UF_PERIOD_TOKENS = 64

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** As the index stores it: accents and case folded, spaces and hyphens gone ("Lei Complementar"). */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

type Ymd = { y: number; m: number; d: number }
const ymd = (iso: string): Ymd => ({
  y: Number(iso.slice(0, 4)),
  m: Number(iso.slice(5, 7)),
  d: Number(iso.slice(8, 10)),
})

/**
 * The fewest year/month/day tokens that cover [from, to] exactly (both inclusive, yyyy-mm-dd):
 * whole years as years, whole months as months, the ragged ends as days. At most ~85 tokens.
 */
export function dateRangeTokens(from: string, to: string): string[] {
  if (from > to) return []
  const a = ymd(from)
  const b = ymd(to)
  const tokens: string[] = []
  const days = (y: number, m: number, d1: number, d2: number) => {
    if (d1 === 1 && d2 === daysInMonth(y, m)) tokens.push(facetToken.month(y, m))
    else for (let d = d1; d <= d2; d++) tokens.push(facetToken.day(y, m, d))
  }
  const months = (y: number, m1: number, m2: number) => {
    if (m1 === 1 && m2 === 12) tokens.push(facetToken.year(y))
    else for (let m = m1; m <= m2; m++) tokens.push(facetToken.month(y, m))
  }
  if (a.y === b.y && a.m === b.m) {
    days(a.y, a.m, a.d, b.d)
    return tokens
  }
  // Ragged start: from a.d to the end of a's month, if a does not start its month.
  let startY = a.y
  let startM = a.m
  if (a.d !== 1) {
    days(a.y, a.m, a.d, daysInMonth(a.y, a.m))
    startM += 1
    if (startM > 12) [startY, startM] = [startY + 1, 1]
  }
  // Ragged end: from the 1st to b.d, if b does not end its month.
  let endY = b.y
  let endM = b.m
  if (b.d !== daysInMonth(b.y, b.m)) {
    days(b.y, b.m, 1, b.d)
    endM -= 1
    if (endM < 1) [endY, endM] = [endY - 1, 12]
  }
  if (startY * 12 + startM > endY * 12 + endM) return tokens
  if (startY === endY) months(startY, startM, endM)
  else {
    months(startY, startM, 12)
    for (let y = startY + 1; y < endY; y++) tokens.push(facetToken.year(y))
    months(endY, 1, endM)
  }
  return tokens
}

/** `{cols}: (user words) AND {facets}: (a OR b) AND …` — the user's words never match a facet. */
export function combineMatch(
  columns: readonly string[],
  userExpression: string,
  clauses: string[][],
): string {
  const parts = [`{${columns.join(' ')}} : (${userExpression})`]
  for (const clause of clauses) {
    if (!clause.length) continue
    parts.push(clause.length === 1 ? `{facets} : ${clause[0]}` : `{facets} : (${clause.join(' OR ')})`)
  }
  return parts.join(' AND ')
}
