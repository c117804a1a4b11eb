/** The login page that returns to `returnTo` afterwards (spec §2, §6). */
export function loginUrl(returnTo: string): string {
  return `/login?auth.redirect=${encodeURIComponent(returnTo)}`
}
