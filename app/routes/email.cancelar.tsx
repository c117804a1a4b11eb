import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { getEmailPreferences, readUnsubscribeToken } from '~/domain/notifications/email-preferences.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'

/**
 * `/email/cancelar?token=…`: the link in every notification e-mail. It asks before changing
 * anything (link scanners open links), works without login and without JavaScript.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const { userId, group } = await readUnsubscribeToken(context.deps, token)
  const preferences = await getEmailPreferences(context.deps, userId)
  const done =
    group === 'todos'
      ? Object.values(preferences).every((m) => m === 'nunca')
      : preferences[group] === 'nunca'
  return { token: token ?? '', group, done }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('emailPrefs.unsubscribeTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function UnsubscribePage() {
  const { token, group, done } = useLoaderData<typeof loader>()
  const name = group === 'todos' ? null : t(`emailPrefs.group.${group}`)
  return (
    <section className="page page--narrow" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('emailPrefs.unsubscribeTitle')}</h1>
      {done ? (
        <p role="status">
          {name ? t('emailPrefs.unsubscribed', { grupo: name }) : t('emailPrefs.unsubscribedAll')}
        </p>
      ) : (
        <form method={routes.unsubscribe.method} action={routes.unsubscribe.path}>
          <input type="hidden" name="token" value={token} />
          <p>
            {name
              ? t('emailPrefs.unsubscribeConfirm', { grupo: name })
              : t('emailPrefs.unsubscribeConfirmAll')}
          </p>
          <button type="submit" className="button">
            {t('emailPrefs.unsubscribeButton')}
          </button>
        </form>
      )}
      <p>
        <a href="/conta/notificacoes">{t('emailPrefs.manage')}</a>
      </p>
    </section>
  )
}
