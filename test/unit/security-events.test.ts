import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWithPassword, post, unique } from './accounts-helpers'
import { postJson, sessionCookie } from './helpers'

/** The security lines the Worker wrote while `action` ran. */
async function securityLines(action: () => Promise<unknown>) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  await action()
  const lines = warn.mock.calls
    .map(([line]) => {
      try {
        return JSON.parse(String(line)) as Record<string, unknown>
      } catch {
        return null
      }
    })
    .filter((line): line is Record<string, unknown> => !!line && 'security' in line)
  warn.mockRestore()
  return lines
}

afterEach(() => vi.restoreAllMocks())

describe('security events are logged (docs/security.md, "What is logged")', () => {
  it('logs a wrong password with the route and no e-mail or password typed', async () => {
    const user = await createWithPassword('segredo123')
    const lines = await securityLines(() =>
      post('/login', { email: user.email, senha: 'errada999' }, { 'CF-Connecting-IP': `10.77.${unique()}` }),
    )
    expect(lines).toEqual([
      expect.objectContaining({ security: 'senha-incorreta', method: 'POST', path: '/login', user: null }),
    ])
    const text = JSON.stringify(lines)
    expect(text).not.toContain(user.email)
    expect(text).not.toContain('errada999')
  })

  it('logs a guarded call without a session, and names the account of a refused one', async () => {
    const anonymous = await securityLines(() => postJson('/ajax/seguir', { id: 1, tipo: 'processo' }))
    expect(anonymous).toEqual([expect.objectContaining({ security: 'sem-sessao', path: '/ajax/seguir' })])

    const user = await createWithPassword()
    const cookie = await sessionCookie(user.id)
    const wrong = await securityLines(() =>
      postJson(
        '/conta/senha',
        { senha: 'errada999', nova_senha: 'outra12345', nova_senha_confirmation: 'outra12345' },
        {
          Cookie: cookie,
          Accept: 'application/json',
        },
      ),
    )
    expect(wrong).toEqual([expect.objectContaining({ security: 'senha-incorreta', user: user.id })])
  })

  it('logs nothing for ordinary bad input', async () => {
    const lines = await securityLines(() => post('/login', { email: 'nao-e-email', senha: '' }))
    expect(lines).toEqual([])
  })
})
