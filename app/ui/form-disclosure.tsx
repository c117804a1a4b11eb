import type { ReactNode } from 'react'
import { useFormFlash } from './flash'

/**
 * A form folded in a `<details>` (an intimação's correction): open when the page comes back from
 * that form's refused plain post, so its messages and what was typed are in sight without
 * JavaScript; folded otherwise.
 */
export function FormDisclosure({
  action,
  summary,
  className,
  children,
}: {
  /** The form's action: its flash opens the disclosure. */
  action: string
  summary: ReactNode
  className?: string
  children: ReactNode
}) {
  const flash = useFormFlash(action)
  return (
    <details className={className} open={flash?.kind === 'error' ? true : undefined}>
      <summary>{summary}</summary>
      {children}
    </details>
  )
}
