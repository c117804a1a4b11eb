// A court's days: which are without court business and why (issue 41, decisions/0102). Pure:
// holidays from the data in holidays.ts, Easter by the Gregorian computus, and the suspensions
// reviewers declared for the court.
import { t } from '~/i18n/pt-BR'
import type { CourtCalendar } from './courts'
import {
  ASH_WEDNESDAY_OFFSET,
  CITY_HOLIDAYS,
  FEDERAL_HOLIDAYS,
  type HolidayRule,
  NATIONAL_HOLIDAYS,
  STATE_HOLIDAYS,
} from './holidays'
import type { CourtSuspension } from './types'

const DAY_MS = 86_400_000

export function addDays(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

export function weekday(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay()
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export type SkipReason = 'weekend' | 'holiday' | 'recess' | 'suspension'

/** Why a day has no court business; null when it has. */
export interface NoBusiness {
  reason: SkipReason
  name: string
  basis: string
}

export interface Calendar {
  spec: CourtCalendar
  /** null on a day with court business */
  noBusiness(iso: string): NoBusiness | null
  /** Ash Wednesday: business starts late (CPC art. 224 §1º), checked when a count starts or ends on it */
  lateStart(iso: string): boolean
}

function ruleDate(rule: HolidayRule, year: number): string | null {
  if ('easter' in rule) return addDays(easterSunday(year), rule.easter)
  if (rule.since && year < rule.since) return null
  return `${year}-${String(rule.month).padStart(2, '0')}-${String(rule.day).padStart(2, '0')}`
}

function holidayLists(spec: CourtCalendar): (readonly HolidayRule[])[] {
  const lists: (readonly HolidayRule[])[] = [NATIONAL_HOLIDAYS]
  // Lei 5.010/1966 art. 62 names the Justiça Federal "inclusive nos Tribunais Superiores"; the
  // Justiça do Trabalho keeps the same days. Electoral courts: only what the law fixes (ADR 0102).
  if (spec.branch === 'federal' || spec.branch === 'trabalho' || spec.branch === 'superior')
    lists.push(FEDERAL_HOLIDAYS)
  if (spec.state && spec.branch !== 'superior') lists.push(STATE_HOLIDAYS[spec.state] ?? [])
  if (spec.state && spec.capital) lists.push(CITY_HOLIDAYS[spec.state] ?? [])
  return lists
}

/** 20 December – 6 January: recesso forense, no court business (Lei 5.010 art. 62 I; Res. CNJ 244/2016). */
export function inRecess(iso: string): boolean {
  const md = iso.slice(5)
  return md >= '12-20' || md <= '01-06'
}

export function makeCalendar(spec: CourtCalendar, suspensions: readonly CourtSuspension[] = []): Calendar {
  const byYear = new Map<number, Map<string, NoBusiness>>()
  const holidaysOf = (year: number) => {
    let map = byYear.get(year)
    if (!map) {
      map = new Map()
      for (const list of holidayLists(spec))
        for (const rule of list) {
          const date = ruleDate(rule, year)
          if (date && !map.has(date)) map.set(date, { reason: 'holiday', name: rule.name, basis: rule.basis })
        }
      byYear.set(year, map)
    }
    return map
  }
  const own = suspensions.filter(
    (s) => s.court.toUpperCase().replace(/[^A-Z0-9]/g, '') === spec.court || s.court === '*',
  )
  return {
    spec,
    noBusiness(iso) {
      const suspension = own.find((s) => s.from <= iso && iso <= s.to)
      if (suspension) return { reason: 'suspension', name: suspension.reason, basis: suspension.source }
      const holiday = holidaysOf(Number(iso.slice(0, 4))).get(iso)
      if (holiday) return holiday
      if (inRecess(iso))
        return {
          reason: 'recess',
          name: t('deadlines.skip.recess'),
          basis: spec.branch === 'estadual' ? 'Res. CNJ 244/2016 art. 1º' : 'Lei 5.010/1966 art. 62 I',
        }
      const wd = weekday(iso)
      if (wd === 0 || wd === 6)
        return { reason: 'weekend', name: t('deadlines.skip.weekend'), basis: 'CPC art. 216' }
      return null
    },
    lateStart(iso) {
      return iso === addDays(easterSunday(Number(iso.slice(0, 4))), ASH_WEDNESDAY_OFFSET)
    },
  }
}
