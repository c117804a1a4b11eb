// Movements in plain Portuguese (issue 41 §4, decisions/0103): by TPU movement code, what
// happened and what usually comes next, for people who are not lawyers. Kept as data: the 76
// named codes of ../shared/data/datajud/ (every one of its 78 but 15247 and 15248, which come
// without a name and are not guessed; `npm run count:movements`), then 27 frequent judgment codes
// of ../shared/data/tpu/tpu-movimentos-julgamento.csv. A code not here shows its official name.

export type MovementWords = { what: string; next: string }

export const MOVEMENT_WORDS: Readonly<Record<number, MovementWords>> = {
  // Counted in the DataJud samples, most frequent first.
  132: {
    what: 'Um setor do tribunal recebeu os autos (vindos de outro setor, do juiz ou de outro órgão).',
    next: 'O setor que recebeu dá andamento: cumpre uma ordem, junta documentos ou envia ao juiz.',
  },
  85: {
    what: 'Uma petição de uma das partes (ou de outra pessoa no processo) foi juntada aos autos.',
    next: 'Em geral o processo vai ao juiz para decidir o que foi pedido, ou a outra parte é chamada a responder.',
  },
  60: {
    what: 'O cartório preparou um documento para cumprir uma ordem: ofício, carta, mandado, certidão ou alvará.',
    next: 'O documento é enviado a quem se destina; a resposta ou o cumprimento depois aparece nos autos.',
  },
  51: {
    what: 'O processo foi enviado ao juiz (ou ao relator) para que ele decida ou dê uma ordem.',
    next: 'Vem um despacho, uma decisão ou uma sentença. Não há prazo fixo para isso.',
  },
  1051: {
    what: 'Terminou um prazo que estava correndo, com ou sem manifestação da parte.',
    next: 'O processo segue para a próxima etapa; quem não agiu no prazo pode perder a chance de fazê-lo.',
  },
  1061: {
    what: 'Um ato do processo foi disponibilizado no Diário da Justiça Eletrônico.',
    next: 'A publicação se considera feita no primeiro dia útil seguinte, e os prazos começam a contar depois dela.',
  },
  92: {
    what: 'Um ato do processo (despacho, decisão, sentença ou intimação) foi publicado no diário oficial.',
    next: 'Se o ato pede alguma providência, o prazo para cumpri-la começa a correr.',
  },
  11010: {
    what: 'O juiz deu um despacho de andamento, sem decidir nenhuma questão (por exemplo, mandar ouvir a parte contrária).',
    next: 'O cartório cumpre a ordem: intima alguém, junta algo ou envia os autos a outro setor.',
  },
  581: {
    what: 'Um documento foi juntado aos autos.',
    next: 'As partes podem ser chamadas a se manifestar sobre o documento, ou o processo segue seu curso.',
  },
  12164: {
    what: 'O juiz tomou uma decisão que não se encaixa nas categorias mais comuns da tabela do CNJ.',
    next: 'Depende do que foi decidido; a decisão costuma ser publicada, e as partes podem recorrer dela.',
  },
  123: {
    what: 'Os autos foram enviados a outro setor, órgão ou instância.',
    next: 'Quem os recebe registra o recebimento e dá andamento.',
  },
  980: {
    what: 'Os autos foram enviados a outro setor ou órgão (por exemplo, à contadoria ou a outra instância).',
    next: 'O destino registra o recebimento e faz o que lhe foi pedido.',
  },
  245: {
    what: 'O processo foi arquivado provisoriamente: fica parado, mas pode voltar a andar.',
    next: 'Volta a andar se alguém pedir (desarquivamento) ou quando acontecer o que se esperava.',
  },
  12444: {
    what: 'O juiz atendeu a um pedido feito no processo.',
    next: 'O cartório cumpre o que foi deferido; a outra parte pode recorrer.',
  },
  26: {
    what: 'O processo foi distribuído: sorteado ou encaminhado a um juiz ou órgão julgador.',
    next: 'O juiz analisa o pedido inicial e, em geral, manda citar a outra parte.',
  },
  12457: {
    what: 'Foi expedido o precatório ou a requisição de pequeno valor (RPV): a ordem para o poder público pagar a dívida reconhecida.',
    next: 'O tribunal inclui o crédito na fila de pagamento; a RPV costuma ser paga em até 60 dias, o precatório no orçamento seguinte.',
  },
  893: {
    what: 'O processo, que estava arquivado, foi desarquivado.',
    next: 'Em geral o juiz analisa o pedido que motivou o desarquivamento.',
  },
  14739: {
    what: 'A classe do processo mudou com a sua evolução (por exemplo, de conhecimento para cumprimento de sentença).',
    next: 'O processo segue na nova fase, com os atos próprios dela.',
  },
  493: {
    what: 'Os autos foram entregues a alguém (advogado, Ministério Público, perito) para consulta ou manifestação.',
    next: 'Quem recebeu devolve os autos, normalmente com uma manifestação, dentro do prazo.',
  },
  848: {
    what: 'A decisão se tornou definitiva: não cabe mais recurso contra ela (trânsito em julgado).',
    next: 'Começa o cumprimento do que foi decidido ou, se nada houver a cumprir, o arquivamento.',
  },
  221: {
    what: 'O juiz julgou o pedido procedente em parte: deu razão ao autor em parte do que pediu.',
    next: 'As partes podem recorrer; sem recurso, a sentença se torna definitiva e pode ser cumprida.',
  },
  785: {
    what: 'O juiz decidiu sobre um pedido urgente de antecipação dos efeitos da decisão final (tutela antecipada).',
    next: 'Se concedida, é cumprida já; a parte contrária pode recorrer por agravo de instrumento.',
  },
  12455: {
    what: 'O juiz negou um pedido feito no processo.',
    next: 'Quem pediu pode recorrer ou fazer novo pedido; o processo segue.',
  },
  332: {
    what: 'O juiz decidiu sobre um pedido de tutela antecipada (urgente).',
    next: 'A decisão é cumprida desde logo se concedida; cabe agravo de instrumento.',
  },
  219: {
    what: 'O juiz julgou o pedido procedente: deu razão ao autor.',
    next: 'A parte vencida pode recorrer; sem recurso, começa o cumprimento da sentença.',
  },
  106: {
    what: 'Movimentação de um mandado: a ordem judicial que um oficial de justiça cumpre (citar, intimar, penhorar…).',
    next: 'O oficial de justiça cumpre o mandado e devolve uma certidão contando o que fez.',
  },
  118: {
    what: 'Uma petição foi protocolada no processo.',
    next: 'A petição é juntada aos autos e, em geral, vai ao juiz.',
  },
  12270: {
    what: 'Movimentação de um documento do processo.',
    next: 'As partes podem ser chamadas a se manifestar sobre ele.',
  },
  12200: {
    what: 'Houve decisão sobre o mérito: a questão principal do processo.',
    next: 'As partes podem recorrer; sem recurso, a decisão se torna definitiva.',
  },
  985: {
    what: 'Movimentação de um mandado (uma ordem a ser cumprida por oficial de justiça).',
    next: 'O mandado é cumprido e a certidão do oficial volta aos autos.',
  },
  12167: {
    what: 'O processo (ou um recurso) foi enviado ao tribunal.',
    next: 'No tribunal, o recurso é distribuído a um relator, que o leva a julgamento.',
  },
  22: {
    what: 'O processo foi baixado definitivamente: terminou naquele órgão.',
    next: 'Em geral é arquivado, ou volta à instância de origem para o que falta fazer.',
  },
  14738: {
    what: 'A classe do processo foi corrigida no sistema.',
    next: 'Nada muda para as partes; o processo segue.',
  },
  12291: {
    what: 'Houve uma movimentação de rotina registrada no sistema do tribunal.',
    next: 'O processo segue seu curso.',
  },
  272: {
    what: 'O processo foi suspenso até que outra causa seja julgada ou outra questão seja resolvida.',
    next: 'Fica parado até essa outra decisão; depois volta a andar.',
  },
  12116: {
    what: 'O processo foi enviado ao juiz para julgar o mérito (dar a sentença ou o voto).',
    next: 'Vem a sentença ou o julgamento; não há prazo fixo para isso.',
  },
  200: {
    what: 'Os embargos de declaração foram rejeitados: o juiz entendeu que a decisão não tinha omissão, contradição ou obscuridade.',
    next: 'Volta a correr o prazo para os outros recursos contra a decisão.',
  },
  239: {
    what: 'O recurso foi julgado e não provido: a decisão recorrida foi mantida.',
    next: 'Ainda pode caber recurso a um tribunal superior; se não, a decisão se torna definitiva.',
  },
  982: {
    what: 'Os autos foram enviados a outro setor ou órgão.',
    next: 'O destino registra o recebimento e dá andamento.',
  },
  10966: {
    what: 'A classe do processo foi alterada.',
    next: 'O processo segue com a nova classe.',
  },
  978: {
    what: 'Os autos foram remetidos a outro setor ou órgão.',
    next: 'O destino registra o recebimento e dá andamento.',
  },
  979: {
    what: 'Os autos foram recebidos por um setor ou órgão.',
    next: 'O setor faz o que lhe foi pedido e devolve ou envia adiante.',
  },
  135: {
    what: 'Este processo foi juntado (apensado) a outro, para andarem juntos.',
    next: 'Os dois seguem lado a lado e podem ser julgados juntos.',
  },
  36: {
    what: 'O processo foi redistribuído: passou a outro juiz ou órgão julgador.',
    next: 'O novo juiz assume o processo e dá andamento.',
  },
  12430: {
    what: 'O processo foi arquivado.',
    next: 'Fica parado; pode ser desarquivado a pedido de uma parte.',
  },
  417: {
    what: 'O processo ou recurso foi incluído na pauta de julgamento de uma sessão.',
    next: 'É julgado na sessão marcada (ou numa seguinte, se adiado); as partes podem pedir sustentação oral.',
  },
  198: {
    what: 'Os embargos de declaração foram acolhidos: a decisão foi esclarecida ou completada.',
    next: 'Volta a correr o prazo para os outros recursos contra a decisão.',
  },
  12066: {
    what: 'Foi cumprida a ordem que encerrou uma suspensão do processo.',
    next: 'O processo volta a andar.',
  },
  246: {
    what: 'O processo foi arquivado definitivamente.',
    next: 'Nada mais acontece, salvo pedido de desarquivamento.',
  },
  15086: {
    what: 'O juiz atendeu em parte a um pedido.',
    next: 'O cartório cumpre a parte deferida; as partes podem recorrer.',
  },
  941: {
    what: 'O juiz declarou que não é competente para julgar o processo.',
    next: 'O processo é enviado ao juízo competente.',
  },
  970: {
    what: 'Movimentação de uma audiência: marcada, realizada, adiada ou cancelada.',
    next: 'Depende da audiência: as partes comparecem na data, ou o processo segue com o que nela se decidiu.',
  },
  220: {
    what: 'O juiz julgou o pedido improcedente: não deu razão ao autor.',
    next: 'O autor pode recorrer; sem recurso, a sentença se torna definitiva.',
  },
  237: {
    what: 'O recurso foi provido: a decisão recorrida foi mudada a favor de quem recorreu.',
    next: 'Ainda pode caber recurso a um tribunal superior; se não, cumpre-se a nova decisão.',
  },
  866: {
    what: 'Os autos foram enviados ao arquivo intermediário (guarda temporária).',
    next: 'Ficam guardados; podem voltar a andar a pedido de uma parte.',
  },
  466: {
    what: 'O juiz homologou um acordo entre as partes.',
    next: 'O acordo passa a valer como sentença; se não for cumprido, pode ser executado.',
  },
  12306: {
    what: 'Movimentação sobre um perito (nomeação, laudo ou honorários).',
    next: 'O perito faz a perícia e entrega o laudo; as partes se manifestam sobre ele.',
  },
  12205: {
    what: 'O processo foi retirado da pauta de julgamento.',
    next: 'Será incluído em outra pauta mais tarde.',
  },
  433: {
    what: 'Movimentação de um recurso especial, dirigido ao Superior Tribunal de Justiça (STJ).',
    next: 'O tribunal de origem decide se o recurso sobe ao STJ, onde será julgado.',
  },
  898: {
    what: 'O processo foi suspenso por decisão judicial.',
    next: 'Fica parado até o fim da suspensão.',
  },
  12185: {
    what: 'O juiz decidiu parte do mérito antes da sentença (decisão interlocutória de mérito).',
    next: 'Cabe agravo de instrumento; o restante do processo segue.',
  },
  12115: {
    what: 'O processo foi enviado ao juiz para julgar o mérito.',
    next: 'Vem a sentença ou o julgamento.',
  },
  238: {
    what: 'O recurso foi provido em parte: a decisão recorrida foi mudada em parte.',
    next: 'Ainda pode caber recurso a um tribunal superior.',
  },
  14235: {
    what: 'Um pedido ou uma alegação foi rejeitado.',
    next: 'O processo segue; pode caber recurso.',
  },
  12750: {
    what: 'Movimentação de uma audiência de instrução e julgamento, em que se ouvem partes e testemunhas.',
    next: 'Depois dela o juiz costuma abrir prazo para alegações finais e então dar a sentença.',
  },
  871: {
    what: 'Os embargos de declaração foram acolhidos em parte.',
    next: 'Volta a correr o prazo para os outros recursos.',
  },
  15164: {
    what: 'Os embargos de declaração não foram acolhidos.',
    next: 'Volta a correr o prazo para os outros recursos.',
  },
  1059: {
    what: 'O recurso foi recebido sem efeito suspensivo: a decisão recorrida já pode ser cumprida.',
    next: 'O recurso segue para julgamento enquanto a decisão é cumprida.',
  },
  137: {
    what: 'Este processo foi separado (desapensado) de outro ao qual estava juntado.',
    next: 'Cada processo segue o seu curso.',
  },
  276: {
    what: 'A execução não conseguiu encontrar bens ou meios para pagar a dívida.',
    next: 'O credor pode indicar bens; sem isso, o processo costuma ser suspenso ou arquivado.',
  },
  265: {
    what: 'Movimentação de um recurso extraordinário com repercussão geral, dirigido ao Supremo Tribunal Federal.',
    next: 'O processo pode ficar parado até o STF julgar o tema de repercussão geral.',
  },
  432: {
    what: 'Movimentação de um recurso extraordinário, dirigido ao Supremo Tribunal Federal (STF).',
    next: 'O tribunal de origem decide se o recurso sobe ao STF.',
  },
  394: {
    what: 'O recurso foi recebido com efeito suspensivo: a decisão recorrida fica sem efeito até o julgamento.',
    next: 'O recurso segue para julgamento; nada se cumpre até lá.',
  },
  12203: {
    what: 'O julgamento foi adiado.',
    next: 'Será julgado em outra sessão.',
  },
  12261: {
    what: 'O juiz mandou emendar (corrigir ou completar) a petição inicial.',
    next: 'O autor tem prazo (em geral 15 dias) para emendar; se não o fizer, a inicial pode ser indeferida.',
  },
  15162: {
    what: 'Os embargos de declaração foram acolhidos.',
    next: 'Volta a correr o prazo para os outros recursos.',
  },
  // Frequent judgment codes of the TPU table (tpu-movimentos-julgamento.csv).
  193: {
    what: 'O processo ou recurso foi julgado.',
    next: 'As partes são intimadas do resultado e podem recorrer.',
  },
  196: {
    what: 'A execução ou o cumprimento de sentença foi extinto, em geral porque a dívida foi paga.',
    next: 'O processo é arquivado.',
  },
  218: {
    what: 'O processo terminou sem que o juiz julgasse o pedido (sem resolução de mérito).',
    next: 'O autor pode recorrer ou, em regra, propor a ação de novo corrigindo o problema.',
  },
  228: {
    what: 'Foi julgado o arquivamento (de um inquérito ou procedimento).',
    next: 'O caso fica arquivado; pode ser reaberto se surgirem novas provas.',
  },
  230: {
    what: 'O recurso ficou prejudicado: perdeu o sentido por algo que aconteceu depois.',
    next: 'O recurso não é julgado; o processo segue.',
  },
  235: {
    what: 'O recurso não foi conhecido: o tribunal não o examinou por falta de um requisito (prazo, preparo, cabimento).',
    next: 'A decisão recorrida fica mantida; pode caber agravo contra o não conhecimento.',
  },
  236: {
    what: 'O relator negou seguimento ao recurso.',
    next: 'Cabe agravo interno para o órgão colegiado.',
  },
  385: {
    what: 'O processo terminou com julgamento do pedido (com resolução do mérito).',
    next: 'As partes podem recorrer; sem recurso, a decisão se torna definitiva.',
  },
  454: {
    what: 'O juiz indeferiu a petição inicial: o processo terminou logo no começo.',
    next: 'O autor pode recorrer ou propor a ação de novo corrigindo a inicial.',
  },
  456: {
    what: 'O processo foi extinto.',
    next: 'Em geral é arquivado depois que a decisão se torna definitiva.',
  },
  458: {
    what: 'O processo foi extinto porque o autor abandonou a causa.',
    next: 'O autor pode propor a ação de novo, pagando as custas do primeiro processo.',
  },
  463: {
    what: 'O processo foi extinto porque o autor desistiu da ação.',
    next: 'O processo é arquivado; a ação pode ser proposta de novo.',
  },
  471: {
    what: 'O juiz reconheceu a prescrição ou a decadência: o prazo para cobrar ou exigir o direito tinha acabado.',
    next: 'O processo termina; a parte pode recorrer.',
  },
  973: {
    what: 'Foi declarada extinta a punibilidade ou a pena: o Estado não pode mais punir pelo fato.',
    next: 'O processo é arquivado.',
  },
  1045: {
    what: 'A punibilidade foi extinta por prescrição, decadência ou perempção.',
    next: 'O processo é arquivado.',
  },
  11373: {
    what: 'A sentença ou o acórdão foi anulado.',
    next: 'Uma nova decisão será proferida.',
  },
  11374: {
    what: 'O devedor não foi encontrado.',
    next: 'O credor pode indicar outro endereço; sem isso, a execução costuma ser suspensa.',
  },
  11375: {
    what: 'Não foram encontrados bens do devedor que pudessem ser penhorados.',
    next: 'A execução costuma ser suspensa até que se encontrem bens.',
  },
  12252: {
    what: 'O tribunal confirmou a sentença.',
    next: 'Ainda pode caber recurso a um tribunal superior; se não, cumpre-se a sentença.',
  },
  12254: {
    what: 'O tribunal desconstituiu (anulou) a sentença.',
    next: 'O processo volta à primeira instância para nova sentença.',
  },
  12325: {
    what: 'O pedido perdeu o objeto: não há mais o que decidir.',
    next: 'O processo ou o recurso é encerrado.',
  },
  14099: {
    what: 'O juiz homologou um acordo feito na execução ou no cumprimento de sentença.',
    next: 'Cumpre-se o acordo; se for pago, a execução é extinta.',
  },
  12184: {
    what: 'O processo penal foi suspenso condicionalmente: o acusado cumpre condições por um período.',
    next: 'Cumpridas as condições, extingue-se a punibilidade; se não, o processo volta a andar.',
  },
  4050079: {
    what: 'O réu foi condenado.',
    next: 'A defesa e a acusação podem recorrer; sem recurso, a pena passa a ser executada.',
  },
  1050080: {
    what: 'O réu foi absolvido.',
    next: 'A acusação pode recorrer; sem recurso, o processo é arquivado.',
  },
  12453: {
    what: 'A impugnação foi julgada improcedente.',
    next: 'A execução ou o cumprimento segue; cabe recurso.',
  },
  12041: {
    what: 'Foi decidido sobre a recuperação judicial de uma empresa.',
    next: 'A empresa apresenta o plano de recuperação, que os credores votam.',
  },
}
