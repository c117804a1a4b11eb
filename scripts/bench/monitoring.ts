/**
 * `npm run bench:monitoring`: the monitoring matcher (issue 16, decisions/0031) with 100,000
 * monitored names and terms against 10,000 new gazette matérias, in this process (the engine is
 * pure: no D1, no Worker).
 * 1. A seeded population (the corpus's first names and surnames, CPFs, cities, lawyers' OABs,
 *    companies with CNPJs) and 10,000 matérias of 1–6 KB in the style of the corpus generator
 *    (gazettes.ts, vocab.ts): court intimations naming parties, lawyers and CPFs (often masked),
 *    portarias, decrees, contracts and bids.
 * 2. 100,000 rules: names of people who do occur (some with UF, CPF, OAB, co-party or exclusion
 *    filters), names made up from the same lists (homonyms happen), `todas` names, and terms (bids,
 *    contracts, lawsuit numbers, companies, a few broad topics).
 * 3. Times the compilation and the matching (one pass per matéria), samples memory, checks that
 *    the planted names were found, and scores the labelled homonym set; writes JSON to
 *    bench-results/.
 * Options: --rules N (default 100000), --docs N (default 10000), --seed N (default 16).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildCnj, formatCnj } from '../../app/domain/corpus/cnj'
import {
  compileMonitorings,
  type MatchDocument,
  type MonitoringRule,
} from '../../app/domain/monitoring/matcher'
import { GAZETTES } from '../../app/fixtures/corpus/gazettes'
import { COMPANY_CORES, COMPANY_SUFFIXES, FIRST_NAMES, SURNAMES } from '../../app/fixtures/corpus/names'
import { cityCode, VOCAB_CITIES } from '../../app/fixtures/corpus/plan'
import {
  cnpjWithCheckDigits,
  createRng,
  formatCnpj,
  longDate,
  type Rng,
} from '../../app/fixtures/corpus/random'
import {
  ARTICLE_OBJECTS,
  ARTICLE_OPENINGS,
  CIVIL_BODIES,
  CIVIL_CLASSES,
  COURT_TR,
  EMENTA_AREAS,
  FEDERAL_ORGANS,
  OUTCOMES,
  SUBJECTS,
  SUMMARY_TOPICS,
} from '../../app/fixtures/corpus/vocab'
import { round2 } from './common'
import { homonymScores, printHomonymScores } from './homonyms'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}

type Person = { name: string; cpf: string; uf: string; city: number | null; oab: string | null }
type Company = { name: string; cnpj: string }
/** Who a matéria names and how: `whole` when the full name is written (possibly with particles). */
type Mention = { person: number; whole: boolean }

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('')
const formatCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`

function makePopulation(rng: Rng, people: number, companies: number) {
  const population: Person[] = []
  for (let i = 0; i < people; i++) {
    const middle = rng.chance(0.5) ? ` ${rng.pick(SURNAMES)}` : ''
    const city = rng.pick(VOCAB_CITIES)
    population.push({
      name: `${rng.pick(FIRST_NAMES)}${middle} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`,
      cpf: digits(rng, 11),
      uf: city.uf,
      city: cityCode(city.name, city.uf),
      oab: rng.chance(0.15) ? String(rng.int(10_000, 499_999)) : null,
    })
  }
  const firms: Company[] = []
  for (let i = 0; i < companies; i++) {
    const root = String((i * 7919 + 10_000_000) % 100_000_000).padStart(8, '0')
    // The corpus's 28 company cores would make every company a homonym of a hundred others: a
    // family name sets them apart ("Construtora Horizonte Almeida Ltda.").
    firms.push({
      name: `${rng.pick(COMPANY_CORES)} ${rng.pick(SURNAMES)} ${i % 7 === 0 ? 'do Brasil ' : ''}${rng.pick(COMPANY_SUFFIXES)}`,
      cnpj: cnpjWithCheckDigits(`${root}0001`),
    })
  }
  return { population, firms }
}

/** A person as a matéria writes them: upper or title case, sometimes "da", an initial, a CPF. */
function render(rng: Rng, p: Person, mentions: Mention[], index: number, withCpf: boolean): string {
  const words = p.name.split(' ')
  let whole = true
  if (words.length >= 3 && rng.chance(0.1)) {
    words[1] = `${(words[1] as string)[0]}.`
    whole = false
  } else if (rng.chance(0.1)) words.splice(words.length - 1, 0, 'da')
  mentions.push({ person: index, whole })
  let name = words.join(' ')
  if (rng.chance(0.55)) name = name.toUpperCase()
  if (!withCpf || rng.chance(0.25)) return name
  return rng.chance(0.5)
    ? `${name}, CPF ${formatCpf(p.cpf)}`
    : `${name} (CPF ***.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-**)`
}

type World = ReturnType<typeof makePopulation> & { lawyers: number[] }

function judicialBlock(rng: Rng, w: World, mentions: Mention[], uf: string, date: string): string {
  const courtName = `TJ${uf}` in COURT_TR ? `TJ${uf}` : 'TJSP'
  const cnj = formatCnj(
    buildCnj(rng.int(1, 9_999_999), rng.int(2015, 2026), 8, COURT_TR[courtName] ?? 26, rng.int(1, 999)),
  )
  const [, className] = rng.pick(CIVIL_CLASSES)
  const [, subject] = rng.pick(SUBJECTS)
  const a = rng.int(0, w.population.length - 1)
  const autor = render(rng, w.population[a] as Person, mentions, a, true)
  let reu: string
  if (rng.chance(0.4)) {
    const c = rng.pick(w.firms)
    reu = `${c.name.toUpperCase()}, CNPJ ${formatCnpj(c.cnpj)}`
  } else {
    const b = rng.int(0, w.population.length - 1)
    reu = render(rng, w.population[b] as Person, mentions, b, true)
  }
  const l = rng.pick(w.lawyers)
  const lawyer = w.population[l] as Person
  mentions.push({ person: l, whole: true })
  const oab = rng.chance(0.5)
    ? `OAB/${uf} ${Number(lawyer.oab).toLocaleString('pt-BR')}`
    : `OAB ${lawyer.oab}/${uf}`
  const kind = rng.pick(['Intimação', 'Despacho', 'Sentença', 'Decisão'])
  const decided =
    kind === 'Sentença'
      ? `${rng.pick(EMENTA_AREAS).holding}. Ante o exposto, JULGO PROCEDENTE o pedido inicial, com resolução do mérito, nos termos do art. 487, I, do Código de Processo Civil. Custas e honorários pelo vencido.`
      : kind === 'Despacho'
        ? 'Manifeste-se a parte contrária no prazo de 15 (quinze) dias úteis. Após, conclusos.'
        : `Fica a parte intimada a recolher as custas de diligência do oficial de justiça no prazo de 5 (cinco) dias. ${rng.pick(OUTCOMES)}`
  return `${kind} - Processo ${cnj} - ${className} - ${subject}. ${rng.int(1, 9)}ª ${rng.pick(CIVIL_BODIES)}. Autor: ${autor}. Réu: ${reu}. Advogado(a): ${lawyer.name} (${oab}). ${decided} Publicado em ${longDate(date)}.`
}

function executiveBlock(rng: Rng, w: World, mentions: Mention[], organ: string, date: string): string {
  const number = rng.int(10, 2999)
  const year = date.slice(0, 4)
  const roll = rng.next()
  if (roll < 0.4) {
    const p = rng.int(0, w.population.length - 1)
    const who = render(rng, w.population[p] as Person, mentions, p, rng.chance(0.6))
    return rng.chance(0.6)
      ? `PORTARIA Nº ${number}, DE ${longDate(date).toUpperCase()}. O Secretário, no uso das atribuições que lhe confere a legislação vigente, resolve: NOMEAR ${who} para exercer o cargo em comissão de Assessor Técnico, a partir da data de publicação desta Portaria.`
      : `PORTARIA Nº ${number}, DE ${longDate(date).toUpperCase()}. O Diretor-Geral, no uso de suas atribuições legais, resolve: CONCEDER aposentadoria voluntária a ${who}, ocupante do cargo de Analista Administrativo, com proventos integrais, nos termos da legislação aplicável.`
  }
  if (roll < 0.65) {
    const s = rng.int(0, w.population.length - 1)
    const signer = render(rng, w.population[s] as Person, mentions, s, false)
    return `DECRETO Nº ${number}, DE ${longDate(date).toUpperCase()}. Regulamenta ${rng.pick(SUMMARY_TOPICS)}. O Chefe do Poder Executivo, no uso das atribuições que lhe confere a Lei Orgânica, DECRETA: Art. 1º ${rng.pick(ARTICLE_OPENINGS)} ${rng.pick(ARTICLE_OBJECTS)}. Art. 2º ${rng.pick(ARTICLE_OPENINGS)} ${rng.pick(ARTICLE_OBJECTS)}. Art. 3º Este Decreto entra em vigor na data de sua publicação. ${signer}, Secretário(a) de Governo.`
  }
  const company = rng.pick(w.firms)
  const value = (rng.int(5_000, 9_000_000) / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })
  return rng.chance(0.5)
    ? `EXTRATO DE CONTRATO Nº ${number}/${year}. Contratante: ${organ}. Contratada: ${company.name}, CNPJ ${formatCnpj(company.cnpj)}. Objeto: prestação de serviços de manutenção predial preventiva e corretiva. Vigência: 12 (doze) meses a contar da assinatura. Valor global: R$ ${value}. Data de assinatura: ${longDate(date)}.`
    : `AVISO DE LICITAÇÃO - PREGÃO ELETRÔNICO Nº ${number}/${year}. Objeto: aquisição de material de consumo para as unidades administrativas. Abertura da sessão pública: ${longDate(date)}, às 10h. O edital está disponível no portal de compras. Empresa participante da fase anterior: ${company.name}, CNPJ ${formatCnpj(company.cnpj)}.`
}

function makeDocuments(rng: Rng, w: World, count: number) {
  const docs: MatchDocument[] = []
  const mentions: Mention[][] = []
  let bytes = 0
  for (let i = 0; i < count; i++) {
    const gazette = rng.pick(GAZETTES)
    const date = `2026-${String(rng.int(1, 10)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
    const uf = gazette.uf ?? rng.pick(['SP', 'RJ', 'MG'])
    const organ =
      gazette.sphere === 'federal'
        ? rng.pick(FEDERAL_ORGANS)
        : gazette.city
          ? `Prefeitura Municipal de ${gazette.city}`
          : `Governo do Estado - ${uf}`
    const target = rng.int(1000, 6000)
    const named: Mention[] = []
    let text = `${gazette.name} - ${longDate(date)}\n`
    while (text.length < target)
      text += `${
        gazette.sphere === 'judiciario'
          ? judicialBlock(rng, w, named, uf, date)
          : executiveBlock(rng, w, named, organ, date)
      }\n`
    bytes += Buffer.byteLength(text)
    docs.push({
      key: `materia:${i + 1}`,
      text,
      uf: gazette.uf,
      cityCode: gazette.city && gazette.uf ? cityCode(gazette.city, gazette.uf) : null,
      contextKey: `diario:${gazette.slug}:${i % 50}`,
    })
    mentions.push(named)
  }
  return { docs, mentions, bytes }
}

/** Rules; `planted` maps a rule to the person it names when it has no filter (the recall check). */
function makeRules(rng: Rng, w: World, count: number, docs: MatchDocument[]) {
  const rules: MonitoringRule[] = []
  /** What each rule is (by id - 1), to tell where the hits come from. */
  const category: string[] = []
  const planted = new Map<number, number>()
  const topics = SUMMARY_TOPICS.map((t) => t.split(' ').slice(-3).join(' '))
  for (let id = 1; id <= count; id++) {
    const roll = rng.next()
    if (roll < 0.35) {
      const index = rng.int(0, w.population.length - 1)
      const p = w.population[index] as Person
      const rule: MonitoringRule = { id, kind: 'nome', term: p.name, mode: 'exato' }
      const filter = rng.next()
      if (filter < 0.2) rule.uf = rng.chance(0.8) ? p.uf : rng.pick(['SP', 'RJ', 'MG', 'PR', 'RS'])
      else if (filter < 0.27) rule.cityCode = p.city
      else if (filter < 0.37) rule.taxId = rng.chance(0.5) ? formatCpf(p.cpf) : p.cpf.slice(3, 9)
      else if (filter < 0.42 && p.oab) rule.oab = `${p.oab}/${p.uf}`
      else if (filter < 0.45) rule.coParty = rng.pick(w.firms).name
      else if (filter < 0.5) rule.exclusions = [`diario:${rng.pick(GAZETTES).slug}:${rng.int(0, 49)}`]
      else planted.set(id, index)
      category.push('pessoas do corpus')
      rules.push(rule)
    } else if (roll < 0.65) {
      // Made-up names from the same lists: many exist in no matéria, some are homonyms.
      const middle = rng.chance(0.4) ? ` ${rng.pick(SURNAMES)}` : ''
      const term = `${rng.pick(FIRST_NAMES)}${middle} ${rng.pick(SURNAMES)}${rng.chance(0.6) ? ` ${rng.pick(SURNAMES)}` : ''}`
      category.push('nomes inventados')
      rules.push({
        id,
        kind: 'nome',
        term,
        mode: 'exato',
        uf: rng.chance(0.2) ? rng.pick(['SP', 'RJ']) : null,
      })
    } else if (roll < 0.7) {
      // A whole name in another order ("Oliveira Costa Maria"), as people type surnames first.
      const [first, ...rest] = rng.pick(w.population).name.split(' ')
      category.push('nomes, todas')
      rules.push({ id, kind: 'nome', term: `${rest.join(' ')} ${first}`, mode: 'todas' })
    } else if (roll < 0.8) {
      category.push('pregões')
      rules.push({
        id,
        kind: 'termo',
        term: `pregão eletrônico ${rng.int(10, 2999)}/2026`,
        mode: 'exato',
      })
    } else if (roll < 0.87) {
      category.push('contratos')
      rules.push({ id, kind: 'termo', term: `contrato nº ${rng.int(10, 2999)}/2026`, mode: 'exato' })
    } else if (roll < 0.92) {
      // A lawsuit number: from a matéria half the time (its process appears), else made up.
      const doc = rng.pick(docs)
      const found = rng.chance(0.5) ? doc.text.match(/\d{7}-\d{2}\.\d{4}\.8\.\d{2}\.\d{4}/)?.[0] : null
      const term = found ?? formatCnj(buildCnj(rng.int(1, 9_999_999), 2024, 8, 26, rng.int(1, 999)))
      category.push('processos')
      rules.push({ id, kind: 'termo', term: `processo ${term}`, mode: 'exato' })
    } else if (roll < 0.97) {
      const firm = rng.pick(w.firms)
      category.push('empresas')
      rules.push({
        id,
        kind: 'nome',
        term: firm.name,
        mode: 'exato',
        taxId: rng.chance(0.5) ? formatCnpj(firm.cnpj) : null,
      })
    } else if (roll < 0.995) {
      // A subject and a person: "aposentadoria Oliveira Maria".
      const [first, ...rest] = rng.pick(w.population).name.split(' ')
      category.push('assunto e pessoa, todas')
      rules.push({
        id,
        kind: 'termo',
        term: `${rng.pick(['aposentadoria', 'nomear', 'contratada', 'intimada'])} ${rest.at(-1)} ${first}`,
        mode: 'todas',
      })
    } else {
      // Broad topics: a few users monitor subjects, which hit many matérias.
      category.push('temas amplos')
      rules.push({ id, kind: 'termo', term: rng.pick(topics), mode: 'exato' })
    }
  }
  return { rules, planted, category }
}

export async function monitoringBench() {
  const ruleCount = option('rules', 100_000)
  const docCount = option('docs', 10_000)
  const seed = option('seed', 16)
  const rng = createRng(seed)
  const memory = { rss: 0, heapUsed: 0 }
  const sample = () => {
    const m = process.memoryUsage()
    memory.rss = Math.max(memory.rss, m.rss)
    memory.heapUsed = Math.max(memory.heapUsed, m.heapUsed)
  }
  const mb = (bytes: number) => round2(bytes / 1024 / 1024)

  console.log(
    `bench: gerando ${docCount.toLocaleString('pt-BR')} matérias e ${ruleCount.toLocaleString('pt-BR')} monitoramentos…`,
  )
  const generated = performance.now()
  const { population, firms } = makePopulation(rng, 40_000, 3_000)
  const world: World = {
    population,
    firms,
    lawyers: population.flatMap((p, i) => (p.oab ? [i] : [])),
  }
  const { docs, mentions, bytes } = makeDocuments(rng, world, docCount)
  const { rules, planted, category } = makeRules(rng, world, ruleCount, docs)
  const generateSeconds = (performance.now() - generated) / 1000
  sample()
  console.log(
    `bench: dados prontos em ${round2(generateSeconds)} s (matérias de ${round2(bytes / docCount / 1024)} KB em média, ${mb(bytes)} MB).`,
  )

  // With NODE_OPTIONS=--expose-gc the heap the compiled rules hold is measured too.
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  const compileStarted = performance.now()
  const matcher = compileMonitorings(rules)
  const compileMs = performance.now() - compileStarted
  sample()
  gc?.()
  const indexMB = gc ? mb(process.memoryUsage().heapUsed - heapBefore) : null

  const plantedByPerson = new Map<number, number[]>()
  for (const [ruleId, person] of planted)
    plantedByPerson.set(person, [...(plantedByPerson.get(person) ?? []), ruleId])
  let hits = 0
  let docsWithHits = 0
  let expectedPlanted = 0
  let foundPlanted = 0
  const reasonCounts: Record<string, number> = {}
  const byCategory: Record<string, { rules: number; hits: number }> = {}
  for (const c of category) {
    byCategory[c] ??= { rules: 0, hits: 0 }
    byCategory[c].rules++
  }
  const matchStarted = performance.now()
  for (let i = 0; i < docs.length; i++) {
    const found = matcher.match(docs[i] as MatchDocument)
    hits += found.length
    if (found.length) docsWithHits++
    const ids = new Set<number>()
    for (const h of found) {
      ids.add(h.monitoringId)
      const c = byCategory[category[h.monitoringId - 1] as string]
      if (c) c.hits++
      for (const code of h.reasonCodes) reasonCounts[code] = (reasonCounts[code] ?? 0) + 1
    }
    const seen = new Set<number>()
    for (const m of mentions[i] ?? []) {
      if (!m.whole || seen.has(m.person)) continue
      seen.add(m.person)
      for (const ruleId of plantedByPerson.get(m.person) ?? []) {
        expectedPlanted++
        if (ids.has(ruleId)) foundPlanted++
      }
    }
    if (i % 250 === 0) sample()
  }
  const matchMs = performance.now() - matchStarted
  sample()
  const end = process.memoryUsage()

  const scores = homonymScores()
  const score = scores.development
  const result = {
    rules: ruleCount,
    compiledRules: matcher.size,
    documents: docCount,
    averageDocumentKB: round2(bytes / docCount / 1024),
    seed,
    compileMs: round2(compileMs),
    matchMs: round2(matchMs),
    totalSeconds: round2((compileMs + matchMs) / 1000),
    documentsPerSecond: Math.round(docCount / (matchMs / 1000)),
    hits,
    documentsWithHits: docsWithHits,
    reasonCounts,
    byCategory,
    planted: { expected: expectedPlanted, found: foundPlanted },
    memory: {
      compiledRulesMB: indexMB,
      peakRssMB: mb(memory.rss),
      peakHeapUsedMB: mb(memory.heapUsed),
      endRssMB: mb(end.rss),
      endHeapUsedMB: mb(end.heapUsed),
    },
    homonyms: {
      cases: score.cases,
      tp: score.tp,
      fp: score.fp,
      fn: score.fn,
      tn: score.tn,
      precision: round2(score.precision),
      recall: round2(score.recall),
      wrong: score.wrong,
      heldOut: {
        cases: scores.heldOut.cases,
        tp: scores.heldOut.tp,
        fp: scores.heldOut.fp,
        fn: scores.heldOut.fn,
        tn: scores.heldOut.tn,
        precision: round2(scores.heldOut.precision),
        recall: round2(scores.heldOut.recall),
        wrong: scores.heldOut.wrong,
      },
    },
  }
  console.log(
    `\nmonitoramento: ${ruleCount.toLocaleString('pt-BR')} regras × ${docCount.toLocaleString('pt-BR')} matérias`,
  )
  console.table({
    'compilação (ms)': result.compileMs,
    'casamento (ms)': result.matchMs,
    'total (s)': result.totalSeconds,
    'matérias/s': result.documentsPerSecond,
    ocorrências: hits,
    'matérias com ocorrência': docsWithHits,
    'nomes plantados achados': `${foundPlanted}/${expectedPlanted}`,
    'pico de RSS (MB)': result.memory.peakRssMB,
    'pico de heapUsed (MB)': result.memory.peakHeapUsedMB,
    'regras compiladas (MB de heap)': indexMB ?? 'NODE_OPTIONS=--expose-gc',
  })
  console.log('motivos:', reasonCounts)
  console.log('ocorrências por tipo de monitoramento:')
  console.table(byCategory)
  printHomonymScores(scores)
  console.log(`meta: total ≤ 30 s (${result.totalSeconds} s), memória < 1 GB (${result.memory.peakRssMB} MB)`)
  mkdirSync('bench-results', { recursive: true })
  const out = join('bench-results', `monitoramento-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(out, JSON.stringify(result, null, 2))
  console.log(`bench: resultados em ${out}`)
}
