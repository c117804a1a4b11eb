/** "Este sou eu": a professional claims the public person page that is them (issue 17). */
export const claimsMessages = {
  'claims.button': 'Este sou eu',
  'claims.profileLink': 'Perfil profissional de {nome}',
  'claims.pendingOther': 'Há um pedido de vinculação desta página em análise.',
  'claims.yours.aceita': 'Esta página está vinculada ao seu perfil.',
  'claims.yours.em_analise':
    'Você pediu para vincular esta página ao seu perfil. O pedido está em análise: uma pessoa da equipe de revisão vai conferir.',
  'claims.yours.suspensa':
    'A vinculação desta página está suspensa porque o nome da sua conta mudou. Verifique de novo sua identidade com o gov.br para reativá-la, ou aguarde a revisão.',
  'claims.reason.govbr': 'Identidade verificada no gov.br: nome e CPF conferem com um documento público.',
  'claims.reason.closed': 'Outro pedido para esta página foi aceito.',
  'claims.reason.renamed': 'O nome da conta mudou depois da vinculação.',
  'claims.mail.subject.aceita': 'Página vinculada ao seu perfil: {pessoa} — {site}',
  'claims.mail.subject.recusada': 'Pedido de vinculação recusado: {pessoa} — {site}',
  'claims.mail.subject.encerrada': 'Pedido de vinculação encerrado: {pessoa} — {site}',
  'claims.mail.subject.suspensa': 'Vinculação suspensa: {pessoa} — {site}',
  'claims.mail.aceita':
    'Olá, {nome}. Seu pedido foi aceito: a página “{pessoa}” agora está ligada ao seu perfil no {site}.',
  'claims.mail.recusada':
    'Olá, {nome}. Seu pedido para vincular a página “{pessoa}” ao seu perfil no {site} foi recusado.',
  'claims.mail.encerrada':
    'Olá, {nome}. Seu pedido para vincular a página “{pessoa}” ao seu perfil no {site} foi encerrado.',
  'claims.mail.suspensa':
    'Olá, {nome}. A vinculação da página “{pessoa}” ao seu perfil no {site} foi suspensa: a página deixa de mostrar o seu perfil até você verificar sua identidade de novo com o gov.br ou a equipe de revisão conferir.',
  'claims.mail.reason': 'Motivo: {motivo}',
  'claims.mail.button': 'Ver a página',
  'claims.mail.footer': 'Dúvidas? Fale com o suporte pelo site.',
  'claims.undo': 'Desfazer',
  'claims.undoLabel': 'Desfazer a vinculação desta página',
  'claims.undone': 'Vinculação desfeita. A página está livre novamente.',
  'claims.page.title': 'Este sou eu: {nome}',
  'claims.page.back': 'Voltar para a página de {nome}',
  'claims.page.intro': 'Antes de qualquer coisa, veja o que acontece quando você confirma:',
  'claims.page.which': 'A página pública “{nome}” ({url}) passa a ser ligada à sua conta ({conta}).',
  'claims.page.link': 'A página mostrará um link para o seu perfil profissional.',
  'claims.page.list':
    'O seu perfil passará a listar os processos públicos e as matérias de diários em que este nome aparece.',
  'claims.page.undo': 'Você pode desfazer quando quiser, na própria página, com “Desfazer”.',
  'claims.page.one': 'Cada conta pode vincular uma única página.',
  'claims.page.howTitle': 'Como conferimos',
  'claims.page.how':
    'Dados que aparecem em documentos públicos (como o número da OAB num processo) não provam quem você é. Por isso:',
  'claims.page.howGovbr':
    'Aceito na hora: verifique sua identidade com o gov.br. Se o nome e o CPF que o gov.br confirma forem os desta pessoa num documento público (uma matéria de diário com esse CPF perto do nome, inteiro ou mascarado como ***.456.789-**), a página é vinculada na hora.',
  'claims.page.howReview':
    'Em análise: pelo número da OAB, por um CPF digitado, ou se os dados do gov.br não conferirem, uma pessoa da equipe de revisão confere o pedido em até 30 dias e você recebe a resposta por e-mail. Enquanto isso, a página continua livre.',
  'claims.page.statement':
    'Ao enviar, você declara que é esta pessoa. O CPF verificado fica guardado só para conferir; nunca aparece inteiro no site.',
  'claims.govbr.button': 'Verificar identidade com gov.br',
  'claims.govbr.verified': 'Identidade verificada no gov.br: {nome}, CPF {cpf}.',
  'claims.govbr.again': 'Verificar de novo com gov.br',
  'claims.govbr.notVerified': 'Verifique sua identidade com o gov.br antes de escolher esta forma.',
  'claims.form.label': 'Confirmar que esta página é sua',
  'claims.form.kind': 'Como você quer comprovar',
  'claims.form.kind.govbr': 'Pela identidade verificada no gov.br (aceito na hora)',
  'claims.form.kind.oab': 'Pelo número da OAB',
  'claims.form.kind.cpf': 'Pelo CPF',
  'claims.form.oabNumber': 'Número da OAB',
  'claims.form.oabUf': 'Estado (seccional) da OAB',
  'claims.form.chooseUf': 'Escolha',
  'claims.form.cpf': 'CPF',
  'claims.form.cpfHint': 'Usado só para conferir; nunca aparece no site.',
  'claims.form.submit': 'Confirmar: este sou eu',
  'claims.form.submitting': 'Enviando…',
  'claims.badKind': 'Escolha se vai comprovar pelo gov.br, pela OAB ou pelo CPF.',
  'claims.badOabNumber': 'Informe o número da OAB só com dígitos (até 7).',
  'claims.badOabUf': 'Escolha o estado da sua OAB.',
  'claims.badCpf': 'Informe um CPF válido, com 11 dígitos.',
  'claims.accepted': 'Pronto: esta página agora está ligada ao seu perfil.',
  'claims.inReview':
    'Recebemos seu pedido. Ele fica em análise até uma pessoa da equipe de revisão conferir (até 30 dias), e você recebe a resposta por e-mail; enquanto isso, a página não mostra o seu perfil. Para vincular na hora, verifique sua identidade com o gov.br.',
  'claims.personNotFound': 'Página de pessoa não encontrada.',
  'claims.taken': 'Esta página já foi vinculada a outra conta. Se ela é sua, fale com o suporte.',
  'claims.alreadyYours': 'Você já pediu para vincular esta página.',
  'claims.onePerAccount':
    'Sua conta já está vinculada a outra página. Desfaça aquela vinculação para pedir esta.',
  'claims.notClaimable': 'Esta página não pode ser vinculada.',
  'claims.notFound': 'Você não tem pedido de vinculação para esta página.',
  'claims.mineElsewhere': 'Sua conta já está vinculada à página {nome}.',
  'claims.profileSection': 'Nos documentos públicos',
  'claims.profileIntro': 'Processos públicos e matérias de diários em que {nome} aparece.',
  'claims.profilePersonLink': 'Ver a página de {nome}',
} as const
