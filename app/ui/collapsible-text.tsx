import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { t } from '~/i18n/pt-BR'

/** Spec §9: long texts collapse past 4 lines, with a toggle shown only when they overflow. */
export const COLLAPSE_LINES = 4

export function CollapsibleText({ children }: { children: ReactNode }) {
  const id = useId()
  const ref = useRef<HTMLDivElement>(null)
  const [overflows, setOverflows] = useState(false)
  const [expanded, setExpanded] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      if (!expanded) setOverflows(element.scrollHeight > element.clientHeight + 1)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [expanded])
  return (
    <div className="collapsible">
      <div
        id={id}
        ref={ref}
        className={expanded ? 'collapsible__body' : 'collapsible__body is-collapsed'}
        style={{ ['--collapse-lines' as string]: COLLAPSE_LINES }}
      >
        {children}
      </div>
      {/* Always rendered, hidden until the text overflows: on a page the edge keeps, the
          bootstrap shows it before the application arrives (decisions/0056). */}
      <button
        type="button"
        className="link-button"
        hidden={!overflows}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? t('collapse.less') : t('collapse.more')}
      </button>
    </div>
  )
}
