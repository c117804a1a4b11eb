/**
 * A request the browser made ahead of a click (`<Link prefetch="intent">` renders
 * `<link rel="prefetch">`: Chromium sends `Sec-Purpose: prefetch`, older ones `Purpose`, Firefox
 * `X-Moz`). A loader that records "seen" must not do it then: hovering a tab is not opening it,
 * and the click's own request would then find nothing left to show as new.
 */
export function isPrefetch(request: Request): boolean {
  return ['sec-purpose', 'purpose', 'x-moz'].some((name) =>
    (request.headers.get(name) ?? '').toLowerCase().includes('prefetch'),
  )
}
