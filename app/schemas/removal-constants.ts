// The values of a removal request (issue 30, decisions/0066): the form, its schema and the
// database columns share them, so they sit below all three.

export const REMOVAL_RELATIONS = ['titular', 'representante', 'advogado', 'outro'] as const
export type RemovalRelation = (typeof REMOVAL_RELATIONS)[number]
/** LGPD art. 18 rights a requester may invoke (incisos IV, VI, IX and the objection of § 2º). */
export const REMOVAL_RIGHTS = ['anonimizacao', 'eliminacao', 'oposicao', 'revogacao'] as const
export type RemovalRight = (typeof REMOVAL_RIGHTS)[number]
export const REMOVAL_STATUSES = [
  'aguardando_email',
  'em_analise',
  'desindexada',
  'mascarada',
  'recusada',
] as const
export type RemovalStatus = (typeof REMOVAL_STATUSES)[number]
export const PAGE_KINDS = ['pessoa', 'empresa', 'processo', 'materia', 'decisao', 'lei'] as const
export type PageKind = (typeof PAGE_KINDS)[number]
/** A page a request names: its address as shown, and the corpus row behind it. */
export type RequestedPage = { path: string; kind: PageKind; refId: number; title: string }
