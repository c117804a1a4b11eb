import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData, useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { OPEN_API_DOCS, routes } from '~/api/routes'
import { AccountTab } from '~/components/account/account-tab'
import { listKeys } from '~/domain/api-keys/keys.server'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { requireUser } from '~/server/guards.server'
import { call, routePath } from '~/ui/call'
import { notify } from '~/ui/toast'

/** "Conta" → API: the keys of the open API (decisions/0063). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const keys = await listKeys(context.deps, user.id)
  return {
    // Keys need a confirmed e-mail (createKey): the page says so instead of a form that fails.
    unconfirmedEmail: context.unconfirmedEmail,
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      created: formatInstant(key.createdAt),
      lastUse: key.lastUsedAt ? formatInstant(key.lastUsedAt) : null,
      usage: key.usageCount,
      revoked: key.revokedAt ? formatInstant(key.revokedAt) : null,
    })),
  }
}

function errorsOf(
  outcome: { ok: false; kind: 'failure' } | { ok: false; kind: 'errors'; errors: string[] | null },
) {
  return outcome.kind === 'errors' && outcome.errors ? outcome.errors.join(' ') : t('form.internalError')
}

/**
 * Works as plain forms (the notice after the redirect carries the new secret once); with
 * JavaScript the secret shows in its own box and the list refreshes in place.
 */
export default function ApiKeysTab() {
  const { keys, unconfirmedEmail } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const [secret, setSecret] = useState<string | null>(null)
  const [nameError, setNameError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const create = async (form: HTMLFormElement) => {
    const nome = String(new FormData(form).get('nome') ?? '')
    setBusy(true)
    const outcome = await call(routes.apiKeyCreate, { nome })
    setBusy(false)
    if (outcome.ok) {
      setNameError(null)
      setSecret(outcome.body.chave)
      form.reset()
      revalidator.revalidate()
    } else if (outcome.kind === 'errors' && outcome.fields?.nome) setNameError(outcome.fields.nome)
    else notify.error(errorsOf(outcome))
  }

  const revoke = async (id: number) => {
    const outcome = await call(routes.apiKeyRevoke, { id })
    if (outcome.ok) {
      notify.notice(t('apiKeys.revoked'))
      revalidator.revalidate()
    } else notify.error(errorsOf(outcome))
  }

  return (
    <AccountTab id="aba-api" title={t('apiKeys.title')}>
      <p>{t('apiKeys.intro')}</p>
      <p>
        <a href={OPEN_API_DOCS}>{t('apiKeys.docsLink')}</a>
      </p>
      {unconfirmedEmail ? (
        <p className="alert alert--warning" role="note">
          {t('apiKeys.confirmNeeded', { email: unconfirmedEmail })}
        </p>
      ) : (
        <form
          method="post"
          action={routePath(routes.apiKeyCreate)}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void create(event.currentTarget)
          }}
        >
          <div className="field">
            <label htmlFor="chave-nome">{t('apiKeys.name')}</label>
            <input
              id="chave-nome"
              name="nome"
              type="text"
              maxLength={60}
              required
              aria-describedby={nameError ? 'chave-nome-dica chave-nome-erro' : 'chave-nome-dica'}
              aria-invalid={nameError ? true : undefined}
            />
            <p id="chave-nome-dica" className="field__hint">
              {t('apiKeys.nameHint')}
            </p>
            {nameError ? (
              <p id="chave-nome-erro" className="field__message">
                {nameError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t('apiKeys.create')}
          </button>
        </form>
      )}
      {secret ? (
        <div className="api-key-secret" role="status">
          <p>{t('apiKeys.createdShort')}</p>
          <label htmlFor="chave-nova">{t('apiKeys.secretLabel')}</label>
          <input
            id="chave-nova"
            type="text"
            readOnly
            value={secret}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}
      {keys.length === 0 ? (
        <p className="muted">{t('apiKeys.none')}</p>
      ) : (
        <div className="data-table api-keys">
          <table className="data-table">
            <caption className="visually-hidden">{t('apiKeys.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('apiKeys.col.name')}</th>
                <th scope="col">{t('apiKeys.col.prefix')}</th>
                <th scope="col">{t('apiKeys.col.created')}</th>
                <th scope="col">{t('apiKeys.col.lastUse')}</th>
                <th scope="col">{t('apiKeys.col.usage')}</th>
                <th scope="col">{t('apiKeys.col.status')}</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} data-chave={key.prefix}>
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{key.created}</td>
                  <td>{key.lastUse ?? t('apiKeys.neverUsed')}</td>
                  <td>{key.usage.toLocaleString('pt-BR')}</td>
                  <td>
                    {key.revoked ? (
                      t('apiKeys.revokedOn', { data: key.revoked })
                    ) : (
                      <form
                        method="post"
                        action={routePath(routes.apiKeyRevoke)}
                        onSubmit={(event) => {
                          event.preventDefault()
                          void revoke(key.id)
                        }}
                      >
                        <input type="hidden" name="id" value={key.id} />
                        <button
                          type="submit"
                          className="button button--small button--secondary"
                          aria-label={t('apiKeys.revokeLabel', { nome: key.name })}
                        >
                          {t('apiKeys.revoke')}
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AccountTab>
  )
}
