import { buildCnj } from '../cnj'
import { FIRST_NAMES, SURNAMES } from './names'
import { BATCH_SIZE, type Batch, CORPUS_END, type Company, cityCode, type Person } from './plan'
import { dayFromIso, isoFromDay, type Rng } from './random'
import {
  CIVIL_BODIES,
  CIVIL_CLASSES,
  CLOSING_MOVES,
  COURT_TR,
  COURT_UF,
  CRIMINAL_CLASSES,
  MIDDLE_MOVES,
  OPENING_MOVES,
  STATE_COURT_CITIES,
  SUBJECTS,
} from './vocab'

/** What gazette matérias and decisions need to know about a generated lawsuit. */
export type LawsuitRef = {
  id: number
  cnj: string
  court: string
  partyNames: string[]
  personIds: number[]
  lawyer: string
  oab: string
  secret: boolean
}

const COURTS = Object.keys(COURT_TR)

function lawyerName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`
}

/**
 * Lawsuits with subjects, parties (people and companies reused across lawsuits), lawyers and
 * movements in date order. Yields batches of rows; returns compact references for later steps.
 */
export function* lawsuitBatches(
  rng: Rng,
  count: number,
  people: Person[],
  companies: Company[],
  refs: LawsuitRef[],
): Generator<Batch> {
  const end = dayFromIso(CORPUS_END)
  let partyId = 0
  let movementId = 0
  let rows = { lawsuits: [], subjects: [], parties: [], lawyers: [], movements: [] } as Record<
    string,
    Batch['rows']
  >
  const flush = function* () {
    yield { table: 'lawsuits', rows: rows.lawsuits ?? [] }
    yield { table: 'lawsuit_subjects', rows: rows.subjects ?? [] }
    yield { table: 'parties', rows: rows.parties ?? [] }
    yield { table: 'party_lawyers', rows: rows.lawyers ?? [] }
    yield { table: 'movements', rows: rows.movements ?? [] }
    rows = { lawsuits: [], subjects: [], parties: [], lawyers: [], movements: [] }
  }

  for (let i = 0; i < count; i++) {
    const id = i + 1
    const court = rng.pick(COURTS)
    const uf = COURT_UF[court] ?? 'SP'
    const city = rng.pick(STATE_COURT_CITIES[court] ?? ['São Paulo'])
    const filedDay = end - rng.int(30, 365 * 12)
    const filedAt = isoFromDay(filedDay)
    const year = Number(filedAt.slice(0, 4))
    const cnj = buildCnj(id, year, 8, COURT_TR[court] ?? 26, rng.int(1, 999))
    const criminal = rng.chance(0.12)
    const [classCode, className] = criminal ? rng.pick(CRIMINAL_CLASSES) : rng.pick(CIVIL_CLASSES)
    const body = criminal ? 'Vara Criminal' : rng.pick(CIVIL_BODIES)
    const secret = rng.chance(0.03)
    const moves: (readonly [number, string])[] = [rng.pick(OPENING_MOVES)]
    const middle = rng.int(1, 9)
    for (let m = 0; m < middle; m++) moves.push(rng.pick(MIDDLE_MOVES))
    if (rng.chance(0.55)) moves.push(rng.pick(CLOSING_MOVES))
    let day = filedDay
    let minute = rng.int(8 * 60, 12 * 60)
    const moveRows = moves.map(([code, name], index) => {
      if (index > 0) {
        const next = Math.min(end, day + rng.int(3, 120))
        // Several movements on the same (last) day keep their order through the minutes.
        minute = next === day ? Math.min(23 * 60 + 59, minute + rng.int(1, 30)) : rng.int(8 * 60, 18 * 60)
        day = next
      }
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
      return {
        id: ++movementId,
        lawsuit_id: id,
        at: `${isoFromDay(day)}T${time}:00.000Z`,
        code,
        name,
        complements: null,
      }
    })
    rows.lawsuits?.push({
      id,
      cnj,
      court,
      degree: 'G1',
      class_code: classCode,
      class_name: className,
      judging_body: `${rng.int(1, 12)}ª ${body} de ${city}`,
      judging_body_code: rng.int(1000, 99999),
      city_code: cityCode(city, uf),
      filed_at: filedAt,
      updated_at: moveRows.at(-1)?.at ?? `${filedAt}T00:00:00.000Z`,
      secrecy_level: secret ? rng.int(1, 5) : 0,
      source: 'demo',
      checksum: '',
    })
    rows.movements?.push(...moveRows)
    const subjectCount = rng.int(1, 2)
    const subjectCodes = new Set<number>()
    for (let s = 0; s < subjectCount; s++) {
      const [code, name] = rng.pick(SUBJECTS)
      if (!subjectCodes.has(code)) rows.subjects?.push({ lawsuit_id: id, code, name })
      subjectCodes.add(code)
    }
    // Ativo and passivo: people or companies from the shared pools, so names recur across lawsuits.
    const ref: LawsuitRef = { id, cnj, court, partyNames: [], personIds: [], lawyer: '', oab: '', secret }
    for (const pole of ['ativo', 'passivo'] as const) {
      const asCompany = criminal ? pole === 'ativo' : rng.chance(0.35)
      const party = asCompany ? rng.pick(companies) : rng.pick(people)
      const name = asCompany && criminal ? `Ministério Público do Estado` : party.name
      const pid = ++partyId
      rows.parties?.push({
        id: pid,
        lawsuit_id: id,
        pole,
        name,
        person_id: asCompany ? null : party.id,
        company_id: asCompany && !criminal ? party.id : null,
      })
      ref.partyNames.push(name)
      if (!asCompany) ref.personIds.push(party.id)
      if (!(asCompany && criminal) && rng.chance(0.8)) {
        const lawyer = lawyerName(rng)
        const oab = String(rng.int(10000, 499999))
        rows.lawyers?.push({ party_id: pid, name: lawyer, oab_number: oab, oab_uf: uf })
        if (!ref.lawyer) {
          ref.lawyer = lawyer
          ref.oab = `${oab}/${uf}`
        }
      }
    }
    refs.push(ref)
    if ((rows.lawsuits?.length ?? 0) >= BATCH_SIZE) yield* flush()
  }
  yield* flush()
}
