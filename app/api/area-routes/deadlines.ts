import { route } from '../routes'

/** Deadlines (issue 41): the suspensions courts declare, added by reviewers. */
export const deadlineRoutes = {
  suspensionAdd: route('suspensionAdd', 'post', '/ajax/revisao/suspensoes'),
}
