import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { text } from './text'

const field = (max: number) => text(t('event.invalid')).max(max, t('event.invalid'))

/** A click event as the browser's `track()` sends it (app/ui/analytics.ts). */
export const trackEventSchema = z.object({
  evento: field(80).trim().min(1, t('event.invalid')),
  pagina: field(500),
  alvo: field(500).optional(),
  props: z.record(field(40), field(200), { error: () => t('event.invalid') }).optional(),
})
export type TrackEventInput = z.infer<typeof trackEventSchema>
