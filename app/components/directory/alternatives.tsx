import { Link } from '@remix-run/react'
import type { Alternatives } from '~/domain/directory/alternatives.server'
import { professionalsCount } from '~/domain/directory/titles'
import type { DirectoryCity } from '~/domain/directory/urls'
import { DIRECTORY_HOME, directoryPath } from '~/domain/directory/urls'
import { ofState } from '~/domain/reference/states'
import { t } from '~/i18n/pt-BR'

type Profession = { slug: string; plural: string } | null

function Item({ to, label, count }: { to: string; label: string; count?: number | null }) {
  return (
    <li>
      <Link to={to}>{label}</Link>
      {count === null || count === undefined ? null : (
        <span className="muted"> ({professionalsCount(count)})</span>
      )}
    </li>
  )
}

/**
 * An empty list is never a dead end (decisions/0024): the same profession in other cities of the
 * UF and in its capital, everyone in this city, the profession nationwide, and the home.
 */
export function DirectoryAlternatives({
  profession,
  city,
  alternatives,
}: {
  profession: Profession
  city: DirectoryCity | null
  alternatives: Alternatives | null
}) {
  const where = city ? { cidade: city.name, uf: city.uf } : { cidade: '', uf: '' }
  const heading =
    profession && city
      ? t('directory.empty.professionCity', { profissionais: profession.plural.toLowerCase(), ...where })
      : city
        ? t('directory.empty.city', where)
        : t('directory.empty.profession', { profissionais: profession?.plural.toLowerCase() ?? '' })
  const nearby = alternatives?.nearby ?? []
  const capital = alternatives?.capital ?? null
  return (
    <section className="directory-empty" aria-labelledby="diretorio-vazio">
      <h2 id="diretorio-vazio">{heading}</h2>
      <p>{t('directory.empty.lead')}</p>
      {profession && city && nearby.length ? (
        <>
          <h3>
            {t('directory.empty.nearby', { profissionais: profession.plural, estado: ofState(city.uf) })}
          </h3>
          <ul className="directory-links">
            {nearby.map((item) => (
              <Item
                key={item.city.code}
                to={directoryPath({ profession: profession.slug, city: item.city.slug })}
                label={`${item.city.name} – ${item.city.uf}`}
                count={item.count}
              />
            ))}
          </ul>
        </>
      ) : null}
      <ul className="directory-links">
        {capital ? (
          <Item
            to={directoryPath({ profession: profession?.slug, city: capital.city.slug })}
            label={
              profession
                ? t('directory.empty.capital', {
                    profissionais: profession.plural,
                    cidade: capital.city.name,
                    uf: capital.city.uf,
                  })
                : t('directory.empty.capitalAll', { cidade: capital.city.name, uf: capital.city.uf })
            }
            count={capital.count}
          />
        ) : null}
        {profession && city ? (
          <Item
            to={directoryPath({ city: city.slug })}
            label={t('directory.empty.cityAll', where)}
            count={alternatives?.cityAll}
          />
        ) : null}
        {profession && city ? (
          <Item
            to={directoryPath({ profession: profession.slug })}
            label={t('directory.empty.nationwide', { profissionais: profession.plural })}
          />
        ) : null}
        <Item to={DIRECTORY_HOME} label={t('directory.empty.home')} />
      </ul>
    </section>
  )
}
