import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { SignupForm } from '~/components/auth/signup-form'
import { readSocialSignup, SOCIAL_SIGNUP_COOKIE } from '~/domain/auth/social-signup.server'
import { captchaSettings } from '~/domain/site/environment'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { completeSignupSchema } from '~/schemas/auth'
import { readCookie } from '~/server/cookies.server'

/** After a Google login with no account yet: the signup fields without a password (spec §5). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pending = await readSocialSignup(context.deps, readCookie(request, SOCIAL_SIGNUP_COOKIE))
  if (!pending) throw redirect('/login?erro=google')
  return {
    email: pending.email,
    name: pending.name,
    domain: context.cloudflare.env.BASE_DOMAIN,
    captcha: captchaSettings(context.cloudflare.env),
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('auth.completeTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function CompleteSignup() {
  const { email, name, domain, captcha } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow auth">
      <h1>{t('auth.completeTitle')}</h1>
      <p className="muted">{t('auth.completeLead')}</p>
      <SignupForm
        endpoint={routes.signupComplete}
        schema={completeSignupSchema}
        withPassword={false}
        defaults={{ email, nome: name }}
        domain={domain}
        captcha={captcha}
      />
    </section>
  )
}
