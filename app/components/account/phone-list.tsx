import { type Dispatch, type SetStateAction, useId } from 'react'
import { type FieldErrors, get, useFormContext } from 'react-hook-form'
import { t } from '~/i18n/pt-BR'
import { MaskedInput } from '~/ui/masked-input'

/** A phone row: the guid names its fields (spec §3 `telefones[{guid}][numero]`). */
export type Phone = { guid: string; numero: string; whatsapp: boolean }

/** The profession tab's phones: masked numbers, the WhatsApp flag, add and remove. */
export function PhoneList({
  phones,
  onChange: setPhones,
}: {
  phones: Phone[]
  onChange: Dispatch<SetStateAction<Phone[]>>
}) {
  const id = useId()
  const {
    formState: { errors },
  } = useFormContext()
  return (
    <fieldset className="field">
      <legend>{t('profession.phones')}</legend>
      <ul className="editable-list" aria-label={t('profession.phones')}>
        {phones.map((phone, index) => {
          const name = `telefones[${phone.guid}][numero]`
          const message = messageOf(errors, name)
          const messageId = `${id}-tel-${phone.guid}-erro`
          return (
            <li key={phone.guid} data-phone-row="">
              <label htmlFor={`${id}-tel-${phone.guid}`}>
                {t('profession.phone')} {index + 1}
              </label>
              <MaskedInput
                id={`${id}-tel-${phone.guid}`}
                kind="phone"
                type="tel"
                name={name}
                value={phone.numero}
                aria-invalid={message ? true : undefined}
                aria-describedby={messageId}
                onValueChange={(numero) =>
                  setPhones((list) => list.map((p) => (p.guid === phone.guid ? { ...p, numero } : p)))
                }
              />
              <label>
                <input
                  type="checkbox"
                  name={`telefones[${phone.guid}][whatsapp]`}
                  value="sim"
                  checked={phone.whatsapp}
                  onChange={(event) =>
                    setPhones((list) =>
                      list.map((p) => (p.guid === phone.guid ? { ...p, whatsapp: event.target.checked } : p)),
                    )
                  }
                />{' '}
                {t('profession.whatsapp')}
              </label>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setPhones(phones.filter((p) => p.guid !== phone.guid))}
                aria-label={t('profession.remove', {
                  item: phone.numero || `${t('profession.phone')} ${index + 1}`,
                })}
              >
                ×
              </button>
              <p id={messageId} className="field__message" aria-live="polite">
                {message ?? ''}
              </p>
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setPhones([...phones, { guid: crypto.randomUUID(), numero: '', whatsapp: false }])}
      >
        {t('profession.addPhone')}
      </button>
    </fieldset>
  )
}

/** A field's message, set by the server's answer (nested) or drawn from the flash (flat name). */
function messageOf(errors: FieldErrors, name: string): string | undefined {
  const flat = errors[name]?.message
  if (typeof flat === 'string') return flat
  const nested: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message
  return typeof nested === 'string' ? nested : undefined
}
