import { describe, expect, it } from 'vitest'
import { catalogueAreas, ptBR } from '~/i18n/pt-BR'

describe('the pt-BR catalogue', () => {
  it('no area file redefines a key of another (spreading would silently keep the last one)', () => {
    const areas = catalogueAreas
    const keys = areas.flatMap((area) => Object.keys(area))
    expect(new Set(keys).size).toBe(keys.length)
    expect(Object.keys(ptBR)).toHaveLength(keys.length)
  })
})
