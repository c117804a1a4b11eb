import { useNavigate } from '@remix-run/react'
import { useState } from 'react'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { call, routePath } from '~/ui/call'
import { Modal, useModals } from '~/ui/modal'
import { toastOutcome } from '~/ui/send-form'
import { SubmitButton } from '~/ui/submit-button'

/**
 * The author's delete: a plain form (it works without JavaScript); with JavaScript it asks first,
 * since votes and comments go with the article.
 */
export function DeleteArticle({ id }: { id: number }) {
  const { open, close } = useModals()
  const navigate = useNavigate()
  const [submitting, setSubmitting] = useState(false)
  const modal = `excluir-artigo-${id}`
  return (
    <form
      method="post"
      action={routePath(routes.articleDelete, { id })}
      className="article-delete"
      onSubmit={(event) => {
        event.preventDefault()
        open(modal)
      }}
    >
      <button type="submit" className="button button--danger">
        {t('articleForm.delete')}
      </button>
      <Modal name={modal} title={t('articleForm.delete')}>
        <p>{t('articleForm.deleteConfirm')}</p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            {t('articleForm.cancel')}
          </button>
          <SubmitButton
            type="button"
            className="button--danger"
            submitting={submitting}
            onClick={async () => {
              setSubmitting(true)
              const outcome = await call(routes.articleDelete, { id: String(id) })
              setSubmitting(false)
              close()
              toastOutcome(outcome, 'POST', t('article.deleted'))
              if (outcome.ok) navigate(outcome.body.redirect_url)
            }}
          >
            {t('articleForm.delete')}
          </SubmitButton>
        </div>
      </Modal>
    </form>
  )
}
