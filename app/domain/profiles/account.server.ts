import { and, asc, eq, inArray } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import { inParts } from '~/db/params'
import {
  specialties,
  userPhones,
  userServiceCities,
  userServices,
  userSpecialties,
} from '~/db/schema-accounts'
import { cities, occupations } from '~/db/schema-corpus'
import { confirmationMail, emailChangeNoticeMail } from '~/domain/auth/emails.server'
import { pagesOf } from '~/domain/cache/purges'
import { suspendOnRename } from '~/domain/claims/decisions.server'
import type { Deps } from '~/domain/deps'
import { networkSync } from '~/domain/directory/sync.server'
import { DomainError } from '~/domain/errors'
import { type Effect, type Outcome, sendMail } from '~/domain/outcome'
import { feminineTitle, formOfTitle, type TitleForm, titleInForm } from '~/domain/reference/occupation-forms'
import { findAccount, isEmailTaken, setPendingEmail, updateDetails } from '~/domain/users/accounts.server'
import { assertPassword } from '~/domain/users/credentials.server'
import { professionOf, professionUpdate, profileFormRow } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { formatDisplayDate, parseDisplayDate, parseIsoDate, toIsoDate } from '~/lib/dates'
import { formatPhone } from '~/lib/masks'
import type { EditProfileInput, ProfessionInput } from '~/schemas/profile'
import { phoneDigits } from '~/schemas/profile'
import {
  mainCityAfter,
  mainCityQuery,
  profileCities,
  serviceCitiesQuery,
  servicesQuery,
} from './profile.server'

/** The "Perfil" tab's current values (the owner's own e-mail: main host only). */
export async function getProfileForm(deps: { db: Database }, userId: number) {
  const row = await profileFormRow(deps, userId)
  if (!row) return null
  const birth = parseIsoDate(row.birthDate)
  return {
    values: { email: row.email, nome: row.name, data_nascimento: birth ? formatDisplayDate(birth) : '' },
    pendingEmail: row.pendingEmail,
    hasPassword: row.hasPassword,
  }
}

/** Whose profile: the id, and the subdomain its public page answers on. */
type Owner = { id: number; subdomain: string }

/**
 * Saves name and birth date. A new e-mail is a sensitive change (a stolen session must not become
 * a takeover): it needs the current password, takes effect only when the link sent to the new
 * address is followed, and the current address is told (decisions/0018).
 */
export async function saveProfile(
  deps: Pick<Deps, 'db' | 'corpus' | 'limits' | 'authSecret' | 'now' | 'origin'>,
  user: Owner,
  input: EditProfileInput,
): Promise<Outcome> {
  const userId = user.id
  const account = await findAccount(deps, { id: userId })
  if (!account) throw new DomainError('api.loginRequired', 401)
  const effects: Effect[] = [pagesOf.profile(user.subdomain)]
  let message = t('account.saved')
  if (input.email !== account.email && input.email !== account.pendingEmail) {
    if (!account.hasPassword) throw new DomainError('account.emailNeedsPassword', 422, { field: 'email' })
    if (!input.senha) throw new DomainError('account.passwordForEmail', 422, { field: 'senha' })
    await assertPassword(deps, userId, input.senha)
    if (await isEmailTaken(deps, input.email, userId))
      throw new DomainError('account.emailTaken', 409, { field: 'email' })
    await setPendingEmail(deps, userId, input.email)
    effects.push(
      sendMail(await confirmationMail(deps, { id: userId, email: input.email, name: input.nome })),
      sendMail(emailChangeNoticeMail(deps, account, input.email)),
    )
    message = t('account.emailChangePending', { email: input.email })
  } else if (input.email === account.email && account.pendingEmail) {
    // Saving the current address again withdraws a change that was asked.
    await setPendingEmail(deps, userId, null)
  }
  const birth = input.data_nascimento ? parseDisplayDate(input.data_nascimento) : null
  // A renamed account's accepted claim is suspended (before the rename: never a window where the
  // new name holds it) until verified again (decisions/0047).
  effects.push(...(await suspendOnRename(deps, userId, account.name, input.nome)))
  await updateDetails(deps, userId, { name: input.nome, birthDate: birth ? toIsoDate(birth) : null })
  return { message, redirect: '/conta/perfil', effects }
}

export type ProfessionForm = {
  /**
   * The saved profession: `title` as the profile shows it (the form the user chose), the CBO
   * title and its feminine (null when it has one form). 'Outra' has code `outra` and her text.
   */
  occupation: {
    code: string
    title: string
    masculine: string
    feminine: string | null
    form: TitleForm
  } | null
  headline: string
  specialtyOptions: { id: number; titulo: string }[]
  specialtyIds: number[]
  cities: { code: number; label: string }[]
  services: string[]
  phones: { numero: string; whatsapp: boolean }[]
}

export async function specialtiesOf(deps: { db: Database }, occupationCode: string) {
  return deps.db
    .select({ id: specialties.id, titulo: specialties.title })
    .from(specialties)
    .where(eq(specialties.occupationCode, occupationCode))
    .orderBy(asc(specialties.title))
}

/** The "Profissão" tab's current values. */
export async function getProfessionForm(
  deps: { db: Database },
  userId: number,
): Promise<ProfessionForm | null> {
  const user = await professionOf(deps, userId)
  if (!user) return null
  const [chosen, cityRows, serviceRows, phoneRows, [mainCity]] = await deps.db.batch([
    deps.db
      .select({ id: userSpecialties.specialtyId })
      .from(userSpecialties)
      .where(eq(userSpecialties.userId, userId)),
    serviceCitiesQuery(deps.db, userId),
    servicesQuery(deps.db, userId),
    deps.db
      .select({ numero: userPhones.number, whatsapp: userPhones.whatsapp })
      .from(userPhones)
      .where(eq(userPhones.userId, userId))
      .orderBy(asc(userPhones.position)),
    mainCityQuery(deps.db, userId),
  ])
  return {
    occupation: savedOccupation(user),
    headline: user.headline,
    specialtyOptions: user.code ? await specialtiesOf(deps, user.code) : [],
    specialtyIds: chosen.map((row) => row.id),
    // The cities the profile shows, the signup city first: saving keeps them (issue 38).
    cities: profileCities(mainCity, cityRows).map((row) => ({
      code: row.code,
      label: `${row.name}/${row.uf}`,
    })),
    services: serviceRows.map((row) => row.title),
    phones: phoneRows,
  }
}

function savedOccupation(user: {
  code: string | null
  kind: string
  headline: string
  title: string | null
}): ProfessionForm['occupation'] {
  if (user.code && user.title) {
    const form = formOfTitle(user.title, user.headline) ?? 'masculino'
    return {
      code: user.code,
      title: titleInForm(user.title, form),
      masculine: user.title,
      feminine: feminineTitle(user.title),
      form,
    }
  }
  // A professional whose title is her own text chose 'Outra' (spec §3); a student has a course.
  if (!user.code && user.kind === 'profissional' && user.headline)
    return {
      code: 'outra',
      title: user.headline,
      masculine: user.headline,
      feminine: null,
      form: 'masculino',
    }
  return null
}

/** D1 allows 100 bound parameters per statement: rows go in chunks that stay under it. */
function chunks<T>(rows: T[], paramsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(99 / paramsPerRow))
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/**
 * Saves the profession and replaces the four lists (specialties, service cities, services,
 * phones) in one D1 batch, which is one transaction: either everything is written or nothing.
 * An empty `ocupacao` keeps the current profession.
 */
export async function saveProfession(
  deps: { db: Database },
  user: Owner,
  input: ProfessionInput,
): Promise<Outcome> {
  const userId = user.id
  const { db } = deps
  let profession: { occupationCode: string | null; headline: string } | null = null
  const current = await professionOf(deps, userId)
  if (input.ocupacao === 'outra') {
    profession = { occupationCode: null, headline: input.ocupacao_outra }
  } else if (input.ocupacao) {
    const [found] = await db
      .select({ code: occupations.code, title: occupations.title })
      .from(occupations)
      .where(eq(occupations.code, input.ocupacao))
      .limit(1)
    if (!found) throw new DomainError('profession.unknown', 422)
    // The title keeps the form she chose; without a choice, the form she had (decisions/0018).
    const kept = current?.title ? formOfTitle(current.title, current.headline) : null
    const form = input.ocupacao_forma ?? kept ?? 'masculino'
    profession = { occupationCode: found.code, headline: titleInForm(found.title, form) }
  } else if (input.ocupacao_forma && current?.code && current.title) {
    profession = { occupationCode: current.code, headline: titleInForm(current.title, input.ocupacao_forma) }
  }

  const cityCodes = [...new Set(input.cidades_ids)]
  if (cityCodes.length) {
    const known = await db.select({ code: cities.code }).from(cities).where(inArray(cities.code, cityCodes))
    if (known.length !== cityCodes.length) throw new DomainError('profession.unknownCity', 422)
  }

  // Specialties must belong to the (new or current) profession; others are dropped.
  const occupationCode = profession ? profession.occupationCode : (current?.code ?? null)
  const wanted = [...new Set(input.especialidades)]
  const specialtyIds: number[] = []
  // Up to 100 picked: bound in parts (app/db/params.ts).
  if (occupationCode)
    for (const part of inParts(wanted)) {
      const rows = await db
        .select({ id: specialties.id })
        .from(specialties)
        .where(and(eq(specialties.occupationCode, occupationCode), inArray(specialties.id, part)))
      specialtyIds.push(...rows.map((row) => row.id))
    }

  const services = input.servicos.map((title) => title.trim()).filter(Boolean)
  const phones = Object.values(input.telefones)
    .filter((phone) => phoneDigits(phone.numero).length > 0)
    .map((phone) => ({ number: formatPhone(phone.numero), whatsapp: phone.whatsapp === 'sim' }))

  const statements: BatchItem<'sqlite'>[] = []
  if (profession) {
    statements.push(professionUpdate(db, userId, profession))
  }
  const mainCity = await mainCityAfter(db, userId, cityCodes)
  if (mainCity) statements.push(mainCity.update)
  statements.push(
    db.delete(userSpecialties).where(eq(userSpecialties.userId, userId)),
    db.delete(userServiceCities).where(eq(userServiceCities.userId, userId)),
    db.delete(userServices).where(eq(userServices.userId, userId)),
    db.delete(userPhones).where(eq(userPhones.userId, userId)),
  )
  for (const part of chunks(specialtyIds, 2))
    statements.push(db.insert(userSpecialties).values(part.map((specialtyId) => ({ userId, specialtyId }))))
  for (const part of chunks(cityCodes, 2))
    statements.push(db.insert(userServiceCities).values(part.map((cityCode) => ({ userId, cityCode }))))
  for (const part of chunks(
    services.map((title, position) => ({ userId, position, title })),
    3,
  ))
    statements.push(db.insert(userServices).values(part))
  for (const part of chunks(
    phones.map((phone, position) => ({ userId, position, ...phone })),
    4,
  ))
    statements.push(db.insert(userPhones).values(part))
  // The community of the (new) profession and the directory listings, in the same transaction.
  statements.push(...networkSync(db, userId))
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
  return {
    message: t('account.saved'),
    redirect: '/conta/profissao',
    effects: [pagesOf.profile(user.subdomain)],
  }
}
