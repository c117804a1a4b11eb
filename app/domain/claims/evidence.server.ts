import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { ClaimMatch } from '~/db/schema-claims'
import { articleMentions, gazetteArticles, lawsuits, parties, partyLawyers } from '~/db/schema-corpus'
import { readCorpus } from '~/domain/corpus/access.server'
import { formatCnj } from '~/domain/corpus/cnj'
import { KINDS } from '~/domain/corpus/kinds'
import { PUBLIC } from '~/domain/corpus/read/lawsuits.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { tokenize } from '~/domain/monitoring/normalize'

// What the public documents say about a person (decisions/0034, 0047). Only public lawsuits and
// matérias not about a secret lawsuit are read, so nothing here can reveal a secret one.

type Db = { db: Database; corpus: Corpus }

/** A pending claim that no reviewer decided in 30 days lapses: not shown, not counted. */
export const PENDING_DAYS = 30
export const pendingCutoff = (now: Date) => now.getTime() - PENDING_DAYS * 24 * 60 * 60 * 1000

/** How far (in characters) a CPF may stand from the name in a matéria to be that person's. */
export const CPF_NEAR_NAME = 200

/** The same words, whatever their accents, case, punctuation or order. */
export function sameName(a: string, b: string): boolean {
  const words = (name: string) => tokenize(name).norm.sort().join(' ')
  return words(a) !== '' && words(a) === words(b)
}

/** A page can be claimed only if something public shows it (a page of secret cases cannot). */
export async function isClaimable(deps: Db, personId: number): Promise<boolean> {
  const [lawsuitShards, gazetteShards] = await Promise.all([
    readCorpus.databases(deps.corpus, { families: KINDS.processo.families }),
    readCorpus.databases(deps.corpus, { families: KINDS.materia.families }),
  ])
  // In every shard (decisions/0075; one database is a one-entry map): a public lawsuit naming
  // her in any lawsuit shard, or a matéria naming her whose lawsuit (in the shard its number
  // names) is not secret.
  const [asParty, cited] = await Promise.all([
    Promise.all(
      lawsuitShards.map((db) =>
        db.all<{ yes: number }>(
          sql`SELECT 1 AS yes FROM parties p JOIN lawsuits l ON l.id = p.lawsuit_id WHERE p.person_id = ${personId} AND l.secrecy_level = 0 LIMIT 1`,
        ),
      ),
    ),
    Promise.all(
      gazetteShards.map((db) =>
        db.all<{ cnj: string | null }>(
          sql`SELECT DISTINCT g.lawsuit_cnj AS cnj FROM article_mentions m JOIN gazette_articles g ON g.id = m.article_id
            WHERE m.person_id = ${personId} LIMIT 20`,
        ),
      ),
    ),
  ])
  if (asParty.some((rows) => rows.length)) return true
  for (const { cnj } of cited.flat()) if (!cnj || !(await isSecretLawsuit(deps.corpus, cnj))) return true
  return false
}

/** Is there a lawsuit of this number with a secrecy level (in the shard its number names)? */
async function isSecretLawsuit(corpus: Corpus, cnj: string): Promise<boolean> {
  const row = await readCorpus.byKey(corpus, { kind: 'processo', cnj }, async (db) => {
    const [found] = await db
      .select({ id: lawsuits.id, level: lawsuits.secrecyLevel })
      .from(lawsuits)
      .where(eq(lawsuits.cnj, cnj))
      .limit(1)
    return found
  })
  return (row?.level ?? 0) > 0
}

/**
 * A lawyer with the person's name and this OAB, on a public lawsuit: asked of every lawsuit shard
 * (a lawyer's cases are in every court family; decisions/0081), one statement each.
 */
export async function oabEvidence(deps: Db, name: string, number: string, uf: string) {
  const digits = number.replace(/\D/g, '')
  const variants = [...new Set([digits, digits.replace(/^0+/, '')])]
  const lists = await Promise.all(
    (await readCorpus.databases(deps.corpus, { families: KINDS.processo.families })).map((db) =>
      db
        .select({ lawyer: partyLawyers.name, cnj: sql<string>`min(${lawsuits.cnj})` })
        .from(partyLawyers)
        .innerJoin(parties, eq(parties.id, partyLawyers.partyId))
        .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
        .where(
          and(
            sql`${partyLawyers.oabNumber} IN (${sql.join(
              variants.map((v) => sql`${v}`),
              sql`, `,
            )})`,
            eq(partyLawyers.oabUf, uf),
            PUBLIC,
          ),
        )
        .groupBy(partyLawyers.name)
        .limit(50),
    ),
  )
  // The first case number, whichever shard holds it (as min() over one database would give).
  const hit = lists
    .flat()
    .filter((row) => sameName(row.lawyer, name))
    .sort((a, b) => (a.cnj < b.cnj ? -1 : 1))[0]
  return hit
    ? { source: 'processo' as const, cnj: formatCnj(hit.cnj), lawyer: hit.lawyer, oab: `${digits}/${uf}` }
    : null
}

/** Where the person's name is in a text: the spans of its words in order. */
function nameSpans(text: string, name: string): [number, number][] {
  const words = tokenize(name).norm
  const body = tokenize(text)
  const spans: [number, number][] = []
  for (let i = 0; i + words.length <= body.count; i++) {
    if (words.every((word, k) => body.norm[i + k] === word))
      spans.push([body.start[i] ?? 0, body.end[i + words.length - 1] ?? 0])
  }
  return spans
}

/**
 * A CPF in a text, whole (`123.456.789-09`, `12345678909`) or as gazettes publish it since the
 * LGPD, the first three and last two digits hidden (`***.456.789-**`).
 */
const CPF_IN_TEXT = /(?<![\d*])(\d{3}|\*{3})\.?(\d{3})\.?(\d{3})-?(\d{2}|\*{2})(?![\d*])/g

/**
 * The CPF within CPF_NEAR_NAME characters of the name: 'whole' when every digit is printed,
 * 'masked' when only the six middle digits are and they are this CPF's, else null.
 */
export function cpfNearName(text: string, name: string, cpf: string): 'whole' | 'masked' | null {
  const names = nameSpans(text, name)
  let found: 'whole' | 'masked' | null = null
  for (const m of text.matchAll(CPF_IN_TEXT)) {
    const [, head, mid1, mid2, tail] = m
    const masked = head === '***' || tail === '**'
    if (masked && !(head === '***' && tail === '**')) continue
    const matches = masked ? `${mid1}${mid2}` === cpf.slice(3, 9) : `${head}${mid1}${mid2}${tail}` === cpf
    if (!matches) continue
    const [from, to] = [m.index, m.index + m[0].length]
    if (!names.some(([start, end]) => Math.max(start - to, from - end, 0) <= CPF_NEAR_NAME)) continue
    if (!masked) return 'whole'
    found = 'masked'
  }
  return found
}

/** A public matéria that names this person and carries the CPF (whole or masked) next to the name. */
export async function cpfEvidence(deps: Db, personId: number, name: string, cpf: string) {
  let best: { source: 'diario'; articleId: number; title: string; masked: boolean } | null = null
  for (const row of await namingArticles(deps, personId, cpf)) {
    const found = cpfNearName(row.body, name, cpf)
    if (found === 'whole')
      return { source: 'diario' as const, articleId: row.id, title: row.title, masked: false }
    if (found === 'masked' && !best)
      best = { source: 'diario', articleId: row.id, title: row.title, masked: true }
  }
  return best
}

/**
 * The matérias mentioning the person whose text holds the CPF's six middle digits (in every printed
 * form, masked or not), none about a secret lawsuit (never evidence): each gazette shard's, the
 * cited lawsuits then looked up in the shard each number names (decisions/0081).
 */
async function namingArticles(deps: Db, personId: number, cpf: string) {
  const holdsCpf = sql`instr(replace(replace(${gazetteArticles.body}, '.', ''), '-', ''), ${cpf.slice(3, 9)}) > 0`
  const columns = { id: gazetteArticles.id, title: gazetteArticles.title, body: gazetteArticles.body }
  const [_lawsuitShards, gazetteShards] = await Promise.all([
    readCorpus.databases(deps.corpus, { families: KINDS.processo.families }),
    readCorpus.databases(deps.corpus, { families: KINDS.materia.families }),
  ])
  const lists = await Promise.all(
    gazetteShards.map((db) =>
      db
        .select({ ...columns, cnj: gazetteArticles.lawsuitCnj })
        .from(articleMentions)
        .innerJoin(gazetteArticles, eq(gazetteArticles.id, articleMentions.articleId))
        .where(and(eq(articleMentions.personId, personId), holdsCpf))
        .limit(20),
    ),
  )
  const found: { id: number; title: string; body: string }[] = []
  for (const { cnj, ...row } of lists.flat())
    if (!cnj || !(await isSecretLawsuit(deps.corpus, cnj))) found.push(row)
  return found.slice(0, 20)
}

/** A verified identity proves a person page when its name is the person's and the CPF is hers. */
export async function identityMatch(
  deps: Db,
  person: { id: number; name: string },
  identity: { cpf: string; name: string },
) {
  const idName = sameName(identity.name, person.name)
  const document = await cpfEvidence(deps, person.id, person.name, identity.cpf)
  return {
    proven: idName && !!document,
    matched: {
      document,
      identity: { name: idName, cpf: !!document, masked: document?.masked ?? false },
    } satisfies Omit<ClaimMatch, 'name'>,
  }
}
