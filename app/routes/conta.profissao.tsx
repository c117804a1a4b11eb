import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { data } from '@remix-run/cloudflare'
import { useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { profileRoutes } from '~/api/area-routes/profiles'
import { referenceRoutes } from '~/api/area-routes/reference'
import { AccountTab } from '~/components/account/account-tab'
import { type Phone, PhoneList } from '~/components/account/phone-list'
import { TitleFormChoice } from '~/components/account/title-form-choice'
import { getProfessionForm } from '~/domain/profiles/account.server'
import { professionFormAsTyped } from '~/domain/profiles/profession-typed.server'
import { type TitleForm, titleInForm } from '~/domain/reference/occupation-forms'
import { t } from '~/i18n/pt-BR'
import { professionClientSchema } from '~/schemas/profile'
import { requireUser } from '~/server/guards.server'
import { Autocomplete } from '~/ui/autocomplete'
import { call } from '~/ui/call'
import { ActionForm } from '~/ui/form-action'
import { OTHER_VALUE, type RemoteOption, RemoteSelect } from '~/ui/remote-select'
import { SubmitButton } from '~/ui/submit-button'

const PROFESSION_ACTION = profileRoutes.professionSave.path

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const form = await getProfessionForm(context.deps, user.id)
  if (!form) throw data(null, { status: 404 })
  // A refused post without JavaScript: the form as it was sent, every list included.
  const flash = context.flash
  if (flash?.kind === 'error' && flash.form === PROFESSION_ACTION && flash.values)
    return { form: await professionFormAsTyped(context.deps, form, flash.values) }
  // Each phone row has a guid (spec §3 `telefones[{guid}][numero]`); made here so the server and
  // the browser render the same names.
  return { form: { ...form, phones: form.phones.map((phone) => ({ ...phone, guid: crypto.randomUUID() })) } }
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>['form']
type Specialty = { id: number; titulo: string }

/** The specialties offered for a CBO occupation (spec §7 "Profession"); none when the call failed. */
async function fetchSpecialties(code: string): Promise<Specialty[]> {
  const outcome = await call(referenceRoutes.specialties, { id: code })
  return outcome.ok ? outcome.body : []
}

function ProfessionFields({ initial, submitting }: { initial: Loaded; submitting: boolean }) {
  const id = useId()
  const {
    register,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext()
  const saved = initial.occupation
  // The saved profession as it reads now ("Advogada"); 'Outra' shows her own text.
  const [occupation, setOccupation] = useState<RemoteOption | null>(
    saved
      ? {
          id: saved.code,
          text: saved.code === OTHER_VALUE ? `${t('select.other')}: ${saved.title}` : saved.title,
        }
      : null,
  )
  // The CBO title (masculine) of the chosen profession, and the form the user wants it in.
  const [masculine, setMasculine] = useState(saved && saved.code !== OTHER_VALUE ? saved.masculine : null)
  const [form, setForm] = useState<TitleForm>(saved?.form ?? 'masculino')
  const [specialtyOptions, setSpecialtyOptions] = useState<Specialty[]>(initial.specialtyOptions)
  const [chosen, setChosen] = useState<Set<number>>(new Set(initial.specialtyIds))
  const [cities, setCities] = useState(initial.cities)
  const [cityPicker, setCityPicker] = useState(0)
  const [services, setServices] = useState<string[]>(initial.services)
  const [newService, setNewService] = useState('')
  const [phones, setPhones] = useState<Phone[]>(initial.phones)

  // react-hook-form only sees what the §5 rule needs: the profession and how many cities.
  useEffect(() => {
    register('ocupacao')
    register('cidade')
  }, [register])
  useEffect(() => {
    setValue('ocupacao', occupation ? String(occupation.id) : '', { shouldValidate: isSubmitted })
  }, [occupation, setValue, isSubmitted])
  useEffect(() => {
    setValue('cidade', String(cities.length), { shouldValidate: isSubmitted })
  }, [cities, setValue, isSubmitted])

  const chooseOccupation = (option: RemoteOption | null) => {
    setOccupation(option)
    // A new profession keeps the form already chosen: "Advogada" → "Advogada de empresa".
    setMasculine(option && option.id !== OTHER_VALUE ? option.text : null)
    setChosen(new Set())
    setSpecialtyOptions([])
    if (option && option.id !== OTHER_VALUE)
      void fetchSpecialties(String(option.id)).then(setSpecialtyOptions)
  }

  const addService = () => {
    const title = newService.trim()
    if (title && !services.includes(title)) setServices([...services, title])
    setNewService('')
  }

  const cityMessage = errors.cidade?.message as string | undefined

  return (
    <>
      <RemoteSelect
        name="ocupacao"
        label={t('profession.label')}
        endpoint={referenceRoutes.occupations}
        termParam="titulo"
        placeholder={t('select.profession')}
        allowOther
        defaultOption={occupation}
        defaultOtherText={saved?.code === OTHER_VALUE ? saved.title : ''}
        selectedText={masculine ? titleInForm(masculine, form) : undefined}
        onChange={chooseOccupation}
      />
      {masculine ? <TitleFormChoice masculine={masculine} value={form} onChange={setForm} /> : null}

      <fieldset className="field">
        <legend>{t('profession.specialties')}</legend>
        {!occupation || occupation.id === OTHER_VALUE ? (
          <p className="muted">{t('profession.chooseFirst')}</p>
        ) : specialtyOptions.length === 0 ? (
          <p className="muted">{t('profession.specialtiesEmpty')}</p>
        ) : (
          <ul className="editable-list">
            {specialtyOptions.map((specialty) => (
              <li key={specialty.id}>
                <label>
                  <input
                    type="checkbox"
                    name="especialidades[]"
                    value={specialty.id}
                    checked={chosen.has(specialty.id)}
                    onChange={(event) => {
                      const next = new Set(chosen)
                      if (event.target.checked) next.add(specialty.id)
                      else next.delete(specialty.id)
                      setChosen(next)
                    }}
                  />{' '}
                  {specialty.titulo}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <fieldset className={`field${cityMessage ? ' field--invalid' : ''}`} data-field="cidade">
        <legend>{t('profession.cities')}</legend>
        <ul className="editable-list" aria-label={t('profession.cities')}>
          {cities.map((city) => (
            <li key={city.code}>
              <input type="hidden" name="cidades_ids[]" value={city.code} />
              <span>{city.label}</span>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setCities(cities.filter((c) => c.code !== city.code))}
                aria-label={t('profession.remove', { item: city.label })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <Autocomplete
          key={cityPicker}
          name="cidade_busca"
          label={t('profession.addCity')}
          endpoint={referenceRoutes.cities}
          param="cidade_nome"
          onSelect={(item) => {
            if (!item) return
            const code = Number(item.value)
            if (!cities.some((c) => c.code === code))
              setCities([...cities, { code, label: item.inputLabel || String(item.value) }])
            setCityPicker((n) => n + 1)
          }}
        />
        <p id={`${id}-cidades`} className="field__message" aria-live="polite">
          {cityMessage ?? ''}
        </p>
      </fieldset>

      <fieldset className="field">
        <legend>{t('profession.services')}</legend>
        <ul className="editable-list" aria-label={t('profession.services')}>
          {services.map((service) => (
            <li key={service}>
              <input type="hidden" name="servicos[]" value={service} />
              <span>{service}</span>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setServices(services.filter((s) => s !== service))}
                aria-label={t('profession.remove', { item: service })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <label htmlFor={`${id}-servico`}>{t('profession.newService')}</label>
        <div className="row">
          <input
            id={`${id}-servico`}
            type="text"
            maxLength={120}
            value={newService}
            onChange={(event) => setNewService(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                addService()
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={addService}>
            {t('profession.addService')}
          </button>
        </div>
      </fieldset>

      <PhoneList phones={phones} onChange={setPhones} />

      <SubmitButton submitting={submitting}>{t('account.save')}</SubmitButton>
    </>
  )
}

/** Profissão tab (spec §3 "Profile lists", §5 "Edit profession"), posted to its route (profileRoutes.professionSave). */
export default function ProfessionTab() {
  const { form } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  return (
    <AccountTab id="aba-profissao" title={t('account.tab.profession')}>
      <ActionForm
        endpoint={profileRoutes.professionSave}
        schema={professionClientSchema}
        defaultValues={{ ocupacao: form.occupation?.code ?? '', cidade: String(form.cities.length) }}
        resetOnSuccess={false}
        successMessage={t('account.saved')}
        label={t('account.tab.profession')}
        onSuccess={() => revalidator.revalidate()}
      >
        {({ submitting }) => <ProfessionFields initial={form} submitting={submitting} />}
      </ActionForm>
    </AccountTab>
  )
}
