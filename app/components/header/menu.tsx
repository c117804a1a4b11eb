import { type ReactNode, useEffect, useRef } from 'react'
import type { NavLink } from './nav-data'

/**
 * A header menu built on <details>: it opens and closes before JavaScript loads and from the
 * keyboard. Once hydrated, Escape and a click outside close it, and opening one closes the others.
 */
export function HeaderMenu({
  label,
  children,
  className,
  summary,
  onToggle,
}: {
  label: string
  children: ReactNode
  className?: string
  summary?: ReactNode
  onToggle?: (open: boolean) => void
}) {
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const details = ref.current
    if (!details) return
    const onDocumentClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        details.open = false
        details.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('click', onDocumentClick)
    details.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('click', onDocumentClick)
      details.removeEventListener('keydown', onKeyDown)
    }
  }, [])
  return (
    <details
      ref={ref}
      className={['header-menu', className].filter(Boolean).join(' ')}
      data-menu={label}
      onToggle={(event) => {
        const open = event.currentTarget.open
        if (open) {
          for (const other of document.querySelectorAll<HTMLDetailsElement>('details.header-menu[open]')) {
            if (other !== event.currentTarget) other.open = false
          }
        }
        onToggle?.(open)
      }}
    >
      <summary className="header-menu__summary">{summary ?? label}</summary>
      <div className="header-menu__panel">{children}</div>
    </details>
  )
}

export function LinkList({ links, label }: { links: NavLink[]; label: string }) {
  return (
    <ul className="link-list" aria-label={label}>
      {links.map((link) => (
        <li key={link.href + link.label}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  )
}
