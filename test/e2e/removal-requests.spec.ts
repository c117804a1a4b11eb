import type { Page } from '@playwright/test'
import { expect, expectPhoneFriendly, hydrated, test, uniqueTag } from './fixtures'

// Issue 30 (decisions/0066, 0067): a removal request from both sides, and /cobertura on a phone.

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** A person page of this test only: a public lawsuit where she is a party. */
async function personPage(page: Page, baseURL: string | undefined, nome: string) {
  const made = await page.request.post(`${origin(baseURL)}/__dev/processos-advogado`, {
    data: { nome, oab_numero: '246810', oab_uf: 'SP' },
    headers: { Origin: origin(baseURL) },
  })
  expect(made.status()).toBe(201)
  return (await made.json()) as { cnj: string; pessoa: { id: number; slug: string } }
}

/** The newest development e-mail to `to` whose text matches `pattern`, once it has arrived. */
async function linkIn(page: Page, baseURL: string | undefined, to: string, pattern: RegExp) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const mails = (await (
        await page.request.get(`${origin(baseURL)}/__dev/emails?para=${encodeURIComponent(to)}`, {
          headers: { Accept: 'application/json' },
        })
      ).json()) as { text: string }[]
      link = mails.map((mail) => mail.text.match(pattern)?.[0]).find(Boolean)
      return link ?? ''
    })
    .not.toBe('')
  return link as string
}

test.describe('removal on request (issue 30)', () => {
  test('a person asks from her page and follows the request; a reviewer de-indexes it within the deadline', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const tag = uniqueTag()
    const name = `Marta Remocao ${tag}`
    const email = `marta.remocao.${tag}@exemplo.invalid`.toLowerCase()
    const { pessoa } = await personPage(page, baseURL, name)
    // This test's own address for the per-address limits of a public form.
    await page.setExtraHTTPHeaders({
      'cf-connecting-ip': `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    })

    // The requester, not logged in: from the page to the form, with the page already named.
    await page.goto(`/pessoas/${pessoa.slug}`)
    await hydrated(page)
    await page.getByRole('link', { name: 'Solicitar remoção' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitar remoção ou desindexação')
    await expect(page.getByLabel('Páginas', { exact: true })).toHaveValue(
      new RegExp(`/pessoas/${pessoa.slug}$`),
    )
    await hydrated(page)
    // Bad input first: the messages at their fields, in Portuguese, nothing sent.
    await page.getByRole('button', { name: 'Enviar pedido' }).click()
    await expect(page.getByText('Informe seu nome.')).toBeVisible()
    await expect(page.getByText('Junte um documento de identidade (PDF, JPG ou PNG).')).toBeVisible()

    await page.getByLabel('Seu nome', { exact: true }).fill(name)
    await page.getByLabel('Seu e-mail', { exact: true }).fill(email)
    await page.getByRole('radio', { name: 'Sou a pessoa citada' }).check()
    await page.getByRole('checkbox', { name: 'Eliminação dos dados (inciso VI)' }).check()
    await page
      .getByLabel('Motivo', { exact: true })
      .fill('Fui parte de um processo de família já encerrado e meu nome não deveria aparecer.')
    await page.getByLabel('Documento de identidade').setInputFiles({
      name: 'rg.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    })
    await page.getByRole('checkbox', { name: 'Não sou um robô' }).check()
    await page.getByRole('button', { name: 'Enviar pedido' }).click()

    await expect(page).toHaveURL(/\/remocao\/acompanhar\/[0-9a-f]{48}$/)
    const statusUrl = page.url()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seu pedido de remoção')
    await expect(page.getByText('Aguardando a confirmação do e-mail')).toBeVisible()

    // The e-mail proves the address; the request enters the queue and the deadline starts.
    const confirm = await linkIn(page, baseURL, email, /https?:\/\/\S+\/remocao\/confirmar\?token=\S+/)
    await page.goto(confirm)
    await expect(page).toHaveURL(`${statusUrl}?confirmado=1`)
    await expect(page.getByText('Em análise')).toBeVisible()
    await expect(page.getByText(/Prazo para a resposta: \d+ de \S+ de \d{4}/)).toBeVisible()

    // The reviewer's side.
    const reviewer = await createUser({ name: `Renata Revisora ${tag}` })
    const granted = await page.request.post(`${origin(baseURL)}/__dev/papeis`, {
      data: { email: reviewer.email, papel: 'revisor' },
      headers: { Origin: origin(baseURL) },
    })
    expect(granted.status()).toBe(201)
    await page.goto('/revisao/remocoes')
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedidos de remoção')
    const item = page.getByRole('listitem').filter({ hasText: email })
    await expect(item.getByText(/Prazo legal: .* \(15 dias restantes\)/)).toBeVisible()
    await expect(item.getByText('Pede: Eliminação dos dados (inciso VI)')).toBeVisible()
    const documentLink = item.getByRole('link', { name: 'Ver documento enviado' })
    const document = await page.request.get(
      new URL((await documentLink.getAttribute('href')) ?? '', page.url()).href,
    )
    expect(document.headers()['content-type']).toBe('application/pdf')
    await item
      .getByRole('textbox', { name: 'Nota para a trilha (opcional)' })
      .first()
      .fill('Parte em caso de família.')
    await item.getByRole('button', { name: 'Desindexar' }).click()
    await expect(page).toHaveURL(/\/revisao\/remocoes$/)
    await expect(page.getByText('Páginas desindexadas. A pessoa foi avisada por e-mail.')).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0)

    // The requester sees the decision; the page stays at its address but asks not to be indexed.
    await page.goto(statusUrl)
    await expect(page.getByText('Aceito: páginas retiradas da busca')).toBeVisible()
    await linkIn(page, baseURL, email, /Seu pedido foi aceito/)
    await page.goto(`/pessoas/${pessoa.slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })

  test('/cobertura reads on a 360 px phone, and an empty search points to it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await expectPhoneFriendly(page, '/cobertura')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('O que a busca cobre')
    await expect(page.getByRole('heading', { name: 'Diários oficiais', exact: true })).toBeVisible()
    await expectPhoneFriendly(page, '/remocao')
    await page.goto(`/busca?q=zzqxjvwk${uniqueTag()}`)
    await page
      .getByRole('link', { name: 'Veja o que a busca cobre antes de concluir que não há nada.' })
      .click()
    await expect(page).toHaveURL(/\/cobertura$/)
    await page.getByRole('contentinfo').getByRole('link', { name: 'O que a busca cobre' }).click()
    await expect(page).toHaveURL(/\/cobertura$/)
  })
})
