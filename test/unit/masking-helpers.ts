import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { type LawsuitRecord, upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import type { Target } from '~/domain/corpus/store/target.server'
import { deps } from './helpers'

// A sensitive case (decisions/0064) and a matéria naming a minor (decisions/0065), with names no
// other test uses, for the masking tests of every surface.

/** A TJSP "Procedimento Comum Cível" of one subject and the given parties, no movement yet. */
function civilCase(
  cnj: string,
  subject: { code: number; name: string },
  parties: [LawsuitRecord['parties'][number]['pole'], string][],
): LawsuitRecord {
  return {
    cnj,
    court: 'TJSP',
    classCode: 7,
    className: 'Procedimento Comum Cível',
    secrecyLevel: 0,
    source: 'teste',
    subjects: [subject],
    parties: parties.map(([pole, name]) => ({ pole, name, lawyers: [] })),
    movements: [],
  }
}

let serial = 0
/** A made-up word of letters only (FTS tokens, names), unique per call. */
export function uniqueWord(): string {
  serial += 1
  const n = Date.now() * 100 + serial + Math.floor(Math.random() * 50)
  const letters = n
    .toString(26)
    .split('')
    .map((d) => String.fromCharCode(97 + Number.parseInt(d, 26)))
    .join('')
  return `${letters.slice(-7, -6).toUpperCase()}${letters.slice(-6)}`
}

export type SensitiveCase = {
  cnj: string
  mother: string
  father: string
  word: string
  articleExternalId: string
}

/**
 * A family case (subject 5802 GUARDA, under 5626 FAMÍLIA) filed between two private people, the
 * public prosecutor as a third party, and a DJEN matéria citing it that names both parents.
 */
export async function importSensitiveCase(
  overrides: Partial<LawsuitRecord> = {},
  target: Target = deps().db,
): Promise<SensitiveCase> {
  const word = uniqueWord()
  const mother = `Quitéria ${word} da Silva Souza`
  const father = `Olegário ${word} Bastos Nunes`
  serial += 1
  const cnj = buildCnj(700_000 + ((Date.now() + serial) % 299_999), 2025, 8, 26, 100 + (serial % 800))
  const record: LawsuitRecord = {
    ...civilCase(cnj, { code: 5802, name: 'Guarda' }, [
      ['ativo', mother.toUpperCase()],
      ['passivo', father.toUpperCase()],
      ['outros', 'MINISTÉRIO PÚBLICO DO ESTADO DE SÃO PAULO'],
    ]),
    ...overrides,
  }
  const articleExternalId = `sensivel-${word}`
  await upsertGazetteArticles(target, [citing(record, articleExternalId, word, mother, father)])
  await upsertLawsuits(target, [record])
  return { cnj, mother, father, word, articleExternalId }
}

/** A DJEN intimação about the case that prints the parents' names. */
function citing(
  record: LawsuitRecord,
  externalId: string,
  word: string,
  mother: string,
  father: string,
): GazetteArticleRecord {
  return {
    gazette: { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' },
    edition: { date: '2026-11-20', number: '', extra: false },
    section: 'TJSP',
    externalId,
    kind: 'Intimação',
    organ: '2ª Vara de Família e Sucessões',
    title: `Intimação – processo ${formatCnj(record.cnj)}`,
    body: `Processo ${formatCnj(record.cnj)}. Requerente: ${mother.toUpperCase()}. Requerido: ${father.toUpperCase()}. Fica a parte intimada da audiência de conciliação ${word.toLowerCase()}vara.`,
    page: null,
    lawsuitCnj: record.cnj,
    mentions: { people: [mother.toUpperCase(), father.toUpperCase()], companies: [] },
  }
}

/** A DOU-style matéria naming a child in a protective measure, its case not in the corpus. */
export async function importMinorMateria(
  target: Target = deps().db,
): Promise<{ child: string; word: string; externalId: string }> {
  const word = uniqueWord()
  const child = `Benedita ${word} Carvalho Prates`
  const externalId = `menor-${word}`
  serial += 1
  const cnj = buildCnj(600_000 + ((Date.now() + serial) % 99_999), 2025, 8, 26, 100)
  await upsertGazetteArticles(target, [
    {
      // The one 'dje-tjsp' of every test file sharing this runtime (monitoring.test.ts and the
      // claims read its name and UF): whichever file imports first writes the gazette's row.
      gazette: {
        slug: 'dje-tjsp',
        name: 'Diário da Justiça Eletrônico do TJSP',
        sphere: 'judiciario',
        uf: 'SP',
      },
      edition: { date: '2026-11-20', number: '1', extra: false },
      section: 'Judicial - 1ª Instância',
      externalId,
      kind: 'Edital',
      organ: 'Vara da Infância e Juventude',
      title: 'EDITAL DE CITAÇÃO',
      body: `Processo nº ${formatCnj(cnj)} - Medida de Proteção. A Dra. Ana Paula Moreira, Juíza de Direito, FAZ SABER que foi aplicada medida de acolhimento institucional em favor da criança ${child.toUpperCase()}, nascida em 2019, ficando cientes os interessados ${word.toLowerCase()}edital.`,
      page: 3,
      lawsuitCnj: cnj,
    },
  ])
  return { child, word, externalId }
}

/**
 * An ordinary (not sensitive) civil case between two private people with person pages and a
 * bank; their names carry the particles the one rule of initials drops (decisions/0097):
 * "D'ÁVILA" (elided "de") and "di".
 */
export async function importPlainCaseWithParticles(): Promise<{
  cnj: string
  plaintiff: string
  defendant: string
}> {
  const word = uniqueWord()
  const plaintiff = `João ${word} D'Ávila`
  const defendant = `Ana ${uniqueWord()} di Lorenzo`
  serial += 1
  const cnj = buildCnj(520_000 + ((Date.now() + serial * 17) % 89_999), 2025, 8, 26, 200 + (serial % 600))
  await upsertLawsuits(deps().db, [
    civilCase(cnj, { code: 10433, name: 'Indenização por Dano Moral' }, [
      ['ativo', plaintiff.toUpperCase()],
      ['passivo', defendant.toUpperCase()],
      ['passivo', 'BANCO DO BRASIL S.A.'],
    ]),
  ])
  return { cnj, plaintiff, defendant }
}
