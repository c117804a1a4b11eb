import { useNavigate, useRevalidator } from '@remix-run/react'
import { Fragment, useEffect, useState } from 'react'
import { routes } from '~/api/routes'
import type { CommentView } from '~/domain/articles/read.server'
import { t } from '~/i18n/pt-BR'
import { formatDateTime } from '~/lib/format'
import { COMMENT_MAX_CHARS } from '~/schemas/article-limits'
import { routePath } from '~/ui/call'
import { FieldFrame } from '~/ui/field-frame'
import { useFormFlash } from '~/ui/flash'
import { LightForm } from '~/ui/light-form'
import { SubmitButton } from '~/ui/submit-button'

// The schema the server applies, loaded with zod on the first send (not with the page).
const loadCommentSchema = () => import('~/schemas/articles').then((module) => module.commentSchema)

/**
 * After a comment is accepted: the page's data is read again (the comment appears in place, no
 * reload), then the URL takes its `#comentario-{id}`, which scrolls to it and highlights it 3 s.
 */
function useShowComment() {
  const revalidator = useRevalidator()
  const navigate = useNavigate()
  const [target, setTarget] = useState<string | null>(null)
  useEffect(() => {
    if (!target || revalidator.state !== 'idle') return
    const hash = target.slice(target.indexOf('#'))
    if (!document.getElementById(hash.slice(1))) return
    setTarget(null)
    navigate(hash, { preventScrollReset: true })
  })
  return (url: string) => {
    setTarget(url)
    revalidator.revalidate()
  }
}

function CommentText({
  id,
  label,
  message,
  initial,
}: {
  id: string
  label: string
  message?: string
  initial?: string
}) {
  return (
    <FieldFrame name="conteudo" label={label} message={message}>
      {({ id: fieldId, describedBy, invalid }) => (
        <textarea
          id={fieldId}
          name="conteudo"
          data-comment-field={id}
          rows={3}
          maxLength={COMMENT_MAX_CHARS}
          defaultValue={initial}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  )
}

/**
 * A comment or reply form: a real `<form>` with its action (it works without JavaScript); with
 * JavaScript, the generic form action (spec §7) and the new comment shown in place.
 */
function CommentForm({
  endpoint,
  on,
  label,
  id,
  anchor,
  onSent,
}: {
  /** On the article (its id) or a reply to a comment (the comment's id). */
  endpoint: typeof routes.articleComment | typeof routes.commentReply
  on: number
  label: string
  id: string
  /** The element a refused plain post returns to (a reply far down the thread). */
  anchor?: string
  onSent?: () => void
}) {
  const show = useShowComment()
  return (
    <LightForm
      endpoint={endpoint}
      params={{ id: on }}
      anchor={anchor}
      loadSchema={loadCommentSchema}
      successMessage={t('comment.sent')}
      className="comment-form"
      label={label}
      onSuccess={(body) => {
        onSent?.()
        if (typeof body.urlComentario === 'string') show(body.urlComentario)
      }}
    >
      {({ submitting, messages, initial }) => (
        <>
          <CommentText id={id} label={label} message={messages.conteudo} initial={initial.conteudo} />
          <SubmitButton submitting={submitting} className="button--small">
            {t('comment.send')}
          </SubmitButton>
        </>
      )}
    </LightForm>
  )
}

/** The author's delete; the comment keeps its place for its replies. */
function DeleteComment({ id }: { id: number }) {
  const revalidator = useRevalidator()
  return (
    <LightForm
      endpoint={routes.commentDelete}
      params={{ id }}
      successMessage={t('comment.deleted')}
      className="comment__delete"
      onSuccess={() => revalidator.revalidate()}
    >
      {({ submitting }) => (
        <SubmitButton submitting={submitting} className="link-button">
          {t('comment.delete')}
        </SubmitButton>
      )}
    </LightForm>
  )
}

function ReplyBox({ comment }: { comment: CommentView }) {
  // Back from a refused plain post of this reply: open, with its message and what was typed.
  const refused = useFormFlash(routePath(routes.commentReply, { id: comment.id }))?.kind === 'error'
  const [open, setOpen] = useState(refused)
  return (
    <details className="comment__reply" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('comment.reply')}</summary>
      <CommentForm
        endpoint={routes.commentReply}
        on={comment.id}
        label={t('comment.replyLabel', { nome: comment.author ?? '' })}
        id={`resposta-${comment.id}`}
        anchor={`comentario-${comment.id}`}
        onSent={() => setOpen(false)}
      />
    </details>
  )
}

function CommentItem({ comment, canReply }: { comment: CommentView; canReply: boolean }) {
  return (
    <li id={`comentario-${comment.id}`} className="comment">
      {comment.body === null ? (
        <p className="muted">{t('comment.removed')}</p>
      ) : (
        <>
          <p className="comment__author">
            {comment.authorUrl ? <a href={comment.authorUrl}>{comment.author}</a> : comment.author}
            {' · '}
            <time className="comment__date" dateTime={new Date(comment.createdAt).toISOString()}>
              {formatDateTime(new Date(comment.createdAt).toISOString())}
            </time>
          </p>
          {/* Line breaks as the author typed them; each line is text React escapes, never markup. */}
          <p className="comment__body">
            {comment.body.split(/\r?\n/).map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, never reordered
              <Fragment key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </p>
          {comment.own ? <DeleteComment id={comment.id} /> : null}
        </>
      )}
      {comment.replies.length ? (
        <ol className="comment__replies">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} canReply={false} />
          ))}
        </ol>
      ) : null}
      {canReply && comment.body !== null ? <ReplyBox comment={comment} /> : null}
    </li>
  )
}

/**
 * Comments and replies. Anonymous readers see the forms too: sending one asks for the login (the
 * modal, or the login page without JavaScript) and then posts the same text (spec §4).
 */
export function ArticleComments({
  articleId,
  comments,
  count,
}: {
  articleId: number
  comments: CommentView[]
  count: number
}) {
  return (
    <section className="comments" aria-labelledby="comentarios">
      <h2 id="comentarios">{t('article.comments', { n: count })}</h2>
      {comments.length ? (
        <ol className="comments__list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} canReply />
          ))}
        </ol>
      ) : (
        <p className="muted">{t('article.noComments')}</p>
      )}
      <CommentForm
        endpoint={routes.articleComment}
        on={articleId}
        label={t('comment.label')}
        id="novo-comentario"
      />
    </section>
  )
}
