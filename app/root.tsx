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
import type { ReactNode } from 'react'
import { ErrorPage } from '~/components/error-page'
import { SiteFooter, SiteHeader } from '~/components/site-chrome'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { useNonce } from '~/lib/nonce'
import { seo } from '~/lib/seo'
import appCss from '~/styles/app.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction<typeof loader> = ({ error }) => {
  if (!error) return seo({ title: t('site.tagline') })
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return [
    { title: `${t(notFound ? 'error.notFound.title' : 'error.internal.title')} | ${t('site.name')}` },
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ context }: LoaderFunctionArgs) {
  // A reserved or malformed subdomain is nobody's profile: the whole host is a 404.
  if (context.site.kind === 'unknown') throw data({ reason: 'profile' }, { status: 404 })
  const user = context.user
  return {
    mainOrigin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
    user: user ? { name: user.name, subdomain: user.subdomain } : null,
    requestId: context.requestId,
  }
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const root = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="pt-BR">
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
        <SiteHeader mainOrigin={root?.mainOrigin ?? ''} user={root?.user ?? null} />
        <main id="conteudo" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRouteLoaderData<typeof loader>('root')
  if (isRouteErrorResponse(error) && error.status === 404) {
    const reason = (error.data as { reason?: string } | null)?.reason
    return <ErrorPage status={404} mainOrigin={root?.mainOrigin ?? ''} profile={reason === 'profile'} />
  }
  // Never a stack trace: the request id lets support find the log line.
  return <ErrorPage status={500} mainOrigin={root?.mainOrigin ?? ''} requestId={root?.requestId} />
}
