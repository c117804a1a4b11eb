import { formatCnj } from '../cnj'
import { slugify } from '../import/text'
import type { LawsuitRef } from './lawsuits'
import { FIRST_NAMES, SURNAMES } from './names'
import { BATCH_SIZE, type Batch, CORPUS_END } from './plan'
import { dayFromIso, isoFromDay, longDate, type Rng } from './random'
import { ARTICLE_OBJECTS, ARTICLE_OPENINGS, CHAMBERS, EMENTA_AREAS, OUTCOMES, SUMMARY_TOPICS } from './vocab'

/** Case law: ementas in the courts' style, half of them about generated lawsuits. */
export function* decisionBatches(rng: Rng, count: number, lawsuits: LawsuitRef[]): Generator<Batch> {
  const end = dayFromIso(CORPUS_END)
  let rows: Batch['rows'] = []
  for (let i = 0; i < count; i++) {
    const area = rng.pick(EMENTA_AREAS)
    const lawsuit = lawsuits.length && rng.chance(0.5) ? rng.pick(lawsuits) : null
    const court = lawsuit?.court ?? rng.pick(['TJSP', 'TJRJ', 'TJMG', 'TJRS', 'TJPR', 'TJAL'])
    const judged = end - rng.int(10, 365 * 8)
    const outcome = rng.pick(OUTCOMES)
    const rapporteur = `Des. ${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`
    const number =
      lawsuit && !lawsuit.secret
        ? formatCnj(lawsuit.cnj)
        : `${String(rng.int(1, 9_999_999)).padStart(7, '0')}-${String(rng.int(10, 99))}.${isoFromDay(judged).slice(0, 4)}.8.26.${String(rng.int(1, 999)).padStart(4, '0')}`
    rows.push({
      id: i + 1,
      external_id: `demo:${i + 1}`,
      court,
      class_name: area.class,
      number,
      rapporteur,
      judging_body: `${rng.int(1, 38)}ª ${rng.pick(CHAMBERS)}`,
      judged_at: isoFromDay(judged),
      published_at: isoFromDay(Math.min(end, judged + rng.int(2, 20))),
      summary: `${area.class.toUpperCase()}. ${area.theme}. 1. ${area.holding}. 2. No caso concreto, os documentos juntados demonstram os fatos alegados na inicial. 3. ${outcome}`,
      full_text: `ACÓRDÃO\nVistos, relatados e discutidos estes autos de ${area.class} nº ${number}, acordam os integrantes da ${rng.int(1, 38)}ª ${rng.pick(CHAMBERS)} do Tribunal de Justiça, por unanimidade, em ${outcome.toLowerCase().replace(/\.$/, '')}, nos termos do voto do Relator.\nRELATÓRIO\nTrata-se de ${area.class.toLowerCase()} interposta contra decisão proferida em primeiro grau. ${area.holding}.\nVOTO\nPresentes os pressupostos de admissibilidade, conheço do recurso. ${area.holding}. É como voto.\n${rapporteur}\nRelator(a)`,
      outcome,
      checksum: '',
    })
    if (rows.length >= BATCH_SIZE) {
      yield { table: 'decisions', rows }
      rows = []
    }
  }
  yield { table: 'decisions', rows }
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']
const ordinal = (n: number) => (n < 10 ? `${n}º` : `${n}.`)

/** Statutes with articles, parágrafos, incisos and alíneas, anchored like the Constituição. */
export function* statuteBatches(rng: Rng, count: number): Generator<Batch> {
  const end = dayFromIso(CORPUS_END)
  let provisionId = 0
  let statutes: Batch['rows'] = []
  let provisions: Batch['rows'] = []
  for (let i = 0; i < count; i++) {
    const sphere = rng.pick(['federal', 'estadual', 'municipal'] as const)
    const kind = rng.pick(['Lei', 'Lei', 'Lei Complementar', 'Decreto'] as const)
    const date = isoFromDay(end - rng.int(30, 365 * 30))
    const number = String(sphere === 'federal' ? rng.int(8000, 14999) : rng.int(100, 9999))
    const dotted = Number(number).toLocaleString('pt-BR')
    const place =
      sphere === 'federal'
        ? 'federal'
        : sphere === 'estadual'
          ? 'sao.paulo:estadual'
          : 'sao.paulo;campinas:municipal'
    const urnKind = slugify(kind).replace(/-/g, '.')
    const id = i + 1
    statutes.push({
      id,
      urn: `urn:lex:br${sphere === 'federal' ? ':' : ';'}${place}:${urnKind}:${date};${number}`,
      slug: `${slugify(kind)}-${sphere}-${number}-${date.slice(0, 4)}-${id}`,
      kind,
      number,
      date,
      title: `${kind} nº ${dotted}, de ${longDate(date)}`,
      summary: `Dispõe sobre ${rng.pick(SUMMARY_TOPICS)} e dá outras providências.`,
      sphere,
      checksum: '',
    })
    const articles = rng.int(4, 14)
    let position = 0
    const add = (anchor: string, kindName: string, text: string, depth: number) =>
      provisions.push({
        id: ++provisionId,
        statute_id: id,
        anchor,
        kind: kindName,
        text,
        position: position++,
        depth,
      })
    for (let a = 1; a <= articles; a++) {
      const art = `art${a}`
      if (a === articles) {
        add(
          art,
          'artigo',
          `Art. ${ordinal(a)} ${kind === 'Decreto' ? 'Este Decreto' : 'Esta Lei'} entra em vigor na data de sua publicação.`,
          1,
        )
        continue
      }
      const incisos = rng.chance(0.35) ? rng.int(2, 5) : 0
      add(
        art,
        'artigo',
        `Art. ${ordinal(a)} ${rng.pick(ARTICLE_OPENINGS)} ${rng.pick(ARTICLE_OBJECTS)}${incisos ? ':' : '.'}`,
        1,
      )
      for (let n = 1; n <= incisos; n++) {
        const alineas = rng.chance(0.2) ? rng.int(2, 3) : 0
        add(
          `${art}_inc${n}`,
          'inciso',
          `${ROMAN[n - 1]} - ${rng.pick(ARTICLE_OBJECTS)}${alineas ? ':' : n === incisos ? '.' : ';'}`,
          2,
        )
        for (let l = 0; l < alineas; l++) {
          const letter = String.fromCharCode(97 + l)
          add(
            `${art}_inc${n}_ali${letter}`,
            'alinea',
            `${letter}) ${rng.pick(ARTICLE_OBJECTS)}${l === alineas - 1 ? '.' : ';'}`,
            3,
          )
        }
      }
      const paragraphs = rng.chance(0.3) ? rng.int(1, 3) : 0
      if (paragraphs === 1)
        add(
          `${art}_parunico`,
          'paragrafo',
          `Parágrafo único. O disposto neste artigo aplica-se também a ${rng.pick(ARTICLE_OBJECTS)}.`,
          2,
        )
      else
        for (let p = 1; p <= paragraphs; p++)
          add(
            `${art}_par${p}`,
            'paragrafo',
            `§ ${p}º ${rng.pick(ARTICLE_OPENINGS)} ${rng.pick(ARTICLE_OBJECTS)}.`,
            2,
          )
    }
    if (statutes.length >= 200) {
      yield { table: 'statutes', rows: statutes }
      yield { table: 'provisions', rows: provisions }
      statutes = []
      provisions = []
    }
  }
  yield { table: 'statutes', rows: statutes }
  yield { table: 'provisions', rows: provisions }
}

export { BATCH_SIZE }
