/** Following (issue 13, spec §3 "Followable item", §4 "Follow", §8). */
export const networkMessages = {
  'follow.follow': 'Seguir',
  'follow.following': 'Seguindo',
  'follow.followArticle': 'Seguir artigo',
  'follow.followingArticle': 'Seguindo artigo',
  'follow.followAuthor': 'Seguir autor',
  'follow.followingAuthor': 'Seguindo autor',
  'follow.followers.many': '{n} seguidores',
  'follow.followers.one': '1 seguidor',
  'follow.followersNone': 'Nenhum seguidor',
  'follow.followLabel': 'Seguir {nome}',
  'follow.unfollowLabel': 'Deixar de seguir {nome}',
  'follow.followed': 'Agora você segue {nome}.',
  'follow.unfollowed': 'Você deixou de seguir {nome}.',
  'follow.badId': 'Informe um item válido para seguir.',
  'follow.badKind': 'Este tipo de item não pode ser seguido.',
  'follow.notFound': 'Item não encontrado.',
  'follow.self': 'Você não pode seguir a si mesmo.',
  'follow.protectedCommunity':
    'Não é possível deixar de ser membro da comunidade relacionada à sua profissão ou curso.',
  'follow.notification': '{nome} começou a seguir você.',
  'follow.kind.comunidade': 'Comunidade',
  'follow.kind.usuario': 'Profissional',
  'follow.kind.pessoa': 'Pessoa',
  'follow.kind.empresa': 'Empresa',
  'follow.kind.processo': 'Processo',
  'follow.kind.artigo': 'Artigo',
  'account.tab.following': 'Seguindo',
  'following.title': 'O que você segue',
  'following.caption': 'Itens que você segue',
  'following.empty':
    'Você ainda não segue nada. Siga profissionais, comunidades, pessoas, empresas e processos para acompanhá-los.',
  'following.item': 'Item',
  'following.kind': 'Tipo',
  'following.since': 'Desde',
  'following.gone': 'Item indisponível',
  'following.pages': 'Páginas de itens seguidos',
  'following.previous': 'Anterior',
  'following.next': 'Próxima',
  // Daily caps on what one account writes for others (issue 27 item 6, decisions/0049).
  'quota.articles':
    'Você atingiu o limite de artigos por dia (3 nos primeiros 7 dias da conta, depois 10). Tente novamente amanhã.',
  'quota.comments':
    'Você atingiu o limite de comentários por dia (30 nos primeiros 7 dias da conta, depois 200). Tente novamente amanhã.',
  'quota.follows':
    'Você atingiu o limite de novos itens seguidos por dia (100 nos primeiros 7 dias da conta, depois 400). Tente novamente amanhã.',
  'quota.votes':
    'Você atingiu o limite de votos por dia (200 nos primeiros 7 dias da conta, depois 1.000). Tente novamente amanhã.',
  'quota.messages': 'Limite de 20 mensagens por dia a profissionais atingido. Tente novamente amanhã.',
  'article.emailUnconfirmed':
    'Confirme seu e-mail para publicar artigos: use o link que enviamos ou peça um novo no aviso do topo da página.',
  'article.notMember':
    'Você só pode publicar nas comunidades de que participa: a da sua profissão ou curso, ou um tema que você segue.',
  'articleForm.noCommunity':
    'Você ainda não participa de nenhuma comunidade. Siga um tema em Comunidades para publicar nele.',
  'api.tooManyWrites': 'Muitas alterações em pouco tempo. Aguarde um minuto e tente de novo.',
} as const
