import { env } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { professionalMessages } from '~/db/schema-accounts'
import { readMailbox } from '~/domain/mail/mail.server'
import { getEmailPreferences } from '~/domain/notifications/email-preferences.server'
import { notificationHandler } from '../../workers/queues/index'
import { createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import { DUMMY, fromNewAddress, postForm } from './profiles-helpers'

const contact = (recipient: number, nome: string) =>
  new URLSearchParams({
    nome,
    email: 'visitante@exemplo.invalid',
    telefone: '11987654321',
    conteudo: 'Preciso de ajuda com um inventário.',
    'cf-turnstile-response': DUMMY,
    usuario_id: String(recipient),
  })

const rowsOf = (userId: number) =>
  deps()
    .db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'mensagem')))

describe('a contact message is e-mailed to the professional (issue 28 §5)', () => {
  it('at once by default, once however often the queue redelivers it, and never after "Nunca"', async () => {
    const pro = await createUser({ name: 'Profissional Contatada', emailConfirmedAt: Date.now() })
    const sent = await postForm(
      '/ajax/enviar-mensagem-profissional',
      contact(pro.id, 'Marcos Visitante'),
      fromNewAddress(),
    )
    expect(sent.status).toBe(200)
    const [mail] = await eventually(async () => {
      const found = await readMailbox(env.SESSIONS, pro.email)
      return found.length ? found : null
    })
    expect(mail?.subject).toContain('Nova mensagem de Marcos Visitante')
    expect(mail?.text).toContain('/conta/mensagens')
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    // The queue delivers the same message again: nothing more is stored or sent.
    const [stored] = await deps()
      .db.select()
      .from(professionalMessages)
      .where(eq(professionalMessages.recipientId, pro.id))
    const handle = notificationHandler(deps(), env.BASE_DOMAIN)
    const again = {
      type: 'notify' as const,
      userId: pro.id,
      kind: 'mensagem',
      title: 'Nova mensagem de Marcos Visitante',
      url: '/conta/mensagens',
      dedupeKey: `mensagem:${stored?.id}`,
    }
    await handle(again)
    await handle(again)
    expect(await rowsOf(pro.id)).toHaveLength(1)
    expect(await readMailbox(env.SESSIONS, pro.email)).toHaveLength(1)

    // The preference page offers the group; "Nunca" stops the e-mails, not the notifications.
    const cookie = await sessionCookie(pro.id)
    const page = await (await get('/conta/notificacoes', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Mensagens de contato recebidas pelo seu perfil')
    expect(page).toContain('name="mensagens" checked="" value="imediato"')
    const saved = await postJson(
      '/ajax/conta/notificacoes',
      {
        comentarios: 'imediato',
        seguidores: 'diario',
        artigos: 'diario',
        votos: 'diario',
        mensagens: 'nunca',
      },
      { Cookie: cookie },
    )
    expect(saved.status).toBe(200)
    expect((await getEmailPreferences(deps(), pro.id)).mensagens).toBe('nunca')
    await postForm('/ajax/enviar-mensagem-profissional', contact(pro.id, 'Outra Visitante'), fromNewAddress())
    await eventually(async () => ((await rowsOf(pro.id)).length >= 2 ? true : null))
    expect(await readMailbox(env.SESSIONS, pro.email)).toHaveLength(1)
  })
})
