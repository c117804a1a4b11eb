import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { feminineTitle, formOfTitle, titleInForm } from '~/domain/reference/occupation-forms'
import { createUser, deps, get, sessionCookie } from './helpers'
import { postForm, profileBase, referenceData } from './profiles-helpers'

describe('the feminine form of CBO titles (decisions/0018)', () => {
  it('inflects the words before the first preposition or parenthesis', () => {
    const cases: [string, string | null][] = [
      ['Advogado', 'Advogada'],
      ['Advogado (direito civil)', 'Advogada (direito civil)'],
      ['Advogado de empresa', 'Advogada de empresa'],
      ['Advogado da união', 'Advogada da união'],
      ['Contador', 'Contadora'],
      ['Tabelião de notas', 'Tabeliã de notas'],
      ['Juiz de direito', 'Juíza de direito'],
      ['Defensor público', 'Defensora pública'],
      ['Procurador do estado', 'Procuradora do estado'],
      ['Perito contábil', 'Perita contábil'],
      ['Cirurgião dentista - clínico geral', 'Cirurgiã dentista - clínica geral'],
      ['Cirurgião-dentista', 'Cirurgiã-dentista'],
      ['Técnico em contabilidade', 'Técnica em contabilidade'],
      ['Oficial de justiça', null],
      ['Analista de sistemas', null],
      ['Consultor jurídico', 'Consultora jurídica'],
      ['Sargento da polícia militar', null],
    ]
    for (const [masculine, feminine] of cases) expect(feminineTitle(masculine), masculine).toBe(feminine)
  })

  it('tells which form a stored title is, and writes a title in a form', () => {
    expect(formOfTitle('Advogado', 'Advogada')).toBe('feminino')
    expect(formOfTitle('Advogado', 'Advogado')).toBe('masculino')
    expect(formOfTitle('Advogado', 'Jurista')).toBeNull()
    expect(titleInForm('Advogado', 'feminino')).toBe('Advogada')
    expect(titleInForm('Oficial de justiça', 'feminino')).toBe('Oficial de justiça')
  })
})

describe('the profession tab keeps the title as chosen', () => {
  const save = (cookie: string, fields: Record<string, string>, city: number) => {
    const form = new URLSearchParams(fields)
    form.append('cidades_ids[]', String(city))
    return postForm('/ajax/conta/profissao', form, { Cookie: cookie })
  }
  const headlineOf = async (id: number) =>
    (await deps().db.select({ headline: users.headline }).from(users).where(eq(users.id, id)))[0]?.headline

  it('saves "Advogada" when she chooses it, and keeps it on a later save without a choice', async () => {
    const ref = await referenceData()
    const user = await createUser({ headline: 'Estudante', kind: 'estudante' })
    const cookie = await sessionCookie(user.id)
    const city = ref.cities[0]?.code ?? 0
    const feminine = feminineTitle(ref.occupation.title) ?? ''
    expect(feminine).toMatch(/^Advogada Teste/)

    let res = await save(cookie, { ocupacao: ref.occupation.code, ocupacao_forma: 'feminino' }, city)
    expect(await res.json()).toMatchObject({ status: 'success' })
    expect(await headlineOf(user.id)).toBe(feminine)

    // The bug: saving again (no form field, as an older page would post) made her "Advogado".
    res = await save(cookie, { ocupacao: ref.occupation.code }, city)
    expect(res.status).toBe(200)
    expect(await headlineOf(user.id)).toBe(feminine)

    // The tab opens with what is saved: the profession as she reads it and her form checked.
    const page = await (await get('/conta/profissao', { headers: { Cookie: cookie } })).text()
    expect(page).not.toContain('Selecione sua profissão')
    expect(page).toContain(`>${feminine}</span>`)
    expect(page).toMatch(/<input[^>]*value="feminino"[^>]*checked|<input[^>]*checked[^>]*value="feminino"/)
    expect(page).toContain(`name="ocupacao" value="${ref.occupation.code}"`)
    expect(page).toContain(`value="${city}"`)

    // The public profile shows it too.
    const profile = await (await get(`${profileBase(user.subdomain)}/`)).text()
    expect(profile).toContain(feminine)

    // Choosing the masculine form changes only the title.
    res = await save(cookie, { ocupacao: ref.occupation.code, ocupacao_forma: 'masculino' }, city)
    expect(await headlineOf(user.id)).toBe(ref.occupation.title)
  })

  it("a new profession keeps the form she had; 'Outra' loads with her own text", async () => {
    const ref = await referenceData()
    const user = await createUser({ headline: 'Advogada', kind: 'profissional' })
    const cookie = await sessionCookie(user.id)
    // 'Outra' with her own title: the tab shows it selected and posts it back.
    const page = await (await get('/conta/profissao', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Outra: Advogada')
    expect(page).toContain('name="ocupacao_outra" value="Advogada"')

    const res = await save(
      cookie,
      { ocupacao: ref.occupation.code, ocupacao_forma: 'feminino' },
      ref.cities[0]?.code ?? 0,
    )
    expect(res.status).toBe(200)
    await save(cookie, { ocupacao: ref.other.code }, ref.cities[0]?.code ?? 0)
    expect(await headlineOf(user.id)).toBe(feminineTitle(ref.other.title))
  })

  it('refuses a form that is not one', async () => {
    const ref = await referenceData()
    const user = await createUser()
    const res = await save(
      await sessionCookie(user.id),
      { ocupacao: ref.occupation.code, ocupacao_forma: 'qualquer' },
      ref.cities[0]?.code ?? 0,
    )
    expect(res.status).toBe(422)
  })
})

describe('signup keeps the title as she chose it (decisions/0018)', () => {
  it('"Advogada" when the feminine form is chosen, the CBO title otherwise', async () => {
    const { ensureReference, post, signupForm } = await import('./accounts-helpers')
    await ensureReference()
    const chosen = signupForm({ ocupacao_forma: 'feminino' })
    const plain = signupForm()
    expect((await post('/cadastrar', chosen)).status).toBe(200)
    expect((await post('/cadastrar', plain)).status).toBe(200)
    const headline = async (email: string) =>
      (await deps().db.select({ headline: users.headline }).from(users).where(eq(users.email, email)))[0]
        ?.headline
    expect(await headline(chosen.email)).toBe('Advogada')
    expect(await headline(plain.email)).toBe('Advogado')
  })
})
