import { accountCases } from './accounts'
import { articleCases } from './articles'
import type { Cases } from './case'
import { claimCases } from './claims'
import { deadlineCases } from './deadlines'
import { followCases } from './follows'
import { intimationCases } from './intimations'
import { monitoringCases } from './monitoring'
import { notificationCases } from './notifications'
import { profileCases } from './profiles'
import { referenceCases } from './reference'
import { removalCases } from './removal'
import { shareCases, suggestionCases } from './shares'
import { siteCases } from './site'
import { sourceCases } from './sources'
import { photoCases, tableCases } from './tables'

/**
 * The site's own calls, one area a module (decisions/0070): read by the registry's conformance
 * test (endpoint-schemas) and by the spec's §7 contract test (spec-calls).
 */
export const siteCallCases: Cases = {
  ...followCases,
  ...notificationCases,
  ...shareCases,
  ...suggestionCases,
  ...tableCases,
  ...photoCases,
  ...monitoringCases,
  ...intimationCases,
  ...siteCases,
  ...articleCases,
  ...accountCases,
  ...removalCases,
  ...claimCases,
  ...deadlineCases,
  ...referenceCases,
  ...profileCases,
  ...sourceCases,
}
