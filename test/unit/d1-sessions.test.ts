import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import {
  BOOKMARK_COOKIE,
  DbTimer,
  openSession,
  readsOnly,
  sessionStart,
  validBookmark,
  whileLocked,
} from '~/db/d1-session.server'
import { createDeps } from '~/deps.server'
import { bumpVersions, readVersions } from '~/domain/cache/versions.server'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function bookmarkCookie(res: Response): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))
  return line ? (line.split(';')[0]?.slice(BOOKMARK_COOKIE.length + 1) ?? null) : null
}

describe('reads started together (decisions/0109)', () => {
  it('go to D1 as one batch, each with its own rows; a write, or a read alone, goes as it is', async () => {
    const session = openSession(env.DB, 'first-unconstrained')
    const read = (n: number) =>
      session.client
        .prepare('SELECT ? AS n')
        .bind(n)
        .all<{ n: number }>()
        .then((r) => r.results[0]?.n)
    expect(await Promise.all([read(1), read(2), read(3)])).toEqual([1, 2, 3])
    expect(session.timer.calls).toBe(1)
    expect(await read(4)).toBe(4)
    expect(session.timer.calls).toBe(2)
    // A write is never joined to reads: the two go as two calls.
    const write = session.client.prepare('CREATE TABLE IF NOT EXISTS read_batch_probe (x)').all()
    await Promise.all([write, read(5)])
    expect(session.timer.calls).toBe(4)
    // A read that calls the string function replace() is a read; REPLACE INTO is not.
    expect(readsOnly("SELECT replace('a@', '@', 'b') AS n")).toBe(true)
    expect(readsOnly('WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true)
    for (const write of [
      'REPLACE INTO t VALUES (1)',
      'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x',
      'UPDATE t SET a = 1',
      'DELETE FROM t',
    ])
      expect(readsOnly(write)).toBe(false)
    // Many at once go in batches of at most 50.
    const many = Array.from({ length: 120 }, (_, i) => i)
    expect(await Promise.all(many.map(read))).toEqual(many)
    expect(session.timer.calls).toBe(7)
  })

  it('a read that fails fails alone: the batch is sent again one statement at a time', async () => {
    const session = openSession(env.DB, 'first-unconstrained')
    const good = session.client.prepare('SELECT 7 AS n').all<{ n: number }>()
    const bad = session.client.prepare('SELECT * FROM no_such_table').all()
    const [ok, failed] = await Promise.allSettled([good, bad])
    expect(ok.status === 'fulfilled' && ok.value.results[0]?.n).toBe(7)
    expect(failed.status).toBe('rejected')
    // The batch, then each statement on its own.
    expect(session.timer.calls).toBe(3)
  })
})

describe('D1 Sessions API', () => {
  it('starts from the bookmark, else a read anywhere and a write on the primary', () => {
    expect(sessionStart('abc-123', false)).toBe('abc-123')
    expect(sessionStart('abc-123', true)).toBe('abc-123')
    expect(sessionStart(null, false)).toBe('first-unconstrained')
    expect(sessionStart(null, true)).toBe('first-primary')
    expect(validBookmark('00000001-0000000a-00004f8e-5c3b1e')).toBe('00000001-0000000a-00004f8e-5c3b1e')
    for (const bad of ['', 'a b', 'x;y', 'é', 'a'.repeat(201), undefined])
      expect(validBookmark(bad)).toBeNull()
  })

  it('opens every request’s queries through withSession with that start, and reads the bookmark back', async () => {
    const calls: string[] = []
    const real = env.DB
    const spy = {
      withSession(start: string) {
        calls.push(start)
        return real.withSession(start)
      },
    } as unknown as D1Database
    const session = openSession(spy, 'first-unconstrained')
    const row = await session.client.prepare('SELECT 1 AS one').first<{ one: number }>()
    expect(row?.one).toBe(1)
    expect(calls).toEqual(['first-unconstrained'])
    // Batches go through the same session, with the runtime's own (timed) statements.
    const [a, b] = await session.client.batch([
      session.client.prepare('SELECT ? AS n').bind(2),
      session.client.prepare('SELECT ? AS n').bind(3),
    ])
    expect([a?.results[0], b?.results[0]]).toEqual([{ n: 2 }, { n: 3 }])
    expect(session.timer.total).toBeGreaterThan(0)
    expect(typeof session.bookmark()).toBe('string')
  })

  it('reads its own write when a later request starts from the bookmark', async () => {
    const writer = createDeps(env, 'first-primary')
    const cnj = buildCnj(880_000 + Math.floor(Math.random() * 10_000), 2025, 8, 26, 100)
    await upsertLawsuits(writer.db, [
      { cnj, court: 'TJSP', secrecyLevel: 0, source: 'teste', subjects: [], movements: [], parties: [] },
    ])
    const bookmark = writer.dbBookmark()
    expect(bookmark).toBeTruthy()
    const reader = createDeps(env, bookmark ?? 'first-primary')
    const found = await reader.db.query.lawsuits.findFirst({ where: (l, { eq }) => eq(l.cnj, cnj) })
    expect(found?.cnj).toBe(cnj)
  })

  it('counts parallel queries once in the database time', async () => {
    const timer = new DbTimer()
    await Promise.all([timer.time(() => wait(40)), timer.time(() => wait(40))])
    expect(timer.total).toBeGreaterThanOrEqual(35)
    expect(timer.total).toBeLessThan(75)
    await timer.time(() => wait(20))
    expect(timer.total).toBeGreaterThanOrEqual(55)
  })

  it('gives a writer the bookmark cookie, never an anonymous reader (whose page stays cacheable)', async () => {
    const cnj = buildCnj(890_000 + Math.floor(Math.random() * 10_000), 2025, 8, 26, 100)
    await upsertLawsuits(deps().db, [
      { cnj, court: 'TJSP', secrecyLevel: 0, source: 'teste', subjects: [], movements: [], parties: [] },
    ])
    const lawsuit = await deps().db.query.lawsuits.findFirst({ where: (l, { eq }) => eq(l.cnj, cnj) })
    const anonymous = await get(`/processos/${formatCnj(cnj)}`)
    expect(anonymous.status).toBe(200)
    expect(bookmarkCookie(anonymous)).toBeNull()

    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const followed = await postJson('/ajax/seguir', { id: lawsuit?.id, tipo: 'processo' }, { Cookie: cookie })
    expect(followed.status).toBe(200)
    const bookmark = bookmarkCookie(followed)
    expect(bookmark).toBeTruthy()
    const line = followed.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`)) ?? ''
    expect(line).toMatch(/HttpOnly/i)
    expect(line).toMatch(/Domain=localhost/i)

    // The next page, started from that bookmark, shows the write (the follow) to its author.
    const list = await get('/conta/seguindo', {
      headers: { Cookie: `${cookie}; ${BOOKMARK_COOKIE}=${bookmark}` },
    })
    expect(list.status).toBe(200)
    expect(await list.text()).toContain(formatCnj(cnj))

    // A cookie that is not a bookmark is ignored, never a 500.
    const odd = await get('/conta/seguindo', { headers: { Cookie: `${cookie}; ${BOOKMARK_COOKIE}=%00%ff` } })
    expect(odd.status).toBe(200)
  })

  it('a purge leaves the writer’s bookmark, and the page rendered anew starts from the newest one', async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    const [a, b] = [`teste-a-${tag}`, `teste-b-${tag}`]
    await bumpVersions(env.PAGE_VERSIONS, [a], '00000000-00000010-00000000-aa')
    await bumpVersions(env.PAGE_VERSIONS, [b], '00000000-00000020-00000000-bb')
    const read = await readVersions(env.PAGE_VERSIONS, [a, b, `teste-nunca-${tag}`])
    expect(read.bookmark).toBe('00000000-00000020-00000000-bb')
    expect(read.versions[2]).toBe('0')
    expect(read.versions.join('')).not.toContain('~')
    const before = read.versions[0]
    await bumpVersions(env.PAGE_VERSIONS, [a])
    const again = await readVersions(env.PAGE_VERSIONS, [a])
    expect(again.versions[0]).not.toBe(before)
    expect(again.bookmark).toBeNull()
  })

  it('versions are held for two seconds: a purge made here shows at once, one made elsewhere soon', async () => {
    const name = `teste-memo-${crypto.randomUUID().slice(0, 8)}`
    expect((await readVersions(env.PAGE_VERSIONS, [name])).versions).toEqual(['0'])
    // Another isolate's purge: straight into KV, not seen while the read is held.
    await env.PAGE_VERSIONS.put(`v:${name}`, 'outro')
    expect((await readVersions(env.PAGE_VERSIONS, [name])).versions).toEqual(['0'])
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 2100)
      expect((await readVersions(env.PAGE_VERSIONS, [name])).versions).toEqual(['outro'])
    } finally {
      vi.useRealTimers()
    }
    await bumpVersions(env.PAGE_VERSIONS, [name])
    const mine = (await readVersions(env.PAGE_VERSIONS, [name])).versions[0]
    expect(mine).not.toBe('outro')
    expect(await env.PAGE_VERSIONS.get(`v:${name}`)).toBe(mine)
  })
})

describe('a database another process holds (decisions/0078)', () => {
  const locked = (message: string) => new Error('Failed query: select 1', { cause: new Error(message) })

  it('sends a refused statement again until the lock is gone', async () => {
    let calls = 0
    const answer = await whileLocked(async () => {
      calls += 1
      if (calls === 1) throw locked('D1_ERROR: database is locked: SQLITE_BUSY')
      if (calls === 2)
        throw locked('D1_ERROR: Failed to get session commit token: internal error; reference = x')
      return 'linhas'
    }, [1, 1, 1])
    expect([answer, calls]).toEqual(['linhas', 3])
  })

  it('gives up after its waits, and never repeats any other error', async () => {
    let calls = 0
    await expect(
      whileLocked(async () => {
        calls += 1
        throw locked('SQLITE_BUSY')
      }, [1, 1]),
    ).rejects.toThrow('Failed query')
    expect(calls).toBe(3)
    calls = 0
    await expect(
      whileLocked(async () => {
        calls += 1
        throw new Error('D1_ERROR: UNIQUE constraint failed: users.email')
      }),
    ).rejects.toThrow('UNIQUE')
    expect(calls).toBe(1)
  })

  it('every statement and batch of a request goes through it', async () => {
    let refusals = 2
    const flaky = {
      withSession: () => {
        const session = env.DB.withSession('first-primary')
        return {
          prepare: (query: string) => session.prepare(query),
          batch: async (statements: D1PreparedStatement[]) => {
            if (refusals-- > 0) throw new Error('D1_ERROR: database is locked: SQLITE_BUSY')
            return session.batch(statements)
          },
          getBookmark: () => session.getBookmark(),
        }
      },
    } as unknown as D1Database
    const { client } = openSession(flaky, 'first-primary')
    const [result] = await client.batch([client.prepare('SELECT 7 AS n')])
    expect(result?.results).toEqual([{ n: 7 }])
    expect(refusals).toBe(-1)
  })
})
