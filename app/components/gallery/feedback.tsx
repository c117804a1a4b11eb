import { useState } from 'react'
import { professionalMessageFields } from '~/schemas/professional-message'
import { z } from '~/schemas/zod'
import { NoValidate, TextAreaField, TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { LoginGateProvider, useLoginGate } from '~/ui/login-gate'
import { Modal, MultiStep, useModals } from '~/ui/modal'
import { SubmitButton } from '~/ui/submit-button'
import { notify } from '~/ui/toast'
import { Section } from './section'

export function ToastsSection() {
  return (
    <Section id="toasts" title="Toasts">
      <div className="row">
        <button type="button" className="button" onClick={() => notify.error('Exemplo de erro')}>
          Toast de erro
        </button>
        <button type="button" className="button" onClick={() => notify.notice('Exemplo de aviso')}>
          Toast de aviso
        </button>
        <button type="button" className="button" onClick={() => notify.warning('Exemplo de alerta')}>
          Toast de alerta
        </button>
      </div>
    </Section>
  )
}

export function FormSection() {
  return (
    <Section id="formulario" title="Formulário com ação genérica">
      <p className="muted">
        Nomes especiais fazem o servidor responder de outro jeito: “Recusado” (lista de erros), “Sem detalhes”
        (sem erros), “Falha” (erro interno).
      </p>
      <ActionForm
        action="/__dev/galeria/formulario"
        schema={professionalMessageFields}
        label="Mensagem de exemplo"
      >
        {({ submitting }) => (
          <>
            <TextField name="nome" label="Nome" autoComplete="name" />
            <TextField name="email" label="E-mail" type="email" autoComplete="email" />
            <TextField name="telefone" label="Telefone" type="tel" autoComplete="tel" />
            <TextAreaField name="conteudo" label="Mensagem" />
            <NoValidate>
              <TextField name="observacao" label="Observação (não validada)" />
            </NoValidate>
            <SubmitButton submitting={submitting}>Enviar</SubmitButton>
          </>
        )}
      </ActionForm>
      <h3>GET e sem limpar o formulário</h3>
      <ActionForm
        action="/__dev/galeria/busca"
        method="GET"
        resetOnSuccess={false}
        schema={z.object({ termo: z.string().trim().min(1, 'Informe o termo.') })}
        label="Busca de exemplo"
        onSuccess={(body) => notify.notice(`Resposta do GET: ${String(body.termo)}`)}
      >
        {({ submitting }) => (
          <>
            <TextField name="termo" label="Termo" />
            <SubmitButton submitting={submitting}>Consultar</SubmitButton>
          </>
        )}
      </ActionForm>
    </Section>
  )
}

export function ModalsSection() {
  const { open } = useModals()
  return (
    <Section id="modais" title="Modais">
      <div className="row">
        <button type="button" className="button" onClick={() => open('exemplo')}>
          Abrir modal
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            open('exemplo', { title: 'Título dado ao abrir', subtitle: 'Subtítulo dado ao abrir' })
          }
        >
          Abrir com título
        </button>
        <button type="button" className="button" onClick={() => open('etapas')}>
          Abrir modal em etapas
        </button>
      </div>
      <Modal name="exemplo" title="Modal de exemplo">
        <p>Conteúdo do modal.</p>
      </Modal>
      <Modal name="etapas" title="Cadastro em etapas" subtitle="Preencha cada etapa">
        <form className="form" onSubmit={(event) => event.preventDefault()}>
          <MultiStep
            steps={[
              <label key="1" className="field">
                Nome completo
                <input name="etapa_nome" required />
              </label>,
              <fieldset key="2" className="field">
                <legend>Você é</legend>
                <label>
                  <input type="radio" name="etapa_tipo" value="estudante" required /> Estudante
                </label>
                <label>
                  <input type="radio" name="etapa_tipo" value="profissional" /> Profissional
                </label>
              </fieldset>,
              <label key="3" className="field">
                Cidade
                <input name="etapa_cidade" required />
              </label>,
            ]}
          />
        </form>
      </Modal>
    </Section>
  )
}

function GatedButton() {
  const gate = useLoginGate()
  const [done, setDone] = useState(0)
  return (
    <>
      <button type="button" className="button" onClick={() => gate.run(() => setDone((n) => n + 1))}>
        Seguir (exige login)
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => gate.run(() => setDone((n) => n + 1), { via: 'redirect' })}
      >
        Votar (vai para a página de login)
      </button>
      <output aria-live="polite" data-gated-result="">
        {done > 0 ? `Ação executada ${done}×` : 'Ação ainda não executada'}
      </output>
    </>
  )
}

export function LoginGateSection() {
  return (
    <Section id="login" title="Ação que exige login">
      <p className="muted">
        Entre com ana@exemplo.invalid (qualquer senha): a ação continua depois do login.
      </p>
      <LoginGateProvider modalName="login-galeria">
        <GatedButton />
      </LoginGateProvider>
    </Section>
  )
}
