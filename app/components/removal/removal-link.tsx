import { t } from '~/i18n/pt-BR'

/** What a removal decision changed on a page (decisions/0066), as its loader reads it. */
export type PageRestrictions = { noindex: boolean; masked: boolean }

/** A page de-indexed on request still answers at its address, but tells search engines to skip it. */
export const robotsMeta = (restrictions: PageRestrictions | undefined) =>
  restrictions?.noindex ? [{ name: 'robots', content: 'noindex' }] : []

/** "Solicitar remoção" at the foot of every person and document page: the form, with this page filled in. */
export function RemovalLink({ path }: { path: string }) {
  return (
    <p className="removal-link">
      <a href={`/remocao?pagina=${encodeURIComponent(path)}`} rel="nofollow">
        {t('removal.link')}
      </a>
    </p>
  )
}
