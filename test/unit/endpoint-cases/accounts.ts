import { SELF } from 'cloudflare:test'
import {
  createWithPassword,
  ensureReference,
  signupForm,
  throughGoogle,
  unique,
  waitForMail,
} from '../accounts-helpers'
import { BASE, createUser, ORIGIN, postJson, sessionCookie } from '../helpers'
import { DUMMY as DUMMY_CAPTCHA } from '../profiles-helpers'
import type { Cases } from './case'

// Accounts, login and signup (decisions/0070): each call's success and its errors.

const cookieOf = async (id: number) => ({ Cookie: await sessionCookie(id) })

/** A text body no form sends: the site's 415, in its error shape. */
const plainText = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', ...ORIGIN, ...headers },
    body: 'x',
  })

/** Through the stand-in Google up to the pending signup's cookie (`/cadastrar/completar`). */
async function pendingGoogleSignup(email: string) {
  const { callback, stateCookie } = await throughGoogle(email)
  const back = await SELF.fetch(callback, { headers: { Cookie: stateCookie }, redirect: 'manual' })
  return /__Host-cadastro=[^;]+/.exec(back.headers.get('set-cookie') ?? '')?.[0] ?? ''
}

export const accountCases: Cases = {
  logIn: async () => {
    const user = await createWithPassword()
    return [
      {
        name: 'entra',
        ok: true,
        status: 200,
        call: () => postJson('/login', { email: user.email, senha: 'segredo123' }),
      },
      {
        name: 'senha errada',
        ok: false,
        status: 401,
        call: () => postJson('/login', { email: user.email, senha: 'outrasenha' }),
      },
      { name: 'sem e-mail', ok: false, status: 422, call: () => postJson('/login', { senha: 'x' }) },
    ]
  },
  logOut: async () => {
    const user = await createUser()
    const headers = await cookieOf(user.id)
    return [
      { name: 'sai', ok: true, status: 200, call: () => postJson('/logout', {}, headers) },
      {
        name: 'corpo que nenhum formulário envia',
        ok: false,
        status: 415,
        call: () => plainText('/logout', headers),
      },
    ]
  },
  signUp: async () => {
    await ensureReference()
    const taken = await createUser()
    return [
      { name: 'cadastra', ok: true, status: 200, call: () => postJson('/cadastrar', signupForm()) },
      {
        name: 'nome de usuário em uso',
        ok: false,
        status: 409,
        call: () => postJson('/cadastrar', signupForm({ subdominio: taken.subdomain })),
      },
      { name: 'sem campos', ok: false, status: 422, call: () => postJson('/cadastrar', {}) },
    ]
  },
  signupComplete: async () => {
    await ensureReference()
    const email = `gabi${unique()}@exemplo.invalid`
    const pending = await pendingGoogleSignup(email)
    const { senha: _password, ...form } = signupForm({ email, email_confirmation: email })
    return [
      {
        name: 'e-mails diferentes',
        ok: false,
        status: 422,
        call: () =>
          postJson(
            '/cadastrar/completar',
            { ...form, email_confirmation: 'outro@exemplo.invalid' },
            { Cookie: pending },
          ),
      },
      {
        name: 'conclui',
        ok: true,
        status: 200,
        call: () => postJson('/cadastrar/completar', form, { Cookie: pending }),
      },
      {
        name: 'sem o cadastro do Google',
        ok: false,
        status: 422,
        call: () => postJson('/cadastrar/completar', signupForm()),
      },
    ]
  },
  signupEmailCheck: async () => {
    const taken = await createUser()
    const path = '/cadastrar/verificar-email-existe'
    // A verified Turnstile token buys the captcha pass (decisions/0092).
    const captcha = { 'cf-turnstile-response': DUMMY_CAPTCHA }
    return [
      {
        name: 'livre',
        ok: true,
        status: 200,
        call: () => postJson(path, { email: `livre${unique()}@exemplo.invalid`, ...captcha }),
      },
      {
        name: 'em uso',
        ok: true,
        status: 200,
        call: () => postJson(path, { email: taken.email, ...captcha }),
      },
      {
        name: 'sem o passe do captcha',
        ok: false,
        status: 403,
        call: () => postJson(path, { email: taken.email }),
      },
      {
        name: 'captcha recusado',
        ok: false,
        status: 403,
        call: () => postJson(path, { email: taken.email, 'cf-turnstile-response': 'errado' }),
      },
      {
        name: 'longo demais',
        ok: false,
        status: 422,
        call: () => postJson(path, { email: 'a'.repeat(300), ...captcha }),
      },
    ]
  },
  signupSubdomainCheck: async () => {
    const path = '/ajax/verificar-subdominio-existe'
    return [
      {
        name: 'livre',
        ok: true,
        status: 200,
        call: () => postJson(path, { subdominio: `livre${unique()}` }),
      },
      {
        name: 'com símbolos',
        ok: true,
        status: 200,
        call: () => postJson(path, { subdominio: 'ana-maria' }),
      },
      { name: 'sem o campo', ok: false, status: 422, call: () => postJson(path, {}) },
    ]
  },
  confirmationResend: async () => {
    const unconfirmed = await createUser({ emailConfirmedAt: null })
    return [
      {
        name: 'reenvia',
        ok: true,
        status: 200,
        call: async () => postJson('/reenviar-confirmacao-email', {}, await cookieOf(unconfirmed.id)),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson('/reenviar-confirmacao-email', {}) },
    ]
  },
  passwordChange: async () => {
    const user = await createWithPassword()
    const headers = await cookieOf(user.id)
    const change = (senha: string) => ({
      senha,
      nova_senha: 'novasenha1',
      nova_senha_confirmation: 'novasenha1',
    })
    return [
      {
        name: 'senha atual errada',
        ok: false,
        status: 422,
        call: () => postJson('/conta/senha', change('errada123'), headers),
      },
      {
        name: 'troca',
        ok: true,
        status: 200,
        call: () => postJson('/conta/senha', change('segredo123'), headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/conta/senha', change('segredo123')),
      },
    ]
  },
  passwordResetRequest: async () => [
    {
      name: 'pede o link',
      ok: true,
      status: 200,
      call: () => postJson('/senha/esqueci', { email: `ninguem${unique()}@exemplo.invalid` }),
    },
    {
      name: 'e-mail inválido',
      ok: false,
      status: 422,
      call: () => postJson('/senha/esqueci', { email: 'x' }),
    },
  ],
  passwordReset: async () => {
    const user = await createWithPassword()
    await postJson('/senha/esqueci', { email: user.email })
    const mail = await waitForMail(user.email)
    const token = decodeURIComponent(/senha\/redefinir\?token=([\w.%-]+)/.exec(mail.text)?.[1] ?? '')
    const reset = (with_: string) => ({
      token: with_,
      nova_senha: 'trocada1',
      nova_senha_confirmation: 'trocada1',
    })
    return [
      { name: 'redefine', ok: true, status: 200, call: () => postJson('/senha/redefinir', reset(token)) },
      {
        name: 'link já usado',
        ok: false,
        status: 422,
        call: () => postJson('/senha/redefinir', reset(token)),
      },
      { name: 'sem link', ok: false, status: 422, call: () => postJson('/senha/redefinir', reset('')) },
    ]
  },
}
