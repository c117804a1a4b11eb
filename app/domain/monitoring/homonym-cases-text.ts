/**
 * Development cases of issue 28 (decisions/0055): places read from the text of documents without a
 * place, names of streets and schools, surnames that read like company forms. The held-out set
 * (`homonym-heldout-*.ts`) is measured, never tuned on; these are.
 */
import { CAMPINAS, type HomonymCase, nome } from './homonym-builders'

const RECIFE = { cityCode: 2611606, cityName: 'Recife', uf: 'PE' }
const CAMPINAS_SP = { cityCode: CAMPINAS, cityName: 'Campinas', uf: 'SP' }
const portaria = (body: string) =>
  `PORTARIA Nº 210, DE 4 DE ABRIL DE 2026\nO REITOR, no uso de suas atribuições, resolve:\n${body}\n`

export const TEXT_CASES: HomonymCase[] = [
  // Places read from the text (DOU: no place field)
  {
    name: 'DOU: cidade/UF junto ao nome, outra cidade',
    rule: nome('Lívia Castro Mendes', RECIFE),
    doc: {
      text: portaria(
        'Nomear LÍVIA CASTRO MENDES, residente em Salmourão/SP, para o cargo de Professora Substituta.',
      ),
    },
    expected: false,
    why: 'Ela mora em Salmourão/SP; a monitorada é do Recife.',
  },
  {
    name: 'DOU: cidade/UF junto ao nome, mesma cidade',
    rule: nome('Lívia Castro Mendes', RECIFE),
    doc: {
      text: portaria(
        'Nomear LÍVIA CASTRO MENDES, residente em Recife/PE, para o cargo de Professora Substituta.',
      ),
    },
    expected: true,
    why: 'Recife/PE confere.',
  },
  {
    name: 'DOU: "município de" sem UF, outro estado',
    rule: nome('Lívia Castro Mendes', RECIFE),
    doc: {
      text: 'EXTRATO DE DOAÇÃO\nDonatário: Município de Campinas. Representante: LÍVIA CASTRO MENDES, Secretária de Administração.',
    },
    expected: false,
    why: 'Campinas (só há uma, em SP): outra Lívia.',
  },
  {
    name: 'DOU: prefeitura municipal no título',
    rule: nome('Lívia Castro Mendes', { uf: 'PE' }),
    doc: {
      text: 'PREFEITURA MUNICIPAL DE SALVADOR\nAVISO DE HOMOLOGAÇÃO\nHomologo o resultado em favor de LÍVIA CASTRO MENDES.',
    },
    expected: false,
    why: 'Ato da Prefeitura de Salvador (BA); monitorada em PE.',
  },
  {
    name: 'DOU: estado por extenso depois de "Estado de"',
    rule: nome('Lívia Castro Mendes', { uf: 'PE' }),
    doc: {
      text: portaria('Designar LÍVIA CASTRO MENDES para exercício no Governo do Estado de Pernambuco.'),
    },
    expected: true,
    why: 'Pernambuco confere.',
  },
  {
    name: 'DOU: sobrenome que é cidade não é lugar',
    rule: nome('Otávio Natal Pires', CAMPINAS_SP),
    doc: { text: portaria('Nomear OTÁVIO NATAL PIRES, matrícula 99, para a função de Coordenador.') },
    expected: true,
    why: 'Natal é o sobrenome dele; nada diz onde ele mora.',
  },
  {
    name: 'DOU: palavra comum que é cidade não é lugar',
    rule: nome('Otávio Natal Pires', CAMPINAS_SP),
    doc: {
      text: 'Concedo a OTÁVIO NATAL PIRES a gratificação de Natal, paga em Palmas de ouro, conforme Bonito acordo.',
    },
    expected: true,
    why: 'Natal, Palmas e Bonito não estão em contexto de lugar.',
  },
  {
    name: 'DOU: lugar de outra pessoa no mesmo parágrafo',
    rule: nome('Otávio Natal Pires', CAMPINAS_SP),
    doc: {
      text: 'Designar OTÁVIO NATAL PIRES, lotado em Campinas/SP; e GERSON LUZ PRATES, lotado em Natal/RN.',
    },
    expected: true,
    why: 'Natal/RN é de Gerson; Otávio está em Campinas.',
  },
  {
    name: 'DOU: lugar longe do nome numa matéria longa',
    rule: nome('Otávio Natal Pires', CAMPINAS_SP),
    doc: {
      text: `Designar OTÁVIO NATAL PIRES para a comissão.\n${'Considerando o disposto na legislação aplicável e o que consta dos autos. '.repeat(50)}\nA sessão será realizada no município de Curitiba/PR.`,
    },
    expected: true,
    why: 'O lugar da sessão, no fim de uma matéria longa, não diz onde ele mora.',
  },
  {
    name: 'DOU: cidade e estado por extenso',
    rule: nome('Otávio Natal Pires', CAMPINAS_SP),
    doc: { text: 'Contratado: OTÁVIO NATAL PIRES, com domicílio em Vitória, Espírito Santo.' },
    expected: false,
    why: 'Vitória, ES.',
  },
  {
    name: 'DOU: comarca de outra cidade do mesmo estado',
    rule: nome('Otávio Natal Pires', CAMPINAS_SP),
    doc: { text: 'Edital. Comarca de Franca - SP. Réu: OTÁVIO NATAL PIRES, citado por edital.' },
    expected: false,
    why: 'Comarca de Franca/SP; monitorado em Campinas.',
  },
  // Addresses named after a person
  {
    name: 'rua com o nome completo',
    rule: nome('José Ferreira Lima'),
    doc: { text: 'Endereço: Rua José Ferreira Lima, 123, Centro, Campinas/SP.' },
    expected: false,
    why: 'É o nome da rua.',
  },
  {
    name: 'avenida com título',
    rule: nome('Getúlio Moura Ramos'),
    doc: { text: 'Local: Avenida Presidente Getúlio Moura Ramos, 900.' },
    expected: false,
    why: 'É o nome da avenida.',
  },
  {
    name: 'escola municipal com título',
    rule: nome('Cecília Prado Reis'),
    doc: { text: 'Lotação: EMEF Professora Cecília Prado Reis.' },
    expected: false,
    why: 'É o nome da escola.',
  },
  {
    name: 'edifício',
    rule: nome('Cecília Prado Reis'),
    doc: { text: 'Sessão no Ed. Cecília Prado Reis, sala 12.' },
    expected: false,
    why: 'É o nome do edifício.',
  },
  {
    name: 'endereço em minúsculas',
    rule: nome('Cecília Prado Reis'),
    doc: { text: 'residente na rua Cecília Prado Reis, 45.' },
    expected: false,
    why: 'É o nome da rua.',
  },
  {
    name: 'pessoa com rua depois do nome',
    rule: nome('Cecília Prado Reis'),
    doc: { text: 'Requerente: CECÍLIA PRADO REIS, residente na Rua das Acácias, 12.' },
    expected: true,
    why: 'É ela.',
  },
  {
    name: 'pessoa depois de cargo',
    rule: nome('Cecília Prado Reis'),
    doc: { text: 'Por ordem do Juiz Dr. CECÍLIA PRADO REIS, intimem-se.' },
    expected: true,
    why: 'Título antes do nome não é rua.',
  },
  // Surnames that read like company forms
  {
    name: 'Sá depois do nome',
    rule: nome('Paulo Roberto Lima'),
    doc: { text: 'Aposentar PAULO ROBERTO LIMA SÁ, matrícula 12.' },
    expected: false,
    why: 'Paulo Roberto Lima Sá é outra pessoa.',
  },
  {
    name: 'de Sá depois do nome',
    rule: nome('Paulo Roberto Lima'),
    doc: { text: 'Aposentar Paulo Roberto Lima de Sá, matrícula 12.' },
    expected: false,
    why: 'Outra pessoa.',
  },
  {
    name: 'S.A. depois de empresa',
    rule: nome('Horizonte Azul Mineração'),
    doc: { text: 'Contratada: HORIZONTE AZUL MINERAÇÃO S.A., CNPJ 12.345.678/0001-90.' },
    expected: true,
    why: 'A forma jurídica não é sobrenome.',
  },
  {
    name: 'SA sem pontos depois de empresa',
    rule: nome('Horizonte Azul Mineração'),
    doc: { text: 'Contratada: HORIZONTE AZUL MINERAÇÃO SA, CNPJ 12.345.678/0001-90.' },
    expected: true,
    why: 'SA sem acento é a forma jurídica.',
  },
  {
    name: 'Câmara como sobrenome',
    rule: nome('Paulo Roberto Lima'),
    doc: { text: 'Nomear PAULO ROBERTO LIMA CÂMARA para o cargo.' },
    expected: false,
    why: 'Outra pessoa.',
  },
  {
    name: 'Câmara Municipal depois do nome',
    rule: nome('Paulo Roberto Lima'),
    doc: {
      text: 'O Presidente PAULO ROBERTO LIMA Câmara Municipal de Campinas, no uso de suas atribuições.',
    },
    expected: true,
    why: 'É a Câmara Municipal, não um sobrenome.',
  },
  {
    name: 'Epp como sobrenome',
    rule: nome('Helga Lima Rocha'),
    doc: { text: 'Nomear Helga Lima Rocha Epp para o cargo.' },
    expected: false,
    why: 'Epp é sobrenome aqui.',
  },
  {
    name: 'EPP como forma jurídica',
    rule: nome('Rocha Comércio de Tintas'),
    doc: { text: 'Contratada: ROCHA COMÉRCIO DE TINTAS EPP, CNPJ 12.345.678/0001-90.' },
    expected: true,
    why: 'EPP é a forma jurídica.',
  },
]
