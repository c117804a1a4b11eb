import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { createUser, deps, get, sessionCookie } from './helpers'
import { postForm, profileBase, referenceData } from './profiles-helpers'

// Issue 38, item 13: Conta › Profissão could not be saved by a professional whose only city was
// the signup city ("Selecione as cidades em que você atua.") while the profile showed that city.

/** The form's fields as the page renders them: what a person who changes nothing submits. */
function renderedForm(html: string): URLSearchParams {
  const form = new URLSearchParams()
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="cidades_ids\[\]"[^>]*value="(\d+)"/g))
    form.append('cidades_ids[]', m[1] as string)
  const occupation = /<input[^>]*type="hidden"[^>]*name="ocupacao"[^>]*value="([^"]*)"/.exec(html)?.[1]
  if (occupation !== undefined) form.append('ocupacao', occupation)
  return form
}

async function professionalInSignupCity() {
  const ref = await referenceData()
  const [city, other] = ref.cities
  if (!city || !other) throw new Error('cities')
  const user = await createUser({
    kind: 'profissional',
    occupationCode: ref.occupation.code,
    headline: ref.occupation.title,
    cityCode: city.code,
    city: city.name,
    uf: city.uf,
  })
  return { user, city, other, ref, cookie: await sessionCookie(user.id) }
}

describe('Conta › Profissão and the signup city', () => {
  it('starts from the cities the profile shows and saves as it is', async () => {
    const { user, city, ref, cookie } = await professionalInSignupCity()
    const profile = await (await get(`${profileBase(user.subdomain)}/`)).text()
    expect(profile).toContain(city.name)

    const page = await (await get('/conta/profissao', { headers: { Cookie: cookie } })).text()
    expect(page).toContain(`${city.name}/${city.uf}`)
    const form = renderedForm(page)
    expect(form.getAll('cidades_ids[]')).toEqual([String(city.code)])
    if (!form.has('ocupacao')) form.append('ocupacao', ref.occupation.code)

    const res = await postForm('/ajax/conta/profissao', form, { Cookie: cookie })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { status: string }).status).toBe('success')
  })

  it('removing the signup city there moves the main city to the one left', async () => {
    const { user, other, ref, cookie } = await professionalInSignupCity()
    const form = new URLSearchParams({ ocupacao: ref.occupation.code, 'cidades_ids[]': String(other.code) })
    expect((await postForm('/ajax/conta/profissao', form, { Cookie: cookie })).status).toBe(200)
    const [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ cityCode: other.code, city: other.name, uf: other.uf })
    const page = await (await get('/conta/profissao', { headers: { Cookie: cookie } })).text()
    expect(renderedForm(page).getAll('cidades_ids[]')).toEqual([String(other.code)])
  })
})
