import { useEffect, useId, useRef } from 'react'
import { useFormContext } from 'react-hook-form'
import { t } from '~/i18n/pt-BR'
import { CAPTCHA_FIELD } from '~/schemas/professional-message'

/** Cloudflare's test token: what the widget's test mode and our stand-in put in the field. */
export const DUMMY_CAPTCHA_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

type TurnstileApi = {
  render: (element: HTMLElement, options: Record<string, unknown>) => string
  remove: (id: string) => void
  reset: (id: string) => void
  execute: (id: string) => void
}
declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let scriptPromise: Promise<TurnstileApi> | null = null
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  scriptPromise ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile')))
    script.onerror = () => {
      scriptPromise = null
      reject(new Error('turnstile'))
    }
    document.head.appendChild(script)
  })
  return scriptPromise
}

/**
 * The captcha of a form (spec §5: 'Você é um robô?'). Production renders Cloudflare Turnstile
 * (`<div class="cf-turnstile" data-sitekey>` plus its script, explicitly rendered because the
 * form lives in a modal). Elsewhere there is no network for Turnstile: a stand-in checkbox
 * "Não sou um robô" fills the field with Cloudflare's dummy test token. Either way the token is
 * in the hidden `cf-turnstile-response` field that react-hook-form validates and the form posts.
 */
export function CaptchaField({ siteKey, production }: { siteKey: string; production: boolean }) {
  const id = useId()
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext()
  const widget = useRef<HTMLDivElement>(null)
  const token = watch(CAPTCHA_FIELD) as string | undefined
  const message = errors[CAPTCHA_FIELD]?.message as string | undefined
  const messageId = `${id}-mensagem`

  useEffect(() => {
    if (!production || !widget.current) return
    let widgetId: string | null = null
    let cancelled = false
    const element = widget.current
    void loadTurnstile()
      .then((api) => {
        if (cancelled) return
        widgetId = api.render(element, {
          sitekey: siteKey,
          language: 'pt-BR',
          'response-field': false,
          callback: (value: string) => setValue(CAPTCHA_FIELD, value, { shouldValidate: true }),
          'expired-callback': () => setValue(CAPTCHA_FIELD, ''),
          'error-callback': () => setValue(CAPTCHA_FIELD, ''),
        })
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId)
    }
  }, [production, siteKey, setValue])

  return (
    <fieldset className={`field captcha${message ? ' field--invalid' : ''}`} data-field={CAPTCHA_FIELD}>
      <legend className="visually-hidden">{t('captcha.label')}</legend>
      <input type="hidden" {...register(CAPTCHA_FIELD)} />
      {production ? (
        <div ref={widget} className="cf-turnstile" data-sitekey={siteKey} aria-describedby={messageId} />
      ) : (
        <div className="captcha__stand-in">
          <label>
            <input
              type="checkbox"
              checked={token === DUMMY_CAPTCHA_TOKEN}
              aria-describedby={messageId}
              aria-invalid={message ? true : undefined}
              onChange={(event) =>
                setValue(CAPTCHA_FIELD, event.target.checked ? DUMMY_CAPTCHA_TOKEN : '', {
                  shouldValidate: true,
                })
              }
            />{' '}
            {t('captcha.standIn')}
          </label>
          <p className="field__hint">{t('captcha.standInHint')}</p>
        </div>
      )}
      <p id={messageId} className="field__message" aria-live="polite">
        {message ?? ''}
      </p>
    </fieldset>
  )
}
