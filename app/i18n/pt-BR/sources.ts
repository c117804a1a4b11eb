/** The public sources the corpus is fetched from (issue 40, decisions/0100). */
export const sourcesMessages = {
  'sources.datajud.name': 'DataJud (CNJ)',
  'sources.retry.notDead': 'Este trabalho não está entre os que falharam.',
  'sources.retry.done': 'O trabalho voltou para a fila.',
  'sources.lookup.found': 'Encontrado no DataJud em {data}.',
  'sources.lookup.notFound':
    'Ainda não disponível no DataJud (consultado em {data}). Consultaremos de novo e avisaremos quando ele aparecer.',
  'sources.lookup.pending': 'Vamos consultar o DataJud na próxima verificação (a cada 5 minutos).',
} as const
