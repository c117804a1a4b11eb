import {
  feedReplaceSchema,
  intimationCorrectionSchema,
  intimationFulfilSchema,
  reminderDaysSchema,
} from '~/schemas/intimations'
import { oabMonitoringSchema } from '~/schemas/monitoring'
import { z } from '~/schemas/zod'
import { intimationRoutes as routes } from '../area-routes/intimations'
import { actionError, actionSuccess, endpoint } from '../endpoint'

// Intimações by OAB and deadlines (issue 41, decisions/0103): every write of a person's own
// monitorings, intimações and calendar counts on the monitorings' per-user counter.
const own = {
  error: actionError,
  access: 'user',
  limit: 'api',
  limitScope: 'monitoramentos',
  public: false,
} as const

/** "Monitorar OAB" on `/monitoramentos`: counts in the monitoring cap. */
export const oabMonitoring = endpoint({
  ...routes.oabMonitoring,
  ...own,
  input: oabMonitoringSchema,
  output: actionSuccess({
    monitoramento: z.object({ id: z.number().int().positive() }),
    redirect_url: z.string(),
  }),
  summary: 'Monitorar as intimações de uma inscrição da OAB',
})

/** The lawyer's correction of the days or the court's calendar: recounted at once. */
export const intimationCorrect = endpoint({
  ...routes.intimationCorrect,
  ...own,
  input: intimationCorrectionSchema,
  output: actionSuccess({
    intimacao: z.object({
      id: z.number().int().positive(),
      ultimo_dia: z.string().nullable(),
      corrigido: z.boolean(),
    }),
  }),
  summary: 'Corrigir o prazo de uma intimação',
})

export const intimationFulfil = endpoint({
  ...routes.intimationFulfil,
  ...own,
  input: intimationFulfilSchema,
  output: actionSuccess({ intimacao: z.object({ id: z.number().int().positive(), cumprido: z.boolean() }) }),
  summary: 'Marcar um prazo como cumprido (ou desfazer)',
})

/** A new secret address for the calendar feed; the old one stops working. */
export const deadlineFeedReplace = endpoint({
  ...routes.deadlineFeedReplace,
  ...own,
  input: feedReplaceSchema,
  output: actionSuccess({ endereco: z.string() }),
  summary: 'Gerar um novo endereço da agenda de prazos',
})

export const deadlineReminders = endpoint({
  ...routes.deadlineReminders,
  ...own,
  input: reminderDaysSchema,
  output: actionSuccess({ dias: z.array(z.number().int()) }),
  summary: 'Escolher os dias úteis dos lembretes de prazo',
})
