import { route } from '../routes'

/** The public sources' reviewers' actions (issue 40): only /revisao/fontes carries them. */
export const sourceRoutes = {
  sourceRetry: route('sourceRetry', 'post', '/ajax/revisao/fontes/:id/tentar-de-novo'),
}
