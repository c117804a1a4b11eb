/** What the header box and `/notificacoes` share on the client. */
export const notificationDateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** Marks one notification read on the way to its page; `keepalive` lets it outlive the page. */
export function markNotificationRead(id: number) {
  void fetch(`/ajax/notificacoes/${id}/ler`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    keepalive: true,
  }).catch(() => undefined)
}
