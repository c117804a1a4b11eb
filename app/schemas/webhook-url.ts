import { isLoopbackHost } from '~/lib/loopback'

/**
 * Names that only resolve inside a network (RFC 6761/6762/8375 and the usual intranet suffixes).
 * A name without a dot is an intranet name too (`https://metadata/`).
 */
const INTERNAL_SUFFIXES = [
  '.local',
  '.internal',
  '.lan',
  '.intranet',
  '.corp',
  '.home',
  '.home.arpa',
  '.arpa',
]

/**
 * Why a webhook address is refused, or null when it is acceptable (decisions/0051). Everything is
 * judged on the WHATWG-parsed URL, the one `fetch` will use: the parser already turns
 * `2130706433`, `0x7f.1` and `0177.0.0.1` into `127.0.0.1`, maps IDN look-alikes (`ⓛocalhost`)
 * to ASCII and drops tabs and newlines, so no spelling of a host slips past a check of the text.
 * `allowLocal` (local development only) lets this machine's own loopback stand-in through, over
 * http and on any port; credentials are refused even there.
 */
export type WebhookUrlProblem =
  | 'webhook.badUrl'
  | 'webhook.credentials'
  | 'webhook.notHttps'
  | 'webhook.badPort'
  | 'webhook.ipAddress'
  | 'webhook.privateHost'

export function webhookUrlProblem(raw: string, allowLocal: boolean): WebhookUrlProblem | null {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return 'webhook.badUrl'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'webhook.badUrl'
  // `https://user:pass@host`: a secret in the address ends up in logs and on screen; the
  // signature is how a receiver authenticates our calls.
  if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(raw.trim())) return 'webhook.credentials'
  const host = url.hostname.toLowerCase().replace(/\.+$/, '')
  if (allowLocal && isLoopbackHost(host)) return null
  if (url.protocol !== 'https:') return 'webhook.notHttps'
  if (url.port !== '') return 'webhook.badPort'
  // Any IP literal: IPv6 hides IPv4 (`[::ffff:127.0.0.1]`), and a public service has a name.
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return 'webhook.ipAddress'
  if (
    isLoopbackHost(host) ||
    !host.includes('.') ||
    INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))
  )
    return 'webhook.privateHost'
  return null
}
