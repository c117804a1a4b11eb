import { useEffect, useRef, useState } from 'react'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { monitoringPath } from '~/lib/paths'
import { LAWSUIT_BUTTON_ORIGIN } from '~/schemas/monitoring-constants'
import { call } from '~/ui/call'
import { isLoggedIn, useLoginGate } from '~/ui/login-gate'
import { notify } from '~/ui/toast'

const PENDING_KEY = 'monitorarPendente'

/**
 * "Monitorar processo" (spec §4 "Lawsuit monitoring button", §7, §8): pressed, it sends the
 * creation request and shows that it is working; success opens `/monitoramentos/{id}?novo=true`;
 * a failure ('failed' or an HTTP error) shows each `errors[]` entry as a toast and the button
 * reads "Monitorar processo" again. Anonymous visitors log in first and the request then goes out.
 * Before JavaScript it is a form posting the same fields.
 */
export function MonitorLawsuitButton({
  numero,
  lawsuitId,
  monitoringId,
}: {
  numero: string
  /** Unknown for a number the site does not have yet: it is watched (and looked up) by number. */
  lawsuitId?: number
  /** The viewer already monitors this lawsuit. */
  monitoringId: number | null
}) {
  const gate = useLoginGate()
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)

  const create = async () => {
    if (sending.current) return
    sending.current = true
    setBusy(true)
    const outcome = await call(routes.lawsuitMonitoring, {
      numero_processo: numero,
      processo_id: lawsuitId,
      termo: numero,
      tipo: 'processo',
      origem_criacao: LAWSUIT_BUTTON_ORIGIN,
    })
    if (outcome.ok) {
      window.location.assign(`${monitoringPath(outcome.body.monitoramento.id)}?novo=true`)
      return
    }
    const errors = outcome.kind === 'errors' ? outcome.errors : null
    for (const message of errors ?? [t('form.internalError')]) notify.error(message)
    sending.current = false
    setBusy(false)
  }

  // Back from the login page: the monitoring the visitor asked for is created.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    try {
      if (isLoggedIn() && sessionStorage.getItem(PENDING_KEY) === numero) {
        sessionStorage.removeItem(PENDING_KEY)
        void create()
      }
    } catch {
      // No storage: the visitor presses the button again.
    }
  }, [])

  if (monitoringId)
    return (
      <a className="button button--secondary" href={monitoringPath(monitoringId)}>
        {t('monitoring.buttonOwn')}
      </a>
    )
  return (
    <form
      method="post"
      action={routes.lawsuitMonitoring.path}
      className="monitor"
      // Anonymous on a page the edge keeps, the press goes to the login page at once, no
      // application needed (decisions/0056); the key brings the monitoring back on return.
      data-login-first={`${PENDING_KEY}=${numero}`}
      onSubmit={(event) => {
        event.preventDefault()
        gate.run(() => create(), {
          via: 'redirect',
          onRedirect: () => {
            try {
              sessionStorage.setItem(PENDING_KEY, numero)
            } catch {
              // Without storage the visitor presses it again after logging in.
            }
          },
        })
      }}
    >
      <input type="hidden" name="numero_processo" value={numero} />
      {lawsuitId ? <input type="hidden" name="processo_id" value={lawsuitId} /> : null}
      <input type="hidden" name="termo" value={numero} />
      <input type="hidden" name="tipo" value="processo" />
      <input type="hidden" name="origem_criacao" value={LAWSUIT_BUTTON_ORIGIN} />
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        <span>{busy ? t('monitoring.buttonBusy') : t('monitoring.button')}</span>
      </button>
    </form>
  )
}
