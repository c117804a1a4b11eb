import { Appearances } from '~/components/corpus/appearances'
import { t } from '~/i18n/pt-BR'
import { personPath } from '~/lib/paths'

export type ClaimedView = {
  person: { name: string; slug: string }
} & Parameters<typeof Appearances>[0]

/** On the profile: where the claimed person appears in public lawsuits and gazettes. */
export function ClaimedAppearances({ claimed, mainOrigin }: { claimed: ClaimedView; mainOrigin: string }) {
  const { person } = claimed
  return (
    <section className="profile__section" aria-labelledby="perfil-documentos">
      <h2 id="perfil-documentos">{t('claims.profileSection')}</h2>
      <p className="muted">
        {t('claims.profileIntro', { nome: person.name })}{' '}
        <a href={`${mainOrigin}${personPath(person.slug)}`}>
          {t('claims.profilePersonLink', { nome: person.name })}
        </a>
      </p>
      <Appearances lawsuits={claimed.lawsuits} gazetteArticles={claimed.gazetteArticles} />
    </section>
  )
}
