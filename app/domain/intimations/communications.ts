// A DJEN communication as the intimações need it (issue 41): what the DJEN importer and the DJEN
// fetch both hand over, cancelled ones included (they withdraw a deadline). Pure data.

export type DjenLawyer = { number: string; uf: string }

export type DjenCommunication = {
  /** DJEN `id` */
  id: string
  /** `siglaTribunal` */
  court: string
  /** 20 digits */
  cnj: string
  /** `data_disponibilizacao`, yyyy-mm-dd */
  availableOn: string
  kind: string | null
  documentType: string | null
  className: string | null
  classCode: string | null
  organ: string | null
  text: string
  /** false for `ativo: false` or `status: "C"` */
  active: boolean
  /** `destinatarioadvogados[].advogado`: `numero_oab` and `uf_oab` as the DJEN wrote them */
  lawyers: DjenLawyer[]
}
