import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { checkCredentials } from '~/domain/auth/accounts.server'
import { loginLimited, requestAddress } from '~/domain/auth/limits.server'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { sessionCookieHeaders } from '~/domain/auth/session-cookie.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { loginSchema } from '~/schemas/auth'
import { LoginForm } from '~/ui/login-gate'
import { noticeAfterNavigation } from '~/ui/toast'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const returnTo = safeReturnUrl(url.searchParams.get('auth.redirect'), context.cloudflare.env.BASE_DOMAIN)
  if (context.user) throw redirect(returnTo)
  return { returnTo, socialError: url.searchParams.get('erro') === 'google' }
}

/** Without JavaScript the form posts here as a document: same rules, limits and session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env
  const form = Object.fromEntries(await request.formData())
  const parsed = loginSchema.safeParse(form)
  if (!parsed.success) return data({ message: parsed.error.issues[0]?.message ?? '' }, 422)
  if (await loginLimited(env, requestAddress(request), parsed.data.email))
    return data({ message: t('auth.tooManyAttempts') }, 429)
  const account = await checkCredentials(context.deps, parsed.data.email, parsed.data.senha)
  if (!account) return data({ message: t('auth.invalidCredentials') }, 401)
  const returnTo = safeReturnUrl(new URL(request.url).searchParams.get('auth.redirect'), env.BASE_DOMAIN)
  throw redirect(returnTo, { headers: await sessionCookieHeaders(context.deps, request, account.id) })
}

export const meta: MetaFunction = () => seo({ title: t('auth.loginTitle') })

export default function Login() {
  const { returnTo, socialError } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
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
      {failed?.message ? (
        <p className="alert alert--error" role="alert">
          {failed.message}
        </p>
      ) : null}
      <LoginForm
        action={`/login?${query}`}
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
