/** Merging two accounts of the same person (issue 17, decisions/0033). */
export const mergeMessages = {
  'account.tab.merge': 'Unir contas',
  'merge.title': 'Unir duas contas suas',
  'merge.intro':
    'Tem uma conta antiga, ou uma criada com e-mail e outra com o Google? Una as duas: tudo o que está na outra passa para a que você escolher, e a outra é encerrada.',
  'merge.proveTitle': '1. Prove que a outra conta é sua',
  'merge.proveHelp': 'Informe o e-mail e a senha da outra conta. Nada muda antes da confirmação.',
  'merge.email': 'E-mail da outra conta',
  'merge.password': 'Senha da outra conta',
  'merge.prove': 'Continuar',
  'merge.google': 'A outra conta entra com o Google? Confirmar com o Google',
  'merge.googleNoAccount': 'Nenhuma conta nossa entra com esse login do Google.',
  'merge.badCredentials': 'E-mail ou senha da outra conta incorretos.',
  'merge.sameAccount': 'Esta é a conta em que você já está. Informe a outra conta.',
  'merge.badTicket': 'Esta confirmação expirou ou não é válida. Comece de novo.',
  'merge.ticketUsed': 'Esta confirmação já foi usada. Para unir outra conta, comece de novo.',
  'merge.alreadyMerged': 'Uma destas contas já foi unida a outra. Nada mais foi alterado.',
  'merge.confirmFirst': 'Confirme o e-mail desta conta antes de unir contas: use o link que enviamos a ele.',
  'merge.otherUnconfirmed':
    'O e-mail da outra conta não foi confirmado, e uma conta sem e-mail confirmado não pode ser unida. Entre nela e confirme o e-mail pelo link que enviamos.',
  'merge.confirmTitle': '2. Confira o que vai acontecer',
  'merge.choose': 'Qual conta continua?',
  'merge.keep': 'Continuar com {nome} ({subdominio})',
  'merge.willMove': 'Da conta encerrada passam para a que continua:',
  'merge.moveFollows': '{n} itens seguidos ({comuns} que as duas seguem viram um só)',
  'merge.moveVotes':
    '{n} votos em artigos ({comuns} no mesmo artigo contam uma vez só; vale o voto da conta que continua)',
  'merge.moveArticles': '{n} artigos, com os mesmos endereços',
  'merge.moveComments': '{n} comentários e respostas',
  'merge.moveMonitorings':
    '{n} monitoramentos ({comuns} do mesmo processo viram um só, com as ocorrências das duas)',
  'merge.moveMessages': '{n} mensagens recebidas',
  'merge.moveNotifications': '{n} notificações',
  'merge.moveFollowers': 'quem segue a conta encerrada passa a seguir a que continua',
  'merge.closedFate':
    'A conta encerrada deixa de existir como perfil: o endereço {subdominio} passa a levar ao perfil que continua, ela sai do diretório, e o perfil que continua fica como está (foto, especialidades, telefones).',
  'merge.loginFate':
    'O e-mail e o login do Google da conta encerrada continuam entrando — na conta que continua, com a senha dela. Todas as sessões da conta encerrada terminam, e os dois e-mails recebem um aviso da união.',
  'merge.irreversible': 'Não é possível desfazer a união.',
  // The last step names both accounts and asks once more (issue 28 §5, decisions/0059).
  'merge.review': 'Continuar',
  'merge.finalTitle': '3. Confirme a união',
  'merge.finalSummary':
    'A conta {encerrada} ({subEncerrada}) será encerrada e tudo o que está nela passará para {mantida} ({subMantida}).',
  'merge.finalConfirm': 'Confirmar',
  'merge.finalCancel': 'Cancelar',
  'merge.done': 'Contas unidas. Tudo agora está em {nome}.',
} as const
