// The deadline of one DJEN communication, counted as the law counts it (issue 41, decisions/0102):
// publication and start (Lei 11.419/2006 art. 4º §§3º–4º, CPC art. 224), the number of days
// (text, the law's table, CPC art. 218 §3º), how days count (CPC art. 219, Lei 9.099 art. 12-A,
// CLT art. 775, CPP art. 798), the suspension of 20/12–20/01 and the court's calendar. Pure.
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatDate } from '~/lib/format'
import { addDays, type Calendar, makeCalendar, type NoBusiness } from './calendar'
import { courtCalendar } from './courts'
import { actContext, type MatterFacts, matterOf } from './matter'
import { actFromText, asksNothing, criminalRecessException, intimatedParty, periodFromText } from './reading'
import type { CountedDay, Deadline, DeadlineInput, DeadlineRule } from './types'

const PUBLICATION_BASIS =
  'Lei 11.419/2006 art. 4º §3º; CPC art. 224 §2º; Res. CNJ 455/2022 (red. Res. CNJ 569/2024)'
const START_BASIS = 'Lei 11.419/2006 art. 4º §4º; CPC art. 224 §3º'
const BUSINESS_DAYS_BASIS = {
  civel: 'CPC art. 219',
  juizado: 'Lei 9.099/1995 art. 12-A',
  trabalhista: 'CLT art. 775',
}
const RECESS_BASIS = {
  civel: 'CPC art. 220',
  juizado: 'CPC art. 220',
  trabalhista: 'CLT art. 775-A',
  criminal: 'CPP art. 798-A',
}

/** 20 December – 20 January: days of the suspension of CPC art. 220 / CLT 775-A / CPP 798-A. */
function inSuspension(iso: string): boolean {
  const md = iso.slice(5)
  return md >= '12-20' || md <= '01-20'
}

function nextBusinessDay(cal: Calendar, iso: string): string {
  let d = addDays(iso, 1)
  while (cal.noBusiness(d)) d = addDays(d, 1)
  return d
}

function skip(why: NoBusiness | null): CountedDay['skipped'] {
  if (why) return { reason: why.reason, label: why.name, basis: why.basis }
  return undefined
}

/** A day of the 20/12–20/01 suspension, named by the matter's own rule (even on a holiday). */
function suspendedDay(matter: Deadline['matter']): CountedDay['skipped'] {
  return {
    reason: 'recessSuspension',
    label: t('deadlines.skip.recessSuspension'),
    basis: RECESS_BASIS[matter],
  }
}

interface Days {
  base: number
  from: Deadline['daysFrom']
  corridosByText: boolean
  hours?: boolean
  rules: DeadlineRule[]
}

function daysOf(input: DeadlineInput, facts: MatterFacts): Days {
  const corrected = usableDays(input.override?.days)
  if (corrected)
    return {
      base: corrected,
      from: 'correcao',
      corridosByText: false,
      rules: [
        {
          text: t('deadlines.rule.days.correction', { days: corrected }),
          basis: 'correção do usuário',
        },
      ],
    }
  const period = periodFromText(input.text)
  if (period) {
    const rules: DeadlineRule[] = [
      period.hours
        ? {
            text: plural(
              period.days,
              t('deadlines.rule.days.hours.one', {
                hours: period.hours,
                days: period.days,
              }),
              t('deadlines.rule.days.hours.many', {
                hours: period.hours,
                days: period.days,
              }),
            ),
            basis: 'CC art. 132 §4º',
            check: true,
          }
        : {
            text: plural(
              period.days,
              t('deadlines.rule.days.text.one', {
                days: period.days,
              }),
              t('deadlines.rule.days.text.many', {
                days: period.days,
              }),
            ),
            basis: 'texto da intimação',
          },
    ]
    if (period.several)
      rules.push({
        text: t('deadlines.rule.days.several', { list: period.several.join(', ') }),
        basis: 'texto da intimação',
        check: true,
      })
    return {
      base: period.days,
      from: 'texto',
      corridosByText: period.corridos,
      hours: Boolean(period.hours),
      rules,
    }
  }
  const act = actFromText(input.text, actContext(facts))
  if (act)
    return {
      base: act.days,
      from: 'lei',
      corridosByText: false,
      rules: [
        {
          text: plural(
            act.days,
            t('deadlines.rule.days.law.one', {
              days: act.days,
              act: act.act,
            }),
            t('deadlines.rule.days.law.many', {
              days: act.days,
              act: act.act,
            }),
          ),
          basis: act.basis,
        },
      ],
    }
  return {
    base: 5,
    from: 'padrao',
    corridosByText: false,
    rules: [{ text: t('deadlines.rule.days.default', { days: 5 }), basis: 'CPC art. 218 §3º' }],
  }
}

function doubling(
  input: DeadlineInput,
  facts: MatterFacts,
): { doubled: Deadline['doubled']; rule: DeadlineRule } {
  const party = intimatedParty(input.text)
  if (facts.juizado && party === 'fazenda')
    return {
      doubled: 'nao',
      rule: {
        text: t('deadlines.rule.doubled.juizado'),
        basis: 'Lei 10.259/2001 art. 9º; Lei 12.153/2009 art. 7º',
      },
    }
  const criminalMp = party === 'ministerio' && facts.matter === 'criminal'
  if (party && !criminalMp && facts.matter !== 'trabalhista' && !facts.juizado) {
    const basis =
      party === 'fazenda'
        ? 'CPC art. 183'
        : party === 'ministerio'
          ? 'CPC art. 180'
          : 'CPC art. 186; LC 80/1994 arts. 44 I, 89 I e 128 I'
    return { doubled: 'sim', rule: { text: t(`deadlines.party.${party}`), basis } }
  }
  if (facts.matter === 'criminal')
    return {
      doubled: 'confira',
      rule: {
        text: t('deadlines.rule.doubled.checkCriminal'),
        basis: 'LC 80/1994 arts. 44 I, 89 I e 128 I',
        check: true,
      },
    }
  return {
    doubled: 'confira',
    rule: { text: t('deadlines.rule.doubled.check'), basis: 'CPC arts. 180, 183 e 186', check: true },
  }
}

/** A real calendar day as yyyy-mm-dd (the DJEN's `data_disponibilizacao`). */
function isDay(iso: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso)
}

/** A correction the counter can use: a whole number of days from 1 to 999. */
const usableDays = (days: number | undefined) =>
  days && Number.isInteger(days) && days > 0 && days < 1000 ? days : undefined

export function computeDeadline(input: DeadlineInput): Deadline | null {
  if (!input.active) return null
  // No date, no count: a malformed import row gets no deadline rather than a wrong one.
  if (!isDay(input.availableOn)) return null
  if (asksNothing(input.communicationType, input.documentType, input.text)) return null
  const override = input.override
  const spec = courtCalendar(override?.court ?? input.court, input.organ)
  const cal = makeCalendar(spec, input.suspensions)
  let facts = matterOf(spec, input.classCode, input.className, input.organ)
  if (override?.matter)
    facts = {
      ...facts,
      matter: override.matter,
      juizado: override.matter === 'juizado' || (override.matter === 'criminal' && facts.juizado),
    }

  const days = daysOf(input, facts)
  const double = doubling(input, facts)
  const total = double.doubled === 'sim' && days.from !== 'correcao' ? days.base * 2 : days.base
  const corridos = facts.matter === 'criminal' || facts.electoral || days.corridosByText
  const criminalException = facts.matter === 'criminal' && criminalRecessException(input.text)
  const suspends = !facts.electoral && !criminalException

  const publishedOn = nextBusinessDay(cal, input.availableOn)
  const steps: CountedDay[] = []
  let startsOn = ''
  let n = 0
  let d = publishedOn
  let crossedSuspension = false
  while (n < total) {
    d = addDays(d, 1)
    const closed = cal.noBusiness(d)
    const suspended = suspends && inSuspension(d)
    if (suspended) crossedSuspension = true
    if (suspended || (closed && (n === 0 || !corridos))) {
      steps.push({ date: d, skipped: suspended ? suspendedDay(facts.matter) : skip(closed) })
      continue
    }
    if (n === 0) startsOn = d
    n += 1
    steps.push({ date: d, ordinal: n })
  }
  let lastDay = d
  const extendedFrom = cal.noBusiness(d) ? d : null
  if (extendedFrom) {
    lastDay = nextBusinessDay(cal, d)
    for (let e = addDays(d, 1); e < lastDay; e = addDays(e, 1))
      steps.push({ date: e, skipped: skip(cal.noBusiness(e)) })
    steps.push({ date: lastDay, extended: true })
  }

  const rules: DeadlineRule[] = [
    { text: t('deadlines.rule.publication', { date: formatDate(publishedOn) }), basis: PUBLICATION_BASIS },
    { text: t('deadlines.rule.start', { date: formatDate(startsOn) }), basis: START_BASIS },
    ...days.rules,
  ]
  if (double.doubled === 'sim')
    rules.push({
      text: t('deadlines.rule.doubled.yes', { party: double.rule.text, base: days.base, days: total }),
      basis: double.rule.basis,
    })
  else rules.push(double.rule)
  if (facts.matter === 'criminal')
    rules.push({ text: t('deadlines.rule.counting.criminal'), basis: 'CPP art. 798 caput e §3º' })
  else if (facts.electoral)
    rules.push({
      text: t('deadlines.rule.counting.electoral'),
      basis: 'Res. TSE 23.478/2016 art. 7º; CPC art. 224 §1º',
      check: true,
    })
  else if (days.corridosByText && !days.hours)
    rules.push({ text: t('deadlines.rule.counting.textCorridos'), basis: 'texto da intimação', check: true })
  else rules.push({ text: t('deadlines.rule.counting.uteis'), basis: BUSINESS_DAYS_BASIS[facts.matter] })
  if (crossedSuspension) rules.push({ text: t('deadlines.rule.recess'), basis: RECESS_BASIS[facts.matter] })
  if (facts.matter === 'criminal' && criminalException)
    rules.push({ text: t('deadlines.rule.recess.exception'), basis: 'CPP art. 798-A I–III', check: true })
  else if (facts.matter === 'criminal' && crossedSuspension)
    rules.push({ text: t('deadlines.rule.recess.check'), basis: 'CPP art. 798-A I–III', check: true })
  if (extendedFrom)
    rules.push({
      text: t('deadlines.rule.extended', { date: formatDate(extendedFrom) }),
      basis: facts.matter === 'criminal' ? 'CPP art. 798 §3º' : 'CPC art. 224 §1º',
    })
  for (const day of new Set([startsOn, lastDay]))
    if (cal.lateStart(day))
      rules.push({
        text: t('deadlines.rule.lateStart', { date: formatDate(day) }),
        basis: 'CPC art. 224 §1º',
        check: true,
      })
  if (spec.branch === 'desconhecido')
    rules.push({ text: t('deadlines.rule.unknownCourt'), basis: 'Lei 662/1949', check: true })
  else if (spec.state === null)
    rules.push({ text: t('deadlines.rule.stateUnknown'), basis: 'Lei 9.093/1995 art. 1º II', check: true })
  if (spec.branch !== 'superior' && spec.branch !== 'desconhecido' && !spec.capital)
    rules.push({ text: t('deadlines.rule.municipal'), basis: 'Lei 9.093/1995 art. 2º', check: true })
  if (override)
    rules.push({
      text: t('deadlines.rule.corrected', {
        what: [usableDays(override.days) && `${override.days} dias`, override.court, override.matter]
          .filter(Boolean)
          .join(', '),
      }),
      basis: 'correção do usuário',
    })

  return {
    availableOn: input.availableOn,
    publishedOn,
    startsOn,
    lastDay,
    days: total,
    daysFrom: days.from,
    counting: corridos ? 'corridos' : 'uteis',
    matter: facts.matter,
    doubled: double.doubled,
    corrected: override !== undefined,
    steps,
    rules,
  }
}
