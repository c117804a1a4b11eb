import { useSearchParams } from '@remix-run/react'
import type { ReactNode } from 'react'
import { t } from '~/i18n/pt-BR'

/** One tab of the account pages: its heading and, after a no-JavaScript save (`?salvo=1`), the notice. */
export function AccountTab({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const [params] = useSearchParams()
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {params.get('salvo') ? (
        <p className="alert alert--notice" role="status">
          {t('account.saved')}
        </p>
      ) : null}
      {children}
    </section>
  )
}
