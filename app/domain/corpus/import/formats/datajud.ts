import { isValidCnj } from '../../cnj'
import { type LawsuitInstance, type LawsuitRecord, upsertLawsuits } from '../../store/lawsuits.server'
import type { Target } from '../../store/target.server'
import { integer, isObject, text } from '../json'
import { addCounts, emptyCounts, type ImportFile, type ImportIssue, type ImportResult } from '../types'

type Movement = LawsuitRecord['movements'][number]

/** Some tribunais send dates as "20180912000000" instead of ISO: both become ISO text. */
function isoDateTime(value: unknown): string | null {
  const raw = text(value)
  const compact = raw ? /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(raw) : null
  if (!compact) return raw && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw : null
  const [, y, m, d, hh = '00', mm = '00', ss = '00'] = compact
  return `${y}-${m}-${d}T${hh}:${mm}:${ss}`
}

/** complementosTabelados as "descricao: nome" lines (e.g. "tipo_de_documento: Certidão"). */
function complementsOf(value: unknown): string | null {
  if (!Array.isArray(value)) return null
  const lines = value
    .filter(isObject)
    .map((c) => [text(c.descricao), text(c.nome)].filter(Boolean).join(': '))
    .filter(Boolean)
  return lines.length ? lines.join('\n') : null
}

/** One hit as a lawsuit record, or the reason it cannot be one. */
function readHit(
  hit: unknown,
  position: string,
  file: string,
  issues: ImportIssue[],
): LawsuitRecord | string {
  if (!isObject(hit) || !isObject(hit._source)) return 'hit sem _source'
  const source = hit._source
  const cnj = typeof source.numeroProcesso === 'string' ? source.numeroProcesso.trim() : ''
  if (!/^\d{20}$/.test(cnj) || !isValidCnj(cnj))
    return `número de processo inválido: "${String(source.numeroProcesso ?? '')}"`
  const court = text(source.tribunal)
  if (!court) return 'tribunal ausente'
  const secrecyLevel = integer(source.nivelSigilo)
  // Without the secrecy level we cannot tell whether the lawsuit may be shown: never guess 0.
  if (secrecyLevel === null || secrecyLevel < 0) return 'nível de sigilo ausente ou inválido'
  if (source.movimentos !== undefined && !Array.isArray(source.movimentos))
    return 'movimentos em formato inesperado'
  if (source.assuntos !== undefined && !Array.isArray(source.assuntos))
    return 'assuntos em formato inesperado'

  const classe = isObject(source.classe) ? source.classe : {}
  const organ = isObject(source.orgaoJulgador) ? source.orgaoJulgador : {}
  const subjects = ((source.assuntos as unknown[] | undefined) ?? []).flatMap((s) => {
    const code = isObject(s) ? integer(s.codigo) : null
    const name = isObject(s) ? text(s.nome) : null
    return code !== null && name ? [{ code, name }] : []
  })
  const movements: Movement[] = []
  for (const [index, m] of ((source.movimentos as unknown[] | undefined) ?? []).entries()) {
    const at = isObject(m) ? isoDateTime(m.dataHora) : null
    const code = isObject(m) ? integer(m.codigo) : null
    // TJDFT sends some recent TPU codes (15247, 15248) with an empty nome: keep them, named by code.
    const name = (isObject(m) ? text(m.nome) : null) ?? (code !== null ? `Movimento código ${code}` : null)
    if (isObject(m) && at && name)
      movements.push({ at, code, name, complements: complementsOf(m.complementosTabelados) })
    // A broken movement does not sink the lawsuit: it is left out and reported.
    else
      issues.push({
        file,
        position: `${position}, movimento ${index + 1}`,
        reason: 'movimento sem data ou sem nome e código',
      })
  }
  return {
    cnj,
    court,
    degree: text(source.grau),
    classCode: integer(classe.codigo),
    className: text(classe.nome),
    judgingBody: text(organ.nome),
    judgingBodyCode: integer(organ.codigo),
    cityCode: integer(organ.codigoMunicipioIBGE),
    filedAt: isoDateTime(source.dataAjuizamento)?.slice(0, 10) ?? null,
    updatedAt: text(source.dataHoraUltimaAtualizacao),
    secrecyLevel,
    source: 'datajud',
    subjects,
    parties: [],
    movements,
    instances: [
      {
        degree: text(source.grau) ?? '',
        court,
        classCode: integer(classe.codigo),
        className: text(classe.nome),
        judgingBody: text(organ.nome),
      },
    ],
  }
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * One record per CNJ number. DataJud has a document per grau/classe of the same lawsuit:
 * class, grau and órgão come from the most recently updated one; filedAt is the earliest
 * filing (when the lawsuit began), the secrecy level the strictest. Movements are unique by
 * (date, name), as in the movements table: two at the same instant under the same name
 * (e.g. two documents issued together) become one with both complements. Sorted, so the
 * record and its checksum do not depend on the order of the hits.
 */
export function mergeLawsuits(records: LawsuitRecord[]): LawsuitRecord[] {
  const groups = new Map<string, LawsuitRecord[]>()
  for (const record of records) groups.set(record.cnj, [...(groups.get(record.cnj) ?? []), record])
  return [...groups.values()].map((group) => {
    const latest = group.reduce((a, b) => ((b.updatedAt ?? '') > (a.updatedAt ?? '') ? b : a))
    const filed = group.map((r) => r.filedAt).filter((d): d is string => !!d)
    const subjects = new Map<number, string>()
    for (const s of group.flatMap((r) => r.subjects)) if (!subjects.has(s.code)) subjects.set(s.code, s.name)
    const all = group
      .flatMap((r) => r.movements)
      .sort(
        (a, b) =>
          byKey(a.at, b.at) ||
          byKey(a.name, b.name) ||
          (a.code ?? -1) - (b.code ?? -1) ||
          byKey(a.complements ?? '', b.complements ?? ''),
      )
    const moves = new Map<string, { movement: Movement; lines: Set<string> }>()
    for (const m of all) {
      const key = `${m.at}|${m.name}`
      const entry = moves.get(key) ?? { movement: m, lines: new Set<string>() }
      for (const line of m.complements?.split('\n') ?? []) entry.lines.add(line)
      moves.set(key, entry)
    }
    // Every instance kept apart (issue 38): the second degree's class and court were lost.
    // One per grau and court, the same whatever the order of the hits.
    const instances = new Map<string, LawsuitInstance>()
    for (const i of group
      .flatMap((r) => r.instances ?? [])
      .sort(
        (a, b) =>
          byKey(a.degree, b.degree) ||
          byKey(a.court, b.court) ||
          (a.classCode ?? -1) - (b.classCode ?? -1) ||
          byKey(a.className ?? '', b.className ?? '') ||
          byKey(a.judgingBody ?? '', b.judgingBody ?? ''),
      ))
      if (!instances.has(`${i.degree}|${i.court}`)) instances.set(`${i.degree}|${i.court}`, i)
    return {
      ...latest,
      instances: [...instances.values()],
      filedAt: filed.sort(byKey)[0] ?? null,
      secrecyLevel: Math.max(...group.map((r) => r.secrecyLevel)),
      subjects: [...subjects].map(([code, name]) => ({ code, name })),
      movements: [...moves.values()].map(({ movement, lines }) => ({
        ...movement,
        complements: lines.size ? [...lines].join('\n') : null,
      })),
    }
  })
}

/** A DataJud public API `_search` response: `{hits:{hits:[{_id,_source}]}}`. */
export function parseDatajud(file: ImportFile): {
  records: LawsuitRecord[]
  issues: ImportIssue[]
  /** Hits read as records, before those of one lawsuit were merged. */
  read: number
} {
  let body: unknown
  try {
    body = JSON.parse(file.content)
  } catch {
    return {
      records: [],
      issues: [{ file: file.name, position: 'arquivo', reason: 'JSON inválido' }],
      read: 0,
    }
  }
  const hits = isObject(body) && isObject(body.hits) ? body.hits.hits : undefined
  if (!Array.isArray(hits))
    return {
      records: [],
      issues: [{ file: file.name, position: 'arquivo', reason: 'resposta sem a lista hits.hits do DataJud' }],
      read: 0,
    }
  const issues: ImportIssue[] = []
  const records: LawsuitRecord[] = []
  for (const [index, hit] of hits.entries()) {
    const position = `hit ${index + 1}`
    const record = readHit(hit, position, file.name, issues)
    if (typeof record === 'string') issues.push({ file: file.name, position, reason: record })
    else records.push(record)
  }
  return { records: mergeLawsuits(records), issues, read: records.length }
}

export async function importDatajud(target: Target, files: ImportFile[]): Promise<ImportResult> {
  const issues: ImportIssue[] = []
  const records: LawsuitRecord[] = []
  let read = 0
  for (const file of files) {
    const parsed = parseDatajud(file)
    issues.push(...parsed.issues)
    records.push(...parsed.records)
    read += parsed.read
  }
  // Merged across files too: a lawsuit split over two pages must still be one stable record.
  const lawsuits = mergeLawsuits(records)
  const counts = addCounts(emptyCounts(), { skipped: issues.length })
  return {
    counts: addCounts(counts, await upsertLawsuits(target, lawsuits)),
    issues,
    merged: read - lawsuits.length,
  }
}
