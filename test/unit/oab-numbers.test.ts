import { describe, expect, it } from 'vitest'
import { formatOab, oabKey, oabOfKey, parseOab } from '~/schemas/oab'

// OAB numbers as lawyers, courts and the DJEN write them (issue 41, decisions/0103).
describe('OAB numbers in their written forms', () => {
  it.each([
    ['OAB/RJ 094.719', null, 'RJ94719'],
    ['OAB/RJ-094719', null, 'RJ94719'],
    ['94719/RJ', null, 'RJ94719'],
    ['RJ094719', null, 'RJ94719'],
    ['rj 94.719', null, 'RJ94719'],
    ['94719 RJ', null, 'RJ94719'],
    ['94719-RJ', null, 'RJ94719'],
    ['094719', 'RJ', 'RJ94719'],
    ['94.719', 'rj', 'RJ94719'],
    ['OAB-SP nº 123.456', null, 'SP123456'],
    ['OAB/SP sob o nº 12.345', null, 'SP12345'],
    ['OAB/SP 123.456-A', null, 'SP123456A'],
    ['123456A/SP', null, 'SP123456A'],
    ['SP123456-B', null, 'SP123456B'],
    ['123.456 A', 'SP', 'SP123456A'],
    ['  OAB/MG: 7  ', null, 'MG7'],
  ])('reads %s (UF %s) as %s', (input, uf, key) => {
    const oab = parseOab(input, uf)
    expect(oab).not.toBeNull()
    expect(oabKey(oab as NonNullable<typeof oab>)).toBe(key)
  })

  it.each([
    ['no UF anywhere', '94719', null],
    ['two states', 'OAB/RJ 94719/SP', null],
    ['the UF beside disagrees', '94719/RJ', 'SP'],
    ['not a state', '94719/XX', null],
    ['no number', 'OAB/RJ', null],
    ['zeros only', '0000/RJ', null],
    ['too long', '123456789/RJ', null],
    ['words', 'advogado do autor', 'RJ'],
    ['empty', '', 'RJ'],
  ])('refuses %s', (_why, input, uf) => {
    expect(parseOab(input, uf)).toBeNull()
  })

  it('matches the DJEN record of the sample and the text of its matéria to one key', () => {
    const fromRecord = parseOab('94719', 'RJ')
    const fromText = parseOab('OAB/RJ-094719')
    expect(fromRecord && oabKey(fromRecord)).toBe(fromText && oabKey(fromText))
  })

  it('writes a key back as people read it', () => {
    expect(formatOab(oabOfKey('RJ94719') as NonNullable<ReturnType<typeof oabOfKey>>)).toBe('OAB/RJ 94.719')
    expect(formatOab(oabOfKey('SP123456A') as NonNullable<ReturnType<typeof oabOfKey>>)).toBe(
      'OAB/SP 123.456-A',
    )
    expect(oabOfKey('nonsense')).toBeNull()
  })
})
