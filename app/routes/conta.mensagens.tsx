import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { listReceivedMessages, markMessagesRead } from '~/domain/profiles/messages.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { requireUser } from '~/server/guards.server'
import { isPrefetch } from '~/server/prefetch.server'
import { DataTable } from '~/ui/data-table'

/**
 * Messages visitors sent from the owner's profile, newest first; opening the tab marks them read
 * (not hovering it: the account tabs prefetch on intent).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const messages = await listReceivedMessages(context.deps, user.id)
  const unread = messages.filter((m) => m.unread).length
  if (unread && !isPrefetch(request)) await markMessagesRead(context.deps, user.id)
  return {
    unread,
    messages: messages.map((m) => ({ ...m, date: formatInstant(m.createdAt) })),
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
              {plural(unread, t('messages.unread.one'), t('messages.unread.many', { n: unread }))}
            </p>
          ) : null}
          <DataTable
            caption={t('messages.title')}
            rows={messages}
            endpoint={routes.messagesDelete}
            rowLabel={(message) => t('messages.from', { nome: message.name })}
            columns={[
              {
                header: t('messages.sender'),
                cell: (message) => (
                  <div
                    className={message.unread ? 'message is-unread' : 'message'}
                    data-message-id={message.id}
                  >
                    <strong>{message.name}</strong>
                    {message.unread ? (
                      <>
                        {' '}
                        <span className="badge">{t('messages.new')}</span>
                      </>
                    ) : null}
                    <br />
                    <a href={`mailto:${message.email}`}>{message.email}</a>
                    <br />
                    <a href={`tel:+55${message.phone.replace(/\D/g, '')}`}>{message.phone}</a>
                    <br />
                    <span className="muted">{t('messages.receivedAt', { data: message.date })}</span>
                  </div>
                ),
              },
              {
                header: t('messages.content'),
                cell: (message) => <p className="message__text">{message.content}</p>,
              },
            ]}
          />
        </>
      )}
    </section>
  )
}
