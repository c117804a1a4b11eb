/** Communities of professions, courses and themes (issue 13, spec §1; decisions/0023). */
export const communitiesMessages = {
  'communities.title': 'Comunidades',
  'communities.description':
    'Comunidades de profissões, cursos e temas do Direito: veja quantos membros e seguidores cada uma tem e siga as que interessam a você.',
  'communities.intro':
    'Cada profissional é membro da comunidade da sua profissão, e cada estudante da do seu curso. Qualquer pessoa pode seguir as comunidades que quiser.',
  'communities.kind.profissao': 'Profissões',
  'communities.kind.curso': 'Cursos',
  'communities.kind.tema': 'Temas',
  'communities.kindOne.profissao': 'Comunidade de profissão',
  'communities.kindOne.curso': 'Comunidade de curso',
  'communities.kindOne.tema': 'Comunidade de tema',
  'communities.members.none': 'Nenhum membro',
  'communities.members.one': '1 membro',
  'communities.members.many': '{n} membros',
  'communities.pageTitle': '{nome} – {tipo}',
  'communities.pageDescription': '{tipo} {nome} no JurisEdge ({contagem}). Veja quem participa e siga.',
  'communities.joinHint.profissao': 'Quem informa esta profissão no perfil é membro automaticamente.',
  'communities.joinHint.curso': 'Estudantes deste curso são membros automaticamente.',
  'communities.joinHint.tema': 'Siga esta comunidade para acompanhar o tema.',
  'communities.newestMembers': 'Membros mais recentes',
  'communities.newestFollowers': 'Seguidores mais recentes',
  'communities.noMembers': 'Esta comunidade ainda não tem membros.',
  'communities.noFollowers': 'Ninguém segue esta comunidade ainda.',
  'communities.inDirectory': 'Ver {profissionais} no diretório',
  'communities.all': 'Todas as comunidades',
  'communities.notFound': 'Comunidade não encontrada.',
} as const
