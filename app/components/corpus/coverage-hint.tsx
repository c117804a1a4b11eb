import { t } from '~/i18n/pt-BR'

/**
 * Beside every "nenhum resultado" of the corpus (decisions/0067): what the search covers, so a
 * reader can tell the absence of a result from the absence of a fact.
 */
export function CoverageHint() {
  return (
    <p className="muted coverage-hint">
      <a href="/cobertura">{t('coverage.emptyHint')}</a>
    </p>
  )
}
