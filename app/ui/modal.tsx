import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { t } from '~/i18n/pt-BR'

type OpenOptions = { title?: string; subtitle?: string }
type ModalState = { name: string; options: OpenOptions } | null
type ModalApi = {
  open: (name: string, options?: OpenOptions) => void
  close: () => void
  current: ModalState
}

const ModalContext = createContext<ModalApi | null>(null)

/** Modals are opened by name (spec §2); one at a time, like the product's. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalState>(null)
  const open = useCallback((name: string, options: OpenOptions = {}) => setCurrent({ name, options }), [])
  const close = useCallback(() => setCurrent(null), [])
  const api = useMemo(() => ({ open, close, current }), [open, close, current])
  return <ModalContext.Provider value={api}>{children}</ModalContext.Provider>
}

export function useModals(): ModalApi {
  const api = useContext(ModalContext)
  if (!api) throw new Error('useModals outside ModalProvider')
  return api
}

/**
 * A named modal on the native <dialog>: focus moves in and back, Escape closes, the rest of the
 * page is inert. Title and subtitle are optional and can be given when opening it.
 */
export function Modal({
  name,
  title,
  subtitle,
  children,
  onClose,
  keepContent = false,
}: {
  name: string
  title?: string
  subtitle?: string
  children: ReactNode
  onClose?: () => void
  /** Draw the content while closed too (the login modal's server form, decisions/0056). */
  keepContent?: boolean
}) {
  const { current, close } = useModals()
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  const isOpen = current?.name === name
  const shownTitle = (isOpen && current.options.title) || title
  const shownSubtitle = (isOpen && current.options.subtitle) || subtitle

  // Only a dialog this component opened is closed by it: the login modal the bootstrap opened
  // before the application stays open until the application takes it over (decisions/0056).
  const shown = useRef(false)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (isOpen && !dialog.open) dialog.showModal()
    if (!isOpen && dialog.open && shown.current) dialog.close()
    shown.current = isOpen
  }, [isOpen])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; <dialog> handles Escape itself
    <dialog
      ref={ref}
      className="modal"
      data-modal={name}
      aria-labelledby={shownTitle ? `${id}-titulo` : undefined}
      aria-describedby={shownSubtitle ? `${id}-subtitulo` : undefined}
      onClose={() => {
        if (isOpen) close()
        onClose?.()
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its content) closes it.
        if (event.target === ref.current) close()
      }}
    >
      <div className="modal__content">
        <header className="modal__header">
          <div>
            {shownTitle ? <h2 id={`${id}-titulo`}>{shownTitle}</h2> : null}
            {shownSubtitle ? (
              <p id={`${id}-subtitulo`} className="modal__subtitle">
                {shownSubtitle}
              </p>
            ) : null}
          </div>
          <button type="button" className="modal__close" onClick={close} aria-label={t('ui.close')}>
            ×
          </button>
        </header>
        {isOpen || keepContent ? children : null}
      </div>
    </dialog>
  )
}

/** Spec §9: the multi-step alert stays 5 s. */
export const MULTI_STEP_ALERT_MS = 5000

/** True when every required control inside `container` has a value (a checked one for radios/boxes). */
export function requiredFilled(container: HTMLElement): boolean {
  const controls = container.querySelectorAll('input[required], select[required], textarea[required]')
  for (const element of controls) {
    const control = element as HTMLInputElement
    if (control.type === 'checkbox' || control.type === 'radio') {
      const group = container.querySelectorAll(`input[name="${CSS.escape(control.name)}"]`)
      if (![...group].some((input) => (input as HTMLInputElement).checked)) return false
    } else if (!control.value.trim()) {
      return false
    }
  }
  return true
}

/**
 * Steps of one form shown one at a time. "Next" needs every required input of the step filled,
 * else the spec's alert shows for 5 s. All steps stay in the DOM so the final submit sends them.
 */
export function MultiStep({
  steps,
  finishLabel = t('modal.finish'),
}: {
  steps: ReactNode[]
  finishLabel?: string
}) {
  const [index, setIndex] = useState(0)
  const [alertVisible, setAlertVisible] = useState(false)
  const stepRefs = useRef<(HTMLDivElement | null)[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const next = () => {
    const step = stepRefs.current[index]
    if (step && !requiredFilled(step)) {
      setAlertVisible(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setAlertVisible(false), MULTI_STEP_ALERT_MS)
      return
    }
    setAlertVisible(false)
    setIndex((i) => Math.min(i + 1, steps.length - 1))
  }

  return (
    <div className="multi-step">
      <p className="multi-step__progress" aria-live="polite">
        {t('modal.step', { n: index + 1, total: steps.length })}
      </p>
      {steps.map((step, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional by nature
          key={i}
          ref={(element) => {
            stepRefs.current[i] = element
          }}
          hidden={i !== index}
          data-step={i + 1}
        >
          {step}
        </div>
      ))}
      {alertVisible ? (
        <p className="alert alert--warning" role="alert">
          {t('modal.fillAll')}
        </p>
      ) : null}
      <div className="multi-step__actions">
        {index > 0 ? (
          <button type="button" className="button button--secondary" onClick={() => setIndex(index - 1)}>
            {t('modal.previous')}
          </button>
        ) : null}
        {index < steps.length - 1 ? (
          <button type="button" className="button" onClick={next}>
            {t('modal.next')}
          </button>
        ) : (
          <button
            type="submit"
            className="button"
            onClick={(event) => {
              const step = stepRefs.current[index]
              if (step && !requiredFilled(step)) {
                event.preventDefault()
                next()
              }
            }}
          >
            {finishLabel}
          </button>
        )}
      </div>
    </div>
  )
}
