import { z } from 'zod'
import { isNotificationLink } from '~/domain/notifications/links'

/** Development-only: sends a notification through the real queue (workers/api/dev.ts). */
export const devNotificationSchema = z.object({
  usuario_id: z.coerce.number().int().positive(),
  titulo: z.string().trim().min(1).max(300),
  url: z.string().max(2000).refine(isNotificationLink).optional(),
})
