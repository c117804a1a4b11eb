import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { intimations } from '~/db/schema-intimations'
import { monitorings } from '~/db/schema-monitoring'
import { buildCnj } from '~/domain/corpus/cnj'
import { importDjen } from '~/domain/corpus/import/formats/djen'
import { computeDeadline } from '~/domain/deadlines/compute'
import { createUser, deps, postJson, sessionCookie } from './helpers'

let serial = 0
/** A fresh OAB number and communication ids per call: the test files share one database. */
export function fresh() {
  serial += 1
  const n = (Date.now() % 900_000) + 100_000 + serial
  return {
    oab: String(n).slice(0, 6),
    id: `${Date.now()}${serial}`,
    cnj: buildCnj((Date.now() + serial) % 9_000_000, 2024, 8, 19, 1),
  }
}

export type ItemOptions = {
  id: string
  cnj: string
  date: string
  kind?: string
  text?: string
  oabs: [string, string][]
  ativo?: boolean
  status?: string
}

/** One DJEN item in the API's shape (as the TJRJ sample in ../shared/data/djen). */
export function djenItem(o: ItemOptions) {
  const masked = `${o.cnj.slice(0, 7)}-${o.cnj.slice(7, 9)}.${o.cnj.slice(9, 13)}.${o.cnj.slice(13, 14)}.${o.cnj.slice(14, 16)}.${o.cnj.slice(16)}`
  return {
    id: Number(o.id),
    data_disponibilizacao: o.date,
    siglaTribunal: 'TJRJ',
    tipoComunicacao: o.kind ?? 'Intimação',
    nomeOrgao: '27ª VARA CÍVEL DA COMARCA DA CAPITAL',
    texto:
      o.text ??
      'Fica a parte autora intimada para apresentar contrarrazões à apelação no prazo de 15 (quinze) dias.',
    numero_processo: o.cnj,
    meio: 'D',
    link: null,
    tipoDocumento: 'Despacho',
    nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
    codigoClasse: '7',
    numeroComunicacao: 1,
    ativo: o.ativo ?? true,
    hash: 'x',
    status: o.status ?? 'P',
    motivo_cancelamento: null,
    data_cancelamento: null,
    datadisponibilizacao: o.date.split('-').reverse().join('/'),
    meiocompleto: 'Diário de Justiça Eletrônico Nacional',
    numeroprocessocommascara: masked,
    destinatarios: [{ polo: 'A', nome: 'MARIA DA SILVA', comunicacao_id: Number(o.id) }],
    destinatarioadvogados: o.oabs.map(([numero, uf], i) => ({
      id: i + 1,
      comunicacao_id: Number(o.id),
      advogado_id: i + 1,
      advogado: { id: i + 1, nome: `ADVOGADA ${i + 1}`, numero_oab: numero, uf_oab: uf },
    })),
  }
}

/** `npm run import -- djen` of one file holding these items. */
export async function importItems(items: unknown[]) {
  const d = deps()
  return importDjen({ db: d.db, corpus: d.corpus }, [
    { name: 'teste.json', content: JSON.stringify({ status: 'success', count: items.length, items }) },
  ])
}

/** An OAB monitoring stored as the form stores it. */
export async function oabMonitoringOf(userId: number) {
  return deps().db.select().from(monitorings).where(eq(monitorings.userId, userId))
}

// The TJRJ intimação text and its expected last day (computeDeadline itself), a lawyer with an
// OAB monitored, and a person's intimações: shared by intimations.test.ts and intimations-pages.test.ts.
export const TEXT =
  'Fica a parte autora intimada para apresentar contrarrazões à apelação no prazo de 15 (quinze) dias.'

export const expectedLastDay = (availableOn: string, days?: number) =>
  computeDeadline({
    availableOn,
    court: 'TJRJ',
    text: TEXT,
    communicationType: 'Intimação',
    documentType: 'Despacho',
    className: 'PROCEDIMENTO COMUM CÍVEL',
    classCode: '7',
    active: true,
    ...(days ? { override: { days } } : {}),
  })?.lastDay

export async function lawyerWithOab(number: string, uf = 'RJ', written = number) {
  const user = await createUser()
  const cookie = await sessionCookie(user.id)
  const response = await postJson('/ajax/monitoramentos/oab', { numero: written, uf }, { Cookie: cookie })
  expect(response.status).toBe(200)
  return { user, cookie }
}

export const rowsOf = (userId: number) =>
  deps().db.select().from(intimations).where(eq(intimations.userId, userId)).orderBy(intimations.id)
