import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import { DUMMY_CAPTCHA_TOKEN, loadTurnstile } from './captcha'

/** How long a challenge the person must solve may take before the check gives up (the submit decides). */
const WAIT_MS = 120_000

/**
 * Fresh Turnstile tokens on demand, for a check that runs many times (the signup's e-mail check,
 * decisions/0092): a token is single use, so each `fresh()` resets the widget and runs it again.
 * Production renders the widget only when Turnstile needs the person (`interaction-only`), next
 * to the field that asked. Elsewhere there is no network for Turnstile: the stand-in answers at
 * once with Cloudflare's dummy token, as the invisible test keys do (the local siteverify accepts
 * it). `fresh()` gives null when no token comes (script blocked, challenge failed or abandoned).
 */
export function useCaptchaTokens({ siteKey, production }: { siteKey: string; production: boolean }): {
  widget: ReactNode
  fresh: () => Promise<string | null>
} {
  const element = useRef<HTMLDivElement>(null)
  const widgetId = useRef<string | null>(null)
  const waiting = useRef<((token: string | null) => void) | null>(null)

  const settle = useCallback((token: string | null) => {
    const resolve = waiting.current
    waiting.current = null
    resolve?.(token)
  }, [])

  useEffect(() => {
    if (!production || !element.current) return
    let cancelled = false
    const container = element.current
    void loadTurnstile()
      .then((api) => {
        if (cancelled) return
        widgetId.current = api.render(container, {
          sitekey: siteKey,
          language: 'pt-BR',
          'response-field': false,
          appearance: 'interaction-only',
          execution: 'execute',
          callback: (token: string) => settle(token),
          'error-callback': () => settle(null),
          'expired-callback': () => settle(null),
        })
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
      if (widgetId.current && window.turnstile) window.turnstile.remove(widgetId.current)
      widgetId.current = null
      settle(null)
    }
  }, [production, siteKey, settle])

  const fresh = useCallback(async (): Promise<string | null> => {
    if (!production) return DUMMY_CAPTCHA_TOKEN
    const api = window.turnstile
    const id = widgetId.current
    if (!api || !id) return null
    settle(null)
    const token = new Promise<string | null>((resolve) => {
      waiting.current = resolve
      setTimeout(() => waiting.current === resolve && settle(null), WAIT_MS)
    })
    // The token just used is spent: a new challenge for the next one.
    api.reset(id)
    api.execute(id)
    return token
  }, [production, settle])

  const widget = production ? <div ref={element} className="captcha captcha--on-demand" /> : null
  return { widget, fresh }
}
