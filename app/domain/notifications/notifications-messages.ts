import { text } from '~/schemas/text'
import { z } from '~/schemas/zod'
import { isNotificationLink } from './links'
import { SUBJECT_KINDS } from './subjects.server'

// The NOTIFICATIONS queue's one schema (decisions/0061): producers in the domain send through
// it and the consumer (workers/queues/index.ts) parses every message with it. It sits beside the
// use-cases the consumer calls, at the domain's level, so every producer may import it.

/** The NOTIFICATIONS queue's message. Producers choose `dedupeKey` so redelivery is harmless. */
export const notificationMessage = z.object({
  type: z.literal('notify'),
  userId: z.number().int().positive(),
  kind: z.string().min(1).max(40),
  title: z.string().trim().min(1).max(300),
  url: z.string().max(2000).refine(isNotificationLink).optional(),
  dedupeKey: z.string().min(1).max(200),
  /** What it is about, when that can be removed or sealed later (decisions/0029). */
  subject: z.object({ kind: z.enum(SUBJECT_KINDS), id: z.number().int().positive() }).optional(),
})
export type NotificationMessage = z.infer<typeof notificationMessage>

/**
 * One event with many recipients (a new article for a community's followers): the consumer turns
 * it into one `notify` message per recipient, so the request that caused it writes nothing else.
 */
export const communityArticleMessage = z.object({
  type: z.literal('community-article'),
  articleId: z.number().int().positive(),
  dedupeKey: z.string().min(1).max(200),
})
export type CommunityArticleMessage = z.infer<typeof communityArticleMessage>

/** Votes on an article, one notification per article per Brazilian day ("recebeu N votos"). */
export const articleVotesMessage = z.object({
  type: z.literal('article-votes'),
  articleId: z.number().int().positive(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  dedupeKey: z.string().min(1).max(200),
})
export type ArticleVotesMessage = z.infer<typeof articleVotesMessage>

/** One page of the day's digest on the NOTIFICATIONS queue: the people after `after`, by id. */
export const digestPageMessage = z.object({
  type: z.literal('digest-page'),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  after: z.number().int().nonnegative(),
  dedupeKey: z.string().min(1).max(200),
})
export type DigestPageMessage = z.infer<typeof digestPageMessage>

/** Everything the NOTIFICATIONS queue carries. */
export const notificationsQueueMessage = z.discriminatedUnion('type', [
  notificationMessage,
  communityArticleMessage,
  articleVotesMessage,
  digestPageMessage,
])
export type NotificationsQueueMessage = z.infer<typeof notificationsQueueMessage>

/**
 * Producer side: a message its consumer would refuse is refused here, where the caller still
 * knows what it was doing, rather than kept later as a failed job.
 */
export function notificationsBatch(messages: readonly NotificationsQueueMessage[]) {
  return messages.map((body) => ({
    body: notificationsQueueMessage.parse(body),
    contentType: 'json' as const,
  }))
}

/** Development-only: sends a notification through the real queue (workers/api/dev.ts). */
export const devNotificationSchema = z.object({
  usuario_id: z.coerce.number().int().positive(),
  titulo: text().trim().min(1).max(300),
  url: text().max(2000).refine(isNotificationLink).optional(),
})
