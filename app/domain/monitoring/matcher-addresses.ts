/**
 * Names that are a street's, a school's or a building's, not a person's (decisions/0055): "Rua José
 * da Silva, 123", "Avenida Presidente Juscelino Kubitschek", "Escola Estadual Professora Maria
 * Souza", "Edifício Carlos Gomes". A name preceded, in the same run, by a word that names a place
 * or an institution (across honorifics, particles and the adjectives of schools and hospitals)
 * is that place's name.
 */
import { joined } from './matcher-names'
import { PARTICLES, type Tokens } from './normalize'

/** Words that give a place or an institution a person's name, folded ("R.", "Av." abbreviated). */
const NAMED_PLACE_WORDS = new Set(
  `rua r avenida av avda praca pca travessa tv trav alameda al rodovia rod estrada estr largo viaduto ponte
  viela beco ladeira passagem servidao marginal logradouro quadra
  escola colegio creche emef emei emeief ee eeef eem cei ceu ciep liceu ginasio faculdade universidade campus
  edificio ed predio condominio cond residencial conjunto loteamento jardim vila parque bairro
  hospital maternidade policlinica ubs ups upa posto clinica ambulatorio
  centro ginasio estadio biblioteca auditorio sala salao teatro museu memorial cemiterio mercado terminal
  aeroporto forum fundacao instituto premio medalha comenda trofeu`.split(/\s+/),
)

/** What may stand between such a word and the name: honorifics and the adjectives of schools. */
const BETWEEN = new Set(
  `presidente governador governadora prefeito prefeita vereador vereadora deputado deputada senador senadora
  ministro ministra desembargador desembargadora juiz juiza dr dra doutor doutora professor professora prof
  profa padre pe frei dom dona d monsenhor mons conego pastor irma madre coronel cel general gen marechal
  almirante brigadeiro capitao cap major tenente ten sargento sgt comendador engenheiro eng maestro barao
  baronesa visconde conde duque princesa imperador santo santa sao nossa senhora poeta escritor
  jornalista maestro mestre cabo soldado sd delegado
  estadual municipal federal distrital publica particular ensino fundamental medio infantil basico basica
  integral tecnico tecnica tecnologica profissional educacao saude unidade comunitario comunitaria
  regional geral universitario universitaria`.split(/\s+/),
)

/** The gap between two words of one run, an abbreviation's period allowed ("Av. Dr. José"). */
function runGap(text: string, from: number, to: number): boolean {
  if (text.charCodeAt(from) === 46) from++
  return joined(text, from, to)
}

/** Whether the name at tokens [first, …] is the name of a street, school, building… */
export function namesAPlace(text: string, tokens: Tokens, first: number): boolean {
  let next = first
  for (let i = first - 1, steps = 0; i >= 0 && steps < 6; i--, steps++) {
    if (!runGap(text, tokens.end[i] as number, tokens.start[next] as number)) return false
    const word = tokens.norm[i] as string
    // "residente na rua José Silva" is an address too, whatever the case.
    if (NAMED_PLACE_WORDS.has(word)) return true
    if (!BETWEEN.has(word) && !PARTICLES.has(word)) return false
    next = i
  }
  return false
}
