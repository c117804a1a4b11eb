import {
  cnjInput,
  directoryInput,
  idInput,
  searchInput,
  slugInput,
  statuteArticleInput,
} from '~/schemas/open-api'
import { endpoint } from '../endpoint'
import {
  companyOutput,
  decisionOutput,
  directoryOutput,
  gazetteArticleOutput,
  lawsuitOutput,
  personOutput,
  searchOutput,
  statuteArticleOutput,
} from '../open-outputs'
import { problemSchema } from '../problem'
import { routes } from '../routes'

// The open API (/api/v2, decisions/0063): read-only, a key per caller, the same domain functions
// as the pages. Every error is a problem (RFC 9457).

const open = { error: problemSchema, access: 'apiKey', limit: 'apiKey', public: true } as const

export const search = endpoint({
  ...routes.search,
  ...open,
  input: searchInput,
  output: searchOutput,
  summary: 'Buscar em uma categoria',
  description:
    'A mesma busca das páginas /busca, /jurisprudencia/busca e /legislacao/busca, com os mesmos filtros, 20 resultados por página em ordem estável. Para a página seguinte, repita a chamada com cursor=nextCursor.',
  example: { categoria: 'en', q: 'indenização', uf: 'SP' },
})

export const lawsuit = endpoint({
  ...routes.lawsuit,
  notFound: 'Processo não encontrado (processos em segredo de justiça também não são devolvidos).',
  ...open,
  input: cnjInput,
  output: lawsuitOutput,
  summary: 'Um processo pelo número CNJ',
  description: 'Processos em segredo de justiça nunca são devolvidos (a resposta é 404, como no site).',
  example: { numero: '0000000-00.0000.0.00.0000' },
})

export const gazetteArticle = endpoint({
  ...routes.gazetteArticle,
  notFound: 'Matéria não encontrada.',
  ...open,
  input: idInput,
  output: gazetteArticleOutput,
  summary: 'Uma matéria de diário oficial',
  example: { id: 1 },
})

export const decision = endpoint({
  ...routes.decision,
  notFound: 'Decisão não encontrada.',
  ...open,
  input: idInput,
  output: decisionOutput,
  summary: 'Uma decisão (jurisprudência)',
  example: { id: 1 },
})

export const statuteArticle = endpoint({
  ...routes.statuteArticle,
  notFound: 'Norma, ou dispositivo nela, não encontrado.',
  ...open,
  input: statuteArticleInput,
  output: statuteArticleOutput,
  summary: 'Um artigo (ou outro dispositivo) de uma norma',
  example: { slug: 'constituicao-federal-1988', dispositivo: 'art5' },
})

export const person = endpoint({
  ...routes.person,
  notFound: 'Pessoa não encontrada.',
  ...open,
  input: slugInput,
  output: personOutput,
  summary: 'Uma pessoa: processos em que é parte e matérias que a citam',
  example: { slug: 'maria-da-silva' },
})

export const company = endpoint({
  ...routes.company,
  notFound: 'Empresa não encontrada.',
  ...open,
  input: slugInput,
  output: companyOutput,
  summary: 'Uma empresa: processos em que é parte e matérias que a citam',
  example: { slug: 'empresa-exemplo-ltda' },
})

export const directory = endpoint({
  ...routes.directory,
  notFound: 'Profissão ou cidade não encontrada, ou página além da última.',
  ...open,
  input: directoryInput,
  output: directoryOutput,
  summary: 'O diretório de profissionais, por profissão e cidade',
  description:
    'A mesma lista das páginas do diretório (/advogado/campinas-sp), na mesma ordem, 20 por página. Filtre pela profissão, pela cidade ou pelas duas; sem filtros, todos os profissionais (cada um uma vez, pela sua cidade).',
  example: { profissao: 'advogado', cidade: 'campinas-sp' },
})
