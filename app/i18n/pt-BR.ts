// Every user-facing string of the product, keyed by meaning. Tests that pin the spec's exact
// wording quote it literally; everything else imports from here.
export const ptBR = {
  'site.name': 'JurisEdge',
  'site.tagline': 'Busca jurídica e rede de profissionais do Direito',
  'site.description':
    'Pesquise pessoas, empresas, diários oficiais, partes em processos, jurisprudência e legislação. Encontre profissionais do Direito na sua cidade.',
  'site.skipToContent': 'Pular para o conteúdo',
  'site.footer': 'Informação pública, organizada para quem trabalha com o Direito.',

  'home.title': 'Busca jurídica: pessoas, empresas, diários oficiais e processos',
  'home.heading': 'O que você procura?',
  'home.lead': 'Pessoas, empresas, diários oficiais, partes em processos, jurisprudência e legislação.',
  'home.professionals': 'Profissionais em destaque',

  'search.label': 'Termo de busca',
  'search.placeholder': 'Digite um nome, CPF/CNPJ, número de processo ou assunto',
  'search.category': 'Categoria',
  'search.submit': 'Buscar',
  'search.category.t': 'Tudo',
  'search.category.p': 'Pessoas',
  'search.category.i': 'Empresas',
  'search.category.d': 'Diários Oficiais',
  'search.category.en': 'Partes em Processos',
  'search.category.jr': 'Jurisprudência',
  'search.category.leis': 'Legislação',

  'header.mainNav': 'Navegação principal',
  'header.userMenu': 'Menu do usuário',
  'header.login': 'Entrar',
  'header.myProfile': 'Meu perfil',

  'profile.title': '{nome} – {titulo}',
  'profile.description': 'Perfil profissional de {nome} ({titulo}) em {cidade}.',
  'profile.photoAlt': 'Foto de {nome}',
  'profile.city': 'Atende em {cidade}',

  'error.notFound.title': 'Página não encontrada',
  'error.notFound.body': 'O endereço que você acessou não existe ou foi removido.',
  'error.profileNotFound.body': 'Não encontramos nenhum profissional com esse endereço.',
  'error.internal.title': 'Algo deu errado',
  'error.internal.body': 'Tivemos um problema ao carregar esta página. Tente novamente em instantes.',
  'error.backHome': 'Voltar para a página inicial',
  'error.requestId': 'Código do erro: {id}',

  // Generic form-action messages (spec §7, §8).
  'form.sent': 'Enviado com sucesso!',
  'form.error': 'Ocorreu um erro!',
  'form.internalError': 'Ocorreu um erro interno!',

  'api.notFound': 'Recurso não encontrado.',
  'api.badOrigin': 'Origem da requisição não permitida.',
  'api.rateLimited': 'Muitas requisições. Aguarde um instante e tente novamente.',
  'api.loginRequired': 'Você precisa entrar para continuar.',
  'api.invalidInput': 'Dados inválidos.',

  'image.invalid': 'Selecione uma imagem em JPG, JPEG ou PNG com menos de 4MB',
  'image.notFound': 'Imagem não encontrada.',

  'notification.userNotFound': 'Usuário da notificação não existe.',
} as const

export type MessageKey = keyof typeof ptBR

/** Looks up a message and fills `{placeholders}`. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template: string = ptBR[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  )
}
