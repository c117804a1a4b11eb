import type { Batch } from '~/domain/corpus/generate'
import { createRng, dayFromIso, type Rng } from '~/domain/corpus/generate/random'
import { slugify } from '~/domain/corpus/import/text'
import { countBy, sample, weighted } from '../directory/pick'
import { CLOSINGS, COMMENTS, INTROS, PRACTICE, REPLIES, TITLES } from './content'
import { SUBJECTS, type Subject } from './subjects'

/** Articles were written between these days (the directory's accounts go back to 2019). */
const FIRST_DAY = dayFromIso('2024-03-01')
const LAST_DAY = dayFromIso('2026-11-20')
const DAY_MS = 86_400_000

type Row = Batch['rows'][number]

export type ArticlesInput = {
  seed: number
  count: number
  /** Rows carry their ids so votes and replies can point at them. */
  firstArticleId: number
  firstCommentId: number
  /** The generated professionals: who writes, votes and comments. */
  people: readonly { id: number; createdAt: number; communityId: number | null }[]
  /** Theme community name → id (the `communities` rows of kind `tema`). */
  themes: Readonly<Record<string, number>>
}

export type GeneratedArticles = { articles: Row[]; article_votes: Row[]; comments: Row[] }

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const fill = (template: string, subject: string) =>
  template.replaceAll('{Assunto}', capitalise(subject)).replaceAll('{assunto}', subject)

/** `publishArticle`'s slug rule (articles.server.ts), so seeded links look like real ones. */
const slugOf = (title: string) => slugify(title).slice(0, 80).replace(/-+$/, '') || 'artigo'

function body(rng: Rng, topic: Subject): string {
  const [a, b, c] = topic.points
  const practice = sample(rng, PRACTICE, rng.int(1, 4))
  return [
    '## Introdução',
    fill(rng.pick(INTROS), topic.subject),
    '## Pontos principais',
    `- ${capitalise(a)};\n- ${b};\n- ${c}.`,
    '## O que diz a lei',
    `A base legal: **${topic.law.label}**. Vale ler o texto atualizado em [${topic.law.label}](${topic.law.url}).`,
    '## Na prática',
    ...practice,
    '## Conclusão',
    rng.pick(CLOSINGS),
  ].join('\n\n')
}

/**
 * Demo articles, votes and comments (decisions/0027): pure and deterministic like the directory
 * generator. Counts are not in the rows: the seed inserts the votes and comments and the
 * triggers of migration 0014 count them, as they do for real ones.
 */
export function generateArticles(input: ArticlesInput): GeneratedArticles {
  const rng = createRng(input.seed)
  const out: GeneratedArticles = { articles: [], article_votes: [], comments: [] }
  const people = input.people.filter((p) => p.createdAt < LAST_DAY * DAY_MS)
  const subjects = SUBJECTS.filter((s) => input.themes[s.theme])
  if (!people.length || !subjects.length || input.count <= 0) return out
  // A few write, some of them a lot: about 6 % of the professionals, heavy-tailed.
  const writers = people.filter(() => rng.chance(0.06))
  if (!writers.length) writers.push(people[0] as (typeof people)[number])
  const writer = weighted(
    writers,
    writers.map(() => Math.min(30, (1 - rng.next()) ** -1.3)),
  )
  const used = new Set<string>()
  const plans = Array.from({ length: input.count }, () => {
    const author = writer(rng)
    let topic = rng.pick(subjects)
    let title = fill(rng.pick(TITLES), topic.subject)
    for (let tries = 0; used.has(title) && tries < 20; tries++) {
      topic = rng.pick(subjects)
      title = fill(rng.pick(TITLES), topic.subject)
    }
    used.add(title)
    const start = Math.max(FIRST_DAY, Math.ceil(author.createdAt / DAY_MS) + 1)
    // Skewed to recent days: the network grows, and so does what is written.
    const day = start + Math.floor((LAST_DAY - start) * rng.next() ** 0.6)
    const themeId = input.themes[topic.theme] as number
    return {
      author,
      title,
      topic,
      communityId: author.communityId && rng.chance(0.35) ? author.communityId : themeId,
      createdAt: day * DAY_MS + rng.int(7, 22) * 3_600_000 + rng.int(0, 3_599_999),
    }
  }).sort((x, y) => x.createdAt - y.createdAt)

  let commentId = input.firstCommentId
  plans.forEach((plan, index) => {
    const id = input.firstArticleId + index
    out.articles.push({
      id,
      author_id: plan.author.id,
      community_id: plan.communityId,
      title: plan.title,
      slug: slugOf(plan.title),
      body: body(rng, plan.topic),
      created_at: plan.createdAt,
      updated_at: rng.chance(0.1) ? plan.createdAt + rng.int(1, 20) * DAY_MS : null,
    })
    const after = (from: number) => from + Math.floor(rng.next() ** 2 * 30 * DAY_MS) + 60_000
    const someone = () => (rng.pick(people) as (typeof people)[number]).id

    // Votes: most articles a handful, a few many; most positive, some divided.
    const votes = Math.min(120, Math.floor(((1 - rng.next()) ** -1.25 - 1) * 6))
    const positiveShare = rng.chance(0.1) ? 0.3 + 0.3 * rng.next() : 0.65 + 0.33 * rng.next()
    const voters = new Set<number>([plan.author.id])
    for (let tries = 0; voters.size <= votes && tries < votes * 3; tries++) {
      const voter = someone()
      if (voters.has(voter)) continue
      voters.add(voter)
      out.article_votes.push({
        user_id: voter,
        article_id: id,
        kind: rng.chance(positiveShare) ? 'POSITIVO' : 'NEGATIVO',
        created_at: after(plan.createdAt),
      })
    }

    // Comments: a few root comments, some answered (often by the author), a few removed.
    const roots = countBy(rng, [0.3, 0.2, 0.15, 0.1, 0.08, 0.06, 0.05, 0.03, 0.03]) + (votes > 30 ? 2 : 0)
    const times = Array.from({ length: roots }, () => after(plan.createdAt)).sort((x, y) => x - y)
    for (const at of times) {
      const rootId = commentId++
      out.comments.push({
        id: rootId,
        article_id: id,
        author_id: someone(),
        parent_id: null,
        body: rng.pick(COMMENTS),
        created_at: at,
        deleted_at: rng.chance(0.04) ? at + DAY_MS : null,
      })
      if (!rng.chance(0.35)) continue
      let replyAt = at
      for (let n = rng.int(1, 2); n > 0; n--) {
        replyAt += rng.int(1, 72) * 3_600_000
        out.comments.push({
          id: commentId++,
          article_id: id,
          author_id: rng.chance(0.5) ? plan.author.id : someone(),
          parent_id: rootId,
          body: rng.pick(REPLIES),
          created_at: replyAt,
          deleted_at: null,
        })
      }
    }
  })
  return out
}
