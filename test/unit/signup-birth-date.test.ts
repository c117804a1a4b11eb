import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { ensureReference, post, signupForm } from './accounts-helpers'
import { deps, get } from './helpers'

// Issue 38, item 13: signup required a birth date its label did not mark. Spec §5 asks only
// its format (every field it requires says so), so it is optional, and its label says it.

describe('signup birth date', () => {
  it('is optional: a signup without it is created, with no date stored', async () => {
    await ensureReference()
    const form = signupForm({ data_nascimento: '' })
    const res = await post('/cadastrar', form)
    expect(res.status).toBe(200)
    const [row] = await deps().db.select().from(users).where(eq(users.email, form.email.toLowerCase()))
    expect(row?.birthDate).toBeNull()
    const { data_nascimento: _omitted, ...without } = signupForm()
    expect((await post('/cadastrar', without)).status).toBe(200)
  })

  it('is still checked when typed', async () => {
    await ensureReference()
    const res = await post('/cadastrar', signupForm({ data_nascimento: '31/02/1990' }))
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: string[] }).errors).toContain('Digite uma data válida')
  })

  it('is marked optional on the form', async () => {
    const html = await (await get('/cadastrar')).text()
    // The input is described by its hint: the label and the hint together say it is optional.
    const input = /<input[^>]*name="data_nascimento"[^>]*>/.exec(html)?.[0] ?? ''
    const hintId = /aria-describedby="([^" ]+)/.exec(input)?.[1]
    expect(hintId).toBeTruthy()
    expect(new RegExp(`id="${hintId}"[^>]*>dd/mm/aaaa \\(opcional\\)<`).test(html)).toBe(true)
  })
})
