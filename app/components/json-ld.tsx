import { useNonce } from '~/lib/nonce'

/** Structured data for search engines; "<" is escaped so the JSON can never close the element. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce()
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON-LD, no user HTML
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  )
}
