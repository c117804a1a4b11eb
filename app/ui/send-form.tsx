import { t } from '~/i18n/pt-BR'
import { BulletList, dismissErrors, notify } from './toast'

// Sending a form or a script's call and reading the answer (spec §7, §8), without the form
// library: follow and vote buttons need only this, so their pages do not load react-hook-form.

/** The product's generic form-action response (spec §3). */
export type ActionResponse = { status?: string; errors?: string[]; [key: string]: unknown }

export type ActionOutcome<B = ActionResponse> =
  | { ok: true; body: B }
  | {
      ok: false
      kind: 'errors'
      errors: string[] | null
      fields?: Record<string, string>
      /** The HTTP status: 401 means the session ended while the page was open. */
      httpStatus: number
    }
  | { ok: false; kind: 'failure' }

/**
 * Sends the enclosing form's fields (spec §7): POST by default (urlencoded, or multipart when a
 * file is attached), GET as a query string. Reads `status` and `errors`.
 */
export async function sendForm(
  form: HTMLFormElement,
  action: string,
  method: 'POST' | 'GET',
): Promise<ActionOutcome> {
  const data = new FormData(form)
  const hasFile = [...data.values()].some((value) => typeof value !== 'string')
  const params = new URLSearchParams()
  for (const [key, value] of data) if (typeof value === 'string') params.append(key, value)
  let response: Response
  try {
    response =
      method === 'GET'
        ? await fetch(`${action}${action.includes('?') ? '&' : '?'}${params}`, {
            headers: { Accept: 'application/json' },
          })
        : await fetch(action, {
            method: 'POST',
            headers: { Accept: 'application/json' },
            body: hasFile ? data : params,
          })
  } catch {
    return { ok: false, kind: 'failure' }
  }
  return readOutcome(response)
}

/** A script's own call (follow, vote…): a JSON body, the same reading of the answer. */
export async function postAction<B = ActionResponse>(
  url: string,
  body: Record<string, unknown>,
  { signal, keepalive = true }: { signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<ActionOutcome<B>> {
  try {
    return await readOutcome(
      await fetch(url, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        // The button shows the change at once, so people leave right away: the call must still
        // land when the page unloads (its bodies are far below keepalive's 64 KB; a photo is not,
        // and says so).
        keepalive,
        signal,
      }),
    )
  } catch {
    return { ok: false, kind: 'failure' }
  }
}

/**
 * The answer as an outcome. `B` is what the caller was promised for a success (the registry's
 * `call` passes the endpoint's output type; test/unit/endpoint-schemas.test.ts holds the server
 * to it), so the one cast of a body lives here.
 */
export async function readOutcome<B = ActionResponse>(response: Response): Promise<ActionOutcome<B>> {
  if (response.status >= 500) return { ok: false, kind: 'failure' }
  let body: ActionResponse
  try {
    body = (await response.json()) as ActionResponse
  } catch {
    return { ok: false, kind: 'failure' }
  }
  if (body.status === 'success') return { ok: true, body: body as B }
  // The spec's lists (autocompletes, specialties, a select's page) answer no `status`: a success
  // is the body itself (decisions/0070). Every error answer carries `status`.
  if (response.ok && (Array.isArray(body) || (body && typeof body === 'object' && !('status' in body))))
    return { ok: true, body: body as B }
  const errors = Array.isArray(body.errors) ? body.errors.filter((e) => typeof e === 'string') : null
  const fields =
    body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined
  return {
    ok: false,
    kind: 'errors',
    errors: errors?.length ? errors : null,
    fields,
    httpStatus: response.status,
  }
}

/** Spec §8: the toast for each outcome of a generic form action. */
/**
 * The toast of a form's answer. `group` (the form's action) ties its error toasts to the form: a
 * later success of the same form takes them back, so only what is true now stays on screen.
 */
export function toastOutcome(
  outcome: ActionOutcome<ActionResponse>,
  method: 'POST' | 'GET',
  successMessage: string,
  group?: string,
) {
  if (outcome.ok) {
    if (group) dismissErrors(group)
    // The server's own words when it has them (e.g. "confirm the new e-mail"), else the per-use one.
    const message = typeof outcome.body.message === 'string' ? outcome.body.message : successMessage
    if (method !== 'GET') notify.notice(message)
  } else if (outcome.kind === 'failure') {
    notify.error(t('form.internalError'), group)
  } else if (outcome.errors) {
    notify.error(<BulletList items={outcome.errors} />, group)
  } else {
    notify.error(t('form.error'), group)
  }
}
