import type { CommentView } from '~/domain/articles/read.server'
import { t } from '~/i18n/pt-BR'

/** A comment form: a real `<form>` posting `conteudo` to its action, so it works without JavaScript. */
function CommentForm({ action, label, id }: { action: string; label: string; id: string }) {
  return (
    <form method="post" action={action} className="comment-form">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name="conteudo" required maxLength={5000} rows={3} />
      <button type="submit" className="button button--small">
        {t('comment.send')}
      </button>
    </form>
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
          </p>
          <p className="comment__body">{comment.body}</p>
          {comment.own ? (
            <form method="post" action={`/ajax/comentarios/${comment.id}/excluir`}>
              <button type="submit" className="link-button">
                {t('comment.delete')}
              </button>
            </form>
          ) : null}
        </>
      )}
      {comment.replies.length ? (
        <ol className="comment__replies">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} canReply={false} />
          ))}
        </ol>
      ) : null}
      {canReply && comment.body !== null ? (
        <details className="comment__reply">
          <summary>{t('comment.reply')}</summary>
          <CommentForm
            action={`/ajax/comentarios/${comment.id}/respostas`}
            label={t('comment.replyLabel', { nome: comment.author ?? '' })}
            id={`resposta-${comment.id}`}
          />
        </details>
      ) : null}
    </li>
  )
}

export function ArticleComments({
  articleId,
  comments,
  count,
  loginHref,
}: {
  articleId: number
  comments: CommentView[]
  count: number
  /** Where an anonymous reader logs in to comment; null when logged in. */
  loginHref: string | null
}) {
  return (
    <section className="comments" aria-labelledby="comentarios">
      <h2 id="comentarios">{t('article.comments', { n: count })}</h2>
      {comments.length ? (
        <ol className="comments__list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} canReply={!loginHref} />
          ))}
        </ol>
      ) : (
        <p className="muted">{t('article.noComments')}</p>
      )}
      {loginHref ? (
        <p>
          <a href={loginHref}>{t('comment.loginToComment')}</a>
        </p>
      ) : (
        <CommentForm
          action={`/ajax/artigos/${articleId}/comentarios`}
          label={t('comment.label')}
          id="novo-comentario"
        />
      )}
    </section>
  )
}
