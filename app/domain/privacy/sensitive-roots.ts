/**
 * The TPU subtrees whose cases are sensitive by law (decisions/0064). Each root stands for itself
 * and every code below it in the CNJ hierarchy (`codnivel1..5` of the TPU tables); the family
 * classes of the civil procedure tree are leaves of generic branches, so they are listed one by
 * one. `npm run gen:sensitive` expands them from ../shared/data/tpu/ into migration rows.
 */
export type SensitiveKind = 'classe' | 'assunto'
export type SensitiveRoot = { kind: SensitiveKind; code: number; basis: string }

const FAMILY = 'CPC art. 189, II (casamento, divórcio, união estável, filiação, alimentos, guarda)'
const ECA = 'ECA arts. 143 e 247 (criança e adolescente não identificados)'
const PENHA = 'Lei 11.340/2006 (violência doméstica e familiar contra a mulher)'
const SEXUAL = 'CP art. 234-B (crimes contra a dignidade sexual correm em segredo de justiça)'
const HEALTH = 'LGPD art. 11 (dado pessoal sensível referente à saúde)'
const CHILD_VIOLENCE = 'Lei 14.344/2022 e ECA art. 143 (violência contra criança e adolescente)'

const family = (...codes: number[]) => codes.map((code) => ({ kind: 'classe' as const, code, basis: FAMILY }))

export const SENSITIVE_ROOTS: SensitiveRoot[] = [
  // Classes
  { kind: 'classe', code: 547, basis: ECA }, // PROCEDIMENTOS DE INFÂNCIA E JUVENTUDE (cível e infracional)
  ...family(
    58,
    60,
    61,
    69,
    87,
    98,
    99,
    123,
    141,
    176,
    195,
    1112,
    1122,
    12233,
    12234,
    12246,
    12247,
    12372,
    12373,
    12541,
    12762,
    12763,
    12764,
    14671,
    14677,
  ),
  { kind: 'classe', code: 15309, basis: PENHA }, // MEDIDAS PROTETIVAS DE URGÊNCIA (MARIA DA PENHA) - CÍVEL
  { kind: 'classe', code: 1268, basis: PENHA }, // MEDIDAS PROTETIVAS DE URGÊNCIA (MARIA DA PENHA) - CRIMINAL
  { kind: 'classe', code: 14734, basis: CHILD_VIOLENCE }, // MEDIDAS DE PROTEÇÃO - CRIANÇA E ADOLESCENTE (LEI 13.431)
  { kind: 'classe', code: 15170, basis: CHILD_VIOLENCE }, // MEDIDAS PROTETIVAS - LEI HENRY BOREL
  // Subjects
  { kind: 'assunto', code: 5626, basis: FAMILY }, // DIREITO CIVIL > FAMÍLIA
  { kind: 'assunto', code: 3472, basis: FAMILY }, // CRIMES CONTRA A FAMÍLIA
  { kind: 'assunto', code: 10859, basis: FAMILY }, // processual: ALIMENTOS
  { kind: 'assunto', code: 6214, basis: FAMILY }, // internacional: CASAMENTO E DIVÓRCIO
  { kind: 'assunto', code: 6216, basis: FAMILY }, // internacional: PRESTAÇÃO DE ALIMENTOS
  { kind: 'assunto', code: 10921, basis: ECA }, // RESTITUIÇÃO DE CRIANÇA, CONVENÇÃO DE HAIA 1980
  { kind: 'assunto', code: 9633, basis: ECA }, // DIREITO DA CRIANÇA E DO ADOLESCENTE (inclui ato infracional)
  { kind: 'assunto', code: 10950, basis: ECA }, // CRIME / CONTRAVENÇÃO CONTRA CRIANÇA / ADOLESCENTE
  { kind: 'assunto', code: 3637, basis: ECA }, // CRIMES PREVISTOS NO ESTATUTO DA CRIANÇA E DO ADOLESCENTE
  { kind: 'assunto', code: 14813, basis: ECA }, // previdenciário: MENOR SOB GUARDA
  { kind: 'assunto', code: 14820, basis: ECA }, // previdenciário: MENOR SOB GUARDA
  { kind: 'assunto', code: 15174, basis: CHILD_VIOLENCE }, // VIOLÊNCIA DOMÉSTICA E FAMILIAR CONTRA CRIANÇA E ADOLESCENTE
  { kind: 'assunto', code: 10949, basis: PENHA }, // VIOLÊNCIA DOMÉSTICA CONTRA A MULHER (penal)
  { kind: 'assunto', code: 14226, basis: PENHA }, // CRIMES PREVISTOS NA LEI MARIA DA PENHA
  { kind: 'assunto', code: 5560, basis: PENHA }, // LESÃO CORPORAL DECORRENTE DE VIOLÊNCIA DOMÉSTICA
  { kind: 'assunto', code: 13574, basis: PENHA }, // trabalho: AFASTAMENTO MULHER - LEI MARIA DA PENHA
  { kind: 'assunto', code: 13761, basis: PENHA }, // trabalho: AFASTAMENTO MULHER - LEI MARIA DA PENHA
  { kind: 'assunto', code: 3463, basis: SEXUAL }, // CRIMES CONTRA A DIGNIDADE SEXUAL
  { kind: 'assunto', code: 11251, basis: SEXUAL }, // penal militar: ESTUPRO
  { kind: 'assunto', code: 12480, basis: HEALTH }, // DIREITO DA SAÚDE
  { kind: 'assunto', code: 11854, basis: HEALTH }, // administrativo: SAÚDE MENTAL
  { kind: 'assunto', code: 6233, basis: HEALTH }, // consumidor: PLANOS DE SAÚDE
  { kind: 'assunto', code: 10262, basis: HEALTH }, // servidor: DOENÇA EM PESSOA DA FAMÍLIA
  { kind: 'assunto', code: 10263, basis: HEALTH }, // servidor: TRATAMENTO DA PRÓPRIA SAÚDE
]
