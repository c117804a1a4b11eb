import { isProfileHost } from '~/domain/site/host'
import { throughBridge } from '~/lib/paths'
import { isLoggedIn } from './login-gate'

/**
 * A logged-in reader who follows any link to a profile host (a directory card, an article's
 * author, a notification) enters it through its session bridge, so the profile opens logged in
 * (decisions/0054). The link's address is changed as it is pressed, before the browser reads it:
 * every link of every page, present or rendered later, without each one knowing the viewer.
 */
export function installProfileLinks(mainOrigin: string): () => void {
  const base = new URL(mainOrigin).host
  const onPress = (event: MouseEvent) => {
    const target = event.target
    if (!(target instanceof Element) || !isLoggedIn()) return
    const link = target.closest('a[href]')
    if (!(link instanceof HTMLAnchorElement) || link.host === window.location.host) return
    const bridged = throughBridge(link.href, (host) => isProfileHost(host, base))
    if (bridged !== link.href) link.href = bridged
  }
  document.addEventListener('click', onPress, true)
  document.addEventListener('auxclick', onPress, true)
  return () => {
    document.removeEventListener('click', onPress, true)
    document.removeEventListener('auxclick', onPress, true)
  }
}
