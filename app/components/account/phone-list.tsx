import { type Dispatch, type SetStateAction, useId } from 'react'
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
  return (
    <fieldset className="field">
      <legend>{t('profession.phones')}</legend>
      <ul className="editable-list" aria-label={t('profession.phones')}>
        {phones.map((phone, index) => (
          <li key={phone.guid} data-phone-row="">
            <label htmlFor={`${id}-tel-${phone.guid}`}>
              {t('profession.phone')} {index + 1}
            </label>
            <MaskedInput
              id={`${id}-tel-${phone.guid}`}
              kind="phone"
              type="tel"
              name={`telefones[${phone.guid}][numero]`}
              value={phone.numero}
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
          </li>
        ))}
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
