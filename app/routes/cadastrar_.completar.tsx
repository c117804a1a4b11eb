import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { SignupForm } from '~/components/auth/signup-form'
import { verifyToken } from '~/domain/auth/tokens.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { completeSignupSchema } from '~/schemas/auth'

const COOKIE = '__Host-cadastro'

/** After a Google login with no account yet: the signup fields without a password (spec §5). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cookie = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1)
  const result = await verifyToken<{ email: string; name: string }>(
    context.deps.authSecret(),
    'cadastro-social',
    cookie,
    context.deps.now(),
  )
  if (!result.ok) throw redirect('/login?erro=google')
  return {
    email: String(result.claims.email),
    name: String(result.claims.name),
    domain: context.cloudflare.env.BASE_DOMAIN,
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('auth.completeTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function CompleteSignup() {
  const { email, name, domain } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow auth">
      <h1>{t('auth.completeTitle')}</h1>
      <p className="muted">{t('auth.completeLead')}</p>
      <SignupForm
        action="/cadastrar/completar"
        schema={completeSignupSchema}
        withPassword={false}
        defaults={{ email, nome: name }}
        domain={domain}
      />
    </section>
  )
}
