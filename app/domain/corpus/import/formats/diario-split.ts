/**
 * Splits the plain text Apache Tika extracts from a municipal gazette PDF (Querido Diário) into
 * matérias. The rules were designed on the real Pratânia/SP edition in shared/data/diarios:
 *
 * 1. Page blocks are layout: a date line ("Segunda-feira, 26 de Outubro de 2020 - Edição n° 136")
 *    through the next "Edição 136 - Página N" line, running heads in between (section and act
 *    titles repeated on every page). Each block is a page marker.
 * 2. Other layout lines: dotted leaders (the cover's table of contents), section labels that are
 *    made of that table's entries ("Poder ExecutivoDecretos"), the letterhead line with phone and
 *    CEP, signature time stamps, lines of bare punctuation, and the colophon page (the one with
 *    "Jornalista Responsável" and no act heading).
 * 3. A matéria starts at a heading line: a numbered act in capitals followed by "Nº" and a number
 *    ("DECRETO Nº 56 …", "PORTARIA DP Nº. 074 …", "LEI COMPLEMENTAR Nº …"), or a notice word
 *    ("EXTRATO", "AVISO", "EDITAL", "TERMO" …) on a line with no lower-case letters. Mixed-case
 *    lines such as "Lei Municipal Nº 725 de 10 Abril de 2019" (the colophon) are not headings.
 *    A heading that ends in a dangling "DE"/"DA"/"DO"/"E" continues on the next short line.
 * 4. A matéria runs until the next heading; layout lines inside it are dropped.
 * 5. Pages: Tika puts the page block after a page's text on some pages and before it on others
 *    (here: after it on pages 1–5, before it on 6–7). A marker closes the text before it until two
 *    markers meet with no text in between; from there on each marker opens its own page.
 */

export type SplitMateria = { kind: string; title: string; body: string; page: number | null }

const DATE_LINE =
  /^(?:(?:segunda|terça|terca|quarta|quinta|sexta)-feira|s[áa]bado|domingo),?\s.*\d{4}\s*[-–]\s*edi[çc][ãa]o\b/i
const PAGE_LINE = /^edi[çc][ãa]o\s+n?[º°.]?\s*\d+\s*[-–]\s*p[áa]gina\s*(\d*)$/i
const LEADER = /\.{5,}|…{3,}/
const LETTERHEAD = /\b(fone|tel|telefone)\b.*\bCEP\b|\bCEP\b.*\b(fone|tel|telefone)\b/i
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:?\d{2}|Z)?$/
const PUNCTUATION_ONLY = /^[\s.,;:_•·–-]*$/
const COLOPHON = /^jornalista respons[áa]vel\b/i

// Longer names first, so "LEI COMPLEMENTAR" wins over "LEI".
const NUMBERED =
  /^(DECRETO LEGISLATIVO|DECRETO|PORTARIA|LEI COMPLEMENTAR|LEI|RESOLUÇÃO|INSTRUÇÃO NORMATIVA|DELIBERAÇÃO|ATO)(?:\s+[A-ZÀ-Ú/.-]{1,15}){0,2}\s+N[.\s]*[º°oO]?[.\s]*\d/
const NOTICE =
  /^(EXTRATO|AVISO|EDITAL|TERMO|ERRATA|RETIFICAÇÃO|RATIFICAÇÃO|HOMOLOGAÇÃO|ADJUDICAÇÃO|COMUNICADO|CONVOCAÇÃO|RESULTADO|DESPACHO)(?=\s|:|$)/
const DANGLING = /\s(DE|DA|DO|DOS|DAS|E)$/i

/** "PORTARIA" → "Portaria", "LEI COMPLEMENTAR" → "Lei Complementar". */
function kindName(keyword: string): string {
  return keyword.toLocaleLowerCase('pt-BR').replace(/(^|\s)\p{L}/gu, (c) => c.toLocaleUpperCase('pt-BR'))
}

/** The act type when `line` is a heading, else null. */
function headingKind(line: string): string | null {
  if (line.length > 200) return null
  const numbered = NUMBERED.exec(line)
  if (numbered?.[1]) return kindName(numbered[1])
  const notice = NOTICE.exec(line)
  if (notice?.[1] && !/\p{Ll}/u.test(line)) return kindName(notice[1])
  return null
}

const letters = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\p{L}]/gu, '')
    .toLowerCase()

/** Whether `line` is made only of table-of-contents entries ("Poder ExecutivoDecretos"). */
function isSectionLabel(line: string, entries: string[]): boolean {
  let rest = letters(line)
  if (!rest) return false
  for (let guard = 0; rest && guard < 10; guard++) {
    const entry = entries.find((e) => rest.startsWith(e))
    if (!entry) return false
    rest = rest.slice(entry.length)
  }
  return rest === ''
}

type Line = { text: string; layout: boolean; page: number | null }
type Marker = { start: number; end: number; page: number | null }

function pageNumber(text: string): number | null {
  const digits = PAGE_LINE.exec(text)?.[1]
  return digits ? Number(digits) : null
}

/** Marks page blocks as layout and returns them as page markers (rule 1). */
function markPageBlocks(lines: Line[]): Marker[] {
  const markers: Marker[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line
    if (PAGE_LINE.test(line.text)) {
      markers.push({ start: i, end: i, page: pageNumber(line.text) })
      line.layout = true
    } else if (DATE_LINE.test(line.text)) {
      line.layout = true
      const end = lines.findIndex((l, j) => j > i && j <= i + 12 && PAGE_LINE.test(l.text))
      if (end < 0) continue
      for (let j = i; j <= end; j++) (lines[j] as Line).layout = true
      markers.push({ start: i, end, page: pageNumber((lines[end] as Line).text) })
      i = end
    }
  }
  return markers
}

/** Marks the other layout lines, except the colophon (rule 2). */
function markLayout(lines: Line[]): void {
  const entries = lines
    .filter((l) => LEADER.test(l.text))
    .map((l) => letters(l.text.replace(LEADER, '').replace(/\d+/g, '')))
    .filter((e) => e.length > 2)
    .sort((a, b) => b.length - a.length)
  for (const line of lines) {
    const text = line.text
    if (line.layout || headingKind(text)) continue
    if (
      PUNCTUATION_ONLY.test(text) ||
      LEADER.test(text) ||
      LETTERHEAD.test(text) ||
      TIMESTAMP.test(text) ||
      isSectionLabel(text, entries)
    )
      line.layout = true
  }
}

/** Gives every line its page (rule 5). */
function assignPages(lines: Line[], markers: Marker[]): void {
  const hasText = (from: number, to: number) => lines.slice(from, to).some((l) => !l.layout)
  const setPage = (from: number, to: number, page: number | null) => {
    for (let j = from; j < to; j++) (lines[j] as Line).page = page
  }
  let opening = false
  let from = 0
  for (const [index, marker] of markers.entries()) {
    if (index > 0 && !hasText(from, marker.start)) opening = true
    if (opening) setPage(marker.end + 1, markers[index + 1]?.start ?? lines.length, marker.page)
    else setPage(from, marker.start, marker.page)
    from = marker.end + 1
  }
  // Text after the last footer-style marker is on the next page.
  const last = markers.at(-1)
  if (last && !opening && last.page !== null) setPage(last.end + 1, lines.length, last.page + 1)
}

/** The colophon: its own page when pages are known, else from its first line to the end. */
function markColophon(lines: Line[]): void {
  const start = lines.findIndex((l) => !l.layout && COLOPHON.test(l.text))
  if (start < 0) return
  const page = (lines[start] as Line).page
  const scope = page === null ? lines.slice(start) : lines.filter((l) => l.page === page && !l.layout)
  if (page !== null && scope.some((l) => headingKind(l.text))) return
  for (const line of scope) line.layout = true
}

/**
 * Matérias of a Tika text, plus the text before the first heading (layout removed), which the
 * caller keeps only when no heading was found at all.
 */
export function splitGazetteText(text: string): { materias: SplitMateria[]; preamble: string } {
  const texts = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim())
  const lines: Line[] = texts.map((t) => ({ text: t, layout: false, page: null }))
  const markers = markPageBlocks(lines)
  markLayout(lines)
  assignPages(lines, markers)
  markColophon(lines)
  const content = lines.filter((l) => !l.layout)
  const materias: SplitMateria[] = []
  const preamble: string[] = []
  let current: { kind: string; title: string[]; body: string[]; page: number | null } | null = null
  const flush = () => {
    if (!current) return
    materias.push({
      kind: current.kind,
      title: current.title.join(' ').replace(/[\s.,;:]+$/, ''),
      body: current.body.join('\n'),
      page: current.page,
    })
  }
  for (let i = 0; i < content.length; i++) {
    const line = content[i] as Line
    const kind = headingKind(line.text)
    if (kind) {
      flush()
      current = { kind, title: [line.text], body: [line.text], page: line.page }
      // Rule 3: "DECRETO Nº 56 DE 26 DE OUTUBRO DE" / "2020".
      const next = content[i + 1]
      if (DANGLING.test(line.text) && next && next.text.length <= 40 && !headingKind(next.text)) {
        current.title.push(next.text)
        current.body.push(next.text)
        i++
      }
    } else if (current) current.body.push(line.text)
    else preamble.push(line.text)
  }
  flush()
  return { materias, preamble: preamble.join('\n') }
}
