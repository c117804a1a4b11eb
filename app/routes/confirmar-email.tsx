import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { confirmEmail } from '~/domain/auth/accounts.server'
import { verifyToken } from '~/domain/auth/tokens.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'

/** The link in the confirmation e-mail. It confirms the address it was sent to, once. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps } = context
  const token = new URL(request.url).searchParams.get('token')
  const result = await verifyToken<{ uid: number; email: string }>(
    deps.authSecret(),
    'confirmar-email',
    token,
    deps.now(),
  )
  if (!result.ok) return { confirmed: false }
  await confirmEmail(deps, Number(result.claims.uid), String(result.claims.email))
  return { confirmed: true }
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
