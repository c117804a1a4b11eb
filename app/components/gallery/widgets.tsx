import { useState } from 'react'
import { routes } from '~/api/routes'
import { Autocomplete, type AutocompleteItem } from '~/ui/autocomplete'
import { CollapsibleText } from '~/ui/collapsible-text'
import { Countdown } from '~/ui/countdown'
import { DataTable } from '~/ui/data-table'
import { DatePicker } from '~/ui/date-picker'
import { MaskedInput } from '~/ui/masked-input'
import { RemoteSelect } from '~/ui/remote-select'
import { ShareButtons } from '~/ui/share-buttons'
import { Popover, Tooltip } from '~/ui/tooltip'
import { Section } from './section'

function Masked({ kind, label }: { kind: 'phone' | 'cpf' | 'date'; label: string }) {
  const [value, setValue] = useState('')
  const id = `mascara-${kind}`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <MaskedInput id={id} kind={kind} name={id} value={value} onValueChange={setValue} />
    </div>
  )
}

export function MasksSection() {
  return (
    <Section id="mascaras" title="Máscaras">
      <Masked kind="phone" label="Telefone" />
      <Masked kind="cpf" label="CPF" />
      <Masked kind="date" label="Data" />
    </Section>
  )
}

export function DatesSection() {
  const [sent, setSent] = useState('')
  const [sentUs, setSentUs] = useState('')
  return (
    <Section id="datas" title="Seletor de data">
      <DatePicker name="data" label="Data (dd/mm/aaaa)" format="dd/mm/yyyy" onChange={setSent} />
      <p>
        Valor enviado: <output data-sent="data">{sent || '(vazio)'}</output>
      </p>
      <DatePicker
        name="data_padrao"
        label="Data no formato padrão do formulário (mm/dd/aaaa)"
        onChange={setSentUs}
      />
      <p>
        Valor enviado: <output data-sent="data_padrao">{sentUs || '(vazio)'}</output>
      </p>
    </Section>
  )
}

export function ChoicesSection() {
  const [city, setCity] = useState<AutocompleteItem | null>(null)
  const [profession, setProfession] = useState('')
  return (
    <Section id="escolhas" title="Autocompletar e seleção remota">
      <Autocomplete
        name="cidade_id"
        label="Cidade"
        url="/__dev/galeria/itens"
        param="cidade_nome"
        onSelect={setCity}
      />
      <p>
        Escolhida:{' '}
        <output data-chosen="cidade">{city ? `${city.inputLabel} (${city.value})` : '(nenhuma)'}</output>
      </p>
      <RemoteSelect
        name="profissao"
        label="Profissão"
        url="/__dev/galeria/opcoes"
        placeholder="Selecione sua profissão"
        allowOther
        onChange={(option) => setProfession(option ? `${option.text} (${option.id})` : '')}
      />
      <p>
        Escolhida: <output data-chosen="profissao">{profession || '(nenhuma)'}</output>
      </p>
      <RemoteSelect
        name="curso"
        label="Curso"
        url="/__dev/galeria/opcoes"
        termParam="q"
        placeholder="Selecione o curso"
      />
    </Section>
  )
}

const LONG_TEXT =
  'A Constituição assegura a todos o acesso à informação e resguarda o sigilo da fonte, quando necessário ao exercício profissional. ' +
  'Os atos processuais são públicos, ressalvados os casos de segredo de justiça, e as decisões judiciais devem ser fundamentadas. ' +
  'Diários oficiais publicam atos administrativos, editais, contratos, nomeações e intimações, que podem ser consultados por qualquer pessoa. ' +
  'A jurisprudência reúne o entendimento dos tribunais sobre temas recorrentes, e a legislação organiza-se em títulos, capítulos, artigos, parágrafos, incisos e alíneas. ' +
  'Profissionais acompanham processos e nomes nos diários para não perder prazos, e estudantes pesquisam decisões para aprender como o Direito é aplicado.'

export function TextSection() {
  return (
    <Section id="textos" title="Texto recolhível, contagem regressiva, destaque e dicas">
      <div data-example="longo">
        <CollapsibleText>
          <p>{LONG_TEXT}</p>
        </CollapsibleText>
      </div>
      <div data-example="curto">
        <CollapsibleText>
          <p>Texto curto não recolhe.</p>
        </CollapsibleText>
      </div>
      <p>
        Contagem curta: <Countdown seconds={3} label="Tempo restante" />
      </p>
      <p>
        Contagem longa: <Countdown seconds={3725} label="Prazo restante" />
      </p>
      <p>
        <a href="#alvo-destaque">Ir para o trecho destacado</a>
      </p>
      <p id="alvo-destaque" className="highlight-target">
        Este trecho fica destacado por 3 segundos quando a URL aponta para ele.
      </p>
      <p>
        <Tooltip text="Código de Processo Civil">
          <button type="button" className="link-button">
            CPC
          </button>
        </Tooltip>{' '}
        <Popover label="Sobre o prazo">
          <span>Prazos processuais contam-se em dias úteis.</span> <a href="#textos">Saiba mais</a>
        </Popover>
      </p>
    </Section>
  )
}

const ROWS = [
  { id: 11, titulo: 'Monitoramento: João da Silva', data: '10/11/2026' },
  { id: 12, titulo: 'Monitoramento: Empresa Exemplo Ltda.', data: '12/11/2026' },
  { id: 13, titulo: 'Monitoramento protegido (não pode ser excluído)', data: '15/11/2026' },
]

/** The gallery's stand-in for a table's delete: it answers as the messages' delete does. */
const GALLERY_DELETE = { ...routes.messagesDelete, path: '/__dev/galeria/excluir' }

export function TableSection() {
  const columns = [
    { header: 'Título', cell: (row: (typeof ROWS)[number]) => row.titulo },
    { header: 'Criado em', cell: (row: (typeof ROWS)[number]) => row.data },
  ]
  return (
    <Section id="tabela" title="Tabela com exclusão">
      <DataTable
        caption="Monitoramentos de exemplo"
        rows={ROWS}
        columns={columns}
        endpoint={GALLERY_DELETE}
        rowLabel={(row) => row.titulo}
      />
      <DataTable
        caption="Exclusão com redirecionamento"
        rows={ROWS.slice(0, 2).map((row) => ({ ...row, id: row.id + 10 }))}
        columns={columns}
        endpoint={GALLERY_DELETE}
        afterDeleteUrl="/dev/galeria?excluidos=1#tabela"
        rowLabel={(row) => row.titulo}
      />
    </Section>
  )
}

export function ShareSection({ url, count }: { url: string; count: number }) {
  return (
    <Section id="compartilhar" title="Compartilhar e cliques rastreados">
      <ShareButtons url={url} title="Galeria de componentes" initialCount={count} />
      <p>
        <a href="/?origem=galeria" data-track="galeria_link_inicio">
          Link rastreado para a página inicial
        </a>
      </p>
    </Section>
  )
}
