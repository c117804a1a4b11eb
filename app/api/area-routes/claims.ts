import { route } from '../routes'

/**
 * Claims, merge and review (decisions/0070): apart from app/api/routes.ts, which every page
 * with the header imports, so only the pages with these forms carry them.
 */
export const claimRoutes = {
  claimPerson: route('claimPerson', 'post', '/ajax/pessoas/:id/reivindicar'),
  claimUndo: route('claimUndo', 'post', '/ajax/pessoas/:id/desfazer-reivindicacao'),
  mergeProve: route('mergeProve', 'post', '/ajax/conta/unir/verificar'),
  mergeConfirm: route('mergeConfirm', 'post', '/ajax/conta/unir'),
  reviewAccept: route('reviewAccept', 'post', '/ajax/revisao/reivindicacoes/:id/aceitar'),
  reviewRefuse: route('reviewRefuse', 'post', '/ajax/revisao/reivindicacoes/:id/recusar'),
}
