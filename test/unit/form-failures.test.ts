import { describe, expect, it } from 'vitest'
import { cookiesFrom, createUser, get, plainPost, sessionCookie } from './helpers'
import { postForm, referenceData } from './profiles-helpers'

const GOOD = '(11) 3456-7890'
const BAD = '1234'

/** The profession form with two cities, two services, a good and a bad phone (fixed row ids). */
async function typedForm() {
  const ref = await referenceData()
  const [a, b] = ref.cities
  if (!a || !b) throw new Error('no cities')
  const good = crypto.randomUUID()
  const bad = crypto.randomUUID()
  const fields: Record<string, string | string[]> = {
    ocupacao: ref.occupation.code,
    'cidades_ids[]': [String(a.code), String(b.code)],
    'servicos[]': ['Inventário extrajudicial', 'Divórcio consensual'],
    [`telefones[${good}][numero]`]: GOOD,
    [`telefones[${good}][whatsapp]`]: 'sim',
    [`telefones[${bad}][numero]`]: BAD,
  }
  return { ref, a, b, good, bad, fields }
}

describe('a refused form says so at the field, and comes back whole without JavaScript (issue 28 §5)', () => {
  it('a wrong phone is named by its own input, not only listed', async () => {
    const { fields, bad, good } = await typedForm()
    const cookie = await sessionCookie((await createUser()).id)
    const form = new URLSearchParams()
    for (const [name, value] of Object.entries(fields))
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item)
    const res = await postForm('/ajax/conta/profissao', form, { Cookie: cookie })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: string[]; fields: Record<string, string> }
    expect(body.errors).toEqual(['Informe um telefone válido, com DDD.'])
    expect(body.fields[`telefones[${bad}][numero]`]).toBe('Informe um telefone válido, com DDD.')
    expect(body.fields[`telefones[${good}][numero]`]).toBeUndefined()
  })

  it('without JavaScript, the page comes back with every city, service and phone typed, the bad phone marked', async () => {
    const { fields, a, b, good, bad } = await typedForm()
    const cookie = await sessionCookie((await createUser()).id)
    const sent = await plainPost('/ajax/conta/profissao', fields, cookie, '/conta/profissao')
    expect(sent.status).toBe(303)
    expect(new URL(sent.headers.get('location') ?? '', 'http://x').pathname).toBe('/conta/profissao')
    const page = await get('/conta/profissao', { headers: { Cookie: `${cookie}; ${cookiesFrom(sent)}` } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Informe um telefone válido, com DDD.')
    for (const code of [a.code, b.code]) expect(html).toContain(`name="cidades_ids[]" value="${code}"`)
    expect(html).toContain(`${a.name}/${a.uf}`)
    expect(html).toContain(`${b.name}/${b.uf}`)
    expect(html).toContain('name="servicos[]" value="Inventário extrajudicial"')
    expect(html).toContain('name="servicos[]" value="Divórcio consensual"')
    const badInput = html.match(new RegExp(`<input[^>]*name="telefones\\[${bad}\\]\\[numero\\]"[^>]*>`))?.[0]
    expect(badInput).toContain(`value="${BAD}"`)
    expect(badInput).toContain('aria-invalid="true"')
    const describedBy = badInput?.match(/aria-describedby="([^"]+)"/)?.[1]
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Informe um telefone válido, com DDD.<`))
    const goodInput = html.match(
      new RegExp(`<input[^>]*name="telefones\\[${good}\\]\\[numero\\]"[^>]*>`),
    )?.[0]
    expect(goodInput).toContain(`value="${GOOD}"`)
    expect(goodInput).not.toContain('aria-invalid')
    expect(html).toMatch(new RegExp(`name="telefones\\[${good}\\]\\[whatsapp\\]"[^>]*checked`))
  })
})
