/** The public sources the corpus is fetched from (issue 40, decisions/0100). */
export const sourcesMessages = {
  'sources.datajud.name': 'DataJud (CNJ)',
  'sources.job.pageBudget':
    'Parou no limite de {n} páginas por trabalho; “Tentar de novo” continua da próxima página.',
  'sources.retry.notDead': 'Este trabalho não está entre os que falharam.',
  'sources.retry.done': 'O trabalho voltou para a fila.',
  'sources.lookup.found': 'Encontrado no DataJud em {data}.',
  'sources.lookup.notFound':
    'Ainda não disponível no DataJud (consultado em {data}). Consultaremos de novo e avisaremos quando ele aparecer.',
  'sources.lawsuitMissing.title': 'O processo {numero} ainda não está na nossa base',
  'sources.lawsuitMissing.body':
    'Monitore-o: em até 5 minutos o procuramos no DataJud, a base pública do CNJ, e avisamos você quando ele aparecer e a cada nova movimentação.',
  'sources.lookup.pending': 'Vamos consultar o DataJud na próxima verificação (a cada 5 minutos).',
  // /cobertura: freshness per source
  'sources.freshness.title': 'Atualização das fontes',
  'sources.freshness.intro':
    'O site busca sozinho nas fontes públicas, a cada 5 minutos: quando cada uma respondeu pela última vez, quanto trouxe no último dia e se está em dia.',
  'sources.freshness.last': 'Última busca bem-sucedida',
  'sources.freshness.never': 'Ainda nenhuma',
  'sources.freshness.lag': 'Atraso',
  'sources.freshness.upToDate': 'Em dia',
  'sources.freshness.behind': 'Buscando o que saiu desde {data}',
  'sources.freshness.lastDay': 'Registros nas últimas 24 horas',
  'sources.freshness.state': 'Situação',
  'sources.freshness.ok': 'Funcionando',
  'sources.freshness.failing': 'Com falhas: a equipe foi avisada',
  'sources.chart.title': 'Documentos buscados por mês, por fonte',
  'sources.chart.description': 'Gráfico de barras: {resumo}.',
  'sources.chart.bar': '{fonte}, {mes}: {n}',
  // /revisao/fontes: the reviewers' page
  'sources.review.title': 'Fontes públicas',
  'sources.review.intro':
    'O que o site busca sozinho nas fontes públicas: os trabalhos de cada fonte, até onde cada uma já foi planejada e o que falhou depois da última tentativa.',
  'sources.review.manners': 'No máximo {n} pedidos por minuto, um de cada vez; paginação: {paginacao}.',
  'sources.review.budget':
    'Até {tick} trabalhos novos por verificação e {dia} por dia; {paginas} páginas por trabalho.',
  'sources.review.cursors': 'Até onde foi planejado',
  'sources.review.noCursors': 'Nenhum tribunal ou diário acompanhado por janela de datas.',
  'sources.review.cursor': '{escopo}: todos os dias antes de {data}',
  'sources.review.jobs': 'Trabalhos recentes',
  'sources.review.noJobs': 'Nenhum trabalho ainda.',
  'sources.review.col.job': 'Trabalho',
  'sources.review.col.state': 'Situação',
  'sources.review.col.page': 'Página',
  'sources.review.col.records': 'Registros',
  'sources.review.col.skipped': 'Ignorados',
  'sources.review.col.updated': 'Atualizado em',
  'sources.review.col.error': 'Último erro',
  'sources.review.state.pendente': 'Na fila',
  'sources.review.state.feito': 'Feito',
  'sources.review.state.falhou': 'Falhou',
  'sources.review.dead': 'Falharam depois da última tentativa',
  'sources.review.noDead': 'Nada falhou.',
  'sources.review.deadItem': '{trabalho}: {erro} ({tentativas} tentativas)',
  'sources.review.retry': 'Tentar de novo',
  'sources.review.retryLabel': 'Tentar de novo o trabalho {trabalho}',
  'sources.review.skips': 'Registros ignorados: {motivos}',
} as const
