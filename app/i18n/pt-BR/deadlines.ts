/** Deadlines counted from the intimações (issue 41): the count's rules and its breakdown. */
export const deadlinesMessages = {
  'deadlines.rule.publication': 'Publicação: primeiro dia útil seguinte à disponibilização no DJEN ({date}).',
  'deadlines.rule.start': 'Início da contagem: primeiro dia útil seguinte à publicação ({date}).',
  'deadlines.rule.days.text.one': 'Prazo de {days} dia lido no texto da intimação.',
  'deadlines.rule.days.text.many': 'Prazo de {days} dias lido no texto da intimação.',
  'deadlines.rule.days.hours.one':
    'Prazo de {hours} h lido no texto, contado como {days} dia a partir do início. Confira: prazos em horas contam-se minuto a minuto.',
  'deadlines.rule.days.hours.many':
    'Prazo de {hours} h lido no texto, contado como {days} dias seguidos a partir do início. Confira: prazos em horas contam-se minuto a minuto.',
  'deadlines.rule.days.several':
    'O texto cita mais de um prazo ({list}); foi contado o menor. Confira qual é o seu.',
  'deadlines.rule.days.law.one': 'Sem número no texto: {days} dia para {act}.',
  'deadlines.rule.days.law.many': 'Sem número no texto: {days} dias para {act}.',
  'deadlines.rule.days.default': 'Sem número no texto nem ato com prazo próprio em lei: {days} dias.',
  'deadlines.rule.days.correction': 'Número de dias corrigido por você: {days}.',
  'deadlines.rule.counting.uteis': 'Contam-se somente os dias úteis.',
  'deadlines.rule.counting.criminal':
    'Matéria criminal: dias corridos; o prazo que termina em dia sem expediente prorroga-se para o dia útil seguinte.',
  'deadlines.rule.counting.electoral':
    'Matéria eleitoral: dias corridos; o prazo que termina em dia sem expediente prorroga-se para o dia útil seguinte.',
  'deadlines.rule.counting.textCorridos': 'O texto fixa o prazo em dias corridos.',
  'deadlines.rule.recess': 'Prazos suspensos de 20 de dezembro a 20 de janeiro.',
  'deadlines.rule.recess.exception':
    'O texto indica réu preso, Lei Maria da Penha ou medida urgente: o prazo corre de 20 de dezembro a 20 de janeiro.',
  'deadlines.rule.recess.check':
    'Confira: com réu preso, na Lei Maria da Penha ou em medida urgente, o prazo não se suspende de 20 de dezembro a 20 de janeiro.',
  'deadlines.rule.extended':
    'O último dia ({date}) caiu em dia sem expediente: prorrogado para o dia útil seguinte.',
  'deadlines.rule.doubled.yes': 'Prazo em dobro para {party}: {base} × 2 = {days} dias.',
  'deadlines.rule.doubled.juizado': 'Juizado Especial: a Fazenda Pública não tem prazo em dobro.',
  'deadlines.rule.doubled.check':
    'Confira: se você representa a Fazenda Pública, o Ministério Público ou a Defensoria Pública, o prazo é em dobro.',
  'deadlines.rule.doubled.checkCriminal':
    'Confira: se você atua pela Defensoria Pública, o prazo é em dobro.',
  'deadlines.rule.lateStart':
    'Confira: {date} é Quarta-feira de Cinzas; se o expediente do tribunal começar mais tarde, o prazo que começa ou termina nesse dia passa para o dia útil seguinte.',
  'deadlines.rule.municipal':
    'Confira os feriados municipais da comarca: só os das capitais conhecidas entram na contagem.',
  'deadlines.rule.stateUnknown':
    'Confira os feriados estaduais: o estado da vara não foi identificado no nome do órgão.',
  'deadlines.rule.unknownCourt':
    'Tribunal sem calendário nos dados: só os feriados nacionais foram considerados.',
  'deadlines.rule.corrected': 'Contagem recalculada com a sua correção ({what}).',
  'deadlines.party.fazenda': 'a Fazenda Pública',
  'deadlines.party.ministerio': 'o Ministério Público',
  'deadlines.party.defensoria': 'a Defensoria Pública',
  'deadlines.skip.weekend': 'Fim de semana',
  'deadlines.skip.holiday': 'Feriado',
  'deadlines.skip.recess': 'Recesso forense',
  'deadlines.skip.suspension': 'Expediente suspenso',
  'deadlines.skip.recessSuspension': 'Prazos suspensos (20/12 a 20/01)',
  'deadlines.breakdown.title': 'Detalhamento da contagem',
  'deadlines.breakdown.available': 'Disponibilização no DJEN',
  'deadlines.breakdown.published': 'Publicação',
  'deadlines.breakdown.starts': 'Início da contagem',
  'deadlines.breakdown.lastDay': 'Último dia',
  'deadlines.breakdown.days.one': '{days} dia ({counting})',
  'deadlines.breakdown.days.many': '{days} dias ({counting})',
  'deadlines.breakdown.uteis': 'úteis',
  'deadlines.breakdown.corridos': 'corridos',
  'deadlines.breakdown.counted': '{ordinal}º dia',
  'deadlines.breakdown.extended': 'prorrogação',
  'deadlines.breakdown.skipped': 'não conta: {label}',
  'deadlines.breakdown.stepsTitle': 'Dias da contagem',
  'deadlines.breakdown.rulesTitle': 'Regras aplicadas',
  'deadlines.breakdown.corrected': 'Contagem corrigida por você',
  'deadlines.breakdown.warning':
    'Esta contagem é um auxílio. O calendário do próprio tribunal prevalece: confira portarias de suspensão de expediente e feriados locais antes de se programar pelo último dia.',
  'deadlines.suspension.title': 'Suspensões declaradas pelos tribunais',
  'deadlines.suspension.intro':
    'Portarias e atos de suspensão de expediente ou de prazos. Cada registro entra na contagem dos prazos do tribunal e na trilha de auditoria; informe o ato e onde ele foi publicado.',
  'deadlines.suspension.court': 'Tribunal (sigla, como TJSP, TRF3 ou TRT2)',
  'deadlines.suspension.from': 'Primeiro dia suspenso',
  'deadlines.suspension.to': 'Último dia suspenso',
  'deadlines.suspension.reason': 'Motivo',
  'deadlines.suspension.source': 'Fonte (ato e endereço da publicação)',
  'deadlines.suspension.submit': 'Registrar suspensão',
  'deadlines.suspension.added': 'Suspensão registrada.',
  'deadlines.suspension.empty': 'Nenhuma suspensão registrada.',
  'deadlines.suspension.listTitle': 'Registradas',
  'deadlines.suspension.row': '{tribunal}: {de} a {ate}. {motivo}. Fonte: {fonte}',
  'deadlines.suspension.courtRequired': 'Informe a sigla do tribunal.',
  'deadlines.suspension.courtUnknown':
    'Tribunal desconhecido. Use a sigla do DJEN, como TJSP, TRF3, TRT2 ou STJ.',
  'deadlines.suspension.reasonRequired': 'Informe o motivo da suspensão.',
  'deadlines.suspension.reasonTooLong': 'O motivo pode ter até 200 caracteres.',
  'deadlines.suspension.sourceRequired':
    'Informe a fonte: o ato que declarou a suspensão e onde foi publicado.',
  'deadlines.suspension.sourceTooLong': 'A fonte pode ter até 500 caracteres.',
  'deadlines.suspension.order': 'O último dia não pode ser anterior ao primeiro.',
  'deadlines.suspension.tooLong': 'Uma suspensão pode durar até um ano; confira as datas.',
} as const
