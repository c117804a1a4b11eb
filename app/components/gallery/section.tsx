import type { ReactNode } from 'react'

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="gallery-section" id={id} aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>{title}</h2>
      {children}
    </section>
  )
}
