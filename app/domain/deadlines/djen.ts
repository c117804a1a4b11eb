// A DJEN communication's fields the counter reads (the API's own names), and the counter's input
// built from them. A cancelled communication (`ativo: false` or `status` "C") has no deadline.
import type { CourtSuspension, DeadlineInput, DeadlineOverride } from './types'

export interface DjenDeadlineFields {
  data_disponibilizacao: string
  siglaTribunal: string
  texto: string
  tipoComunicacao?: string | null
  tipoDocumento?: string | null
  nomeOrgao?: string | null
  nomeClasse?: string | null
  codigoClasse?: string | number | null
  numero_processo?: string | null
  ativo?: boolean
  status?: string | null
}

export function deadlineInputFromDjen(
  item: DjenDeadlineFields,
  extra: { override?: DeadlineOverride; suspensions?: readonly CourtSuspension[] } = {},
): DeadlineInput {
  return {
    availableOn: item.data_disponibilizacao,
    court: item.siglaTribunal,
    text: item.texto,
    communicationType: item.tipoComunicacao ?? null,
    documentType: item.tipoDocumento ?? null,
    organ: item.nomeOrgao ?? null,
    className: item.nomeClasse ?? null,
    classCode: item.codigoClasse == null ? null : String(item.codigoClasse),
    lawsuitNumber: item.numero_processo ?? null,
    active: item.ativo !== false && item.status !== 'C',
    ...extra,
  }
}
