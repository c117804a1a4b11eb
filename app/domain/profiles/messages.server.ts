import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { inParts } from '~/db/params'
import { professionalMessages } from '~/db/schema-accounts'
import { DomainError } from '~/domain/errors'
import { MESSAGES_PER_ADDRESS_PER_DAY, takeAddressQuota } from '~/domain/limits/daily-quotas.server'
import { notify, type Outcome } from '~/domain/outcome'
import { type HumanCheck, requireHuman } from '~/domain/site/turnstile.server'
import { openAccountId } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { formatPhone } from '~/lib/masks'
import { truncateAtWord } from '~/lib/plain-text'
import { CAPTCHA_FIELD, type ProfessionalMessageInput } from '~/schemas/professional-message'

/** Stores a visitor's message to a professional; the recipient must exist. Returns the new id. */
export async function storeProfessionalMessage(
  deps: { db: Database },
  input: Pick<ProfessionalMessageInput, 'nome' | 'conteudo' | 'telefone' | 'email' | 'usuario_id'>,
): Promise<{ id: number; recipientId: number }> {
  const recipientId = await openAccountId(deps, input.usuario_id)
  if (!recipientId) throw new DomainError('message.recipientNotFound', 404)
  const recipient = { id: recipientId }
  const [row] = await deps.db
    .insert(professionalMessages)
    .values({
      recipientId: recipient.id,
      name: input.nome,
      content: input.conteudo,
      phone: formatPhone(input.telefone) || input.telefone,
      email: input.email,
    })
    .returning({ id: professionalMessages.id })
  if (!row) throw new Error('message not stored')
  return { id: row.id, recipientId: recipient.id }
}

export type ReceivedMessage = {
  id: number
  name: string
  email: string
  phone: string
  content: string
  createdAt: number
  unread: boolean
}

/** The owner's received messages, newest first. */
export async function listReceivedMessages(
  deps: { db: Database },
  userId: number,
  limit = 200,
): Promise<ReceivedMessage[]> {
  const rows = await deps.db
    .select()
    .from(professionalMessages)
    .where(eq(professionalMessages.recipientId, userId))
    .orderBy(desc(professionalMessages.createdAt), desc(professionalMessages.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    content: row.content,
    createdAt: row.createdAt,
    unread: row.readAt === null,
  }))
}

export async function countUnreadMessages(deps: { db: Database }, userId: number): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(professionalMessages)
    .where(and(eq(professionalMessages.recipientId, userId), isNull(professionalMessages.readAt)))
  return row?.n ?? 0
}

export async function markMessagesRead(
  deps: { db: Database; now: () => Date },
  userId: number,
): Promise<void> {
  await deps.db
    .update(professionalMessages)
    .set({ readAt: deps.now().getTime() })
    .where(and(eq(professionalMessages.recipientId, userId), isNull(professionalMessages.readAt)))
}

/** Deletes some of the owner's received messages (ids of other people's messages are ignored). */
export async function deleteMessages(
  deps: { db: Database },
  userId: number,
  ids: number[],
): Promise<Outcome> {
  let removed = 0
  // Up to 500 ids from the table: more than one statement may bind (app/db/params.ts).
  for (const part of inParts([...new Set(ids)])) {
    const rows = await deps.db
      .delete(professionalMessages)
      .where(and(eq(professionalMessages.recipientId, userId), inArray(professionalMessages.id, part)))
      .returning({ id: professionalMessages.id })
    removed += rows.length
  }
  return { message: t('table.deleted'), redirect: '/conta/mensagens', body: { excluidos: removed } }
}

/**
 * "Enviar mensagem" from a profile (spec §5): a human (Turnstile), within the address's daily
 * messages (each one notifies its recipient, decisions/0049), then stored and told.
 */
export async function contactProfessional(
  deps: { db: Database } & Parameters<typeof takeAddressQuota>[0],
  visitor: { address: string; human: HumanCheck },
  input: ProfessionalMessageInput,
): Promise<Outcome> {
  await requireHuman(visitor.human, input[CAPTCHA_FIELD], CAPTCHA_FIELD)
  await takeAddressQuota(deps, visitor.address, 'mensagem', MESSAGES_PER_ADDRESS_PER_DAY, 'quota.messages')
  return sendProfessionalMessage(deps, input)
}

/**
 * A visitor's message to a professional (the captcha already passed): stored, then the owner is
 * notified through the queue (idempotent by the message id).
 */
export async function sendProfessionalMessage(
  deps: { db: Database },
  input: Pick<ProfessionalMessageInput, 'nome' | 'conteudo' | 'telefone' | 'email' | 'usuario_id'>,
): Promise<Outcome> {
  const { id, recipientId } = await storeProfessionalMessage(deps, input)
  return {
    message: t('profile.messageSent'),
    effects: [
      notify({
        type: 'notify',
        userId: recipientId,
        kind: 'mensagem',
        title: t('message.notification', { nome: truncateAtWord(input.nome, 80) }),
        url: '/conta/mensagens',
        dedupeKey: `mensagem:${id}`,
      }),
    ],
  }
}
