import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { SignupForm } from '~/components/auth/signup-form'
import { registerUser } from '~/domain/auth/accounts.server'
import { sendConfirmationEmail } from '~/domain/auth/emails.server'
import { requestAddress, signupLimited } from '~/domain/auth/limits.server'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { sessionCookieHeaders } from '~/domain/auth/session-cookie.server'
import { DomainError } from '~/domain/errors'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { signupSchema } from '~/schemas/auth'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env
  const returnTo = safeReturnUrl(new URL(request.url).searchParams.get('auth.redirect'), env.BASE_DOMAIN, '')
  if (context.user) throw redirect(returnTo || '/')
  return { returnTo, domain: env.BASE_DOMAIN }
}

/** Without JavaScript the form posts here as a document; with it, `POST /cadastrar` answers JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env
  const parsed = signupSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ messages: [...new Set(parsed.error.issues.map((i) => i.message))] }, 422)
  if (await signupLimited(env, requestAddress(request)))
    return data({ messages: [t('auth.tooManyAttempts')] }, 429)
  try {
    const user = await registerUser(context.deps, parsed.data)
    context.cloudflare.ctx.waitUntil(
      sendConfirmationEmail(
        context.deps,
        { ...user, name: parsed.data.nome },
        mainOrigin(env.BASE_DOMAIN),
      ).catch((error) => console.error(String(error))),
    )
    const returnTo = safeReturnUrl(
      new URL(request.url).searchParams.get('auth.redirect'),
      env.BASE_DOMAIN,
      '/conta/perfil',
    )
    throw redirect(returnTo, { headers: await sessionCookieHeaders(context.deps, request, user.id) })
  } catch (error) {
    if (error instanceof DomainError) return data({ messages: [error.message] }, error.status)
    throw error
  }
}

export const meta: MetaFunction = () => seo({ title: t('auth.signupTitle') })

export default function Signup() {
  const { returnTo, domain } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  const query = returnTo ? `?auth.redirect=${encodeURIComponent(returnTo)}` : ''
  return (
    <section className="page page--narrow auth">
      <h1>{t('auth.signupHeading')}</h1>
      <p className="muted">{t('auth.signupLead', { exemplo: `seunome.${domain}` })}</p>
      {failed?.messages?.length ? (
        <ul className="alert alert--error" role="alert">
          {failed.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <SignupForm action={`/cadastrar${query}`} schema={signupSchema} withPassword domain={domain} />
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
