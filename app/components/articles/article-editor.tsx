import { useNavigate } from '@remix-run/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { routes } from '~/api/routes'
import type { ArticleFormData } from '~/domain/articles/form.server'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { ARTICLE_BODY_MAX_BYTES, articleSchema } from '~/schemas/articles'
import { Autocomplete, type AutocompleteItem } from '~/ui/autocomplete'
import { call } from '~/ui/call'
import { FieldShell, TextField } from '~/ui/field'
import { ActionForm, toastOutcome } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'
import { useArticleDraft } from './use-draft'

const kb = (bytes: number) => Math.ceil(bytes / 1024)

/** The communities autocomplete, filling `comunidade_id` (spec §5 "Article form"). */
function CommunityField({
  item,
  version,
  onChange,
}: {
  item: AutocompleteItem | null
  version: number
  onChange: (item: AutocompleteItem | null) => void
}) {
  const { register, setValue, formState } = useFormContext()
  const id = useId()
  useEffect(() => {
    register('comunidade_id')
  }, [register])
  const message = formState.errors.comunidade_id?.message as string | undefined
  return (
    <div className={message ? 'field--invalid' : undefined}>
      <Autocomplete
        // A restored draft replaces the choice: a new key draws the field with it.
        key={version}
        name="comunidade_id"
        inputName="comunidade_nome"
        label={t('articleForm.community')}
        // Only the communities this writer may publish to (decisions/0049).
        endpoint={routes.articleCommunities}
        param="comunidade_nome"
        defaultItem={item}
        describedBy={`${id}-mensagem`}
        invalid={!!message}
        onSelect={(chosen) => {
          setValue('comunidade_id', chosen ? String(chosen.value) : '', {
            shouldValidate: formState.isSubmitted,
          })
          onChange(chosen)
        }}
      />
      <p id={`${id}-mensagem`} className="field__message" aria-live="polite">
        {message ?? ''}
      </p>
    </div>
  )
}

/** The Markdown body with "Escrever" / "Visualizar"; the preview comes from the server's renderer. */
function BodyField() {
  const { register } = useFormContext()
  const body = (useWatch({ name: 'conteudo' }) as string | undefined) ?? ''
  const [mode, setMode] = useState<'write' | 'preview'>('write')
  const [preview, setPreview] = useState<{ html: string; minutes: number } | null>(null)
  const [loading, setLoading] = useState(false)
  const bytes = new TextEncoder().encode(body).length

  const showPreview = async () => {
    setMode('preview')
    setLoading(true)
    const outcome = await call(routes.articlePreview, { conteudo: body })
    setLoading(false)
    if (outcome.ok) setPreview({ html: outcome.body.html, minutes: outcome.body.minutos || 1 })
    else {
      toastOutcome(outcome, 'POST', '')
      setMode('write')
    }
  }

  return (
    <FieldShell name="conteudo" label={t('articleForm.body')} hint={t('articleForm.bodyHint')}>
      {({ id, describedBy, invalid }) => (
        <div className="editor">
          <div className="editor__modes">
            <button
              type="button"
              className="editor__mode"
              aria-pressed={mode === 'write'}
              onClick={() => setMode('write')}
            >
              {t('articleForm.write')}
            </button>
            <button
              type="button"
              className="editor__mode"
              aria-pressed={mode === 'preview'}
              onClick={showPreview}
            >
              {t('articleForm.preview')}
            </button>
            <span className={`editor__size${bytes > ARTICLE_BODY_MAX_BYTES ? ' is-over' : ''}`}>
              {t('articleForm.size', { kb: kb(bytes), max: kb(ARTICLE_BODY_MAX_BYTES) })}
            </span>
          </div>
          <textarea
            id={id}
            rows={18}
            hidden={mode === 'preview'}
            {...register('conteudo')}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          {mode === 'preview' ? (
            <section
              className="editor__preview"
              aria-label={t('articleForm.previewLabel')}
              aria-busy={loading}
            >
              {loading || !preview ? (
                <p className="muted">{t('ui.loading')}</p>
              ) : preview.html ? (
                <>
                  <p className="muted">{t('article.readingTime', { n: preview.minutes })}</p>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's safe renderer (decisions/0026) */}
                  <div className="article__body" dangerouslySetInnerHTML={{ __html: preview.html }} />
                </>
              ) : (
                <p className="muted">{t('articleForm.emptyPreview')}</p>
              )}
            </section>
          ) : null}
        </div>
      )}
    </FieldShell>
  )
}

function DraftStatus({
  savedAt,
  restoredAt,
  onDiscard,
}: {
  savedAt: number | null
  restoredAt: number | null
  onDiscard: () => void
}) {
  return (
    <div className="editor__draft" aria-live="polite">
      {restoredAt ? <p>{t('articleForm.restored', { hora: formatInstant(restoredAt, 'time') })}</p> : null}
      {savedAt ? (
        <p className="muted">
          {t('articleForm.draftSaved', { hora: formatInstant(savedAt, 'time') })}{' '}
          <button type="button" className="link-button" onClick={onDiscard}>
            {t('articleForm.discard')}
          </button>
        </p>
      ) : null}
    </div>
  )
}

function EditorFields({
  form,
  storageKey,
  submitting,
  clearRef,
}: {
  form: ArticleFormData
  storageKey: string
  submitting: boolean
  clearRef: { current: () => void }
}) {
  const { setValue } = useFormContext()
  const [community, setCommunity] = useState(form.community)
  const [version, setVersion] = useState(0)
  const replaceCommunity = useCallback((item: AutocompleteItem | null) => {
    setCommunity(item)
    setVersion((v) => v + 1)
  }, [])
  const draft = useArticleDraft({ storageKey, community, onCommunity: replaceCommunity })
  clearRef.current = draft.clear
  const discard = () => {
    draft.clear()
    setValue('titulo', form.values.titulo)
    setValue('conteudo', form.values.conteudo)
    setValue('comunidade_id', form.values.comunidade_id)
    replaceCommunity(form.community)
  }
  return (
    <>
      {form.notice ? (
        <p className="alert alert--warning" role="status">
          {form.notice}
        </p>
      ) : null}
      <TextField name="titulo" label={t('articleForm.title')} hint={t('articleForm.titleHint')} />
      <CommunityField item={community} version={version} onChange={setCommunity} />
      <BodyField />
      <DraftStatus savedAt={draft.savedAt} restoredAt={draft.restoredAt} onDiscard={discard} />
      <SubmitButton submitting={submitting}>
        {form.article ? t('articleForm.save') : t('articleForm.publish')}
      </SubmitButton>
    </>
  )
}

/**
 * `/artigos/novo` and the edit form: the generic form action (validated with the server's schema,
 * §4 submit button, §8 toasts), a draft that is never lost, and the server's Markdown preview.
 * Without JavaScript it is a plain form posting to the same route.
 */
export function ArticleEditor({ form, userId }: { form: ArticleFormData; userId: number }) {
  const navigate = useNavigate()
  // Per user and per article: a shared computer never shows one person's draft to another.
  const storageKey = `rascunho:artigo:${form.article?.id ?? 'novo'}:u${userId}`
  const clearRef = useRef<() => void>(() => undefined)
  const success = form.article ? t('article.saved') : t('article.published')
  return (
    <ActionForm
      endpoint={form.article ? routes.articleEdit : routes.articlePublish}
      params={form.article ? { id: form.article.id } : undefined}
      schema={articleSchema}
      defaultValues={form.values}
      resetOnSuccess={false}
      successMessage={success}
      label={form.article ? t('articleForm.editTitle') : t('articleForm.newTitle')}
      className="article-editor"
      onSuccess={(body) => {
        // Saved on the server: only now is the draft no longer needed.
        clearRef.current()
        if (typeof body.redirect_url === 'string') navigate(body.redirect_url)
      }}
    >
      {({ submitting }) => (
        <EditorFields form={form} storageKey={storageKey} submitting={submitting} clearRef={clearRef} />
      )}
    </ActionForm>
  )
}
