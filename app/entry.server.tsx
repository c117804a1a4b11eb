import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server'
import { NonceProvider } from '~/lib/nonce'

const ABORT_DELAY_MS = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController()
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS)
  let status = responseStatusCode
  const body = await renderToReadableStream(
    <NonceProvider value={loadContext.nonce}>
      <RemixServer
        context={remixContext}
        url={request.url}
        abortDelay={ABORT_DELAY_MS}
        nonce={loadContext.nonce}
      />
    </NonceProvider>,
    {
      nonce: loadContext.nonce,
      signal: controller.signal,
      onError(error: unknown) {
        status = 500
        // Logged with the request id; the user sees the Portuguese error page, never this.
        if (!controller.signal.aborted) {
          console.error(JSON.stringify({ requestId: loadContext.requestId, error: String(error) }))
        }
      },
    },
  )
  body.allReady.then(() => clearTimeout(timeout))
  // Crawlers get the whole page at once; people get it streamed.
  if (isbot(request.headers.get('user-agent') || '')) await body.allReady

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers: responseHeaders, status })
}
