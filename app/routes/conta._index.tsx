import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { requireUser } from '~/server/guards.server'

/** `/conta` opens the first tab. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  requireUser(context, request)
  return redirect('/conta/perfil')
}
