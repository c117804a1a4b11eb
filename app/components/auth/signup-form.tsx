import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { referenceRoutes } from '~/api/area-routes/reference'
import type { InputOf } from '~/api/endpoint'
import type { Endpoints } from '~/api/endpoints'
import { routes } from '~/api/routes'
import { TitleFormChoice } from '~/components/account/title-form-choice'
import { CityField } from '~/components/forms/city-field'
import { type TitleForm, titleInForm } from '~/domain/reference/occupation-forms'
import { t } from '~/i18n/pt-BR'
import { formToObject } from '~/lib/form-object'
import { CAPTCHA_FIELD } from '~/schemas/professional-message'
import { Autocomplete } from '~/ui/autocomplete'
import { call, routePath } from '~/ui/call'
import { useCaptchaTokens } from '~/ui/captcha-tokens'
import { FieldShell, TextField } from '~/ui/field'
import { flashFieldErrors, flashStrings, useFormFlash } from '~/ui/flash'
import { MaskedInput } from '~/ui/masked-input'
import { OTHER_VALUE, RemoteSelect } from '~/ui/remote-select'
import { SubmitButton } from '~/ui/submit-button'
import { noticeAfterNavigation } from '~/ui/toast'

/** Spec §7 signup checks: `disponivel` says the name or address is free; else §5's message. */
const CHECKS = {
  subdominio: { message: 'Este nome de usuário já está em uso!' },
  email: { message: 'Este e-mail já está em uso!' },
}

/**
 * The e-mail's check needs a captcha pass (decisions/0092): the first check sends a Turnstile
 * token, the server answers with a pass good for a few checks; when it runs out (403) a fresh
 * token buys another. No token, a refusal, a limit or an outage: null, and the signup's own post
 * says whether the address is taken.
 */
function useEmailCheck(captcha: CaptchaSettings) {
  const tokens = useCaptchaTokens(captcha)
  const hasPass = useRef(false)
  async function ask(email: string): Promise<boolean | null> {
    const withToken = async () => {
      const token = await tokens.fresh()
      return token ? call(routes.signupEmailCheck, { email, [CAPTCHA_FIELD]: token }) : null
    }
    let outcome = hasPass.current ? await call(routes.signupEmailCheck, { email }) : await withToken()
    if (outcome && !outcome.ok && outcome.kind === 'errors' && outcome.httpStatus === 403)
      outcome = await withToken()
    hasPass.current = outcome?.ok === true
    return outcome?.ok ? outcome.body.disponivel : null
  }
  return { ask, widget: tokens.widget }
}

type CaptchaSettings = { siteKey: string; production: boolean }

type SignupRoute = typeof routes.signUp | typeof routes.signupComplete

/** Spec §5: only letters and digits; any other key is blocked while typing. */
function blockNonAlphanumeric(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return
  if (!/^[A-Za-z0-9]$/.test(event.key)) event.preventDefault()
}

/**
 * Signup and complete signup (spec §3, §5, §7). Validated with the shared zod schema over the
 * form's own fields (hidden inputs of the selects included); errors go to each field's message
 * area; a server refusal shows its `message` above the button (spec §8).
 */
export function SignupForm({
  endpoint,
  returnTo,
  schema,
  withPassword,
  defaults,
  domain,
  captcha,
}: {
  /** The signup, or its last step after Google (app/api/routes.ts). */
  endpoint: SignupRoute
  /** Where to go afterwards (`?auth.redirect=`), for the signup page. */
  returnTo?: string
  schema: z.ZodType
  withPassword: boolean
  defaults?: { email?: string; nome?: string }
  domain: string
  /** The Turnstile widget that buys the e-mail check's pass (decisions/0092). */
  captcha: CaptchaSettings
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const query = returnTo ? { 'auth.redirect': returnTo } : undefined
  const action = `${routePath(endpoint)}${query ? `?${new URLSearchParams(query)}` : ''}`
  // Without JavaScript a refused signup comes back through the flash: messages and what was typed.
  const flash = useFormFlash(action)
  const typed = flashStrings(flash)
  const methods = useForm<Record<string, string>>({
    defaultValues: {
      email: typed.email ?? defaults?.email ?? '',
      nome: typed.nome ?? defaults?.nome ?? '',
      ...(typed.email_confirmation ? { email_confirmation: typed.email_confirmation } : {}),
    },
    errors: flashFieldErrors(flash),
  })
  const [kind, setKind] = useState<'profissional' | 'estudante'>(
    typed.perfil === 'estudante' ? 'estudante' : 'profissional',
  )
  const [birth, setBirth] = useState(typed.data_nascimento ?? '')
  const [subdomain, setSubdomain] = useState(typed.subdominio ?? '')
  const [serverMessage, setServerMessage] = useState<string | null>(flash?.message ?? null)
  // The chosen profession's CBO title and the form it is shown in ("Advogada"), decisions/0018.
  const [masculine, setMasculine] = useState<string | null>(null)
  const [titleForm, setTitleForm] = useState<TitleForm>(
    typed.ocupacao_forma === 'feminino' ? 'feminino' : 'masculino',
  )
  const [submitting, setSubmitting] = useState(false)
  const taken = useRef<Record<string, boolean>>({})

  const emailCheck = useEmailCheck(captcha)

  async function isAvailable(field: keyof typeof CHECKS, value: string): Promise<boolean | null> {
    if (field === 'email') return emailCheck.ask(value)
    const outcome = await call(routes.signupSubdomainCheck, { subdominio: value })
    // Rate limited or down: the server decides at submit.
    return outcome.ok ? outcome.body.disponivel : null
  }

  async function liveCheck(field: 'subdominio' | 'email', value: string) {
    const check = CHECKS[field]
    if (!value.trim()) return
    if (field === 'subdominio' && !/^[A-Za-z0-9]+$/.test(value)) return
    if (field === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())) return
    const available = await isAvailable(field, value.trim())
    taken.current[field] = available === false
    if (available === false) methods.setError(field, { message: check.message })
    else if (methods.getFieldState(field).error?.message === check.message) methods.clearErrors(field)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = formRef.current
    if (!form || submitting) return
    setServerMessage(null)
    methods.clearErrors()
    const values = formToObject(new FormData(form)) ?? {}
    const parsed = schema.safeParse(values)
    const errors = new Map<string, string>()
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '')
        if (!errors.has(name)) errors.set(name, issue.message)
      }
    for (const field of ['subdominio', 'email'] as const)
      if (taken.current[field] && !errors.has(field)) errors.set(field, CHECKS[field].message)
    if (errors.size) {
      for (const [name, message] of errors) methods.setError(name, { message })
      return
    }
    setSubmitting(true)
    // The form's own fields, as the server reads them (its schema decides, as for a plain post).
    const outcome = await call(endpoint, values as InputOf<Endpoints['signUp']>, { query })
    setSubmitting(false)
    if (!outcome.ok)
      return setServerMessage(
        outcome.kind === 'failure' ? t('form.internalError') : (outcome.errors?.[0] ?? t('form.error')),
      )
    noticeAfterNavigation(outcome.body.message ?? t('auth.signupSuccess'))
    window.location.assign(outcome.body.redirect_url)
  }

  const error = (name: string) => methods.formState.errors[name]?.message as string | undefined

  return (
    <FormProvider {...methods}>
      <form ref={formRef} className="form" method="post" action={action} noValidate onSubmit={submit}>
        <FieldShell
          name="subdominio"
          label={t('auth.subdomain')}
          hint={t('auth.subdomainHint', { sub: subdomain.toLowerCase() || 'seunome', dominio: domain })}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="subdominio"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              value={subdomain}
              onKeyDown={blockNonAlphanumeric}
              onChange={(event) => setSubdomain(event.target.value)}
              onBlur={(event) => void liveCheck('subdominio', event.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </FieldShell>
        <TextField
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          onBlurCapture={(event) => void liveCheck('email', event.currentTarget.value)}
        />
        {emailCheck.widget}
        {withPassword ? null : (
          <TextField
            name="email_confirmation"
            label={t('auth.emailConfirmation')}
            type="email"
            autoComplete="email"
          />
        )}
        <TextField name="nome" label={t('auth.name')} autoComplete="name" />
        <FieldShell name="data_nascimento" label={t('auth.birthDate')} hint={t('auth.birthDateHint')}>
          {({ id, describedBy, invalid }) => (
            <MaskedInput
              id={id}
              kind="date"
              name="data_nascimento"
              autoComplete="bday"
              value={birth}
              onValueChange={setBirth}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </FieldShell>
        {withPassword ? (
          <TextField
            name="senha"
            label={t('auth.password')}
            type="password"
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
          />
        ) : null}
        <fieldset className="field choice">
          <legend>{t('auth.kind')}</legend>
          {(['profissional', 'estudante'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="perfil"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />{' '}
              {value === 'profissional' ? t('auth.kindProfessional') : t('auth.kindStudent')}
            </label>
          ))}
        </fieldset>
        {kind === 'profissional' ? (
          <div className={`field${error('profissao') || error('profissao_outra') ? ' field--invalid' : ''}`}>
            <RemoteSelect
              name="profissao"
              label={t('auth.profession')}
              endpoint={referenceRoutes.occupations}
              termParam="titulo"
              placeholder={t('auth.professionPlaceholder')}
              allowOther
              selectedText={masculine ? titleInForm(masculine, titleForm) : undefined}
              onChange={(option) => setMasculine(option && option.id !== OTHER_VALUE ? option.text : null)}
            />
            <p className="field__message" aria-live="polite">
              {error('profissao') ?? error('profissao_outra') ?? ''}
            </p>
            {masculine ? (
              <TitleFormChoice masculine={masculine} value={titleForm} onChange={setTitleForm} />
            ) : null}
          </div>
        ) : (
          <>
            <div className={`field${error('curso') ? ' field--invalid' : ''}`}>
              <RemoteSelect
                name="curso"
                label={t('auth.course')}
                endpoint={referenceRoutes.courses}
                placeholder={t('auth.coursePlaceholder')}
              />
              <p className="field__message" aria-live="polite">
                {error('curso') ?? ''}
              </p>
            </div>
            <Autocomplete
              name="instituicao"
              label={t('auth.institution')}
              endpoint={referenceRoutes.institutions}
              param="instituicao_nome"
            />
          </>
        )}
        <CityField name="cidade" error={error('cidade')} />
        {serverMessage ? (
          <p className="alert alert--error" role="alert">
            {serverMessage}
          </p>
        ) : null}
        <SubmitButton submitting={submitting}>
          {withPassword ? t('auth.signupSubmit') : t('auth.completeSubmit')}
        </SubmitButton>
      </form>
    </FormProvider>
  )
}
