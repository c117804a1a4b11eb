import type { Page } from '@playwright/test'
import { expect, hydrated, test, uniqueTag } from './fixtures'

// Issue 30 (decisions/0071): a reviewer's "Mascarar nomes" reaches every surface, not only the
// page asked about: the person page goes (its address is the name) and search no longer knows her.

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

async function personPage(page: Page, baseURL: string | undefined, nome: string) {
  const made = await page.request.post(`${origin(baseURL)}/__dev/processos-advogado`, {
    data: { nome, oab_numero: '135790', oab_uf: 'SP' },
    headers: { Origin: origin(baseURL) },
  })
  expect(made.status()).toBe(201)
  return (await made.json()) as { cnj: string; pessoa: { id: number; slug: string } }
}

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

test('a reviewer masks a person: her page is gone and search no longer finds her name', async ({
  page,
  baseURL,
  createUser,
}) => {
  const tag = uniqueTag()
  const name = `Clarice Mascara ${tag}`
  const email = `clarice.mascara.${tag}@exemplo.invalid`.toLowerCase()
  const { pessoa } = await personPage(page, baseURL, name)
  await page.setExtraHTTPHeaders({
    'cf-connecting-ip': `10.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  })
  await page.goto(`/busca?q=${encodeURIComponent(name)}&qo=p`)
  await expect(page.locator(`a[href="/pessoas/${pessoa.slug}"]`).first()).toBeVisible()

  await page.goto(`/remocao?pagina=${encodeURIComponent(`/pessoas/${pessoa.slug}`)}`)
  await hydrated(page)
  await page.getByLabel('Seu nome', { exact: true }).fill(name)
  await page.getByLabel('Seu e-mail', { exact: true }).fill(email)
  await page.getByRole('radio', { name: 'Sou a pessoa citada' }).check()
  await page.getByRole('checkbox', { name: 'Eliminação dos dados (inciso VI)' }).check()
  await page
    .getByLabel('Motivo', { exact: true })
    .fill('Meu nome completo aparece em um processo antigo e quero que fique só com as iniciais.')
  await page.getByLabel('Documento de identidade').setInputFiles({
    name: 'rg.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await page.getByRole('checkbox', { name: 'Não sou um robô' }).check()
  await page.getByRole('button', { name: 'Enviar pedido' }).click()
  await expect(page).toHaveURL(/\/remocao\/acompanhar\/[0-9a-f]{48}$/)
  const statusUrl = page.url()
  await page.goto(await linkIn(page, baseURL, email, /https?:\/\/\S+\/remocao\/confirmar\?token=\S+/))
  await expect(page.getByText('Em análise')).toBeVisible()

  const reviewer = await createUser({ name: `Rui Revisor ${tag}` })
  const granted = await page.request.post(`${origin(baseURL)}/__dev/papeis`, {
    data: { email: reviewer.email, papel: 'revisor' },
    headers: { Origin: origin(baseURL) },
  })
  expect(granted.status()).toBe(201)
  await page.goto('/revisao/remocoes')
  await hydrated(page)
  const item = page.getByRole('listitem').filter({ hasText: email })
  await item.getByRole('button', { name: 'Mascarar nomes' }).click()
  await expect(page.getByText('Nomes mascarados. A pessoa foi avisada por e-mail.')).toBeVisible()

  await page.goto(statusUrl)
  await expect(page.getByText('Aceito: nomes mostrados só com iniciais')).toBeVisible()
  const gone = await page.goto(`/pessoas/${pessoa.slug}`)
  expect(gone?.status()).toBe(404)
  await page.goto(`/busca?q=${encodeURIComponent(name)}&qo=p`)
  await expect(page.getByText(`Nenhum resultado para “${name}”.`)).toBeVisible()
  await expect(page.locator(`a[href="/pessoas/${pessoa.slug}"]`)).toHaveCount(0)
})
