import type { Page } from '@playwright/test'
import { expect, expectPhoneFriendly, hydrated, profileUrl, test } from '../e2e/fixtures'
import { reloadUntil, uniqueSurname } from './site'

/** A small city, so the directory's demo crowds never hide her card. */
const CITY = { typed: 'uiramut', option: 'Uiramutã RR', slug: 'uiramuta-rr', shown: 'Uiramutã – RR' }

const accountTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Seções do perfil' }).getByRole('link', { name, exact: true })

/** The merge's last steps: the choice, then the page that names both accounts and asks (issue 28 §5). */
async function confirmMerge(page: Page, closed: string, survivor: string) {
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('heading', { name: '3. Confirme a união' })).toBeVisible()
  await expect(page.getByText(`A conta ${closed} `)).toBeVisible()
  await expect(page.getByText(`passará para ${survivor}`)).toBeVisible()
  await hydrated(page)
  await page.getByRole('button', { name: 'Confirmar' }).click()
}

/**
 * Mariana, a lawyer in a small town, builds her profile from nothing: she signs up, confirms her
 * e-mail, gives her profession, city and phone, crops a photo. A visitor finds her in the
 * directory by profession and city and writes to her; she reads it and answers. Last, she folds
 * the old account she had forgotten into this one ("The class behind them: journeys").
 */
test('a professional builds a profile, is found in the directory, answers a message and merges an old account', async ({
  page,
  browser,
  baseURL,
  createUser,
}) => {
  const name = `Mariana ${uniqueSurname()} Bittencourt`
  const username = `mariana${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const email = `${username}@exemplo.invalid`
  const password = 'segredo-da-mariana-1'
  // The account she opened years ago and forgot (confirmed, with its own password).
  const old = await createUser({ login: false, name: `${name} (antiga)` })

  // 1. Signup: username, e-mail, name, birth date, password, profession and city.
  await page.goto('/cadastrar')
  await hydrated(page)
  await page.getByLabel('Nome de usuário').fill(username)
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Nome completo').fill(name)
  await page.getByLabel('Data de nascimento').pressSequentially('14071988')
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: /Selecione sua profissão/ }).click()
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('Advogado')
  await page.locator('.remote-select__list button', { hasText: /^Advogado$/ }).click()
  await page.getByRole('combobox', { name: 'Cidade' }).fill('Uiramutã')
  await page.getByRole('option', { name: CITY.option }).first().click()
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/conta\/perfil$/, { timeout: 15_000 })
  await expect(page.getByText(`Confirme seu e-mail: enviamos um link para ${email}.`)).toBeVisible()

  // 2. The confirmation e-mail, in the development mailbox the README points to.
  const mail = page.locator('article').filter({ hasText: 'Confirme seu e-mail' })
  await reloadUntil(page, `/__dev/emails?para=${encodeURIComponent(email)}`, async () => {
    await expect(mail).toHaveCount(1, { timeout: 1000 })
  })
  await mail.getByRole('link', { name: /\/confirmar-email\?token=/ }).click()
  await expect(page.getByRole('heading', { name: 'E-mail confirmado' })).toBeVisible()

  // 3. Profession: the city she works in and a WhatsApp phone.
  await page.goto('/conta/perfil')
  await hydrated(page)
  await expect(page.getByText('Confirme seu e-mail: enviamos')).toHaveCount(0)
  await accountTab(page, 'Profissão').click()
  await expect(page).toHaveURL(/\/conta\/profissao$/)
  await hydrated(page)
  const form = page.getByRole('form', { name: 'Profissão' })
  await expect(form.getByRole('button', { name: /Profissão/ })).toContainText('Advogad')
  await form.getByRole('radio', { name: 'Advogada', exact: true }).check()
  await form.getByRole('combobox', { name: 'Adicionar cidade' }).fill('Uiramutã')
  await form.getByRole('option', { name: CITY.option, exact: true }).click()
  await form.getByRole('button', { name: 'Adicionar telefone' }).click()
  await form.getByRole('textbox', { name: 'Telefone 1', exact: true }).pressSequentially('95991234567')
  await expect(form.getByRole('textbox', { name: 'Telefone 1', exact: true })).toHaveValue('(95) 99123-4567')
  await form.getByRole('checkbox', { name: 'WhatsApp', exact: true }).check()
  await form.getByRole('button', { name: 'Salvar' }).click()
  // The profession's save joins communities and lists the city: once, on a full CI run, it was
  // still "Carregando…" after 5 s; a person waits for the message, so the step waits longer.
  await expect(page.getByText('Alterações salvas com sucesso!')).toBeVisible({ timeout: 15_000 })

  // 4. A photo, cropped square.
  await accountTab(page, 'Foto').click()
  await expect(page).toHaveURL(/\/conta\/foto$/)
  await hydrated(page)
  await page.getByLabel('Escolher imagem').setInputFiles('test/e2e/files/retrato.png')
  const crop = page.getByRole('region', { name: 'Recorte da imagem' })
  await crop.getByLabel('Zoom').fill('1.5')
  await crop.getByRole('button', { name: 'Salvar foto' }).click()
  await expect(page.getByText('Imagem alterada com sucesso.')).toBeVisible()
  await expect(page.getByRole('img', { name: `Foto de ${name}` })).toBeVisible()

  // 5. A visitor (another browser, not logged in) looks for a lawyer in Uiramutã.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto('/profissionais')
  await hydrated(visitor)
  await visitor.getByLabel('Profissão').selectOption({ label: 'Advogados' })
  const city = visitor.getByRole('combobox', { name: 'Cidade' })
  await city.pressSequentially(CITY.typed)
  await visitor.getByRole('listbox').getByRole('option', { name: CITY.option }).click()
  await visitor.getByRole('button', { name: 'Buscar profissionais' }).click()
  await expect(visitor).toHaveURL(new RegExp(`/advogado/${CITY.slug}$`))
  const card = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { level: 2, name }) })
  await expect(card.getByText(CITY.shown)).toBeVisible()
  await card.getByRole('link', { name }).click()
  await expect(visitor).toHaveURL(profileUrl(baseURL, username))
  await hydrated(visitor)
  await expect(visitor.locator('.profile__headline')).toHaveText('Advogada')
  await expect(
    visitor.getByRole('region', { name: 'Cidades em que atua' }).getByText('Uiramutã/RR'),
  ).toBeVisible()
  await visitor.getByRole('button', { name: 'Ver telefones' }).click()
  await expect(visitor.getByRole('link', { name: 'Conversar no WhatsApp: (95) 99123-4567' })).toHaveAttribute(
    'href',
    'https://wa.me/5595991234567',
  )
  await visitor.getByRole('button', { name: 'Enviar mensagem' }).click()
  const dialog = visitor.getByRole('dialog', { name: `Mensagem para ${name}` })
  await dialog.getByLabel('Seu nome').fill('Otávio Visitante')
  await dialog.getByLabel('Seu e-mail').fill('otavio.visitante@exemplo.invalid')
  await dialog.getByLabel('Seu telefone').pressSequentially('95981112222')
  await dialog
    .getByLabel('Mensagem', { exact: true })
    .fill('Preciso de ajuda com um inventário em Uiramutã. A senhora atende?')
  await dialog.getByLabel('Não sou um robô').check()
  await dialog.getByRole('button', { name: 'Enviar' }).click()
  await expect(visitor.getByText('Mensagem enviada com sucesso!')).toBeVisible()
  await visitorContext.close()

  // 6. Her account pages show one new message; she reads it and answers by e-mail, to the address
  // the visitor gave.
  await page.goto('/conta/perfil')
  await hydrated(page)
  await accountTab(page, 'Mensagens (1)').click()
  await expect(page).toHaveURL(/\/conta\/mensagens$/)
  await expect(page.getByText('1 mensagem não lida')).toBeVisible()
  const message = page.getByRole('row').filter({ hasText: 'Otávio Visitante' })
  await expect(
    message.getByText('Preciso de ajuda com um inventário em Uiramutã.', { exact: false }),
  ).toBeVisible()
  await expect(message.getByRole('link', { name: 'otavio.visitante@exemplo.invalid' })).toHaveAttribute(
    'href',
    'mailto:otavio.visitante@exemplo.invalid',
  )
  await expect(message.getByRole('link', { name: '(95) 98111-2222' })).toHaveAttribute(
    'href',
    'tel:+5595981112222',
  )

  // 7. The old account, proved with its password and merged into this one.
  await accountTab(page, 'Unir contas').click()
  await expect(page).toHaveURL(/\/conta\/unir$/)
  await hydrated(page)
  await page.getByLabel('E-mail da outra conta').fill(old.email)
  await page.getByLabel('Senha da outra conta').fill(old.password)
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(/\/conta\/unir\?ticket=/)
  await hydrated(page)
  await expect(page.getByText(`Continuar com ${name} (${username})`)).toBeVisible()
  await expect(page.getByText(`Continuar com ${old.name} (${old.subdomain})`)).toBeVisible()
  await confirmMerge(page, old.name, name)
  await expect(page.getByText(`Contas unidas. Tudo agora está em ${name}.`)).toBeVisible()

  // The old profile's address now leads to hers, which passes the accessibility check.
  await page.goto(profileUrl(baseURL, old.subdomain))
  await expect(page).toHaveURL(new RegExp(`//${username}\\.`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expectPhoneFriendly(page, profileUrl(baseURL, username))
})
