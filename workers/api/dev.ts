import { Hono } from 'hono'
import { readMailbox } from '~/domain/mail/mail.server'
import { runDigestFor } from '~/domain/notifications/digest.server'
import { enqueueNotification } from '~/domain/notifications/notifications.server'
import { devNotificationSchema } from '~/domain/notifications/notifications-messages'
import { standInVerdict } from '~/domain/site/turnstile.server'
import { findAccount } from '~/domain/users/accounts.server'
import { galleryCities, galleryOptions } from '~/fixtures/demo/gallery'
import { formatInstant } from '~/lib/format'
import { professionalMessageFields } from '~/schemas/professional-message'
import { z } from '~/schemas/zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { startSession } from '../lib/session-cookie'
import {
  createDevLawyerLawsuit,
  createDevPerson,
  createDevUser,
  devLawyerSchema,
  devUserSchema,
} from './dev-users'

/**
 * Local development only (mounted by workers/app.dev.ts, answered when isLocalDev). They drive
 * the real queue and session store from tests, and feed the component gallery's widgets.
 */
export const devApi = new Hono<AppEnv>()
  // Test driver: a form body as the server reads it (`readInput`), so the e2e walk of every form
  // checks that each checkbox group arrives whole (issue 28 §1, decisions/0052).
  .post('/__dev/formulario', async (c) => c.json(await readInput(c, z.record(z.string(), z.unknown()))))
  .post('/__dev/notificacoes', async (c) => {
    const input = await readInput(c, devNotificationSchema)
    const dedupeKey = `dev:${crypto.randomUUID()}`
    await enqueueNotification(c.var.deps, {
      type: 'notify',
      userId: input.usuario_id,
      kind: 'sistema',
      title: input.titulo,
      url: input.url,
      dedupeKey,
    })
    return c.json({ status: 'success', chave: dedupeKey }, 202)
  })
  // Test driver: logs in by e-mail without a password, so specs about other features set up a
  // session without spending the real /login's rate limits (accounts.spec.ts tests /login itself).
  .post('/__dev/entrar', async (c) => {
    const { email } = await readInput(c, z.object({ email: z.string().trim().toLowerCase() }))
    const user = await findAccount(c.var.deps, { email })
    if (!user) return c.json({ status: 'error', message: 'E-mail ou senha incorretos.' }, 401)
    const id = await startSession(c, user.id)
    return c.json({
      status: 'success',
      url_intended: null,
      refresh: false,
      message: 'Autenticado com sucesso!',
      sessao: id,
      usuario_id: user.id,
    })
  })
  // Test driver: a fresh account per end-to-end test (optionally with a profession and the
  // "Profissão" tab's lists), made by the product's own signup and profile functions, logged in
  // like /__dev/entrar unless `entrar: false`. Answers the ids and the password it set.
  .post('/__dev/usuarios', async (c) => {
    const input = await readInput(c, devUserSchema)
    const user = await createDevUser(c.var.deps, input)
    const sessao = input.entrar ? await startSession(c, user.id) : null
    return c.json(
      {
        status: 'success',
        usuario_id: user.id,
        subdominio: user.subdomain,
        email: user.email,
        senha: user.password,
        nome: user.name,
        sessao,
      },
      201,
    )
  })
  .post('/__dev/pessoas', async (c) => {
    const { nome } = await readInput(c, z.object({ nome: z.string().trim().min(3).max(200) }))
    return c.json({ status: 'success', ...(await createDevPerson(c.var.deps, nome)) }, 201)
  })
  // A public lawsuit whose party is a lawyer with this OAB: a person page "Este sou eu" can prove.
  .post('/__dev/processos-advogado', async (c) => {
    const input = await readInput(c, devLawyerSchema)
    return c.json({ status: 'success', ...(await createDevLawyerLawsuit(c.var.deps, input)) }, 201)
  })
  // One person's daily digest now, whatever the hour (the cron starts everyone's from 08:00, in
  // queue pages, behind thousands of demo people; a test wants its own user's at once).
  .post('/__dev/resumo-diario', async (c) => {
    const { usuario_id } = await readInput(c, z.object({ usuario_id: z.coerce.number().int().positive() }))
    return c.json({ status: 'success', ...(await runDigestFor(c.var.deps, usuario_id)) })
  })
  // The development mailbox: every account e-mail sent in the last day, newest first (JSON for
  // tests with `Accept: application/json`, a readable page otherwise). `?para=` filters by recipient.
  .get('/__dev/emails', async (c) => {
    const mails = await readMailbox(c.env.SESSIONS, c.req.query('para') || undefined)
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json(mails)
    const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
    const items = mails
      .map(
        (m) =>
          `<article><h2>${esc(m.subject)}</h2><p>Para: ${esc(m.to)} · ${formatInstant(m.sentAt)}</p><pre style="white-space:pre-wrap">${esc(m.text).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('<hr>')
    return c.html(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Caixa de e-mails de desenvolvimento</title></head><body><main><h1>Caixa de e-mails de desenvolvimento</h1>${items || '<p>Nenhum e-mail enviado.</p>'}</main></body></html>`,
    )
  })
  // A webhook receiver for tests and people trying the feature: keeps what it got for a day
  // (`GET` lists it, newest first); `?falhar=1` answers 500 so retries can be seen.
  .post('/__dev/webhook', async (c) => {
    const body = await c.req.text()
    const id = `${(Number.MAX_SAFE_INTEGER - Date.now()).toString(36)}-${crypto.randomUUID()}`
    const headers = Object.fromEntries(
      ['x-assinatura', 'x-evento', 'x-entrega', 'content-type'].map((h) => [h, c.req.header(h) ?? null]),
    )
    await c.env.SESSIONS.put(`dev-webhook:${id}`, JSON.stringify({ headers, body, at: Date.now() }), {
      expirationTtl: 86_400,
    })
    if (c.req.query('falhar')) return c.json({ recebido: false }, 500)
    return c.json({ recebido: true })
  })
  .get('/__dev/webhook', async (c) => {
    const { keys } = await c.env.SESSIONS.list({ prefix: 'dev-webhook:', limit: 100 })
    return c.json(await Promise.all(keys.map((key) => c.env.SESSIONS.get(key.name, 'json'))))
  })
  // Cloudflare Turnstile's siteverify, answered like Cloudflare's test keys (no network here).
  .post('/__dev/turnstile/siteverify', async (c) => {
    const type = c.req.header('content-type') ?? ''
    let fields: Record<string, unknown> = {}
    try {
      fields = type.includes('application/json')
        ? ((await c.req.json()) as Record<string, unknown>)
        : Object.fromEntries(await c.req.formData())
    } catch {
      fields = {}
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : '')
    return c.json(standInVerdict(text(fields.secret), text(fields.response)))
  })
  .get('/__dev/galeria/itens', (c) => c.json(galleryCities(c.req.query('cidade_nome') ?? '')))
  .get('/__dev/galeria/opcoes', (c) =>
    c.json(galleryOptions(c.req.query('term') ?? c.req.query('q') ?? '', Number(c.req.query('page') ?? 1))),
  )
  // The gallery's form: the real schema, plus names that make the server answer each way.
  .post('/__dev/galeria/formulario', async (c) => {
    const input = await readInput(c, professionalMessageFields)
    if (input.nome === 'Falha') throw new Error('falha simulada pela galeria')
    if (input.nome === 'Sem detalhes') return c.json({ status: 'error' }, 422)
    if (input.nome === 'Recusado')
      return c.json(
        { status: 'error', errors: ['Mensagem recusada pelo servidor.', 'Tente novamente amanhã.'] },
        422,
      )
    return c.json({ status: 'success' })
  })
  .get('/__dev/galeria/busca', (c) => c.json({ status: 'success', termo: c.req.query('termo') ?? '' }))
  .post('/__dev/galeria/excluir', async (c) => {
    const { itens } = await readInput(c, z.object({ itens: z.array(z.coerce.number()).min(1) }))
    if (itens.includes(13))
      return c.json({ status: 'error', errors: ['O item 13 não pode ser excluído.'] }, 422)
    return c.json({ status: 'success', excluidos: itens.length })
  })
