import { type LoaderFunctionArgs, type MetaFunction, redirectDocument } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { LoginForm } from '~/ui/login-form'
import { noticeAfterNavigation } from '~/ui/toast'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const returnTo = safeReturnUrl(url.searchParams.get('auth.redirect'), context.cloudflare.env.BASE_DOMAIN)
  // A document navigation, never a client one: the return address is often a Worker route (the
  // session bridge, gov.br), which has no Remix data to fetch, and the header changes anyway.
  if (context.user) throw redirectDocument(returnTo)
  return { returnTo, socialError: url.searchParams.get('erro') === 'google' }
}

export const meta: MetaFunction = () => seo({ title: t('auth.loginTitle') })

export default function Login() {
  const { returnTo, socialError } = useLoaderData<typeof loader>()
  const query = `auth.redirect=${encodeURIComponent(returnTo)}`
  return (
    <section className="page page--narrow auth">
      <h1>{t('auth.loginHeading')}</h1>
      <p className="muted">{t('auth.loginLead')}</p>
      {socialError ? (
        <p className="alert alert--error" role="alert">
          {t('auth.socialFailed')}
        </p>
      ) : null}
      <LoginForm
        returnTo={returnTo}
        reloadData={false}
        onLoggedIn={(body) => {
          noticeAfterNavigation(t('login.success'))
          window.location.assign(body.url_intended ?? returnTo)
        }}
      />
      <p>
        <Link to="/senha/esqueci">{t('auth.forgotPassword')}</Link>
      </p>
      <p className="auth__or">{t('auth.orContinueWith')}</p>
      <p>
        <a className="button button--secondary" href={`/entrar/google?${query}`}>
          {t('auth.google')}
        </a>
      </p>
      <p>
        {t('auth.noAccount')} <Link to={`/cadastrar?${query}`}>{t('auth.signupLink')}</Link>
      </p>
    </section>
  )
}
