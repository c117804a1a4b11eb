// Client-safe monitoring constants (no zod): the search results and entity pages link with them.

export const MONITORING_SOURCES = ['diarios', 'djen', 'processos'] as const
export type MonitoringSource = (typeof MONITORING_SOURCES)[number]

/** The lawsuit page's origin (spec §9) and the name form's campaign (spec §2, §9). */
export const LAWSUIT_BUTTON_ORIGIN = 'BOTAO_MONITORAR_PAGINA_PROCESSO'
export const NAME_CAMPAIGN_ID = '29'
export const NAME_BUTTON_REF = 'ClicouBotaoMonitorarNome'

/** "Monitorar nome" (spec §7 "Name monitoring"): the form, opened by GET, filled with the name. */
export function monitorNameHref(name: string, origin: string): string {
  const params = new URLSearchParams({
    campaign_id: NAME_CAMPAIGN_ID,
    tipo: 'nome',
    termo: name,
    ref: NAME_BUTTON_REF,
    origem_criacao: origin,
  })
  return `/monitoramentos/novo?${params}`
}
