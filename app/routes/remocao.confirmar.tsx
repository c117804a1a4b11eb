import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { confirmRemovalRequest } from '~/domain/removal/requests.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'

/**
 * The link in the removal request's e-mail (decisions/0066): it proves the address, puts the
 * request in the review queue (the legal deadline starts) and lands on the private status page.
 * A forged, altered or spent link is a 400 with the page saying so, never a 200 (issue 38).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const status = token ? await confirmRemovalRequest(context.deps, token) : null
  if (status) throw redirect(`${status}?confirmado=1`)
  return data({ ok: false }, { status: 400 })
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('removal.confirm.badTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function RemovalConfirmPage() {
  useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow">
      <h1>{t('removal.confirm.badTitle')}</h1>
      <p>{t('removal.confirm.badBody')}</p>
      <p>
        <Link to="/">{t('error.backHome')}</Link>
      </p>
    </section>
  )
}
