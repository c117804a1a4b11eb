import { useState } from 'react'
import { normalizeForMatch } from '~/domain/suggestion-lists/keys'
import { t } from '~/i18n/pt-BR'
import { Modal, useModals } from '~/ui/modal'
import { CoverageHint } from './coverage-hint'

/** "Mais cadernos": every caderno of the edition in a modal, filtered by name as you type. */
export function SectionsModal({
  sections,
  hrefFor,
}: {
  sections: { slug: string; name: string; articles: number }[]
  hrefFor: (slug: string) => string
}) {
  const { open } = useModals()
  const [filter, setFilter] = useState('')
  const wanted = normalizeForMatch(filter)
  const shown = sections.filter((s) => normalizeForMatch(s.name).includes(wanted))
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => open('cadernos')}>
        {t('gazette.moreSections')}
      </button>
      <Modal name="cadernos" title={t('gazette.moreSections')}>
        <div className="field">
          <label htmlFor="filtro-cadernos">{t('gazette.filterSections')}</label>
          <input
            id="filtro-cadernos"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        {shown.length === 0 ? (
          <>
            <p className="muted">{t('gazette.noSections')}</p>
            <CoverageHint />
          </>
        ) : null}
        <ul className="plain-list" aria-label={t('gazette.moreSections')}>
          {shown.map((s) => (
            <li key={s.slug}>
              <a href={hrefFor(s.slug)}>{s.name}</a> <span className="muted">({s.articles})</span>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  )
}
