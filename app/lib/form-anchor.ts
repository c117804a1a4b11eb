/**
 * A form far down a long page (an intimação's correction among thirty) names the element its
 * failed plain post returns to: the Referer has no fragment, so without JavaScript the person
 * would land at the page's top with the message out of sight. Shared by the form and the server.
 */
export const ANCHOR_FIELD = 'ancora'

/** The fragment to return to, when `value` is one the form could have named. */
export function anchorOf(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z][a-z0-9-]{0,79}$/.test(value) ? value : null
}
