import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/domain/auth/require.server'
import { listReceivedMessages, markMessagesRead } from '~/domain/profiles/messages.server'
import { t } from '~/i18n/pt-BR'

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** Messages visitors sent from the owner's profile, newest first; opening the tab marks them read. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const messages = await listReceivedMessages(context.deps, user.id)
  const unread = messages.filter((m) => m.unread).length
  if (unread) await markMessagesRead(context.deps, user.id)
  return {
    unread,
    messages: messages.map((m) => ({ ...m, date: dateFormat.format(new Date(m.createdAt)) })),
  }
}

export default function MessagesTab() {
  const { messages, unread } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="aba-mensagens">
      <h2 id="aba-mensagens">{t('messages.title')}</h2>
      {messages.length === 0 ? (
        <p className="muted">{t('messages.empty')}</p>
      ) : (
        <>
          {unread > 0 ? (
            <p role="status">
              {unread === 1 ? t('messages.unreadOne') : t('messages.unread', { n: unread })}
            </p>
          ) : null}
          <ol className="message-list">
            {messages.map((message) => (
              <li key={message.id}>
                <article
                  className={message.unread ? 'is-unread' : undefined}
                  aria-labelledby={`mensagem-${message.id}`}
                  data-message-id={message.id}
                >
                  <h3 id={`mensagem-${message.id}`}>
                    {t('messages.from', { nome: message.name })}
                    {message.unread ? <span className="badge"> {t('messages.new')}</span> : null}
                  </h3>
                  <p className="muted">
                    {t('messages.receivedAt', { data: message.date })} ·{' '}
                    <a href={`mailto:${message.email}`}>{message.email}</a> ·{' '}
                    <a href={`tel:+55${message.phone.replace(/\D/g, '')}`}>{message.phone}</a>
                  </p>
                  <p>{message.content}</p>
                </article>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
