import type { DjenCommunication } from '~/domain/intimations/communications'
import { recordCommunications } from '~/domain/intimations/record.server'
import { courtOf, formatCnj, isValidCnj } from '../../cnj'
import { LAWYERS_WITHOUT_PARTY } from '../../constants'
import {
  type GazetteArticleRecord,
  type GazetteRef,
  upsertGazetteArticles,
} from '../../store/gazettes.server'
import { isRealPersonName, type LawsuitRecord, type Pole, upsertLawsuits } from '../../store/lawsuits.server'
import { importTarget, type Target } from '../../store/target.server'
import { integer, isObject, type Json, text } from '../json'
import { brDateToIso } from '../text'
import { addCounts, emptyCounts, type ImportFile, type ImportIssue, type ImportResult } from '../types'

type Party = LawsuitRecord['parties'][number]
type Lawyer = Party['lawyers'][number]

const DJEN: GazetteRef = { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' }
const POLES: Record<string, Pole> = { A: 'ativo', P: 'passivo' }

/** One communication: the matéria plus what it tells about its lawsuit, with a sort key. */
type Item = { date: string; id: string; article: GazetteArticleRecord; lawsuit: LawsuitRecord }

/**
 * One item of a Comunica answer as read: what the corpus stores (or why it cannot) and what the
 * intimações need (null when it cannot be one; a cancelled item is one, to withdraw a deadline).
 * The unit both an imported file and a fetched page (app/domain/sources/djen) are read into.
 */
export type DjenRecord = { id: string; item: Item | string; communication: DjenCommunication | null }

export function readDjenItem(raw: unknown): DjenRecord {
  const item = readItem(raw)
  const read = readCommunication(raw)
  // An item the corpus cannot store is no intimação either, unless it is a cancellation: that one
  // must still withdraw the deadline an earlier copy gave.
  const communication = typeof item !== 'string' || read?.active === false ? read : null
  return { id: typeof item === 'string' ? (communication?.id ?? '') : item.id, item, communication }
}

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

/** DJEN marks a cancelled communication `ativo: false`, `status: "C"` or both. */
const isCancelled = (raw: Json) => raw.ativo === false || String(raw.status ?? '').toUpperCase() === 'C'

/**
 * What the intimações need of one communication (issue 41), cancelled ones included: a
 * cancellation withdraws the deadline an earlier copy gave. Null when it cannot be one.
 */
function readCommunication(raw: unknown): DjenCommunication | null {
  if (!isObject(raw)) return null
  const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? String(raw.id).trim() : ''
  const cnj = String(raw.numero_processo ?? raw.numeroprocessocommascara ?? '').replace(/[\s.-]/g, '')
  const body = typeof raw.texto === 'string' ? raw.texto.replace(/\r\n|\n\r|\r/g, '\n').trim() : ''
  const availableOn =
    (/^\d{4}-\d{2}-\d{2}$/.test(String(raw.data_disponibilizacao))
      ? String(raw.data_disponibilizacao)
      : null) ?? brDateToIso(text(raw.datadisponibilizacao))
  const court = text(raw.siglaTribunal) ?? (isValidCnj(cnj) ? courtOf(cnj) : null)
  if (!id || !isValidCnj(cnj) || !availableOn || !court) return null
  const lawyers = (Array.isArray(raw.destinatarioadvogados) ? raw.destinatarioadvogados : []).flatMap(
    (entry) => {
      const lawyer = isObject(entry) && isObject(entry.advogado) ? entry.advogado : null
      return lawyer ? [{ number: String(lawyer.numero_oab ?? ''), uf: String(lawyer.uf_oab ?? '') }] : []
    },
  )
  return {
    id,
    court,
    cnj,
    availableOn,
    kind: text(raw.tipoComunicacao),
    documentType: text(raw.tipoDocumento),
    className: text(raw.nomeClasse),
    classCode: raw.codigoClasse === undefined || raw.codigoClasse === null ? null : String(raw.codigoClasse),
    organ: text(raw.nomeOrgao),
    text: body,
    active: !isCancelled(raw),
    lawyers,
  }
}

function readItem(raw: unknown): Item | string {
  if (!isObject(raw)) return 'item em formato inesperado'
  const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? String(raw.id).trim() : ''
  if (!id) return 'item sem id'
  const cnj = String(raw.numero_processo ?? raw.numeroprocessocommascara ?? '').replace(/[\s.-]/g, '')
  if (!isValidCnj(cnj)) return `número de processo inválido: "${String(raw.numero_processo ?? '')}"`
  const body = typeof raw.texto === 'string' ? raw.texto.replace(/\r\n|\n\r|\r/g, '\n').trim() : ''
  if (!body) return 'comunicação sem texto'
  if (isCancelled(raw))
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

type Read = { items: Item[]; issues: ImportIssue[]; communications: DjenCommunication[] }

/** One answer's `items[]`, however it arrived (a file, the DJEN fetch's page). */
function readList(list: unknown[], source: string): Read {
  const items: Item[] = []
  const issues: ImportIssue[] = []
  const communications: DjenCommunication[] = []
  for (const [index, raw] of list.entries()) {
    const { item, communication } = readDjenItem(raw)
    if (typeof item === 'string') issues.push({ file: source, position: `item ${index + 1}`, reason: item })
    else items.push(item)
    if (communication) communications.push(communication)
  }
  return { items, issues, communications }
}

/**
 * Records already read (a fetched page, whose unreadable items the client reported): stored as a
 * file's are, intimações included. The same communication twice is stored once; stored unchanged,
 * it writes nothing.
 */
export async function storeDjenRecords(target: Target, records: DjenRecord[]) {
  const items = records.flatMap((r) => (typeof r.item === 'string' ? [] : [r.item]))
  const communications = records.flatMap((r) => (r.communication ? [r.communication] : []))
  return (await storeDjen(target, [{ items, issues: [], communications }])).counts
}

function readItems(file: ImportFile): Read {
  let body: unknown
  try {
    body = JSON.parse(file.content)
  } catch {
    return {
      items: [],
      issues: [{ file: file.name, position: 'arquivo', reason: 'JSON inválido' }],
      communications: [],
    }
  }
  const list = isObject(body) ? body.items : undefined
  if (!Array.isArray(list))
    return {
      items: [],
      issues: [{ file: file.name, position: 'arquivo', reason: 'resposta sem a lista items do DJEN' }],
      communications: [],
    }
  return readList(list, file.name)
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

/** Counts add up both kinds of rows written: matérias and lawsuits. */
export async function importDjen(target: Target, files: ImportFile[]): Promise<ImportResult> {
  return storeDjen(target, files.map(readItems))
}

/**
 * The DJEN's one store path: the matérias, their lawsuits, and the intimações of the OABs people
 * monitor (issue 41). `npm run import -- djen` and the DJEN fetch (one page of `items[]`, with
 * `storeDjenItems`) both end here, so an intimação arrives whichever way its communication did.
 */
export async function storeDjenItems(
  target: Target,
  items: unknown[],
  source: string,
): Promise<ImportResult> {
  return storeDjen(target, [readList(items, source)])
}

async function storeDjen(target: Target, reads: Read[]): Promise<ImportResult> {
  const items = reads.flatMap((r) => r.items)
  const issues = reads.flatMap((r) => r.issues)
  // The same communication in two files (overlapping searches) is stored once.
  const unique = [...new Map(items.map((i) => [i.id, i])).values()]
  let counts = addCounts(emptyCounts(), { skipped: issues.length })
  counts = addCounts(
    counts,
    await upsertGazetteArticles(
      target,
      unique.map((i) => i.article),
    ),
  )
  counts = addCounts(counts, await upsertLawsuits(target, mergeLawsuits(unique)))
  // After the corpus: an intimação links to its lawsuit's page. A later copy of a communication
  // (a cancellation) wins over an earlier one of the same run.
  const communications = [...new Map(reads.flatMap((r) => r.communications).map((c) => [c.id, c])).values()]
  await recordCommunications(importTarget(target).db, communications)
  return { counts, issues }
}
