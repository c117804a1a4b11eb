import { route } from '../routes'

/**
 * Intimações by OAB and their deadlines (issue 41, decisions/0103): apart from app/api/routes.ts,
 * so only the pages with these forms carry them.
 */
export const intimationRoutes = {
  oabMonitoring: route('oabMonitoring', 'post', '/ajax/monitoramentos/oab'),
  intimationCorrect: route('intimationCorrect', 'post', '/ajax/intimacoes/:id/corrigir'),
  intimationFulfil: route('intimationFulfil', 'post', '/ajax/intimacoes/:id/cumprido'),
  deadlineFeedReplace: route('deadlineFeedReplace', 'post', '/ajax/prazos/agenda/novo-endereco'),
  deadlineReminders: route('deadlineReminders', 'post', '/ajax/prazos/lembretes'),
}
