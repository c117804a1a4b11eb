import type { TrackEventInput } from '~/schemas/events'

export { type TrackEventInput, trackEventSchema } from '~/schemas/events'

export type AnalyticsDeps = {
  analytics: AnalyticsEngineDataset
  posthog: { key: string; host: string } | null
  fetch: typeof fetch
}

/**
 * Records a click in Workers Analytics Engine and, when a PostHog key is configured, forwards it
 * there. No person profile and no stable id: each event gets a random distinct id, so nobody is
 * followed across pages; the address is never sent.
 */
export async function recordEvent(
  deps: AnalyticsDeps,
  event: TrackEventInput,
  country: string | null,
): Promise<void> {
  deps.analytics.writeDataPoint({
    indexes: [event.evento],
    blobs: [event.evento, event.pagina, event.alvo ?? '', country ?? ''],
    doubles: [1],
  })
  if (!deps.posthog) return
  const response = await deps.fetch(`${deps.posthog.host.replace(/\/$/, '')}/capture/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      api_key: deps.posthog.key,
      event: event.evento,
      distinct_id: crypto.randomUUID(),
      properties: {
        $current_url: event.pagina,
        alvo: event.alvo,
        ...event.props,
        $process_person_profile: false,
      },
    }),
  })
  if (!response.ok) throw new Error(`posthog ${response.status}`)
}
