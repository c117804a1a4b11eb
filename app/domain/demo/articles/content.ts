/**
 * Templates for the demo articles (decisions/0027): titles, paragraphs and comments; `{assunto}`
 * takes a subject of subjects.ts. Invented text, plausible for a Brazilian legal network.
 */

/** `{Assunto}` starts a sentence (capitalised), `{assunto}` sits inside one. */
export const TITLES: readonly string[] = [
  '{Assunto}: o que você precisa saber',
  '{Assunto} na prática: um guia passo a passo',
  'Cinco erros comuns sobre {assunto}',
  'Como os tribunais têm decidido sobre {assunto}',
  '{Assunto}: as perguntas que os clientes mais fazem',
  'O que mudou em {assunto} nos últimos anos',
  'Checklist de {assunto} para o dia a dia do escritório',
  '{Assunto}: prazos, documentos e cuidados',
  'Entenda {assunto} em dez minutos',
  'Lições de um caso real sobre {assunto}',
  '{Assunto} depois das últimas decisões do STJ',
  'Por que olhar com mais atenção para {assunto}',
]

export const INTROS: readonly string[] = [
  'Nos últimos meses recebi muitas perguntas sobre {assunto}. Reuni aqui o que costumo explicar em consultas, de forma direta e sem juridiquês.',
  'Poucos temas geram tantas dúvidas quanto {assunto}. Este texto organiza os pontos essenciais para quem atua na área ou está começando.',
  'O tema {assunto} aparece com frequência na rotina de quem advoga, mas nem sempre recebe a atenção que os detalhes exigem. Vale revisar o básico.',
  'Escrevo este artigo depois de acompanhar alguns processos sobre {assunto}: os erros se repetem, e quase todos poderiam ser evitados.',
]

export const PRACTICE: readonly string[] = [
  'Na prática, o primeiro passo é reunir os documentos antes de qualquer requerimento. Uma boa organização do caso economiza meses de tramitação e evita exigências desnecessárias.',
  'Um cuidado que faz diferença é registrar cada contato com a parte contrária e cada protocolo. Em caso de litígio, essa linha do tempo costuma ser a prova mais útil.',
  'Também é importante alinhar expectativas com o cliente desde o início: explicar prazos reais, custos e riscos evita frustrações e fortalece a relação de confiança.',
  'Vale acompanhar a jurisprudência do tribunal local. Em muitos casos, as câmaras têm entendimentos diferentes, e conhecê-los ajuda a escolher a melhor estratégia.',
  'Modelos prontos ajudam, mas cada caso tem particularidades. Adapte a argumentação aos fatos e cite precedentes recentes, de preferência do mesmo tribunal.',
  'Quando houver dúvida sobre o cabimento de uma medida, um parecer rápido de um colega da área pode poupar tempo. A troca de experiências nesta comunidade existe para isso.',
]

export const CLOSINGS: readonly string[] = [
  'Espero que o resumo ajude. Se você já passou por situações diferentes, conte nos comentários.',
  'Este texto não substitui a análise do caso concreto, mas serve de roteiro para os primeiros passos.',
  'Quer discutir algum ponto? Deixe sua dúvida abaixo que respondo assim que puder.',
  'Nos próximos artigos pretendo tratar de casos práticos. Sugestões de temas são bem-vindas.',
]

export const COMMENTS: readonly string[] = [
  'Excelente artigo, muito claro e objetivo. Parabéns!',
  'Obrigada por compartilhar. Vou usar o checklist no escritório.',
  'Ótimo resumo. Só acrescentaria que o prazo costuma ser contado de forma diferente em alguns tribunais.',
  'Tive um caso parecido no ano passado e o juiz decidiu exatamente nesse sentido.',
  'Muito útil para quem está começando na área. Salvei para consultar depois.',
  'Discordo em parte: na minha experiência, a prova documental nem sempre é suficiente.',
  'Alguém sabe se esse entendimento já foi aplicado no TJSP?',
  'Texto excelente. Poderia indicar alguma obra para aprofundar o tema?',
  'Compartilhei com a equipe. Vale muito a leitura.',
  'Interessante a abordagem prática. Faltam textos assim sobre o tema.',
  'Esse ponto sobre a documentação é o que mais gera problema nos meus atendimentos.',
  'Parabéns pela didática! Ficou fácil de explicar para o cliente.',
]

export const REPLIES: readonly string[] = [
  'Obrigado pelo comentário! Concordo com o seu ponto.',
  'Boa observação, vou complementar o texto.',
  'No TJSP já há decisões nesse sentido, sim. Posso enviar algumas referências.',
  'Também passei por isso. O segredo foi insistir na prova pericial.',
  'Recomendo os comentários ao CPC da editora do tribunal; são bem atualizados.',
  'Exatamente. Cada câmara tem seu entendimento, vale pesquisar antes.',
]
