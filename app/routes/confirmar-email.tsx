import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'

/**
 * The result of the confirmation e-mail's link. The link itself (`?token=`) is followed by the
 * Worker (workers/api/accounts.ts, decisions/0092), which redirects here, so the page (and its
 * banner) is rendered from the confirmed state and a refresh does not submit the token again.
 * `nova-senha`: the account was handed to the mailbox's owner, who now chooses a password.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const result = url.searchParams.get('resultado')
  const reset = url.searchParams.get('redefinir')
  if (result === 'nova-senha' && reset)
    return { confirmed: true, resetUrl: `/senha/redefinir?token=${encodeURIComponent(reset)}` }
  if (result === 'ok') return { confirmed: true, resetUrl: null }
  // A link that confirms nothing (forged, spent, expired, taken) is a client error, as the removal
  // and reset links are (issue 38 D): the same page, answered 400.
  return data({ confirmed: false, resetUrl: null }, { status: 400 })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...seo({ title: data?.confirmed ? t('auth.confirmedTitle') : t('auth.confirmInvalidTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function ConfirmEmail() {
  const { confirmed, resetUrl } = useLoaderData<typeof loader>()
  if (resetUrl)
    return (
      <section className="page page--narrow">
        <h1>{t('auth.handedOverTitle')}</h1>
        <p>{t('auth.handedOverBody')}</p>
        <p>
          <Link className="button" to={resetUrl}>
            {t('auth.handedOverButton')}
          </Link>
        </p>
      </section>
    )
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
