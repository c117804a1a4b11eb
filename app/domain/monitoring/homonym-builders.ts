import type { MatchDocument, MonitoringRule } from './matcher'

// Shared by the labelled homonym set's files (decisions/0031).

export type HomonymCase = {
  name: string
  rule: Omit<MonitoringRule, 'id'>
  doc: Omit<MatchDocument, 'key' | 'contextKey'> & { contextKey?: string }
  expected: boolean
  why: string
}

export const CAMPINAS = 3509502
export const SANTOS = 3548500

export const nome = (term: string, extra: Partial<MonitoringRule> = {}): Omit<MonitoringRule, 'id'> => ({
  kind: 'nome',
  term,
  mode: 'exato',
  ...extra,
})
export const termo = (term: string, mode: MonitoringRule['mode'] = 'exato'): Omit<MonitoringRule, 'id'> => ({
  kind: 'termo',
  term,
  mode,
})
export const intimacao = (parties: string) =>
  `Intimação - Processo 1001234-56.2024.8.26.0100. ${parties}\nFica a parte intimada a recolher as custas de diligência do oficial de justiça no prazo de 5 (cinco) dias.`

let nextId = 20_000_000
/**
 * An INLABS file (BOM, attributes, HTML in CDATA) from an act's type, organ, title and paragraphs
 * (one starting with '<' is HTML as is: the signature's `<p class="assina">`).
 */
export function douXml(artType: string, category: string, title: string, paragraphs: string[]): string {
  const id = nextId++
  const html = [
    `<p class="identifica">${title}</p>`,
    ...paragraphs.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)),
  ].join('')
  return `\uFEFF<xml><article id="${id}" name="${artType} ${id}" idOficio="1" pubName="DO3" artType="${artType}" pubDate="12/05/2023" artClass="" artCategory="${category}" artSize="12" artNotes="" numberPage="80" pdfPage="" editionNumber="90" highlightType="" highlightPriority="" highlight="" highlightimage="" highlightimagename="" idMateria="${id}">
  <body>
    <Identifica><![CDATA[${title}]]></Identifica>
    <Data><![CDATA[]]></Data>
    <Ementa />
    <Titulo />
    <SubTitulo />
    <Texto><![CDATA[${html}]]></Texto>
  </body>
  <Midias />
</article></xml>`
}

/** The form's filters: a city sets its UF too (createNameMonitoring). */
export const person = (term: string, city?: [number, string, string], uf?: string) =>
  nome(term, city ? { cityCode: city[0], cityName: city[1], uf: city[2] } : uf ? { uf } : {})
