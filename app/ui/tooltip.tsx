import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react'

/** Spec §9: tooltips open after 300 ms and close after 150 ms; popovers close 300 ms after leaving. */
export const TOOLTIP_OPEN_MS = 300
export const TOOLTIP_CLOSE_MS = 150
export const POPOVER_CLOSE_MS = 300

function useDelayedFlag(openDelay: number, closeDelay: number) {
  const [open, setOpen] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const schedule = (value: boolean, delay: number) => {
    clearTimeout(timer.current)
    if (delay === 0) setOpen(value)
    else timer.current = setTimeout(() => setOpen(value), delay)
  }
  return {
    open,
    show: () => schedule(true, openDelay),
    hide: () => schedule(false, closeDelay),
    now: (value: boolean) => schedule(value, 0),
    /** Keeps the current state: cancels a pending open or close. */
    hold: () => clearTimeout(timer.current),
  }
}

/** A text tip on hover and keyboard focus; Escape hides it. The trigger is described by it. */
export function Tooltip({
  text,
  children,
}: {
  text: string
  children: ReactElement<Record<string, unknown>>
}) {
  const id = useId()
  const { open, show, hide, now } = useDelayedFlag(TOOLTIP_OPEN_MS, TOOLTIP_CLOSE_MS)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only time the tip; the child is the control
    <span className="tooltip-anchor" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}>
      {cloneElement(children, {
        'aria-describedby': id,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === 'Escape') now(false)
        },
      })}
      <span id={id} role="tooltip" className="tooltip" hidden={!open}>
        {text}
      </span>
    </span>
  )
}

/**
 * Richer content that opens on click (or hover) and stays while the pointer is over the trigger
 * or the panel, closing 300 ms after it leaves both.
 */
export function Popover({ label, children }: { label: ReactNode; children: ReactNode }) {
  const id = useId()
  const { open, hide, now, hold } = useDelayedFlag(0, POPOVER_CLOSE_MS)
  return (
    // The click opens it; hovering back over it only cancels the pending close (a hover that
    // opened it would make the click that follows close it again).
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only delays closing; the button is the control
    <span className="popover-anchor" onMouseEnter={hold} onMouseLeave={() => open && hide()}>
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => now(!open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') now(false)
        }}
      >
        {label}
      </button>
      <span id={id} className="popover" hidden={!open}>
        {children as ReactNode}
      </span>
    </span>
  )
}
