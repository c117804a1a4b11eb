import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { RemovalForm } from '~/components/removal/removal-form'
import { pathOf } from '~/domain/removal/pages.server'
import { isLocalDev } from '~/domain/site/environment'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'

/**
 * `/remocao?pagina=/pessoas/…` (decisions/0066): the removal request form, reached from the
 * "Solicitar remoção" link of every person and document page, with that page filled in. Works
 * without JavaScript (a multipart form post); never indexed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env
  const asked = new URL(request.url).searchParams.get('pagina') ?? ''
  const path = asked.length <= 400 ? pathOf(asked, context.deps.origin) : null
  return {
    page: path ? `${context.deps.origin}${path}` : '',
    captcha: { siteKey: env.TURNSTILE_SITE_KEY, production: !isLocalDev(env) },
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('removal.title'), description: t('removal.intro') }),
  { name: 'robots', content: 'noindex' },
]

export default function RemovalRequestPage() {
  const { page, captcha } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow removal-page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('removal.title')}</h1>
      <p>{t('removal.intro')}</p>
      <p>{t('removal.what')}</p>
      <p className="muted">{t('removal.privacy')}</p>
      <RemovalForm page={page} captcha={captcha} />
    </section>
  )
}
