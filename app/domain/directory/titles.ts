import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'

type Named = {
  profession: { plural: string } | null
  city: { name: string; uf: string } | null
}

/** What people search for: "Advogados em São Paulo – SP", "Profissionais em Campinas – SP", "Advogados no Brasil". */
export function directoryTitle({ profession, city }: Named): string {
  if (profession && city)
    return t('directory.title.professionCity', {
      profissionais: profession.plural,
      cidade: city.name,
      uf: city.uf,
    })
  if (city) return t('directory.title.city', { cidade: city.name, uf: city.uf })
  return t('directory.title.profession', { profissionais: profession?.plural ?? '' })
}

export function directoryDescription({ profession, city }: Named): string {
  const plural = profession?.plural.toLowerCase() ?? ''
  if (profession && city)
    return t('directory.description.professionCity', {
      profissionais: plural,
      cidade: city.name,
      uf: city.uf,
    })
  if (city) return t('directory.description.city', { cidade: city.name, uf: city.uf })
  return t('directory.description.profession', { profissionais: plural })
}

/** "1 profissional", "1.234 profissionais". */
export function professionalsCount(n: number): string {
  if (n === 0) return t('directory.count.none')
  return plural(n, t('directory.count.one'), t('directory.count.many', { n: n.toLocaleString('pt-BR') }))
}

export function servicesCount(n: number): string {
  return plural(n, t('directory.services.one'), t('directory.services.many', { n }))
}
