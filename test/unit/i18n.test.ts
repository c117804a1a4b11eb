import { describe, expect, it } from 'vitest'
import { ptBR } from '~/i18n/pt-BR'
import { accountsMessages } from '~/i18n/pt-BR/accounts'
import { corpusMessages } from '~/i18n/pt-BR/corpus'
import { profilesMessages } from '~/i18n/pt-BR/profiles'
import { referenceMessages } from '~/i18n/pt-BR/reference'
import { searchMessages } from '~/i18n/pt-BR/search'
import { siteMessages } from '~/i18n/pt-BR/site'
import { uiMessages } from '~/i18n/pt-BR/ui'

describe('the pt-BR catalogue', () => {
  it('no area file redefines a key of another (spreading would silently keep the last one)', () => {
    const areas = [
      siteMessages,
      searchMessages,
      corpusMessages,
      uiMessages,
      accountsMessages,
      profilesMessages,
      referenceMessages,
    ]
    const keys = areas.flatMap((area) => Object.keys(area))
    expect(new Set(keys).size).toBe(keys.length)
    expect(Object.keys(ptBR)).toHaveLength(keys.length)
  })
})
