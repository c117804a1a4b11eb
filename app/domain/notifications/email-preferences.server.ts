import { inArray } from 'drizzle-orm'
import { routes } from '~/api/routes'
import type { Database } from '~/db/client.server'
import { notificationPreferences } from '~/db/schema'
import { signToken, verifyToken } from '~/domain/auth/tokens.server'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { t } from '~/i18n/pt-BR'
import {
  DEFAULT_MODES,
  EMAIL_GROUPS,
  type EmailGroup,
  type EmailMode,
  type EmailPreferences,
} from './email-groups'

export * from './email-groups'

export async function getEmailPreferences(deps: { db: Database }, userId: number): Promise<EmailPreferences> {
  return (await getEmailPreferencesOf(deps, [userId])).get(userId) ?? { ...DEFAULT_MODES }
}

/** Many people's choices at once (the digest's page), 90 ids per statement (D1's 100 binds). */
export async function getEmailPreferencesOf(
  deps: { db: Database },
  userIds: number[],
): Promise<Map<number, EmailPreferences>> {
  const out = new Map(userIds.map((id) => [id, { ...DEFAULT_MODES }]))
  for (let i = 0; i < userIds.length; i += 90) {
    const rows = await deps.db
      .select()
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, userIds.slice(i, i + 90)))
    for (const row of rows) {
      const chosen = out.get(row.userId)
      if (chosen && (EMAIL_GROUPS as readonly string[]).includes(row.group))
        chosen[row.group as EmailGroup] = row.mode
    }
  }
  return out
}

export async function saveEmailPreferences(
  deps: { db: Database },
  userId: number,
  modes: Partial<EmailPreferences>,
): Promise<Outcome> {
  const entries = Object.entries(modes) as [EmailGroup, EmailMode][]
  if (entries.length) {
    const [first, ...rest] = entries.map(([group, mode]) =>
      deps.db
        .insert(notificationPreferences)
        .values({ userId, group, mode })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.group],
          set: { mode },
        }),
    )
    if (first) await deps.db.batch([first, ...rest])
  }
  return { message: t('emailPrefs.saved') }
}

/**
 * The signed links that stop one group's e-mails (or all of them) without logging in: the page
 * that asks first (in the e-mail's text) and the one-click URL for `List-Unsubscribe`.
 */
export async function unsubscribeLinks(
  deps: { authSecret: () => Uint8Array; origin: string; now: () => Date },
  userId: number,
  group: EmailGroup | 'todos',
): Promise<{ page: string; oneClick: string }> {
  const token = encodeURIComponent(
    await signToken(deps.authSecret(), 'cancelar-email', { uid: userId, grp: group }, deps.now()),
  )
  return {
    page: `${deps.origin}/email/cancelar?token=${token}`,
    oneClick: `${deps.origin}${routes.unsubscribeOneClick.path}?token=${token}`,
  }
}

/** Reads an unsubscribe token: who and which group, or a 400 with the Portuguese reason. */
export async function readUnsubscribeToken(
  deps: { authSecret: () => Uint8Array; now: () => Date },
  token: string | null | undefined,
): Promise<{ userId: number; group: EmailGroup | 'todos' }> {
  const result = await verifyToken<{ uid: number; grp: string }>(
    deps.authSecret(),
    'cancelar-email',
    token,
    deps.now(),
  )
  if (!result.ok) throw new DomainError('emailPrefs.badLink', 400)
  const { uid, grp } = result.claims
  const group = grp === 'todos' || (EMAIL_GROUPS as readonly string[]).includes(grp) ? grp : null
  if (typeof uid !== 'number' || !group) throw new DomainError('emailPrefs.badLink', 400)
  return { userId: uid, group: group as EmailGroup | 'todos' }
}

/** One click in the e-mail (or the mail client's `List-Unsubscribe-Post`): no login needed. */
export async function unsubscribe(
  deps: { db: Database; authSecret: () => Uint8Array; now: () => Date },
  token: string | null | undefined,
): Promise<Outcome> {
  const { userId, group } = await readUnsubscribeToken(deps, token)
  const groups = group === 'todos' ? [...EMAIL_GROUPS] : [group]
  await saveEmailPreferences(deps, userId, Object.fromEntries(groups.map((g) => [g, 'nunca'])))
  return {
    message:
      group === 'todos'
        ? t('emailPrefs.unsubscribedAll')
        : t('emailPrefs.unsubscribed', { grupo: t(`emailPrefs.group.${group}`) }),
  }
}
