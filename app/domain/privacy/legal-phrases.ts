import { TPU_WORDS } from './legal-words-data'

/**
 * Legal phrases the name reader must not take for people (decisions/0090). Case law and gazette
 * class lines are written in capitals ("HABEAS CORPUS. ESTUPRO DE VULNERÁVEL (ART. 217-A, DO
 * CÓDIGO PENAL).", "DIVÓRCIO LITIGIOSO", "PROCEDIMENTO COMUM CÍVEL"), and a run of capitalised
 * words reads like a name: a sensitive case's decision came out as "H. C. E. V. … P. D. N. P.".
 * A run is a legal phrase when its first word and more than half of its words (all of them in a
 * two-word run) are legal words: a word of a TPU class or subject name (legal-words-data.ts,
 * generated), a word of the curated vocabulary below (crimes, procedure, the prose of an ementa,
 * abbreviations), a Roman numeral, or a word with the endings of abstract nouns, adverbs and
 * participles ("-ção", "-mento", "-dade", "-mente", "-ado"). Given names that are such words too
 * ("MARIA DA PENHA", "ANA CLARA", "Conceição") are never legal words, so "MARIA DA PENHA SOUZA"
 * stays a name.
 */

/**
 * Given names (and the words of "Maria da Penha", "Santo Antônio") that are also words of the TPU
 * tables or have a legal word's ending. A surname that is a legal word too ("Pena", "Pessoa",
 * "Nascimento") is not listed: a name opens with a given name, and a run whose first word is not
 * a legal word is never a legal phrase.
 */
const NAME_WORDS = new Set(
  `
  ana clara rita alvaro maria penha antonio antonia jesus cristo santo santa santos mariana marcia
  marco marcos domingos bento salvador divino messias socorro graca gloria vitoria victoria vitorio luz paz
  cruz dores rosario anjos aparecida fatima conceicao assuncao anunciacao encarnacao
  purificacao visitacao apresentacao ascensao ascencao natividade piedade caridade trindade
  soledade felicidade constancia clemencia florencia providencia prudencia inocencia valencia
  hortencia laurencia clemente honorio gregorio liborio justo justino constante prudente severo
  amado conrado candido candida placido guido brigida armida elida nelida adelaida zaida
  margarida esperanca aurora estrela celeste fortunato
  `
    .split(/\s+/)
    .filter(Boolean),
)

/**
 * Words of case law and class lines that the TPU names lack: crimes and procedure, the verbs and
 * connectives of an ementa's all-caps prose, court and statute abbreviations.
 */
const VOCABULARY = `
  habeas corpus writ ordem ordens paciente impetrado coator coatora autoridade denegada denegado
  concedida concedido conhecida conhecido conhecidos conhecidas provido provida providos parcialmente
  improvido improvida desprovido desprovida rejeitado rejeitados rejeitada acolhido acolhidos acolhida
  prejudicado prejudicada unanime unanimidade maioria votos voto relator decisum quo
  apelo apelos agravo agravos embargos recurso recursos pleito pleitos pedido pedidos pretensao
  alegacao alegacoes tese teses preliminar preliminares merito questao materia
  estupro vulneravel vulneraveis roubo furto homicidio latrocinio trafico drogas entorpecentes
  receptacao estelionato ameaca lesao lesoes corporal corporais injuria calunia difamacao
  qualificado qualificada majorado majorada tentado tentada consumado consumada crime crimes
  delito delitos pena penas prisao preventiva cautelar cautelares segregacao flagrante reu reus
  regime fechado semiaberto aberto dosimetria condenacao condenatoria absolvicao autoria
  materialidade prova provas dolo culpa arma fogo porte posse
  codigo penal civil processual processo constitucional constituicao federal lei leis artigo
  artigos inciso paragrafo alinea sumula enunciado precedente precedentes jurisprudencia
  jurisprudencial jurisprudenciais doutrina entendimento tribunal tribunais superior superiores
  instancia origem juizo sentenca acordao decisao decisoes despacho tutela liminar
  antecipada provisoria urgencia evidencia
  apelacao apelacoes civel civeis criminal criminais agravante agravado apelante apelado
  direito direitos acao acoes execucao cumprimento procedimento comum ordinario sumario
  divorcio litigioso consensual alimentos guarda visitas paternidade investigacao familia
  inventario arrolamento partilha uniao estavel curatela interdicao adocao tutela
  dano danos moral morais material materiais indenizacao responsabilidade contrato
  contratos consumidor bancario juros revisional busca apreensao bem bens imovel imoveis
  penhora fiscal tributario administrativo servidor servidores publico publica
  pagamento despesas custas honorarios beneficio beneficios gratuidade justica hipossuficiencia
  nulidade nulidades cerceamento defesa ilegal ilegalidade constrangimento excesso prazo
  requisitos preenchidos ausencia ausentes demonstrado demonstrada manutencao reforma
  reformada mantida mantido sentenca parcial integral procedente improcedente procedencia
  julgou julgado julgada julgamento intimado intimada pessoalmente defensor dativo ciencia
  desnecessidade necessidade possibilidade impossibilidade inexistencia existencia
  regular irregular processamento conferir realizada realizado previsto prevista seguintes
  afastada afastado inteligencia intervencao homologacao acordo extrajudicial interesse
  conjuge quando quanto seja que nao sim foi sao sobre pelo pela pelos pelas entre para por
  com sem contra ate apos ante sob mesmo mesma tal qual onde como ainda tambem nem ou mas
  seu sua seus suas este esta estes estas esse essa isso aquele uma um dos das aos as os
  stj stf tst tse trf tjal tj cpc cpp cp clt eca ctb cf cdc crfb lep art arts cc inc
  um uma dois duas tres quatro cinco seis sete oito nove dez onze doze treze quinze vinte trinta
  quarenta cinquenta sessenta setenta oitenta noventa cem cento duzentos trezentos quatrocentos
  quinhentos seiscentos setecentos oitocentos novecentos mil milhao reais real salario salarios
  fumus boni iuris periculum mora error in judicando procedendo modus operandi reformatio pejus
  pacta sunt servanda casu iter criminis ad quem quo bis idem non
  feito feitos novo nova novos novas apenas diaria momento incidir intuito mera mero desde
  suspender tramite concreto concreta demanda demandas falha enquanto teoria ter honoraria
  somente virtude pode podem seria ampla amplo acerca prescricional criterio criterios cerca
  cada estar integrais integral preve autorais autoral endereco mudanca constar decurso sendo
  padrao lhe clara tratar consequente revela porquanto devida devido devidos diante
  demandante demandantes conteudo presente posteriores posterior poderia edito agir era sede
  ora nesse neste nesta desta deste possui si final haja vista oportuno teor condao quantia
  cessantes estatal temporal sanar total infringente havia abusiva aplicar judiciais judicial
  teria rol analisar defensiva aponta apontam discutir modo atual idonea idoneo quem manter
  devem deve sucumbencial aquela aquele maneira fosse patamares patamar indenizar contrarrazoes
  conselheiro conselheiros recair texto resta restam tem foram ser sera serao ha ja
  sessao sessoes pauta virtual ordinaria extraordinaria porventura
  `
  .split(/\s+/)
  .filter(Boolean)

const LEGAL_WORDS = new Set([...TPU_WORDS.split(' '), ...VOCABULARY].filter((w) => !NAME_WORDS.has(w)))

/**
 * Endings of abstract nouns, adjectives, adverbs and verb forms ("julgou", "realizada") that no
 * given name has, save NAME_WORDS ("Conceição", "Aparecida").
 */
const LEGAL_ENDING =
  /(?:[a-z]{3}(?:cao|coes|mento|mentos|dade|dades|encia|encias|ancia|ancias|mente|avel|aveis|ivel|iveis|ismo|torio|toria|torios|torias|tivo|tiva|tivos|tivas)|[a-z]{3}(?:ou|iu|ado|ada|ados|adas|ido|ida|idos|idas))$/

/** Roman numerals that number an ementa's items ("III Ordem de Habeas Corpus Denegada"). */
const ROMAN = /^(?=[ivxl]+$)x{0,3}(?:ix|iv|v?i{0,3})$/

/** The forms a legal word may take: plural, and feminine or masculine ("conselheiros tutelares"). */
function forms(word: string): string[] {
  const singular = word.endsWith('es')
    ? [word.slice(0, -2), word.slice(0, -1)]
    : word.endsWith('s')
      ? [word.slice(0, -1)]
      : []
  const out = [word, ...singular]
  for (const w of [...out]) {
    if (w.endsWith('a')) out.push(`${w.slice(0, -1)}o`)
    else if (w.endsWith('o')) out.push(`${w.slice(0, -1)}a`)
  }
  return out
}

/** Whether a folded word (lower case, no accents) is a legal word and not a person's name. */
export function isLegalWord(folded: string): boolean {
  if (ROMAN.test(folded)) return true
  const all = forms(folded)
  if (NAME_WORDS.has(folded) || (all[1] && NAME_WORDS.has(all[1]))) return false
  return all.some((w) => LEGAL_WORDS.has(w)) || LEGAL_ENDING.test(folded)
}

const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e'])

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * Whether a run of capitalised words is a legal phrase, not a name: its first word (where a name
 * has its given name) is a legal word, and so are more than half of its words (particles aside),
 * all of them when it has two.
 */
export function isLegalPhrase(run: string): boolean {
  const words = (fold(run).match(/\p{L}+/gu) ?? []).filter((w) => !PARTICLES.has(w))
  const first = words[0]
  if (!first || !isLegalWord(first)) return false
  const legal = words.filter(isLegalWord).length
  return words.length <= 2 ? legal === words.length : legal * 2 > words.length
}

/**
 * The part of a run that may be a name once a legal phrase glued to it is cut off: a class line
 * after a name on the next line ("JEFERSON PAIVA DUARTE\nHABEAS CORPUS CRIMINAL") or before it.
 * Only a phrase of two words or more is cut, and two words at least are left: a surname that is
 * a legal word too ("… PENA") stays with its name. Answers offsets in the run's text.
 */
export function nameSpan(run: string): { from: number; to: number } {
  const words = [...run.matchAll(/[\p{L}\p{M}'’]+/gu)].map((m) => ({
    from: m.index ?? 0,
    to: (m.index ?? 0) + m[0].length,
    particle: PARTICLES.has(fold(m[0])),
  }))
  const significant = (from: number, to: number) => words.slice(from, to).filter((w) => !w.particle).length
  const phrase = (from: number, to: number) => {
    const first = words[from]
    const last = words[to - 1]
    return !!first && !!last && significant(from, to) >= 2 && isLegalPhrase(run.slice(first.from, last.to))
  }
  // The longest phrase at each end that leaves a two-word name.
  let end = words.length
  for (let i = 1; i < words.length; i++)
    if (significant(0, i) >= 2 && !words[i]?.particle && phrase(i, words.length)) {
      end = i
      break
    }
  let start = 0
  for (let i = end - 1; i > 0; i--)
    if (significant(i, end) >= 2 && !words[i]?.particle && phrase(0, i)) {
      start = i
      break
    }
  while (end > start && words[end - 1]?.particle) end--
  return { from: words[start]?.from ?? 0, to: words[end - 1]?.to ?? run.length }
}
