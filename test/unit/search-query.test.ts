import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { parseQuery, toMatchExpression } from '~/domain/search/query'
import { createRng } from '~/fixtures/corpus/random'

describe('search query parsing', () => {
  it('keeps every word, lowercased, and exact phrases with straight or curly quotes', () => {
    expect(parseQuery('Ação  Civil Pública')).toEqual({ words: ['ação', 'civil', 'pública'], phrases: [] })
    expect(parseQuery('"dano moral" banco')).toEqual({ words: ['banco'], phrases: [['dano', 'moral']] })
    expect(parseQuery('“dano moral” banco')).toEqual({ words: ['banco'], phrases: [['dano', 'moral']] })
    expect(parseQuery('"dano moral')).toEqual({ words: ['dano', 'moral'], phrases: [] })
  })

  it('treats operators and symbols as plain text', () => {
    expect(toMatchExpression(parseQuery('(a OR b) NEAR c* -d:e'))).toBe('"a" "or" "b" "near" "c" "d" "e"')
    expect(toMatchExpression(parseQuery('🙂 ***'))).toBeNull()
  })

  it('caps very long input', () => {
    const long = Array.from({ length: 500 }, (_, i) => `palavra${i}`).join(' ')
    expect(parseQuery(long).words.length).toBeLessThanOrEqual(12)
  })
})

// Thousands of random and hostile strings straight into a real FTS5 MATCH: none may fail.
describe('no query can break FTS5', () => {
  const HOSTILE = [
    '"',
    '“',
    '”',
    '(',
    ')',
    '*',
    ':',
    '-',
    '^',
    '+',
    'NEAR',
    'AND',
    'OR',
    'NOT',
    '{',
    '}',
    '\\',
    "'",
    ';',
    '--',
    '/*',
    '\0',
    '🙂',
    '🇧🇷',
    'ção',
    'Ø',
    '\u202e',
    ' ',
    '  ',
    '\n',
    'NEAR(',
    'a:b',
    'col:',
    '"a" OR "b"',
  ]
  // 3,000 MATCH queries go to D1 in batches of 100 (one round trip each), which keeps the test
  // to a few seconds even on a loaded machine; a failing batch is replayed one by one to name
  // the input that broke it.
  it('survives 3,000 generated inputs', async () => {
    const rng = createRng(7)
    const expressions: string[] = []
    for (let i = 0; i < 3000; i++) {
      const parts = Array.from({ length: rng.int(1, 12) }, () =>
        rng.chance(0.6) ? rng.pick(HOSTILE) : String.fromCharCode(rng.int(1, 0x2fff)),
      )
      const expression = toMatchExpression(parseQuery(parts.join(rng.chance(0.5) ? ' ' : '')))
      if (expression) expressions.push(expression)
    }
    expect(expressions.length).toBeGreaterThan(2500)
    const statement = env.DB.prepare('SELECT rowid FROM people_fts WHERE people_fts MATCH ? LIMIT 1')
    for (let i = 0; i < expressions.length; i += 100) {
      const chunk = expressions.slice(i, i + 100)
      try {
        await env.DB.batch(chunk.map((expression) => statement.bind(expression)))
      } catch {
        for (const expression of chunk)
          await expect(statement.bind(expression).all(), expression).resolves.toBeDefined()
      }
    }
  }, 60_000)
})
