import { data } from '@remix-run/cloudflare'

/** Any path no other route claims: the root ErrorBoundary renders the Portuguese 404 page. */
export function loader() {
  throw data({ reason: 'page' }, { status: 404 })
}

export default function NotFound() {
  return null
}
