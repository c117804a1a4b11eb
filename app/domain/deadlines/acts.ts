// The law's period for an act the intimação names without a number (issue 41, decisions/0102):
// data with its legal basis. The first row whose context and words match wins, so the specific
// rows (Juizado, criminal, labour) come before the CPC's.

/** Where a row applies: the matter, with the Juizados apart. */
export type ActContext = 'civel' | 'juizado' | 'criminal' | 'jecrim' | 'trabalhista'

export interface ActPeriod {
  /** the act, as the breakdown names it */
  act: string
  days: number
  basis: string
  contexts: readonly ActContext[]
  /** matched against the request's sentence, lower case without accents */
  words: RegExp
}

const CIVIL_LIKE: readonly ActContext[] = ['civel', 'juizado', 'trabalhista']

export const ACT_PERIODS: readonly ActPeriod[] = [
  // Juizados Especiais Cíveis (Lei 9.099/1995, applied to JEF and JEFP by Leis 10.259 and 12.153)
  {
    act: 'contrarrazões ao recurso inominado',
    days: 10,
    basis: 'Lei 9.099/1995 art. 42 §2º',
    contexts: ['juizado'],
    words: /contrarrazo|contra-razo/,
  },
  {
    act: 'recurso inominado',
    days: 10,
    basis: 'Lei 9.099/1995 art. 42',
    contexts: ['juizado'],
    words: /recurso inominado|recorrer/,
  },
  {
    act: 'embargos de declaração',
    days: 5,
    basis: 'Lei 9.099/1995 art. 49',
    contexts: ['juizado'],
    words: /embargos de declaracao|embargos declaratorios/,
  },
  // Juizado Especial Criminal
  {
    act: 'contrarrazões (Juizado Especial Criminal)',
    days: 10,
    basis: 'Lei 9.099/1995 art. 82 §2º',
    contexts: ['jecrim'],
    words: /contrarrazo|contra-razo/,
  },
  {
    act: 'apelação (Juizado Especial Criminal)',
    days: 10,
    basis: 'Lei 9.099/1995 art. 82 §1º',
    contexts: ['jecrim'],
    words: /apela/,
  },
  {
    act: 'embargos de declaração (Juizado Especial Criminal)',
    days: 5,
    basis: 'Lei 9.099/1995 art. 83 §1º',
    contexts: ['jecrim'],
    words: /embargos de declaracao|embargos declaratorios/,
  },
  // Criminal (CPP)
  {
    act: 'embargos de declaração',
    days: 2,
    basis: 'CPP arts. 382 e 619',
    contexts: ['criminal', 'jecrim'],
    words: /embargos de declaracao|embargos declaratorios/,
  },
  {
    act: 'razões ou contrarrazões do recurso em sentido estrito',
    days: 2,
    basis: 'CPP art. 588',
    contexts: ['criminal', 'jecrim'],
    words: /razoes[^.]{0,30}recurso em sentido estrito/,
  },
  {
    act: 'recurso em sentido estrito',
    days: 5,
    basis: 'CPP art. 586',
    contexts: ['criminal', 'jecrim'],
    words: /recurso em sentido estrito/,
  },
  {
    act: 'razões ou contrarrazões de apelação',
    days: 8,
    basis: 'CPP art. 600',
    contexts: ['criminal'],
    words: /razoes|contrarrazo|contra-razo/,
  },
  {
    act: 'resposta à acusação',
    days: 10,
    basis: 'CPP arts. 396 e 396-A',
    contexts: ['criminal', 'jecrim'],
    words: /resposta a acusacao|defesa previa|resposta escrita/,
  },
  {
    act: 'alegações finais (memoriais)',
    days: 5,
    basis: 'CPP art. 403 §3º',
    contexts: ['criminal', 'jecrim'],
    words: /alegacoes finais|memoriais/,
  },
  {
    act: 'agravo em execução',
    days: 5,
    basis: 'LEP art. 197; Súmula 700 do STF',
    contexts: ['criminal'],
    words: /agravo em execucao/,
  },
  { act: 'apelação', days: 5, basis: 'CPP art. 593', contexts: ['criminal'], words: /apela/ },
  // Labour (CLT; Lei 5.584/1970 art. 6º: 8 days for every recurso)
  {
    act: 'embargos de declaração',
    days: 5,
    basis: 'CLT art. 897-A',
    contexts: ['trabalhista'],
    words: /embargos de declaracao|embargos declaratorios/,
  },
  {
    act: 'contrarrazões ou contraminuta',
    days: 8,
    basis: 'CLT art. 900; Lei 5.584/1970 art. 6º',
    contexts: ['trabalhista'],
    words: /contrarrazo|contra-razo|contraminuta/,
  },
  {
    act: 'embargos à execução',
    days: 5,
    basis: 'CLT art. 884',
    contexts: ['trabalhista'],
    words: /embargos a execucao|impugnacao a sentenca de liquidacao/,
  },
  {
    act: 'recurso',
    days: 8,
    basis: 'Lei 5.584/1970 art. 6º; CLT arts. 895, 896 e 897',
    contexts: ['trabalhista'],
    words: /recurso ordinario|recurso de revista|agravo de peticao|agravo de instrumento|recorrer/,
  },
  // Civil (CPC)
  {
    act: 'embargos de declaração',
    days: 5,
    basis: 'CPC art. 1.023',
    contexts: ['civel'],
    words: /embargos de declaracao|embargos declaratorios/,
  },
  {
    act: 'contrarrazões ou resposta ao recurso',
    days: 15,
    basis: 'CPC arts. 1.003 §5º, 1.010 §1º, 1.019 II, 1.021 §2º e 1.030',
    contexts: CIVIL_LIKE,
    words: /contrarrazo|contra-razo|contraminuta|(responder|resposta|impugnar|impugnacao)( a| ao| o)? agravo/,
  },
  {
    act: 'impugnação ao cumprimento de sentença',
    days: 15,
    basis: 'CPC art. 525',
    contexts: CIVIL_LIKE,
    words: /impugna[^.]{0,30}cumprimento/,
  },
  {
    act: 'pagamento (cumprimento de sentença)',
    days: 15,
    basis: 'CPC art. 523',
    contexts: CIVIL_LIKE,
    words: /art\.? 523|cumprimento de sentenca|pagamento voluntario/,
  },
  {
    act: 'pagamento (execução de título extrajudicial)',
    days: 3,
    basis: 'CPC art. 829',
    contexts: CIVIL_LIKE,
    words: /\bpaga(r|mento)\b/,
  },
  {
    act: 'impugnação aos embargos',
    days: 15,
    basis: 'CPC art. 920 I',
    contexts: CIVIL_LIKE,
    words: /impugna[^.]{0,20}embargos/,
  },
  {
    act: 'embargos à execução',
    days: 15,
    basis: 'CPC art. 915',
    contexts: CIVIL_LIKE,
    words: /embargos a execucao|embargar/,
  },
  {
    act: 'recurso',
    days: 15,
    basis: 'CPC art. 1.003 §5º',
    contexts: ['civel'],
    words: /apela|agravo|recurso especial|recurso extraordinario|interpor recurso|recorrer/,
  },
  {
    act: 'contestação',
    days: 15,
    basis: 'CPC art. 335',
    contexts: ['civel', 'trabalhista'],
    words: /contesta/,
  },
  { act: 'réplica', days: 15, basis: 'CPC arts. 350 e 351', contexts: CIVIL_LIKE, words: /replica/ },
  { act: 'emenda da petição inicial', days: 15, basis: 'CPC art. 321', contexts: CIVIL_LIKE, words: /emend/ },
  {
    act: 'manifestação sobre o laudo pericial',
    days: 15,
    basis: 'CPC art. 477 §1º',
    contexts: CIVIL_LIKE,
    words: /laudo/,
  },
  {
    act: 'quesitos e assistente técnico',
    days: 15,
    basis: 'CPC art. 465 §1º',
    contexts: CIVIL_LIKE,
    words: /quesitos|assistente tecnico/,
  },
  {
    act: 'alegações finais (memoriais)',
    days: 15,
    basis: 'CPC art. 364 §2º',
    contexts: CIVIL_LIKE,
    words: /alegacoes finais|memoriais/,
  },
  {
    act: 'manifestação sobre documentos juntados',
    days: 15,
    basis: 'CPC art. 437 §1º',
    contexts: CIVIL_LIKE,
    words: /documentos juntados|sobre (os )?documentos/,
  },
]
