/** yyyy-mm-dd (or an ISO date-time) → dd/mm/yyyy, as Brazilians read dates. */
export function formatDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** An ISO date-time in Brasília time: "10/11/2021 13:26". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const time = Date.parse(iso)
  return Number.isNaN(time) ? formatDate(iso) : dateTime.format(time)
}

export function formatCnpjDigits(digits: string): string {
  return digits.length === 14
    ? `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`
    : digits
}

export const POLE_LABEL = {
  ativo: 'Polo ativo',
  passivo: 'Polo passivo',
  outros: 'Outros participantes',
} as const
