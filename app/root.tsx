import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { type ReactNode, useEffect } from 'react'
import { ConfirmEmailBanner } from '~/components/auth/confirm-banner'
import { ErrorPage } from '~/components/error-page'
import { SiteHeader } from '~/components/header/site-header'
import { SiteFooter } from '~/components/site-chrome'
import { countUnseenCapped } from '~/domain/notifications/inbox.server'
import { isProfileHost, mainOrigin, profileOrigin, type Site } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { errorCopy, errorStatus } from '~/lib/error-copy'
import { useNonce } from '~/lib/nonce'
import { throughBridge } from '~/lib/paths'
import { seo } from '~/lib/seo'
import appCss from '~/styles/app.css?url'
import filtersCss from '~/styles/filters.css?url'
import uiCss from '~/styles/ui.css?url'
import { AppShell } from '~/ui/app-shell'
import { FlashNotice } from '~/ui/flash'
import { installProfileLinks } from '~/ui/profile-links'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'stylesheet', href: uiCss },
  { rel: 'stylesheet', href: filtersCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction<typeof loader> = ({ error }) => {
  if (!error) return seo({ title: t('site.tagline') })
  const status = isRouteErrorResponse(error) ? errorStatus(error.status) : 500
  const title = errorCopy(status).title
  return [{ title: `${title} | ${t('site.name')}` }, { name: 'robots', content: 'noindex' }]
}

/**
 * "Meu perfil": through that host's session bridge (decisions/0054), so it opens logged in from
 * the first paint; on that very host, where the session already is, the plain address.
 */
function ownProfileLink(site: Site, subdomain: string, base: string) {
  const url = profileOrigin(subdomain, base)
  if (site.kind === 'profile' && site.subdomain === subdomain.toLowerCase()) return url
  return throughBridge(url, (host) => isProfileHost(host, base))
}

export async function loader({ context }: LoaderFunctionArgs) {
  // A reserved or malformed subdomain is nobody's profile: the whole host is a 404.
  if (context.site.kind === 'unknown') throw data({ reason: 'profile' }, { status: 404 })
  const { user, deps } = context
  const base = context.cloudflare.env.BASE_DOMAIN
  return {
    mainOrigin: mainOrigin(base),
    onProfileHost: context.site.kind === 'profile',
    user: user
      ? {
          name: user.name,
          headline: user.headline,
          subdomain: user.subdomain,
          profileUrl: ownProfileLink(context.site, user.subdomain, base),
          unseen: await countUnseenCapped(deps, user.id),
        }
      : null,
    unconfirmedEmail: context.unconfirmedEmail,
    flash: context.flash,
    requestId: context.requestId,
  }
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  // Runs after every effect below it: tests (and scripts) can wait for a fully hydrated page.
  useEffect(() => {
    // A field the reader focused before the application arrived (decisions/0040: the focus is what
    // brings it) had its focus event before React listened: tell React now, so the field's focus
    // behaviour (suggestions, masks) starts without a second tap. The focus itself does not move.
    // The flag comes first: it ends the guard that keeps events from React while it hydrates
    // (lib/hydration-guard.ts), which would stop this focusin too.
    document.documentElement.dataset.hydrated = 'true'
    const active = document.activeElement
    if (active instanceof HTMLElement && active !== document.body) {
      active.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
      // And what was typed or chosen in it while React hydrated, when the guard kept the events
      // from it (decisions/0056): React's change handler runs only if the value did change.
      if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)
        active.dispatchEvent(new Event('input', { bubbles: true }))
      else if (active instanceof HTMLSelectElement)
        active.dispatchEvent(new Event('change', { bubbles: true }))
    }
  }, [])
  const root = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="pt-BR" data-site={root?.onProfileHost ? 'profile' : 'main'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d5c" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#conteudo">
          {t('site.skipToContent')}
        </a>
        <SiteHeader
          mainOrigin={root?.mainOrigin ?? ''}
          user={root?.user ?? null}
          onProfileHost={root?.onProfileHost ?? false}
        />
        <main id="conteudo" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter mainOrigin={root?.mainOrigin ?? ''} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const root = useRouteLoaderData<typeof loader>('root')
  const origin = root?.mainOrigin
  useEffect(() => (origin ? installProfileLinks(origin) : undefined), [origin])
  return (
    <AppShell>
      {root?.unconfirmedEmail ? <ConfirmEmailBanner email={root.unconfirmedEmail} /> : null}
      <FlashNotice />
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRouteLoaderData<typeof loader>('root')
  const mainOrigin = root?.mainOrigin ?? ''
  // Every thrown status is shown as itself, with the reason the server gave (decisions/0059).
  if (isRouteErrorResponse(error) && error.status < 500) {
    const detail = (error.data ?? null) as { reason?: string; message?: string } | null
    return (
      <ErrorPage
        status={errorStatus(error.status)}
        mainOrigin={mainOrigin}
        profile={detail?.reason === 'profile'}
        reviewers={detail?.reason === 'role'}
        message={typeof detail?.message === 'string' ? detail.message : undefined}
      />
    )
  }
  // Never a stack trace: the request id lets support find the log line.
  return <ErrorPage status={500} mainOrigin={mainOrigin} requestId={root?.requestId} />
}
