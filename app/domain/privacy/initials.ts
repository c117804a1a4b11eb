import { slugify } from '~/lib/slug'

/**
 * How a masked natural person is shown (decisions/0064, the one rule of decisions/0097): the
 * first letter of each word of the name, upper case, each followed by a period and separated by a
 * space, with the connecting particles left out: "Maria da Silva Souza" → "M. S. S.". An elided
 * particle is a particle too: "D'ÁVILA" is "de Ávila" written short, so "JOÃO D'ÁVILA" and "João
 * de Ávila" are both "J. Á.", and "Ana di Lorenzo" is "A. L.". Particles carry no identity and
 * would only lengthen the initials; the spaced form reads as initials in Portuguese legal writing
 * (the courts' own "M. S. S." in secret-case headings).
 */
export const NAME_PARTICLES = new Set([
  'da',
  'de',
  'do',
  'das',
  'dos',
  'e',
  'di',
  'del',
  'du',
  'van',
  'von',
  'y',
])

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

export function initials(name: string): string {
  const letters = name
    .split(/[\s]+/)
    .map((word) => word.replace(/^[dD]['’]/, ''))
    .filter((word) => word && !NAME_PARTICLES.has(fold(word)))
    .map((word) => word.match(/\p{L}/u)?.[0]?.toLocaleUpperCase('pt-BR'))
    .filter((letter): letter is string => !!letter)
  return letters.length ? letters.map((letter) => `${letter}.`).join(' ') : '*.'
}

/** Already initials ("M. S. S."): masking it again changes nothing. */
export function isInitials(name: string): boolean {
  return /^(?:\p{Lu}\.)(?: \p{Lu}\.)*$/u.test(name.trim()) || name.trim() === '*.'
}

/**
 * Words that make a party a company or a public body, folded: company forms and kinds, and the
 * state's organs. The corpus links companies by CNPJ (`parties.company_id`); sources without a
 * CNPJ (DataJud, DJEN) give only a name, so the name's words decide. Bare "sa" is not here: it
 * is the surname Sá folded (decisions/0055), as "massa" is a surname; "S.A." and "massa falida"
 * are caught by their dots and by "falida".
 */
const ORGANIZATION_WORDS = new Set(
  `
  ltda ltd s/a s.a. s.a me epp eireli mei cia companhia banco bank seguros seguradora
  associacao fundacao instituto universidade cooperativa condominio sindicato federacao
  confederacao igreja hospital clinica laboratorio escola colegio faculdade empresa industria
  industrias comercio comercial servicos construtora incorporadora telecom telefonica energia
  saneamento transportes transportadora distribuidora holding participacoes investimentos
  financeira credito consorcio administradora imobiliaria editora farmacia drogaria supermercado
  supermercados municipio prefeitura estado uniao governo ministerio secretaria fazenda procuradoria
  defensoria tribunal camara assembleia conselho autarquia inss caixa detran receita agencia
  departamento superintendencia policia delegacia juizo vara cartorio oficio falida
  nacional federal estadual municipal publico publica
  edificio residencial predio conjunto loteamento shopping hotel pousada restaurante padaria
  paroquia diocese arquidiocese congregacao templo irmandade misericordia evangelica adventista
  presbiteriana catolica espirita maconica sociedade clube partido fundo comunidade ong oscip
  grupo agropecuaria
  `
    .split(/\s+/)
    .filter(Boolean),
)

export function isOrganizationName(name: string): boolean {
  return fold(name)
    .split(/[\s,()-]+/)
    .some((word) => ORGANIZATION_WORDS.has(word.replace(/\.$/, '')) || ORGANIZATION_WORDS.has(word))
}

/**
 * An estate ("espólio de …", "herança jacente de …") names a person, so a sensitive case masks it,
 * but it is no one's page: the person is the one named after the words.
 */
const ESTATE_WORDS = new Set(['espolio', 'heranca'])

/**
 * Whether a party or a mentioned name gets a person page (and so search, suggestions, sitemaps and
 * the API's `pessoas`): a natural person, not an organisation, a placeholder or an estate (issue 38).
 */
export function isPersonName(name: string): boolean {
  return (
    isNaturalPerson({ name }) &&
    !fold(name)
      .split(/\s+/)
      .some((word) => ESTATE_WORDS.has(word))
  )
}

/**
 * The courts' placeholders for a party in secret ("PARTE/PROCESSO SIGILOSO OU PROCESSO ESTá EM
 * SEGREDO DE JUSTIçA.1", DJEN's "SIGILOSO"): nobody's name, shown as the fact it states.
 */
export function isSecretPartyPlaceholder(name: string): boolean {
  return /SIGILOS|SEGREDO DE JUSTI/i.test(name)
}

/** A party whose name is shown as initials in a sensitive case: a natural person. */
export function isNaturalPerson(party: { name: string; companyId?: number | null }): boolean {
  const placeholder = isSecretPartyPlaceholder(party.name) || slugify(party.name).length <= 2
  return !party.companyId && !placeholder && !isOrganizationName(party.name)
}

/**
 * The read path's mask (the lawsuit page, the open API): a sensitive case's natural persons as
 * initials and never linked to a person page. Stored rows are masked already (import and re-mask);
 * this keeps a row the re-mask has not reached yet from showing a name.
 */
export function maskParty<T extends { name: string; companyId?: number | null; personSlug?: string | null }>(
  party: T,
  sensitive: boolean | number,
): T {
  if (!sensitive || !isNaturalPerson(party)) return party
  return { ...party, name: isInitials(party.name) ? party.name : initials(party.name), personSlug: null }
}
