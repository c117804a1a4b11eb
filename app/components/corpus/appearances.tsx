import { formatCnj } from '~/domain/corpus/cnj'
import { t } from '~/i18n/pt-BR'
import { formatDate, POLE_LABEL } from '~/lib/format'
import { readableCase } from '~/lib/labels'
import { lawsuitPath } from '~/lib/paths'
import { ArticleLinks } from './article-links'
import { CoverageHint } from './coverage-hint'

type Lawsuit = {
  cnj: string
  court: string
  className: string | null
  filedAt: string | null
  pole: 'ativo' | 'passivo' | 'outros'
}
type Article = { id: number; title: string; date: string; gazette: string }

/** Where a person or company appears: lawsuits as a party, gazette matérias that name them. */
export function Appearances({
  lawsuits,
  gazetteArticles,
}: {
  lawsuits: Lawsuit[]
  gazetteArticles: Article[]
}) {
  return (
    <>
      <section aria-labelledby="processos">
        <h2 id="processos">{t('entity.lawsuits')}</h2>
        {lawsuits.length === 0 ? (
          <>
            <p className="muted">{t('entity.noLawsuits')}</p>
            <CoverageHint />
          </>
        ) : null}
        <ul className="plain-list">
          {lawsuits.map((l) => (
            <li key={`${l.cnj}-${l.pole}`}>
              <a href={lawsuitPath(l.cnj)}>{formatCnj(l.cnj)}</a>{' '}
              <span className="muted">
                {[readableCase(l.className), l.court, POLE_LABEL[l.pole], formatDate(l.filedAt)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="diarios">
        <h2 id="diarios">{t('entity.gazettes')}</h2>
        {gazetteArticles.length === 0 ? (
          <>
            <p className="muted">{t('entity.noGazettes')}</p>
            <CoverageHint />
          </>
        ) : null}
        <ArticleLinks articles={gazetteArticles} />
      </section>
    </>
  )
}
