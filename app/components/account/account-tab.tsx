import type { ReactNode } from 'react'

/** One tab of the account pages (a plain save's notice comes from the flash, in the layout). */
export function AccountTab({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}
