/** The directory of professionals (issue 13, spec §1, §2; decisions/0024). */
export const directoryMessages = {
  'directory.home.title': 'Encontre um profissional do Direito',
  'directory.home.heading': 'Encontre um profissional',
  'directory.home.description':
    'Advogados, contadores, tabeliães e outros profissionais do Direito em todo o Brasil, por profissão e cidade, com especialidades e serviços.',
  'directory.home.professions': 'Profissões',
  'directory.home.cities': 'Cidades com mais profissionais',
  'directory.home.noCities': 'Ainda não há profissionais cadastrados.',

  'directory.title.professionCity': '{profissionais} em {cidade} – {uf}',
  'directory.title.city': 'Profissionais em {cidade} – {uf}',
  'directory.title.profession': '{profissionais} no Brasil',
  'directory.description.professionCity':
    'Encontre {profissionais} em {cidade} – {uf}: especialidades, serviços e perfis para escolher quem vai cuidar do seu caso.',
  'directory.description.city':
    'Advogados, contadores, tabeliães e outros profissionais do Direito em {cidade} – {uf}, com especialidades e serviços.',
  'directory.description.profession':
    'Encontre {profissionais} em todo o Brasil: especialidades, serviços e perfis, por cidade.',
  'directory.kicker': 'Profissionais',
  'directory.pageSuffix': '{titulo} – página {n}',

  'directory.count.none': 'Nenhum profissional',
  'directory.count.one': '1 profissional',
  'directory.count.many': '{n} profissionais',
  'directory.servesIn': 'Atende em {cidade}',
  'directory.services.one': '1 serviço',
  'directory.services.many': '{n} serviços',
  'directory.results': 'Profissionais encontrados',

  'directory.pagination': 'Paginação',
  'directory.previous': 'Anterior',
  'directory.next': 'Próxima',
  'directory.pageN': 'Página {n}',

  'directory.filter.label': 'Filtrar profissionais',
  'directory.filter.profession': 'Profissão',
  'directory.filter.allProfessions': 'Todas as profissões',
  'directory.filter.city': 'Cidade',
  'directory.filter.submit': 'Buscar profissionais',
  'directory.filter.invalid': 'Não foi possível ler o filtro. Escolha a profissão e a cidade de novo.',
  'directory.filter.badProfession': 'Escolha uma profissão da lista.',
  'directory.filter.unknownCity':
    'Não encontramos essa cidade. Escolha uma cidade da lista ou escreva no formato Cidade/UF, como “Campinas/SP”.',

  'directory.professionNotFound': 'Profissão não encontrada.',
  'directory.cityNotFound': 'Cidade não encontrada.',
  'directory.pageNotFound': 'Esta página da lista não existe.',

  'directory.empty.professionCity': 'Ainda não há {profissionais} em {cidade} – {uf}.',
  'directory.empty.city': 'Ainda não há profissionais em {cidade} – {uf}.',
  'directory.empty.profession': 'Ainda não há {profissionais} no diretório.',
  'directory.empty.lead': 'Veja onde procurar:',
  'directory.empty.nearby': '{profissionais} em outras cidades {estado}',
  'directory.empty.capital': '{profissionais} em {cidade} – {uf}, a capital',
  'directory.empty.capitalAll': 'Profissionais em {cidade} – {uf}, a capital',
  'directory.empty.cityAll': 'Todos os profissionais em {cidade} – {uf}',
  'directory.empty.nationwide': '{profissionais} em todo o Brasil',
  'directory.empty.home': 'Todas as profissões e cidades',
} as const
