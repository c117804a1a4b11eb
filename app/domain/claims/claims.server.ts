import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { type ClaimMatch, personClaims } from '~/db/schema-claims'
import { articleMentions, gazetteArticles, lawsuits, parties, partyLawyers, people } from '~/db/schema-corpus'
import { pagesOf } from '~/domain/cache/purges'
import { formatCnj } from '~/domain/corpus/cnj'
import { appearances } from '~/domain/corpus/read/entities.server'
import { PUBLIC } from '~/domain/corpus/read/lawsuits.server'
import { DomainError } from '~/domain/errors'
import { tokenize } from '~/domain/monitoring/normalize'
import type { Outcome } from '~/domain/outcome'
import type { PublicUser } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import type { ClaimInput } from '~/schemas/claims'

// "Este sou eu" (issue 17, decisions/0034). A claim is accepted at once only when the account's
// name is the person's and a public document carries the evidence for this person; otherwise it
// waits for review. Nothing here reads, stores or answers anything about a secret lawsuit.

type Db = { db: Database }

/** How far (in characters) a CPF may stand from the name in a matéria to be that person's. */
export const CPF_NEAR_NAME = 200

/** The same words, whatever their accents, case, punctuation or order. */
export function sameName(a: string, b: string): boolean {
  const words = (name: string) => tokenize(name).norm.sort().join(' ')
  return words(a) !== '' && words(a) === words(b)
}

/** A matéria about a secret lawsuit is never evidence, nor a reason a page can be claimed. */
const NOT_ABOUT_SECRET = sql`NOT EXISTS (SELECT 1 FROM lawsuits s WHERE s.cnj = ${gazetteArticles.lawsuitCnj} AND s.secrecy_level > 0)`

async function findPerson(deps: Db, personId: number) {
  const [person] = await deps.db
    .select({ id: people.id, name: people.name, slug: people.slug })
    .from(people)
    .where(eq(people.id, personId))
  if (!person) throw new DomainError('claims.personNotFound', 404)
  return person
}

/** A page can be claimed only if something public shows it (a page of secret cases cannot). */
export async function isClaimable(deps: Db, personId: number): Promise<boolean> {
  const [row] = await deps.db.all<{ yes: number }>(sql`SELECT
    EXISTS (SELECT 1 FROM parties p JOIN lawsuits l ON l.id = p.lawsuit_id WHERE p.person_id = ${personId} AND l.secrecy_level = 0)
    OR EXISTS (SELECT 1 FROM article_mentions m JOIN gazette_articles ON gazette_articles.id = m.article_id
      WHERE m.person_id = ${personId} AND ${NOT_ABOUT_SECRET}) AS yes`)
  return Boolean(row?.yes)
}

/** A lawyer with the person's name and this OAB, on a public lawsuit. */
async function oabEvidence(deps: Db, name: string, number: string, uf: string) {
  const digits = number.replace(/\D/g, '')
  const variants = [...new Set([digits, digits.replace(/^0+/, '')])]
  const rows = await deps.db
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
    .limit(50)
  const hit = rows.find((row) => sameName(row.lawyer, name))
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

/** The CPF (masked or not) within CPF_NEAR_NAME characters of the name. */
export function cpfNearName(text: string, name: string, cpf: string): boolean {
  const names = nameSpans(text, name)
  for (const m of text.matchAll(/(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g)) {
    if (m[0].replace(/\D/g, '') !== cpf) continue
    const [from, to] = [m.index, m.index + m[0].length]
    if (names.some(([start, end]) => Math.max(start - to, from - end, 0) <= CPF_NEAR_NAME)) return true
  }
  return false
}

/** A public matéria that names this person and carries the CPF next to the name. */
async function cpfEvidence(deps: Db, personId: number, name: string, cpf: string) {
  const rows = await deps.db
    .select({ id: gazetteArticles.id, title: gazetteArticles.title, body: gazetteArticles.body })
    .from(articleMentions)
    .innerJoin(gazetteArticles, eq(gazetteArticles.id, articleMentions.articleId))
    .where(
      and(
        eq(articleMentions.personId, personId),
        NOT_ABOUT_SECRET,
        sql`instr(replace(replace(${gazetteArticles.body}, '.', ''), '-', ''), ${cpf}) > 0`,
      ),
    )
    .limit(20)
  const hit = rows.find((row) => cpfNearName(row.body, name, cpf))
  return hit ? { source: 'diario' as const, articleId: hit.id, title: hit.title } : null
}

const evidenceValue = (input: ClaimInput) =>
  input.tipo === 'oab'
    ? `${input.oab_numero.replace(/\D/g, '')}/${input.oab_uf.toUpperCase()}`
    : input.cpf.replace(/\D/g, '')

/** "Este sou eu": stores the claim, accepted when the documents confirm it, else in review. */
export async function claimPerson(
  deps: Db & { now: () => Date },
  user: Pick<PublicUser, 'id' | 'name'>,
  personId: number,
  input: ClaimInput,
): Promise<Outcome> {
  const person = await findPerson(deps, personId)
  const [mine] = await deps.db
    .select({ personId: personClaims.personId })
    .from(personClaims)
    .where(eq(personClaims.userId, user.id))
  if (mine)
    throw new DomainError(mine.personId === personId ? 'claims.alreadyYours' : 'claims.onePerAccount', 409)
  const [taken] = await deps.db
    .select({ id: personClaims.id })
    .from(personClaims)
    .where(eq(personClaims.personId, personId))
  if (taken) throw new DomainError('claims.taken', 409)
  if (!(await isClaimable(deps, personId))) throw new DomainError('claims.notClaimable', 403)

  const name = sameName(user.name, person.name)
  const document = !name
    ? null
    : input.tipo === 'oab'
      ? await oabEvidence(deps, person.name, input.oab_numero, input.oab_uf.toUpperCase())
      : await cpfEvidence(deps, person.id, person.name, input.cpf.replace(/\D/g, ''))
  const matched: ClaimMatch = { name, document }
  const status = name && document ? 'aceita' : 'em_analise'
  const [row] = await deps.db
    .insert(personClaims)
    .values({
      personId,
      userId: user.id,
      status,
      evidenceKind: input.tipo,
      evidenceValue: evidenceValue(input),
      matched,
      decidedAt: status === 'aceita' ? deps.now().getTime() : null,
    })
    .onConflictDoNothing()
    .returning({ id: personClaims.id })
  // Lost a race with another claim of this page or of this account.
  if (!row) throw new DomainError('claims.taken', 409)
  const url = `/pessoas/${person.slug}`
  return {
    message: t(status === 'aceita' ? 'claims.accepted' : 'claims.inReview'),
    redirect: url,
    body: { reivindicacao: { id: row.id, status }, redirect_url: url },
    // An accepted claim links the person page to the profile.
    effects: status === 'aceita' ? [pagesOf.corpus()] : [],
  }
}

/** "Desfazer": the claimant removes the claim, and the page is free again. */
export async function undoClaim(deps: Db, userId: number, personId: number): Promise<Outcome> {
  const person = await findPerson(deps, personId)
  const removed = await deps.db
    .delete(personClaims)
    .where(and(eq(personClaims.personId, personId), eq(personClaims.userId, userId)))
    .returning({ id: personClaims.id })
  if (!removed.length) throw new DomainError('claims.notFound', 404)
  const url = `/pessoas/${person.slug}`
  return {
    message: t('claims.undone'),
    redirect: url,
    body: { redirect_url: url },
    effects: [pagesOf.corpus()],
  }
}

/** The live claim of a person page, with its claimant's public name and subdomain. */
export async function claimOfPerson(deps: Db, personId: number) {
  const [row] = await deps.db
    .select({
      status: personClaims.status,
      userId: personClaims.userId,
      name: users.name,
      subdomain: users.subdomain,
    })
    .from(personClaims)
    .innerJoin(users, eq(users.id, personClaims.userId))
    .where(eq(personClaims.personId, personId))
  return row ?? null
}

/** The page a user claimed, if any. */
export async function claimOfUser(deps: Db, userId: number) {
  const [row] = await deps.db
    .select({ status: personClaims.status, personId: people.id, name: people.name, slug: people.slug })
    .from(personClaims)
    .innerJoin(people, eq(people.id, personClaims.personId))
    .where(eq(personClaims.userId, userId))
  return row ?? null
}

/**
 * What the profile lists once a claim is accepted: the person page's own appearances (the same
 * reader, so secret lawsuits stay out exactly as they do there).
 */
export async function claimedAppearances(deps: Db, userId: number) {
  const claim = await claimOfUser(deps, userId)
  if (claim?.status !== 'aceita') return null
  return {
    person: { name: claim.name, slug: claim.slug },
    ...(await appearances(deps.db, { personId: claim.personId })),
  }
}
