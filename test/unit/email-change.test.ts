import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { readMailbox } from '~/domain/mail/mail.server'
import { hashPassword } from '~/domain/users/password.server'
import { t } from '~/i18n/pt-BR'
import { waitForMail } from './accounts-helpers'
import { cookiesFrom, createUser, deps, get, ORIGIN, plainPost, sessionCookie } from './helpers'
import { postForm } from './profiles-helpers'

/**
 * Changing the e-mail is a sensitive change (issue 12): a stolen session must not become a
 * permanent takeover. It needs the current password, the old address keeps working until the
 * new one is confirmed, and the old address is told.
 */
async function owner() {
  const user = await createUser({ passwordHash: await hashPassword('segredo123') })
  return { user, cookie: await sessionCookie(user.id) }
}

const change = (cookie: string, fields: Record<string, string>) =>
  postForm('/ajax/conta/perfil', new URLSearchParams(fields), { Cookie: cookie })

describe('changing the e-mail in the profile', () => {
  it('asks for the current password, under its field, and changes nothing without it', async () => {
    const { user, cookie } = await owner()
    const novo = `novo.${user.id}@exemplo.invalid`
    const missing = await change(cookie, { email: novo, nome: user.name })
    expect(missing.status).toBe(422)
    expect(await missing.json()).toMatchObject({
      errors: ['Informe sua senha atual para trocar o e-mail.'],
      fields: { senha: 'Informe sua senha atual para trocar o e-mail.' },
    })
    const wrong = await change(cookie, { email: novo, nome: user.name, senha: 'errada' })
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toMatchObject({ fields: { senha: 'A senha atual está incorreta.' } })
    const [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ email: user.email, pendingEmail: null })
    expect(await readMailbox(env.SESSIONS, novo)).toEqual([])
  })

  it('keeps the old address until the link sent to the new one is followed, and tells the old one', async () => {
    const { user, cookie } = await owner()
    const novo = `troca.${user.id}@exemplo.invalid`
    const res = await change(cookie, { email: novo, nome: user.name, senha: 'segredo123' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'success', message: expect.stringContaining(novo) })
    let [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ email: user.email, pendingEmail: novo })

    const notice = await waitForMail(user.email)
    expect(notice.text).toContain(novo)
    const confirmation = await waitForMail(novo)
    const link = /https?:\/\/\S+confirmar-email\?token=\S+/.exec(confirmation.text)?.[0]
    expect(link).toBeTruthy()
    const followed = await get(new URL(link as string).pathname + new URL(link as string).search, {
      redirect: 'manual',
    })
    expect(followed.headers.get('location')).toBe('/confirmar-email?resultado=ok')
    ;[row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ email: novo, pendingEmail: null })
    expect(row?.emailConfirmedAt).toBeTypeOf('number')
  })

  it('a link for an address someone else took in the meantime changes nothing', async () => {
    const { user, cookie } = await owner()
    const novo = `disputado.${user.id}@exemplo.invalid`
    await change(cookie, { email: novo, nome: user.name, senha: 'segredo123' })
    const link = /https?:\/\/\S+confirmar-email\?token=\S+/.exec(
      (await waitForMail(novo)).text,
    )?.[0] as string
    await createUser({ email: novo })
    const followed = await get(new URL(link).pathname + new URL(link).search, { redirect: 'manual' })
    expect(followed.headers.get('location')).toBe('/confirmar-email?resultado=invalido')
    const page = await get('/confirmar-email?resultado=invalido')
    expect(page.status).toBe(400)
    expect(await page.text()).toContain(t('auth.confirmInvalidTitle'))
    const [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row?.email).toBe(user.email)
  })

  it('without JavaScript, a refused change comes back with the message under the password field', async () => {
    const { user, cookie } = await owner()
    const res = await plainPost(
      '/ajax/conta/perfil',
      { email: `outro.${user.id}@exemplo.invalid`, nome: 'Nome digitado', senha: 'x' },
      cookie,
      '/conta/perfil',
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${ORIGIN.Origin}/conta/perfil`)
    const page = await (
      await get('/conta/perfil', { headers: { Cookie: `${cookie}; ${cookiesFrom(res)}` } })
    ).text()
    // Under the field (the field's message area), with what was typed kept, the password not.
    expect(page).toMatch(/data-field="senha"[\s\S]*?field__message[^>]*>A senha atual está incorreta\./)
    expect(page).toContain('value="Nome digitado"')
    expect(page).not.toContain('value="x"')
  })
})
