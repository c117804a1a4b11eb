/**
 * The cities and the matéria texts the held-out pairs are made of (decisions/0055): shapes of
 * the real DOU samples in shared/data/dou (portarias, atos, extratos, avisos de licitação,
 * resultados), names invented. The pairs themselves are in `homonym-heldout-cases.ts`.
 */
import { douXml } from './homonym-builders'

export type City = [number, string, string]
export const LONDRINA: City = [4113700, 'Londrina', 'PR']
export const CAMPINAS: City = [3509502, 'Campinas', 'SP']
export const NATAL: City = [2408102, 'Natal', 'RN']
export const CURITIBA: City = [4106902, 'Curitiba', 'PR']
export const SALVADOR: City = [2927408, 'Salvador', 'BA']
export const PELOTAS: City = [4314407, 'Pelotas', 'RS']
export const FORTALEZA: City = [2304400, 'Fortaleza', 'CE']
export const RECIFE: City = [2611606, 'Recife', 'PE']
export const PORTO_ALEGRE: City = [4314902, 'Porto Alegre', 'RS']
export const SAO_LUIS: City = [2111300, 'São Luís', 'MA']
export const TERESINA: City = [2211001, 'Teresina', 'PI']
export const SANTA_MARIA: City = [4316907, 'Santa Maria', 'RS']
export const SOUSA: City = [2516201, 'Sousa', 'PB']

export const INSS =
  'Ministério da Previdência Social/Instituto Nacional do Seguro Social/Superintendência Regional Sul'
export const UF_CAT = 'Ministério da Educação/Universidade Federal'
export const PREF = 'Prefeituras'
export const portaria = (n: number) => `PORTARIA Nº ${n}, DE 10 DE MAIO DE 2023`
export const extrato = (n: number) => `EXTRATO DE CONTRATO Nº ${n}/2023`
export const resolve =
  'O SUPERINTENDENTE REGIONAL, no uso das atribuições que lhe confere o Decreto nº 10.995, de 14 de março de 2022, resolve:'

export const designar = (name: string, where: string) =>
  douXml('Portaria', INSS, portaria(311), [
    resolve,
    `Art. 1º DESIGNAR ${name}, Analista do Seguro Social, matrícula nº 1234567, lotada na Agência da Previdência Social de ${where}, para exercer a função de Chefe de Seção.`,
    'Art. 2º Esta Portaria entra em vigor na data de sua publicação.',
    '<p class="assina">CLÁUDIO ROBERTO FAGUNDES</p>',
  ])
export const contrato = (party: string) =>
  douXml('Extrato de Contrato', `${UF_CAT} de Pernambuco`, extrato(14), [
    `Nº Processo: 23076.012345/2023-11. Contratante: UNIVERSIDADE FEDERAL. ${party} Objeto: prestação de serviços de manutenção predial. Vigência: 12/05/2023 a 11/05/2024. Valor Total: R$ 48.000,00.`,
  ])
export const edital = (municipio: string, name: string, dateLine: string) =>
  douXml('Aviso', `${PREF}/${municipio}`, `PREFEITURA MUNICIPAL DE ${municipio.toUpperCase()}`, [
    'AVISO DE RESULTADO DE RECURSO - PROCESSO SELETIVO SIMPLIFICADO Nº 2/2023',
    `A Comissão torna público o resultado do recurso interposto pela candidata ${name}, inscrição nº 4417, para o cargo de Professora: deferido.`,
    dateLine,
    '<p class="assina">MARCOS ANTÔNIO BRITO</p><p class="cargo">Presidente da Comissão</p>',
  ])
export const lista = (lines: string[]) =>
  douXml('Edital', `${UF_CAT} do Rio Grande do Sul`, 'EDITAL Nº 41, DE 10 DE MAIO DE 2023', [
    'RESULTADO FINAL DO CONCURSO PÚBLICO PARA TÉCNICO-ADMINISTRATIVO EM EDUCAÇÃO. Candidatos aprovados, por ordem de classificação, com o município de residência declarado na inscrição:',
    lines.join('; '),
  ])
export const endereco = (local: string) =>
  douXml('Aviso de Licitação-Pregão', `${UF_CAT} da Bahia`, 'AVISO DE LICITAÇÃO', [
    'Pregão Eletrônico Nº 17/2023 - UASG 153038',
    `Nº Processo: 23066.004411/2023-02. Objeto: Contratação de serviços de limpeza. Total de Itens Licitados: 3. Edital: 12/05/2023 das 08h00 às 12h00. Endereço: ${local}. Entrega das Propostas: a partir de 12/05/2023 no site www.gov.br/compras.`,
    '<p class="assina">RITA DE CÁSSIA MOTA</p><p class="cargo">Pregoeira</p>',
  ])
export const aposentar = (name: string) =>
  douXml('Portaria', 'Ministério da Saúde/Secretaria-Executiva', portaria(902), [
    `Art. 1º CONCEDER aposentadoria voluntária a ${name}, matrícula SIAPE nº 0654321, ocupante do cargo de Agente Administrativo, nos termos do art. 3º da Emenda Constitucional nº 47/2005.`,
    '<p class="assina">JULIANA SOARES VAZ</p>',
  ])
