import { isValidCpf } from '~/schemas/claims'
import { z } from '~/schemas/zod'
import { devIdentityProvider } from './dev-identity-provider'

/**
 * The stand-in for gov.br's login (sso.acesso.gov.br) in development and tests: the page asks
 * which citizen to return; the ID token's `sub` is the CPF, and the client authenticates with
 * HTTP Basic, as gov.br requires.
 */
export const devGovbrApi = devIdentityProvider({
  base: '/__dev/govbr',
  title: 'gov.br de teste',
  intro:
    'Substitui o login gov.br em desenvolvimento e nos testes. Escolha a pessoa (CPF e nome) que será devolvida como verificada.',
  inputs: `<p><label for="cpf">CPF</label><br><input id="cpf" name="cpf" inputmode="numeric" required></p>
<p><label for="name">Nome completo</label><br><input id="name" name="name" required></p>`,
  submit: 'Autorizar',
  fields: {
    cpf: z.string().refine(isValidCpf, 'CPF inválido'),
    name: z.string().trim().min(1).max(200),
  },
  identity: (input) => ({
    subject: input.cpf.replace(/\D/g, ''),
    claims: { name: input.name, amr: ['passwd'] },
  }),
  clientAuth: 'client_secret_basic',
  client: (env) => ({ id: env.GOVBR_CLIENT_ID, secret: env.GOVBR_CLIENT_SECRET }),
})
