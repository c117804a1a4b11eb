import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { verifyToken } from '~/domain/auth/tokens.server'
import { confirmEmail } from '~/domain/users/accounts.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'

/**
 * The link in the confirmation e-mail. It confirms the address it was sent to, then redirects to
 * the result, so the page (and its banner) is rendered from the confirmed state and a refresh does
 * not submit the token again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps } = context
  const url = new URL(request.url)
  const token = url.searchParams.get('token')
  if (token) {
    const result = await verifyToken<{ uid: number; email: string }>(
      deps.authSecret(),
      'confirmar-email',
      token,
      deps.now(),
    )
    const confirmed =
      result.ok && (await confirmEmail(deps, Number(result.claims.uid), String(result.claims.email)))
    throw redirect(`/confirmar-email?resultado=${confirmed ? 'ok' : 'invalido'}`)
  }
  return { confirmed: url.searchParams.get('resultado') === 'ok' }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...seo({ title: data?.confirmed ? t('auth.confirmedTitle') : t('auth.confirmInvalidTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function ConfirmEmail() {
  const { confirmed } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow">
      <h1>{confirmed ? t('auth.confirmedTitle') : t('auth.confirmInvalidTitle')}</h1>
      <p>{confirmed ? t('auth.confirmedBody') : t('auth.confirmInvalidBody')}</p>
      <p>
        <Link to="/">{t('error.backHome')}</Link>
      </p>
    </section>
  )
}
