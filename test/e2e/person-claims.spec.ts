import type { Page } from '@playwright/test'
import { expect, expectPhoneFriendly, hydrated, test, uniqueTag } from './fixtures'

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

/** A person page of this test only: a public lawsuit where she is the party and her own lawyer. */
async function lawyerPage(page: Page, baseURL: string | undefined, nome: string, oab: string) {
  const made = await page.request.post(`${origin(baseURL)}/__dev/processos-advogado`, {
    data: { nome, oab_numero: oab, oab_uf: 'SP' },
    headers: { Origin: origin(baseURL) },
  })
  expect(made.status()).toBe(201)
  return (await made.json()) as { cnj: string; pessoa: { id: number; slug: string } }
}

/** A valid CPF of this test only (check digits right). */
function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10))
  const check = (digits: number[]) => {
    const rest = (digits.reduce((acc, n, i) => acc + n * (digits.length + 1 - i), 0) * 10) % 11
    return rest === 10 ? 0 : rest
  }
  d.push(check(d))
  d.push(check(d))
  return d.join('')
}
const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`

/** A person page of this test only: a public matéria that prints her CPF next to her name. */
async function pageWithCpf(page: Page, baseURL: string | undefined, nome: string, cpf: string) {
  const made = await page.request.post(`${origin(baseURL)}/__dev/materias-cpf`, {
    data: { nome, cpf: formatCpf(cpf) },
    headers: { Origin: origin(baseURL) },
  })
  expect(made.status()).toBe(201)
  return (await made.json()) as { pessoa: { id: number; slug: string } }
}

test.describe('"Este sou eu" (issues 17 and 27)', () => {
  test('a person verifies her identity with gov.br and claims her page at once; the profile lists it; then she undoes it', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const name = `Helena Vinculo ${uniqueTag()}`
    const cpf = randomCpf()
    await createUser({ name })
    const { pessoa } = await pageWithCpf(page, baseURL, name, cpf)

    await page.goto(`/pessoas/${pessoa.slug}`)
    await hydrated(page)
    await page.getByRole('link', { name: 'Este sou eu' }).click()
    await expect(page).toHaveURL(new RegExp(`/pessoas/${pessoa.slug}/este-sou-eu$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Este sou eu: ${name}`)
    // What will happen, and how it is decided, before anything does.
    await expect(page.getByText('A página mostrará um link para o seu perfil profissional.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Como conferimos' })).toBeVisible()
    await expect(page.getByText('Aceito na hora: verifique sua identidade com o gov.br.')).toBeVisible()
    await expect(page.getByText('Em análise: pelo número da OAB, por um CPF digitado')).toBeVisible()

    await page.getByRole('link', { name: 'Verificar identidade com gov.br' }).click()
    await expect(page.getByRole('heading', { name: 'gov.br de teste' })).toBeVisible()
    await page.getByLabel('CPF').fill(cpf)
    await page.getByLabel('Nome completo').fill(name.toUpperCase())
    await page.getByRole('button', { name: 'Autorizar' }).click()

    await expect(page).toHaveURL(new RegExp(`/pessoas/${pessoa.slug}/este-sou-eu$`))
    await expect(page.getByText('Identidade verificada com o gov.br.')).toBeVisible()
    const masked = `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`
    await expect(
      page.getByText(`Identidade verificada no gov.br: ${name.toUpperCase()}, CPF ${masked}.`),
    ).toBeVisible()
    await expect(page.getByText(formatCpf(cpf))).toHaveCount(0)
    await hydrated(page)
    await expect(
      page.getByRole('radio', { name: 'Pela identidade verificada no gov.br (aceito na hora)' }),
    ).toBeChecked()
    await page.getByRole('button', { name: 'Confirmar: este sou eu' }).click()

    await expect(page).toHaveURL(new RegExp(`/pessoas/${pessoa.slug}$`))
    await expect(page.getByText('Pronto: esta página agora está ligada ao seu perfil.')).toBeVisible()
    const profileLink = page.getByRole('link', { name: `Perfil profissional de ${name}` })
    await expect(profileLink).toBeVisible()
    await expect(page.getByText('Esta página está vinculada ao seu perfil.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Este sou eu' })).toHaveCount(0)

    await profileLink.click()
    await expect(page.getByRole('heading', { name: 'Nos documentos públicos' })).toBeVisible()

    await page.goto(`${origin(baseURL)}/pessoas/${pessoa.slug}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Desfazer' }).click()
    await expect(page.getByText('Vinculação desfeita. A página está livre novamente.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Este sou eu' })).toBeVisible()
    await expect(page.getByRole('link', { name: `Perfil profissional de ${name}` })).toHaveCount(0)
  })

  test('an OAB claim waits for review; a reviewer accepts it from the queue and the page links to the profile', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const name = `Irene Revisao ${uniqueTag()}`
    await createUser({ name })
    const { pessoa } = await lawyerPage(page, baseURL, name, '654321')
    await page.goto(`/pessoas/${pessoa.slug}/este-sou-eu`)
    await hydrated(page)
    await expect(page.getByRole('radio', { name: 'Pelo número da OAB' })).toBeChecked()
    await page.getByRole('textbox', { name: 'Número da OAB' }).fill('654321')
    await page.getByLabel('Estado (seccional) da OAB').selectOption('SP')
    await page.getByRole('button', { name: 'Confirmar: este sou eu' }).click()
    await expect(page).toHaveURL(new RegExp(`/pessoas/${pessoa.slug}$`))
    await expect(page.getByText('Recebemos seu pedido. Ele fica em análise')).toBeVisible()
    await expect(page.getByRole('link', { name: `Perfil profissional de ${name}` })).toHaveCount(0)

    const reviewer = await createUser({ name: `Rosa Revisora ${uniqueTag()}` })
    const granted = await page.request.post(`${origin(baseURL)}/__dev/papeis`, {
      data: { email: reviewer.email, papel: 'revisor' },
      headers: { Origin: origin(baseURL) },
    })
    expect(granted.status()).toBe(201)
    await page.goto('/revisao/reivindicacoes')
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedidos de vinculação em análise')
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Página: ${name}` }) })
    await expect(item.getByText('OAB informada: 654321/SP')).toBeVisible()
    await expect(item.getByText('O nome da conta é o nome da página.')).toBeVisible()
    await item.getByLabel('Observação (opcional)').fill('Conferido no cadastro da OAB.')
    await item.getByRole('button', { name: 'Aceitar' }).click()
    await expect(page.getByText(`Pedido aceito: a página ${name} agora mostra o perfil.`)).toBeVisible()
    await expect(page.getByRole('heading', { name: `Página: ${name}` })).toHaveCount(0)

    await page.goto(`/pessoas/${pessoa.slug}`)
    await expect(page.getByRole('link', { name: `Perfil profissional de ${name}` })).toBeVisible()
  })

  test('a refused claim keeps the page free and says why', async ({ page, baseURL, createUser }) => {
    const name = `Olga Recusa ${uniqueTag()}`
    const { pessoa } = await lawyerPage(page, baseURL, name, '765432')
    await createUser({ name })
    await page.goto(`/pessoas/${pessoa.slug}/este-sou-eu`)
    await hydrated(page)
    await page.getByRole('radio', { name: 'Pelo CPF' }).check()
    await page.getByLabel('CPF', { exact: true }).fill('111.111.111-11')
    await page.getByRole('button', { name: 'Confirmar: este sou eu' }).click()
    await expect(page.getByText('Informe um CPF válido, com 11 dígitos.').first()).toBeVisible()
    await expect(page).toHaveURL(/\/este-sou-eu$/)
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } })
    test('the claim page fits 360 px and passes axe', async ({ page, baseURL, createUser }) => {
      // Three pages audited by axe, the last one the whole review queue of the run: slow on a
      // loaded 2-core machine, not broken.
      test.slow()
      const name = `Rita Celular ${uniqueTag()}`
      const { pessoa } = await lawyerPage(page, baseURL, name, '876543')
      await createUser({ name })
      await expectPhoneFriendly(page, `/pessoas/${pessoa.slug}/este-sou-eu`)
      await expectPhoneFriendly(page, `/pessoas/${pessoa.slug}`)
      // The reviewers' queue, with this claim in it.
      await page.request.post(`${origin(baseURL)}/ajax/pessoas/${pessoa.id}/reivindicar`, {
        data: { tipo: 'oab', oab_numero: '876543', oab_uf: 'SP' },
        headers: { Origin: origin(baseURL) },
      })
      const reviewer = await createUser({ name: `Rui Revisor ${uniqueTag()}` })
      await page.request.post(`${origin(baseURL)}/__dev/papeis`, {
        data: { email: reviewer.email, papel: 'revisor' },
        headers: { Origin: origin(baseURL) },
      })
      await expectPhoneFriendly(page, '/revisao/reivindicacoes')
    })
  })
})
