import { formatCnj } from '../cnj'
import { slugify } from '../import/text'
import type { LawsuitRef } from './lawsuits'
import { FIRST_NAMES, SURNAMES } from './names'
import { BATCH_SIZE, type Batch, CORPUS_END, type Company, cityCode, type Person } from './plan'
import { dayFromIso, formatCnpj, isoFromDay, longDate, type Rng } from './random'
import { FEDERAL_ORGANS, SUMMARY_TOPICS } from './vocab'

type Kind = 'federal' | 'judiciario' | 'estadual' | 'municipal'
type GazetteDef = {
  slug: string
  name: string
  sphere: Kind
  uf: string | null
  city: string | null
  sections: string[]
  court?: string
}

export const GAZETTES: GazetteDef[] = [
  {
    slug: 'dou',
    name: 'Diário Oficial da União',
    sphere: 'federal',
    uf: null,
    city: null,
    sections: ['Seção 1', 'Seção 2', 'Seção 3'],
  },
  ...(['TJSP', 'TJRJ', 'TJMG', 'TJRS', 'TJPR'] as const).map((court) => ({
    slug: `dje-${court.toLowerCase()}`,
    name: `Diário da Justiça Eletrônico do ${court}`,
    sphere: 'judiciario' as const,
    uf: court.slice(2),
    city: null,
    court,
    sections: [
      'Caderno Judicial - 1ª Instância',
      'Caderno Judicial - 2ª Instância',
      'Caderno Administrativo',
    ],
  })),
  ...(
    [
      ['SP', 'São Paulo'],
      ['RJ', 'Rio de Janeiro'],
      ['MG', 'Minas Gerais'],
    ] as const
  ).map(([uf, state]) => ({
    slug: `doe-${uf.toLowerCase()}`,
    name: `Diário Oficial do Estado de ${state}`,
    sphere: 'estadual' as const,
    uf,
    city: null,
    sections: ['Poder Executivo - Seção I', 'Poder Executivo - Seção II', 'Poder Legislativo'],
  })),
  ...(
    [
      ['Campinas', 'SP'],
      ['Niterói', 'RJ'],
      ['Curitiba', 'PR'],
      ['Recife', 'PE'],
    ] as const
  ).map(([city, uf]) => ({
    slug: `dom-${slugify(city)}-${uf.toLowerCase()}`,
    name: `Diário Oficial do Município de ${city}/${uf}`,
    sphere: 'municipal' as const,
    uf,
    city,
    sections: ['Atos do Poder Executivo', 'Licitações e Contratos'],
  })),
]

const fullName = (rng: Rng) => `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`

/** Business days (Mon–Fri) ending at CORPUS_END, oldest first. */
function businessDays(count: number): string[] {
  const days: string[] = []
  for (let day = dayFromIso(CORPUS_END); days.length < count; day--) {
    const weekday = new Date(day * 86_400_000).getUTCDay()
    if (weekday !== 0 && weekday !== 6) days.push(isoFromDay(day))
  }
  return days.reverse()
}

type Edition = { id: number; gazette: number; date: string; sections: number[] }

/** Gazettes, their daily editions and cadernos; matérias spread over them. */
export function* gazetteBatches(
  rng: Rng,
  articles: number,
  people: Person[],
  companies: Company[],
  lawsuits: LawsuitRef[],
): Generator<Batch> {
  yield {
    table: 'gazettes',
    rows: GAZETTES.map((g, i) => ({
      id: i + 1,
      slug: g.slug,
      name: g.name,
      sphere: g.sphere,
      uf: g.uf,
      city_code: g.city && g.uf ? cityCode(g.city, g.uf) : null,
    })),
  }
  const days = businessDays(Math.min(520, Math.max(15, Math.round(articles / (GAZETTES.length * 25)))))
  const editions: Edition[] = []
  const editionRows: Batch['rows'] = []
  const sectionRows: Batch['rows'] = []
  let sectionId = 0
  GAZETTES.forEach((g, gi) => {
    days.forEach((date, di) => {
      const id = editions.length + 1
      editionRows.push({ id, gazette_id: gi + 1, date, number: String(100 + di), extra: 0 })
      const sections = g.sections.map((name) => {
        sectionRows.push({ id: ++sectionId, edition_id: id, name, slug: slugify(name) })
        return sectionId
      })
      editions.push({ id, gazette: gi, date, sections })
    })
  })
  for (let i = 0; i < editionRows.length; i += BATCH_SIZE)
    yield { table: 'gazette_editions', rows: editionRows.slice(i, i + BATCH_SIZE) }
  for (let i = 0; i < sectionRows.length; i += BATCH_SIZE)
    yield { table: 'gazette_sections', rows: sectionRows.slice(i, i + BATCH_SIZE) }

  // Secret lawsuits are never published; group the others by court once (not per matéria).
  const byCourt = new Map<string, LawsuitRef[]>()
  for (const lawsuit of lawsuits) {
    if (lawsuit.secret) continue
    const list = byCourt.get(lawsuit.court) ?? []
    list.push(lawsuit)
    byCourt.set(lawsuit.court, list)
  }
  let rows: Batch['rows'] = []
  let mentions: Batch['rows'] = []
  for (let i = 0; i < articles; i++) {
    const id = i + 1
    const edition = rng.pick(editions)
    const gazette = GAZETTES[edition.gazette] as GazetteDef
    const sectionIndex = rng.int(0, edition.sections.length - 1)
    const act = writeAct(
      rng,
      gazette,
      sectionIndex,
      edition.date,
      people,
      companies,
      byCourt.get(gazette.court ?? '') ?? [],
    )
    rows.push({
      id,
      gazette_id: edition.gazette + 1,
      edition_id: edition.id,
      section_id: edition.sections[sectionIndex] ?? null,
      date: edition.date,
      external_id: `demo-${id}`,
      kind: act.kind,
      organ: act.organ,
      title: act.title,
      body: act.body,
      page: rng.int(1, 180),
      lawsuit_cnj: act.lawsuitCnj,
      checksum: '',
    })
    for (const personId of act.personIds)
      mentions.push({ article_id: id, person_id: personId, company_id: null })
    for (const companyId of act.companyIds)
      mentions.push({ article_id: id, person_id: null, company_id: companyId })
    if (rows.length >= BATCH_SIZE) {
      yield { table: 'gazette_articles', rows }
      yield { table: 'article_mentions', rows: mentions }
      rows = []
      mentions = []
    }
  }
  yield { table: 'gazette_articles', rows }
  yield { table: 'article_mentions', rows: mentions }
}

type Act = {
  kind: string
  organ: string
  title: string
  body: string
  lawsuitCnj: string | null
  personIds: number[]
  companyIds: number[]
}

function writeAct(
  rng: Rng,
  gazette: GazetteDef,
  section: number,
  date: string,
  people: Person[],
  companies: Company[],
  lawsuits: LawsuitRef[],
): Act {
  const number = rng.int(10, 2999)
  const year = date.slice(0, 4)
  if (gazette.sphere === 'judiciario' && section < 2 && lawsuits.length) {
    const lawsuit = rng.pick(lawsuits)
    const [autor, reu] = lawsuit.partyNames
    const kind = rng.pick(['Intimação', 'Despacho', 'Sentença', 'Decisão'])
    const cnj = formatCnj(lawsuit.cnj)
    const lawyer = lawsuit.lawyer ? ` Advogado(a): ${lawsuit.lawyer} (OAB ${lawsuit.oab}).` : ''
    const decided =
      kind === 'Sentença'
        ? 'Ante o exposto, JULGO PROCEDENTE o pedido inicial, com resolução do mérito, nos termos do art. 487, I, do Código de Processo Civil. Custas e honorários pelo vencido.'
        : kind === 'Despacho'
          ? 'Manifeste-se a parte contrária no prazo de 15 (quinze) dias úteis. Após, conclusos.'
          : 'Fica a parte intimada a recolher as custas de diligência do oficial de justiça no prazo de 5 (cinco) dias.'
    return {
      kind,
      organ: `${gazette.court} - ${section === 0 ? 'Primeira Instância' : 'Segunda Instância'}`,
      title: `${kind} - Processo ${cnj}`,
      body: `Processo ${cnj}. Autor: ${autor}. Réu: ${reu}.${lawyer}\n${decided}`,
      lawsuitCnj: lawsuit.cnj,
      personIds: lawsuit.personIds,
      companyIds: [],
    }
  }
  const organ =
    gazette.sphere === 'federal'
      ? rng.pick(FEDERAL_ORGANS)
      : gazette.city
        ? `Prefeitura Municipal de ${gazette.city}`
        : `Governo do Estado - ${gazette.uf}`
  if (
    (gazette.slug === 'dou' && section === 2) ||
    (gazette.sphere !== 'federal' &&
      section === gazette.sections.length - 1 &&
      gazette.sphere === 'municipal')
  ) {
    const company = rng.pick(companies)
    const value = (rng.int(5_000, 9_000_000) / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })
    const contract = rng.chance(0.5)
    return {
      kind: contract ? 'Extrato de Contrato' : 'Aviso de Licitação',
      organ,
      title: contract
        ? `EXTRATO DE CONTRATO Nº ${number}/${year}`
        : `AVISO DE LICITAÇÃO - PREGÃO ELETRÔNICO Nº ${number}/${year}`,
      body: contract
        ? `Contratante: ${organ}. Contratada: ${company.name}, CNPJ ${formatCnpj(company.cnpj)}. Objeto: prestação de serviços de manutenção predial preventiva e corretiva. Vigência: 12 (doze) meses a contar da assinatura. Valor global: R$ ${value}. Data de assinatura: ${longDate(date)}.`
        : `Objeto: aquisição de material de consumo para as unidades administrativas. Abertura da sessão pública: ${longDate(date)}, às 10h. O edital está disponível no portal de compras. Empresa participante da fase anterior: ${company.name}, CNPJ ${formatCnpj(company.cnpj)}.`,
      lawsuitCnj: null,
      personIds: [],
      companyIds: [company.id],
    }
  }
  if (section === 1 || rng.chance(0.5)) {
    const person = rng.pick(people)
    const appoint = rng.chance(0.6)
    return {
      kind: 'Portaria',
      organ,
      title: `PORTARIA Nº ${number}, DE ${longDate(date).toUpperCase()}`,
      body: appoint
        ? `O Secretário, no uso das atribuições que lhe confere a legislação vigente, resolve: NOMEAR ${person.name.toUpperCase()} para exercer o cargo em comissão de Assessor Técnico, a partir da data de publicação desta Portaria.`
        : `O Diretor-Geral, no uso de suas atribuições legais, resolve: CONCEDER aposentadoria voluntária a ${person.name.toUpperCase()}, ocupante do cargo de Analista Administrativo, com proventos integrais, nos termos da legislação aplicável.`,
      lawsuitCnj: null,
      personIds: [person.id],
      companyIds: [],
    }
  }
  return {
    kind: 'Decreto',
    organ,
    title: `DECRETO Nº ${number}, DE ${longDate(date).toUpperCase()}`,
    body: `Regulamenta ${rng.pick(SUMMARY_TOPICS)}. O Chefe do Poder Executivo, no uso das atribuições que lhe confere a Lei Orgânica, DECRETA: Art. 1º Fica aprovado o regulamento anexo. Art. 2º Este Decreto entra em vigor na data de sua publicação. ${fullName(rng)}, Secretário(a) de Governo.`,
    lawsuitCnj: null,
    personIds: [],
    companyIds: [],
  }
}
