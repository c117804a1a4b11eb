import { lazy, Suspense, useState } from 'react'
import { profileRoutes } from '~/api/area-routes/profiles'
import { FollowButton, type FollowButtonState } from '~/components/network/follow-button'
import type { ArticleListPage } from '~/domain/articles/lists.server'
import type { ProfileDetails, RevealedPhone } from '~/domain/profiles/profile.server'
import type { PublicUser } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { call } from '~/ui/call'
import { Modal, useModals } from '~/ui/modal'
import { ShareButtons } from '~/ui/share-buttons'
import { BulletList, notify } from '~/ui/toast'
import { ProfileArticles } from './articles/profile-articles'
import { Avatar } from './avatar'
import { ClaimedAppearances, type ClaimedView } from './claims/claimed-appearances'
import { JsonLd } from './json-ld'

export type ProfileView = {
  profile: PublicUser
  details: ProfileDetails
  canonical: string
  /** `ocupacao_key` for "Ver telefones" (decisions/0015). */
  phonesKey: string
  captcha: { siteKey: string; production: boolean }
  shareCount: number
  /** The follow button's state; `own` when the visitor is this professional (no button then). */
  follow: FollowButtonState
  own: boolean
  /** Their newest articles (decisions/0027); links go to the main host. */
  articles: ArticleListPage
  /** The public person page this professional claimed and was accepted for (issue 17). */
  claimed: ClaimedView | null
  mainOrigin: string
}

const MESSAGE_MODAL = 'mensagem-profissional'

/** wa.me wants the country code and the digits. */
function whatsappHref(numero: string) {
  return `https://wa.me/55${numero.replace(/\D/g, '')}`
}

/** schema.org: the person, and the service they offer where they serve. Never phones or e-mail. */
function profileJsonLd({ profile, details, canonical }: ProfileView) {
  const person = {
    '@type': 'Person',
    '@id': `${canonical}#pessoa`,
    name: profile.name,
    jobTitle: profile.headline,
    url: canonical,
    ...(profile.photoUrl ? { image: new URL(profile.photoUrl, canonical).toString() } : {}),
    ...(details.specialties.length ? { knowsAbout: details.specialties.map((s) => s.titulo) } : {}),
    ...(profile.city
      ? { address: { '@type': 'PostalAddress', addressLocality: profile.city, addressRegion: profile.uf } }
      : {}),
  }
  if (profile.kind !== 'profissional') return { '@context': 'https://schema.org', ...person }
  const service = {
    '@type': 'ProfessionalService',
    '@id': `${canonical}#servico`,
    name: `${profile.name} – ${profile.headline}`,
    url: canonical,
    provider: { '@id': person['@id'] },
    ...(details.serviceCities.length
      ? {
          areaServed: details.serviceCities.map((city) => ({
            '@type': 'City',
            name: city.name,
            containedInPlace: { '@type': 'State', name: city.uf },
          })),
        }
      : {}),
    ...(details.specialties.length ? { knowsAbout: details.specialties.map((s) => s.titulo) } : {}),
    ...(details.services.length
      ? {
          hasOfferCatalog: {
            '@type': 'OfferCatalog',
            name: t('profile.services'),
            itemListElement: details.services.map((name) => ({
              '@type': 'Offer',
              itemOffered: { '@type': 'Service', name },
            })),
          },
        }
      : {}),
  }
  return { '@context': 'https://schema.org', '@graph': [person, service] }
}

/** "Ver telefones": asks the server for the numbers (rate limited) and shows them. */
function PhonesReveal({ userId, phonesKey }: { userId: number; phonesKey: string }) {
  const [phones, setPhones] = useState<RevealedPhone[] | null>(null)
  const [loading, setLoading] = useState(false)

  const reveal = async () => {
    setLoading(true)
    const outcome = await call(profileRoutes.revealPhones, { id: String(userId), ocupacao_key: phonesKey })
    setLoading(false)
    if (outcome.ok) setPhones(outcome.body)
    else
      notify.error(
        outcome.kind === 'errors' && outcome.errors?.length ? (
          <BulletList items={outcome.errors} />
        ) : (
          t('profile.phonesFailed')
        ),
      )
  }

  if (phones) {
    return (
      <div className="profile__phones" aria-live="polite">
        <h3>{t('profile.phones')}</h3>
        {phones.length ? (
          <ul className="profile__list">
            {phones.map((phone) => (
              <li key={phone.numero}>
                <a href={`tel:+55${phone.numero.replace(/\D/g, '')}`}>{phone.numero}</a>
                {phone.whatsapp ? (
                  <>
                    {' · '}
                    <a
                      href={whatsappHref(phone.numero)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('profile.whatsapp', { numero: phone.numero })}
                    >
                      WhatsApp
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('profile.noPhones')}</p>
        )}
      </div>
    )
  }
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void reveal()}
      disabled={loading}
      aria-busy={loading || undefined}
      data-track="perfil_ver_telefones"
    >
      {t('profile.showPhones')}
    </button>
  )
}

const LazyMessageForm = lazy(() => import('./profile-message-form'))

function MessageModal({ profile, captcha }: { profile: PublicUser; captcha: ProfileView['captcha'] }) {
  const { close, current } = useModals()
  return (
    <Modal
      name={MESSAGE_MODAL}
      title={t('profile.messageTitle', { nome: profile.name })}
      subtitle={t('profile.messageSubtitle')}
    >
      {current?.name === MESSAGE_MODAL ? (
        <Suspense fallback={<p className="modal__loading">{t('login.loading')}</p>}>
          <LazyMessageForm profile={profile} captcha={captcha} onSent={() => close()} />
        </Suspense>
      ) : null}
    </Modal>
  )
}

/** The public profile at `{subdominio}.{BASE_DOMAIN}` (spec §1, §2 "Professional page"). */
export function ProfilePage(view: ProfileView) {
  const { profile, details, canonical } = view
  const { open } = useModals()
  // The main city is read where "Cidades em que atua" reads it (one source, decisions/0058).
  const main = details.mainCity ?? (profile.city ? { name: profile.city, uf: profile.uf } : null)
  const cidade = main ? `${main.name}/${main.uf}` : null
  return (
    <article className="profile" aria-labelledby="perfil-nome">
      <header className="profile__header">
        <Avatar name={profile.name} photoUrl={profile.photoUrl} size={120} />
        <div>
          <h1 id="perfil-nome">{profile.name}</h1>
          <p className="profile__headline">{profile.headline}</p>
          {cidade ? <p className="muted">{t('profile.city', { cidade })}</p> : null}
          <FollowButton state={view.follow} name={profile.name} own={view.own} />
        </div>
      </header>
      {profile.about ? <p className="profile__about">{profile.about}</p> : null}

      {details.specialties.length ? (
        <section className="profile__section" aria-labelledby="perfil-especialidades">
          <h2 id="perfil-especialidades">{t('profile.specialties')}</h2>
          <ul className="profile__tags">
            {details.specialties.map((s) => (
              <li key={s.id}>{s.titulo}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {details.serviceCities.length ? (
        <section className="profile__section" aria-labelledby="perfil-cidades">
          <h2 id="perfil-cidades">{t('profile.serviceCities')}</h2>
          <ul className="profile__tags">
            {details.serviceCities.map((city) => (
              <li key={city.code}>{`${city.name}/${city.uf}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {details.services.length ? (
        <section className="profile__section" aria-labelledby="perfil-servicos">
          <h2 id="perfil-servicos">{t('profile.services')}</h2>
          <ul className="profile__list">
            {details.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <ProfileArticles
        articles={view.articles}
        mainOrigin={view.mainOrigin}
        profile={profile}
        own={view.own}
      />

      {view.claimed ? <ClaimedAppearances claimed={view.claimed} mainOrigin={view.mainOrigin} /> : null}

      <section className="profile__section profile__contact" aria-labelledby="perfil-contato">
        <h2 id="perfil-contato">{t('profile.contact')}</h2>
        <div className="row">
          <button
            type="button"
            className="button"
            onClick={() => open(MESSAGE_MODAL)}
            data-track="perfil_enviar_mensagem"
          >
            {t('profile.sendMessage')}
          </button>
          {details.phoneCount > 0 ? <PhonesReveal userId={profile.id} phonesKey={view.phonesKey} /> : null}
        </div>
        <noscript>
          <p className="muted">{t('profile.noJsHint')}</p>
        </noscript>
      </section>

      <ShareButtons
        url={canonical}
        title={`${profile.name} – ${profile.headline}`}
        initialCount={view.shareCount}
      />
      <MessageModal profile={profile} captcha={view.captcha} />
      <JsonLd data={profileJsonLd(view)} />
    </article>
  )
}
