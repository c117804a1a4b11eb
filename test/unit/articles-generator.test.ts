import { describe, expect, it } from 'vitest'
import { renderArticle } from '~/domain/articles/markdown.server'
import { THEMES } from '~/domain/reference/data/communities'
import { type ArticlesInput, generateArticles } from '~/fixtures/demo/articles/generate'

const DAY = 86_400_000
const input: ArticlesInput = {
  seed: 11,
  count: 300,
  firstArticleId: 50,
  firstCommentId: 700,
  people: Array.from({ length: 2000 }, (_, i) => ({
    id: 1000 + i,
    createdAt: Date.UTC(2019, 2, 1) + i * 1.2 * DAY,
    communityId: i % 3 ? 1 + (i % 7) : null,
  })),
  themes: Object.fromEntries(THEMES.map((name, i) => [name, 200 + i])),
}

describe('demo articles generator', () => {
  const data = generateArticles(input)
  const byId = new Map(data.articles.map((a) => [Number(a.id), a]))
  const people = new Map(input.people.map((p) => [p.id, p]))

  it('gives the same rows for the same seed, other rows for another', () => {
    expect(generateArticles(input)).toEqual(data)
    expect(generateArticles({ ...input, seed: 12 }).articles.map((a) => a.title)).not.toEqual(
      data.articles.map((a) => a.title),
    )
  })

  it('writes the asked number of articles in date order, by professionals after they signed up', () => {
    expect(data.articles).toHaveLength(300)
    expect(data.articles.map((a) => a.id)).toEqual(Array.from({ length: 300 }, (_, i) => 50 + i))
    const dates = data.articles.map((a) => Number(a.created_at))
    expect(dates).toEqual([...dates].sort((a, b) => a - b))
    expect(new Set(data.articles.map((a) => a.title)).size).toBeGreaterThan(250)
    const communities = new Set([...Object.values(input.themes), 1, 2, 3, 4, 5, 6, 7])
    for (const article of data.articles) {
      const author = people.get(Number(article.author_id))
      expect(author).toBeDefined()
      expect(Number(article.created_at)).toBeGreaterThan(author?.createdAt ?? 0)
      expect(communities.has(Number(article.community_id))).toBe(true)
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    }
    // A few prolific authors, most with one or two.
    const per = new Map<unknown, number>()
    for (const a of data.articles) per.set(a.author_id, (per.get(a.author_id) ?? 0) + 1)
    expect(Math.max(...per.values())).toBeGreaterThan(5)
  })

  it('writes Markdown with headings, a list and a safe link', () => {
    for (const article of data.articles.slice(0, 20)) {
      const html = renderArticle(String(article.body))
      expect(html).toContain('<h2>')
      expect(html).toContain('<li>')
      expect(html).toMatch(/<a href="https:\/\/[^"]+" rel="nofollow ugc noopener"/)
    }
  })

  it('votes once per person and article, never on one’s own, and after publication', () => {
    const keys = data.article_votes.map((v) => `${v.user_id}:${v.article_id}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const vote of data.article_votes) {
      const article = byId.get(Number(vote.article_id))
      expect(vote.user_id).not.toBe(article?.author_id)
      expect(Number(vote.created_at)).toBeGreaterThan(Number(article?.created_at))
      expect(['POSITIVO', 'NEGATIVO']).toContain(vote.kind)
    }
    const positive = data.article_votes.filter((v) => v.kind === 'POSITIVO').length
    expect(positive / data.article_votes.length).toBeGreaterThan(0.6)
    const perArticle = new Map<unknown, number>()
    for (const v of data.article_votes) perArticle.set(v.article_id, (perArticle.get(v.article_id) ?? 0) + 1)
    expect(Math.max(...perArticle.values())).toBeGreaterThan(20)
  })

  it('comments with replies to root comments only, a few removed, ids in order', () => {
    const { comments } = data
    expect(comments.map((c) => c.id)).toEqual(comments.map((_, i) => 700 + i))
    const roots = new Map(comments.filter((c) => c.parent_id === null).map((c) => [c.id, c]))
    const replies = comments.filter((c) => c.parent_id !== null)
    expect(replies.length).toBeGreaterThan(20)
    for (const reply of replies) {
      const root = roots.get(reply.parent_id)
      expect(root, 'a reply answers a root comment written before it').toBeDefined()
      expect(reply.article_id).toBe(root?.article_id)
      expect(Number(reply.created_at)).toBeGreaterThan(Number(root?.created_at))
    }
    const removed = comments.filter((c) => c.deleted_at !== null).length
    expect(removed).toBeGreaterThan(0)
    expect(removed).toBeLessThan(comments.length * 0.1)
  })

  it('needs no counts in the rows: the seed lets the triggers count, and nothing without people', () => {
    for (const article of data.articles) expect(article).not.toHaveProperty('positive_votes')
    expect(generateArticles({ ...input, people: [] })).toEqual({
      articles: [],
      article_votes: [],
      comments: [],
    })
  })
})
