import type { PublicUser } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { Avatar } from './avatar'
import { JsonLd } from './json-ld'

/** The public profile at `{subdominio}.{BASE_DOMAIN}`; the accounts issue adds phones, messages, services. */
export function ProfilePage({ profile, canonical }: { profile: PublicUser; canonical: string }) {
  const cidade = profile.city ? `${profile.city}/${profile.uf}` : null
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: profile.name,
    jobTitle: profile.headline,
    url: canonical,
    ...(cidade
      ? { address: { '@type': 'PostalAddress', addressLocality: profile.city, addressRegion: profile.uf } }
      : {}),
  }
  return (
    <article className="profile" aria-labelledby="perfil-nome">
      <header className="profile__header">
        <Avatar name={profile.name} photoUrl={profile.photoUrl} size={120} />
        <div>
          <h1 id="perfil-nome">{profile.name}</h1>
          <p className="profile__headline">{profile.headline}</p>
          {cidade ? <p className="muted">{t('profile.city', { cidade })}</p> : null}
        </div>
      </header>
      {profile.about ? <p className="profile__about">{profile.about}</p> : null}
      <JsonLd data={jsonLd} />
    </article>
  )
}
