/** Why a monitoring matched a document: the reasons shown beside each hit (issue 16, decisions/0031). */
export const monitoringMatchMessages = {
  'monitoringMatch.nameExact': 'Nome exato: “{text}”',
  'monitoringMatch.nameAbbreviated': 'Nome com abreviação: “{text}”',
  'monitoringMatch.allWords': 'Todas as palavras: {words}',
  'monitoringMatch.termExact': 'Termo exato: “{text}”',
  'monitoringMatch.city': 'Mesma cidade: {city}',
  'monitoringMatch.cityUnnamed': 'Mesma cidade do monitoramento',
  'monitoringMatch.uf': 'Mesmo estado: {uf}',
  'monitoringMatch.cityInText': 'Cidade citada junto ao nome: {city}',
  'monitoringMatch.ufInText': 'Estado citado junto ao nome: {uf}',
  'monitoringMatch.cpf': 'CPF confere ({digits})',
  'monitoringMatch.cnpj': 'CNPJ confere ({digits})',
  'monitoringMatch.oab': 'OAB confere ({oab})',
  'monitoringMatch.coParty': 'Com a outra parte: “{text}”',
} as const
