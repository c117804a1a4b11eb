// Every user-facing string of the product, keyed by meaning, in one catalogue assembled from one
// file per area (app/i18n/pt-BR/). Tests that pin the spec's exact wording quote it literally;
// everything else imports from here.

import { fill } from './fill'
import { accountsMessages } from './pt-BR/accounts'
import { articleListsMessages } from './pt-BR/article-lists'
import { articlesMessages } from './pt-BR/articles'
import { claimsMessages } from './pt-BR/claims'
import { communitiesMessages } from './pt-BR/communities'
import { corpusMessages } from './pt-BR/corpus'
import { deadlinesMessages } from './pt-BR/deadlines'
import { directoryMessages } from './pt-BR/directory'
import { fieldsMessages } from './pt-BR/fields'
import { intimationsMessages } from './pt-BR/intimations'
import { mergeMessages } from './pt-BR/merge'
import { monitoringMessages } from './pt-BR/monitoring'
import { monitoringMatchMessages } from './pt-BR/monitoring-match'
import { networkMessages } from './pt-BR/network'
import { notificationsMessages } from './pt-BR/notifications'
import { openApiMessages } from './pt-BR/open-api'
import { profilesMessages } from './pt-BR/profiles'
import { referenceMessages } from './pt-BR/reference'
import { removalMessages } from './pt-BR/removal'
import { reviewMessages } from './pt-BR/review'
import { searchMessages } from './pt-BR/search'
import { seoMessages } from './pt-BR/seo'
import { siteMessages } from './pt-BR/site'
import { sourcesMessages } from './pt-BR/sources'
import { uiMessages } from './pt-BR/ui'

export const ptBR = {
  ...siteMessages,
  ...searchMessages,
  ...corpusMessages,
  ...uiMessages,
  ...accountsMessages,
  ...profilesMessages,
  ...referenceMessages,
  ...fieldsMessages,
  ...networkMessages,
  ...directoryMessages,
  ...communitiesMessages,
  ...articlesMessages,
  ...articleListsMessages,
  ...notificationsMessages,
  ...reviewMessages,
  ...removalMessages,
  ...monitoringMessages,
  ...intimationsMessages,
  ...mergeMessages,
  ...monitoringMatchMessages,
  ...deadlinesMessages,
  ...claimsMessages,
  ...seoMessages,
  ...openApiMessages,
  ...sourcesMessages,
} as const

/** Every area, for the test that no area redefines another's key. */
export const catalogueAreas = [
  siteMessages,
  searchMessages,
  corpusMessages,
  uiMessages,
  accountsMessages,
  profilesMessages,
  referenceMessages,
  fieldsMessages,
  networkMessages,
  articlesMessages,
  directoryMessages,
  communitiesMessages,
  articleListsMessages,
  notificationsMessages,
  monitoringMessages,
  intimationsMessages,
  mergeMessages,
  monitoringMatchMessages,
  deadlinesMessages,
  claimsMessages,
  reviewMessages,
  removalMessages,
  seoMessages,
  openApiMessages,
  sourcesMessages,
] as const

export type MessageKey = keyof typeof ptBR

/**
 * Looks up a message and fills `{placeholders}`. In the browser build, calls whose key is known
 * at build time are replaced by the message itself (scripts/vite/inline-messages.ts), so a page
 * ships only the strings it uses, not this catalogue.
 */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return fill(ptBR[key], params)
}
