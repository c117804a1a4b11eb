import { type LoaderFunctionArgs, type MetaFunction, redirectDocument } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { SignupForm } from '~/components/auth/signup-form'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { captchaSettings } from '~/domain/site/environment'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { signupSchema } from '~/schemas/auth'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env
  const returnTo = safeReturnUrl(new URL(request.url).searchParams.get('auth.redirect'), env.BASE_DOMAIN, '')
  // A document navigation: the return address may be a Worker route (see login.tsx).
  if (context.user) throw redirectDocument(returnTo || '/')
  return { returnTo, domain: env.BASE_DOMAIN, captcha: captchaSettings(env) }
}

export const meta: MetaFunction = () => seo({ title: t('auth.signupTitle') })

export default function Signup() {
  const { returnTo, domain, captcha } = useLoaderData<typeof loader>()
  const query = returnTo ? `?auth.redirect=${encodeURIComponent(returnTo)}` : ''
  return (
    <section className="page page--narrow auth">
      <h1>{t('auth.signupHeading')}</h1>
      <p className="muted">{t('auth.signupLead', { exemplo: `seunome.${domain}` })}</p>
      <SignupForm
        endpoint={routes.signUp}
        returnTo={returnTo || undefined}
        schema={signupSchema}
        withPassword
        domain={domain}
        captcha={captcha}
      />
      <p className="auth__or">{t('auth.orContinueWith')}</p>
      <p>
        <a className="button button--secondary" href={`/entrar/google${query}`}>
          {t('auth.google')}
        </a>
      </p>
      <p>
        {t('auth.haveAccount')} <Link to={`/login${query}`}>{t('auth.loginTitle')}</Link>
      </p>
    </section>
  )
}
