import { courtOf, formatCnj, isValidCnj } from '../../cnj'
import { LAWYERS_WITHOUT_PARTY } from '../../constants'
import {
  type GazetteArticleRecord,
  type GazetteRef,
  upsertGazetteArticles,
} from '../../store/gazettes.server'
import { isRealPersonName, type LawsuitRecord, type Pole, upsertLawsuits } from '../../store/lawsuits.server'
import type { Target } from '../../store/target.server'
import { integer, isObject, type Json, text } from '../json'
import { brDateToIso } from '../text'
import { addCounts, emptyCounts, type ImportFile, type ImportIssue, type ImportResult } from '../types'

type Party = LawsuitRecord['parties'][number]
type Lawyer = Party['lawyers'][number]

const DJEN: GazetteRef = { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' }
const POLES: Record<string, Pole> = { A: 'ativo', P: 'passivo' }

/**
 * One communication: the matéria plus what it tells about its lawsuit, with a sort key. The unit
 * both an imported file and a fetched page (app/domain/sources/djen) are read into and stored as.
 */
export type DjenCommunication = {
  date: string
  id: string
  article: GazetteArticleRecord
  lawsuit: LawsuitRecord
}
type Item = DjenCommunication

function readParties(item: Json, body: string): Party[] {
  const parties: Party[] = []
  for (const d of Array.isArray(item.destinatarios) ? item.destinatarios : []) {
    const name = isObject(d) ? text(d.nome) : null
    const pole = (isObject(d) && POLES[String(d.polo ?? '').toUpperCase()]) || 'outros'
    if (name && !parties.some((p) => p.pole === pole && p.name === name))
      parties.push({ pole, name, lawyers: [] })
  }
  const lawyers: Lawyer[] = []
  for (const entry of Array.isArray(item.destinatarioadvogados) ? item.destinatarioadvogados : []) {
    const lawyer = isObject(entry) && isObject(entry.advogado) ? entry.advogado : null
    const name = lawyer ? text(lawyer.nome) : null
    if (!lawyer || !name) continue
    const oabNumber = text(String(lawyer.numero_oab ?? '')) ?? ''
    const oabUf = text(lawyer.uf_oab)?.toUpperCase() ?? ''
    if (!lawyers.some((l) => l.name === name && l.oabNumber === oabNumber && l.oabUf === oabUf))
      lawyers.push({ name, oabNumber, oabUf })
  }
  // DJEN lists a communication's lawyers without their pole; its text prints each after the
  // party's role ("APTE: SIGILOSO ADVOGADO: LUIZ … APDO: SIGILOSO ADVOGADO: THAYANE …"). A lawyer
  // whose pole the text does not give goes to the lawsuit's list of lawyers, under no party
  // (LAWYERS_WITHOUT_PARTY), never to a party it may not represent.
  for (const lawyer of lawyers) {
    const pole = lawyerPole(body, lawyer.name)
    const holder = pole ? parties.find((p) => p.pole === pole) : undefined
    if (holder) holder.lawyers.push(lawyer)
    else {
      const list =
        parties.find((p) => p.name === LAWYERS_WITHOUT_PARTY) ??
        (parties[parties.push({ pole: 'outros', name: LAWYERS_WITHOUT_PARTY, lawyers: [] }) - 1] as Party)
      list.lawyers.push(lawyer)
    }
  }
  return parties
}

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()

/** The roles the courts print before a party (and its lawyers), by pole. */
const ROLE =
  /(?<![\p{L}])(APTE|APTES|APELANTES?|AGTE|AGTES|AGRAVANTES?|AUTORA?|AUTORES|REQTE|REQUERENTES?|IMPETRANTES?|EXEQUENTES?|EMBARGANTES?|RECORRENTES?|RECLAMANTES?|DEMANDANTES?|APDO|APDA|APDOS|APELAD[OA]S?|AGDO|AGDA|AGRAVAD[OA]S?|REU|RE|REUS|REQDO|REQDA|REQUERID[OA]S?|IMPETRAD[OA]S?|EXECUTAD[OA]S?|EMBARGAD[OA]S?|RECORRID[OA]S?|RECLAMAD[OA]S?|DEMANDAD[OA]S?)\s*(?:\(S\))?\s*:/gu
const ACTIVE =
  /^(APTE|APELANTE|AGTE|AGRAVANTE|AUTOR|REQTE|REQUERENTE|IMPETRANTE|EXEQUENTE|EMBARGANTE|RECORRENTE|RECLAMANTE|DEMANDANTE)/

/** The pole of the role printed last before the lawyer's name in the text, or null. */
export function lawyerPole(body: string, lawyer: string): Pole | null {
  const text = fold(body)
  const at = text.indexOf(fold(lawyer))
  if (at < 0) return null
  const roles = [...text.slice(Math.max(0, at - 300), at).matchAll(ROLE)]
  const role = roles[roles.length - 1]?.[1]
  if (!role) return null
  return ACTIVE.test(role) ? 'ativo' : 'passivo'
}

/** One item of a Comunica answer, or the reason it cannot be stored. */
export function readDjenItem(raw: unknown): DjenCommunication | string {
  if (!isObject(raw)) return 'item em formato inesperado'
  const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? String(raw.id).trim() : ''
  if (!id) return 'item sem id'
  const cnj = String(raw.numero_processo ?? raw.numeroprocessocommascara ?? '').replace(/[\s.-]/g, '')
  if (!isValidCnj(cnj)) return `número de processo inválido: "${String(raw.numero_processo ?? '')}"`
  const body = typeof raw.texto === 'string' ? raw.texto.replace(/\r\n|\n\r|\r/g, '\n').trim() : ''
  if (!body) return 'comunicação sem texto'
  if (raw.ativo === false)
    return `comunicação cancelada${text(raw.motivo_cancelamento) ? `: ${text(raw.motivo_cancelamento)}` : ''}`
  const date =
    (/^\d{4}-\d{2}-\d{2}$/.test(String(raw.data_disponibilizacao))
      ? String(raw.data_disponibilizacao)
      : null) ?? brDateToIso(text(raw.datadisponibilizacao))
  if (!date) return 'data de disponibilização ausente'
  const court = text(raw.siglaTribunal) ?? courtOf(cnj)
  if (!court) return 'tribunal ausente'

  const kind = text(raw.tipoComunicacao)
  const parties = readParties(raw, body)
  return {
    date,
    id,
    article: {
      gazette: DJEN,
      edition: { date, number: '', extra: false },
      section: court,
      externalId: id,
      kind,
      organ: text(raw.nomeOrgao),
      title: `${kind ?? 'Comunicação'} – processo ${text(raw.numeroprocessocommascara) ?? formatCnj(cnj)}`,
      body,
      page: null,
      lawsuitCnj: cnj,
      classCode: integer(raw.codigoClasse),
      mentions: { people: parties.map((p) => p.name).filter(isRealPersonName), companies: [] },
    },
    lawsuit: {
      cnj,
      court,
      className: text(raw.nomeClasse),
      classCode: integer(raw.codigoClasse),
      secrecyLevel: 0,
      source: 'djen',
      subjects: [],
      parties,
      movements: [],
    },
  }
}

/**
 * One lawsuit per CNJ number from all its communications, oldest first so the class of the
 * latest one wins; parties and lawyers are the union. Sorting by (date, id) keeps the record
 * (and so its checksum) the same whatever order the API returned the items in.
 */
function mergeLawsuits(items: Item[]): LawsuitRecord[] {
  const sorted = [...items].sort((a, b) =>
    a.date === b.date ? a.id.localeCompare(b.id, 'en', { numeric: true }) : a.date < b.date ? -1 : 1,
  )
  const byCnj = new Map<string, LawsuitRecord>()
  for (const { lawsuit } of sorted) {
    const current = byCnj.get(lawsuit.cnj)
    if (!current) {
      byCnj.set(lawsuit.cnj, { ...lawsuit, parties: lawsuit.parties.map((p) => ({ ...p })) })
      continue
    }
    current.court = lawsuit.court
    current.className = lawsuit.className ?? current.className
    current.classCode = lawsuit.classCode ?? current.classCode
    for (const party of lawsuit.parties) {
      const same = current.parties.find((p) => p.pole === party.pole && p.name === party.name)
      if (!same) current.parties.push({ ...party })
      else
        same.lawyers = [
          ...same.lawyers,
          ...party.lawyers.filter(
            (l) =>
              !same.lawyers.some(
                (k) => k.name === l.name && k.oabNumber === l.oabNumber && k.oabUf === l.oabUf,
              ),
          ),
        ]
    }
  }
  return [...byCnj.values()]
}

function readItems(file: ImportFile): { items: Item[]; issues: ImportIssue[] } {
  let body: unknown
  try {
    body = JSON.parse(file.content)
  } catch {
    return { items: [], issues: [{ file: file.name, position: 'arquivo', reason: 'JSON inválido' }] }
  }
  const list = isObject(body) ? body.items : undefined
  if (!Array.isArray(list))
    return {
      items: [],
      issues: [{ file: file.name, position: 'arquivo', reason: 'resposta sem a lista items do DJEN' }],
    }
  const items: Item[] = []
  const issues: ImportIssue[] = []
  for (const [index, raw] of list.entries()) {
    const item = readDjenItem(raw)
    if (typeof item === 'string')
      issues.push({ file: file.name, position: `item ${index + 1}`, reason: item })
    else items.push(item)
  }
  return { items, issues }
}

/** A CNJ Comunica (DJEN) response `{status, message, count, items[]}`: matérias and lawsuits. */
export function parseDjen(file: ImportFile): {
  articles: GazetteArticleRecord[]
  lawsuits: LawsuitRecord[]
  issues: ImportIssue[]
} {
  const { items, issues } = readItems(file)
  return { articles: items.map((i) => i.article), lawsuits: mergeLawsuits(items), issues }
}

/**
 * Stores communications: their matérias and, merged, their lawsuits. The same communication twice
 * (overlapping searches, a page fetched again) is stored once; stored unchanged, it writes nothing.
 * Counts add up both kinds of rows written: matérias and lawsuits.
 */
export async function storeDjenCommunications(target: Target, items: DjenCommunication[]) {
  const unique = [...new Map(items.map((i) => [i.id, i])).values()]
  const counts = await upsertGazetteArticles(
    target,
    unique.map((i) => i.article),
  )
  return addCounts(counts, await upsertLawsuits(target, mergeLawsuits(unique)))
}

export async function importDjen(target: Target, files: ImportFile[]): Promise<ImportResult> {
  const items: Item[] = []
  const issues: ImportIssue[] = []
  for (const file of files) {
    const parsed = readItems(file)
    items.push(...parsed.items)
    issues.push(...parsed.issues)
  }
  const counts = addCounts(emptyCounts(), { skipped: issues.length })
  return { counts: addCounts(counts, await storeDjenCommunications(target, items)), issues }
}
