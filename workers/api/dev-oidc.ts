import { z } from '~/schemas/zod'
import { devIdentityProvider } from './dev-identity-provider'

/** A stable subject per e-mail, as a real provider keeps one per account. */
async function subjectFor(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.toLowerCase()))
  return [...new Uint8Array(digest)]
    .slice(0, 10)
    .reduce((acc, b) => acc + b.toString(10).padStart(3, '0'), '')
}

/** The stand-in for Google's login in development and tests: the page asks which account to return. */
export const devOidcApi = devIdentityProvider({
  base: '/__dev/oidc',
  title: 'Provedor de identidade de teste',
  intro: 'Substitui o Google em desenvolvimento e nos testes. Escolha a conta que será devolvida.',
  inputs: `<p><label for="email">E-mail da conta</label><br><input id="email" name="email" type="email" required></p>
<p><label for="name">Nome</label><br><input id="name" name="name"></p>
<p><label><input type="checkbox" name="email_verified" value="true" checked> E-mail verificado</label></p>`,
  submit: 'Continuar',
  fields: {
    email: z.string().email(),
    name: z.string().max(200).optional().default(''),
    email_verified: z.string().optional(),
  },
  identity: async (input) => ({
    subject: await subjectFor(input.email),
    claims: { email: input.email, email_verified: input.email_verified === 'true', name: input.name },
  }),
  clientAuth: 'client_secret_post',
  client: (env) => ({ id: env.GOOGLE_CLIENT_ID, secret: env.GOOGLE_CLIENT_SECRET }),
})
