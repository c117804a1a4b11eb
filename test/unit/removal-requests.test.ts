import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { formatCnj } from '~/domain/corpus/cnj'
import { lawyerPerson, surname } from './claims-helpers'
import { BASE, createUser, get, ORIGIN, sessionCookie } from './helpers'
import {
  confirmationLink,
  fileRequest,
  PDF,
  removalForm,
  requestByEmail,
  reviewer,
  trailOf,
} from './removal-helpers'

// Issue 30, "Removal and de-indexing on request" (decisions/0066): a request filed, from the form
// to the queue; what each decision does is in removal-decisions.test.ts.

describe('a removal request (issue 30, decisions/0066)', () => {
  it('every person and document page links to the form, which names the page it came from', async () => {
    const { person, cnj } = await lawyerPerson(`Ilda ${surname()} Prado`)
    for (const path of [`/pessoas/${person.slug}`, `/processos/${formatCnj(cnj)}`]) {
      const html = await (await get(path)).text()
      expect(html).toContain(`href="/remocao?pagina=${encodeURIComponent(path)}"`)
      expect(html).toContain('Solicitar remoção')
    }
    const form = await get(`/remocao?pagina=${encodeURIComponent(`/pessoas/${person.slug}`)}`)
    const html = await form.text()
    expect(form.status).toBe(200)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html.toLowerCase()).toContain('enctype="multipart/form-data"')
    expect(html).toContain(`/pessoas/${person.slug}</textarea>`)
  })

  it('bad input gets Portuguese messages and a 4xx, and nothing is stored', async () => {
    const { person } = await lawyerPerson(`Rui ${surname()} Lemos`)
    const page = `/pessoas/${person.slug}`
    const cases: [Record<string, unknown>, number, string][] = [
      [{ nome: '', paginas: page }, 422, 'Informe seu nome.'],
      [{ email: 'não-é-email', paginas: page }, 422, 'Insira um e-mail válido.'],
      [{ relacao: 'vizinho', paginas: page }, 422, 'Escolha sua relação com os dados.'],
      [{ direitos: [], paginas: page }, 422, 'Escolha ao menos um direito.'],
      [{ motivo: 'curto', paginas: page }, 422, 'Conte o motivo com ao menos 20 caracteres.'],
      [{ paginas: '' }, 422, 'Informe ao menos o endereço de uma página.'],
      [{ paginas: 'https://outro-site.example/pessoas/x' }, 422, 'Este endereço não é de uma página'],
      [{ paginas: '/pessoas/ninguem-com-este-nome-zzz' }, 422, 'Este endereço não é de uma página'],
      [{ paginas: page, documento: null }, 422, 'Junte um documento de identidade (PDF, JPG ou PNG).'],
      [
        { paginas: page, documento: new Blob(['MZ não é PDF'], { type: 'application/pdf' }) },
        422,
        'O documento precisa ser um PDF, JPG ou PNG.',
      ],
      [
        {
          paginas: page,
          documento: new Blob([PDF, new Uint8Array(5 * 1024 * 1024)], { type: 'application/pdf' }),
        },
        413,
        'O documento pode ter até 5 MB.',
      ],
      [{ paginas: page, 'cf-turnstile-response': 'errado' }, 422, 'Você é um robô?'],
    ]
    for (const [fields, status, message] of cases) {
      const email = `ruim${surname().toLowerCase()}@exemplo.invalid`
      const response = await fileRequest({ email, ...(fields as Record<string, string>) })
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(status)
      const body = (await response.json()) as { errors: string[] }
      expect(body.errors.join(' ')).toContain(message)
      await expect(requestByEmail(email)).rejects.toThrow('no request')
    }
  })

  it("refuses a body far past the document's 5 MB before reading it, with the message under the document", async () => {
    // Nothing else is checked first (the pages are missing, the captcha wrong): the size alone.
    const address = `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const huge = await SELF.fetch(`${BASE}/ajax/remocao`, {
      method: 'POST',
      headers: { ...ORIGIN, Accept: 'application/json', 'cf-connecting-ip': address },
      body: removalForm({
        paginas: '',
        'cf-turnstile-response': 'errado',
        documento: new Blob([PDF, new Uint8Array(6 * 1024 * 1024)], { type: 'application/pdf' }),
      }),
    })
    expect(huge.status).toBe(413)
    expect(await huge.json()).toMatchObject({
      errors: ['O documento pode ter até 5 MB.'],
      fields: { documento: 'O documento pode ter até 5 MB.' },
    })
  })

  it('files, confirms by e-mail, enters the queue with its legal deadline; the document is only for reviewers', async () => {
    const { person } = await lawyerPerson(`Vera ${surname()} Dantas`)
    const page = `/pessoas/${person.slug}`
    const email = `vera${surname().toLowerCase()}@exemplo.invalid`
    const filed = await fileRequest({ email, nome: 'Vera Dantas', paginas: `${page}\n` })
    expect(filed.status).toBe(200)
    const { redirect_url: status } = (await filed.json()) as { redirect_url: string }
    expect(status).toMatch(/^\/remocao\/acompanhar\/[0-9a-f]{48}$/)
    const waiting = await get(status)
    expect(waiting.headers.get('cache-control')).toContain('no-store')
    expect(await waiting.text()).toContain('Aguardando a confirmação do e-mail')
    // Not in the queue before the e-mail is confirmed.
    const cookie = await reviewer()
    expect(await (await get('/revisao/remocoes', { headers: { Cookie: cookie } })).text()).not.toContain(
      'Vera Dantas',
    )
    const row = await requestByEmail(email)
    expect(row.documentKey).toMatch(/^remocao\/[0-9a-f]{32}\.pdf$/)
    expect(await env.PRIVATE_FILES.get(row.documentKey ?? '')).not.toBeNull()
    // Never at a public address: the images route serves profile photos only.
    expect((await get(`/imagens/${row.documentKey}`)).status).toBe(404)

    const link = await confirmationLink(email)
    const confirmed = await get(link, { redirect: 'manual' })
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('location')).toBe(`${status}?confirmado=1`)
    const following = await (await get(`${status}?confirmado=1`)).text()
    expect(following).toContain('Em análise')
    expect(following).toContain('Prazo para a resposta')
    // The link works once; a forged or altered one is refused.
    expect((await get(link, { redirect: 'manual' })).status).toBe(302)
    const forged = await get('/remocao/confirmar?token=abc', { redirect: 'manual' })
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('Link inválido ou expirado')
    expect((await get('/remocao/confirmar', { redirect: 'manual' })).status).toBe(400)
    expect((await get('/remocao/acompanhar/0123456789abcdef0123456789abcdef0123456789abcdef')).status).toBe(
      404,
    )

    const queue = await (await get('/revisao/remocoes', { headers: { Cookie: cookie } })).text()
    expect(queue).toContain('<meta name="robots" content="noindex"/>')
    expect(queue).toContain('Vera Dantas')
    expect(queue).toContain('15 dias restantes')
    expect(queue).toContain('Eliminação dos dados (inciso VI)')
    // Three forms a request, each with its own accessible name.
    const forms = [...queue.matchAll(/<form[^>]*>/g)].map((match) => match[0])
    const mine = forms.filter((form) => form.includes(`pedido nº ${row.id},`))
    expect(mine.map((form) => /aria-label="([^"]*)"/.exec(form)?.[1])).toEqual([
      `Desindexar: pedido nº ${row.id}, de Vera Dantas`,
      `Mascarar nomes: pedido nº ${row.id}, de Vera Dantas`,
      `Recusar: pedido nº ${row.id}, de Vera Dantas`,
    ])
    expect(queue).toContain(page)

    const plain = await sessionCookie((await createUser()).id)
    expect((await get(`/revisao/remocoes/${row.id}/documento`)).status).toBe(401)
    expect((await get(`/revisao/remocoes/${row.id}/documento`, { headers: { Cookie: plain } })).status).toBe(
      403,
    )
    expect((await get('/revisao/remocoes', { headers: { Cookie: plain } })).status).toBe(403)
    const document = await get(`/revisao/remocoes/${row.id}/documento`, { headers: { Cookie: cookie } })
    expect(document.status).toBe(200)
    expect(document.headers.get('content-type')).toBe('application/pdf')
    expect(document.headers.get('cache-control')).toBe('private, no-store')
    expect(new Uint8Array(await document.arrayBuffer())).toEqual(PDF)

    expect((await trailOf(row.id)).map((entry) => entry.action)).toEqual(['receber', 'confirmar'])
  })
})
