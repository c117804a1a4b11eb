import type { Intimation } from '~/domain/intimations/intimations.server'
import { actOf } from '~/domain/intimations/words'
import { formatCnj } from '~/lib/cnj'
import { formatDate } from '~/lib/format'
import { lawsuitPath } from '~/lib/paths'
import type { IntimationFilters } from '~/schemas/intimations'
import { formatOab, oabOfKey } from '~/schemas/oab'

/** One intimação as `/intimacoes` and `/prazos` draw it (plain data for the page). */
export type IntimationView = ReturnType<typeof intimationView>

export function intimationView(row: Intimation) {
  const d = row.deadline
  const oab = oabOfKey(row.oab)
  return {
    id: row.id,
    act: actOf(row),
    court: row.court,
    lawsuit: formatCnj(row.lawsuitCnj),
    lawsuitUrl: lawsuitPath(row.lawsuitCnj),
    oab: oab ? formatOab(oab) : row.oab,
    availableOn: formatDate(row.availableOn),
    organ: row.organ,
    body: row.body,
    active: row.active,
    fulfilled: row.fulfilledAt !== null,
    lastDay: row.lastDay ? formatDate(row.lastDay) : null,
    /** The last day the court's calendar moved it from (a suspension, a holiday added). */
    movedFrom: row.movedFrom && row.lastDay ? formatDate(row.movedFrom) : null,
    deadline: d
      ? {
          days: d.days,
          counting: d.counting,
          startsOn: formatDate(d.startsOn),
          corrected: d.corrected,
        }
      : null,
    correction: {
      dias: row.correction?.days ? String(row.correction.days) : '',
      tribunal: row.correction?.court ?? '',
    },
  }
}

/** The filters as the URL and the form carry them. */
export const filterQuery = (filters: IntimationFilters) =>
  new URLSearchParams(
    Object.entries({
      oab: filters.oab ?? '',
      tribunal: filters.tribunal ?? '',
      processo: filters.processo ? formatCnj(filters.processo) : '',
    }).filter(([, v]) => v),
  ).toString()
