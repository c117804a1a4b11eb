/** The groups a person chooses e-mail for (each notification kind belongs to one). */
export const EMAIL_GROUPS = [
  'comentarios',
  'seguidores',
  'artigos',
  'votos',
  'monitoramentos',
  'mensagens',
] as const
export type EmailGroup = (typeof EMAIL_GROUPS)[number]
export const EMAIL_MODES = ['nunca', 'imediato', 'diario'] as const
export type EmailMode = (typeof EMAIL_MODES)[number]
export type EmailPreferences = Record<EmailGroup, EmailMode>

/**
 * Without a choice: a conversation about what you wrote arrives at once; the rest waits for the
 * daily digest (decisions/0030).
 */
export const DEFAULT_MODES: EmailPreferences = {
  comentarios: 'imediato',
  seguidores: 'diario',
  artigos: 'diario',
  votos: 'diario',
  // What professionals pay for: a monitoring hit goes out the moment it is found.
  monitoramentos: 'imediato',
  // Someone wrote through the profile's contact form and waits for an answer (issue 28 §5).
  mensagens: 'imediato',
}

const GROUP_OF_KIND: Record<string, EmailGroup> = {
  comentario: 'comentarios',
  resposta: 'comentarios',
  seguidor: 'seguidores',
  'artigo-comunidade': 'artigos',
  votos: 'votos',
  monitoramento: 'monitoramentos',
  // Intimações by OAB and their deadlines' reminders (issue 41): a monitoring's news too.
  intimacao: 'monitoramentos',
  'lembrete-prazo': 'monitoramentos',
  mensagem: 'mensagens',
}

/** A kind without a group (a test's or a future kind's) is never e-mailed. */
export const groupOf = (kind: string): EmailGroup | null => GROUP_OF_KIND[kind] ?? null
