import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DeadlineBreakdown } from '~/components/deadlines/deadline-breakdown'
import { computeDeadline } from '~/domain/deadlines/compute'

describe('Detalhamento da contagem', () => {
  it('shows the dates, each counted and skipped day with its reason, the rules and the warning, without script', () => {
    const deadline = computeDeadline({
      availableOn: '2025-07-04',
      court: 'TJSP',
      organ: 'Vara Cível de Campinas',
      text: 'Manifeste-se o autor no prazo de 5 (cinco) dias.',
      classCode: '7',
      active: true,
    })
    if (!deadline) throw new Error('expected a deadline')
    const html = renderToStaticMarkup(createElement(DeadlineBreakdown, { deadline }))
    expect(html).toContain('<details')
    expect(html).toContain('Detalhamento da contagem')
    expect(html).toContain('sex 04/07/2025')
    expect(html).toContain('seg 07/07/2025')
    expect(html).toContain('ter 15/07/2025')
    expect(html).toContain(
      'qua 09/07/2025: não conta: Revolução Constitucionalista (Lei estadual (SP) 9.497/1997)',
    )
    expect(html).toContain('sáb 12/07/2025 – dom 13/07/2025: não conta: Fim de semana')
    expect(html).toContain('5º dia')
    expect(html).toContain('CPC art. 219')
    expect(html).toContain('O calendário do próprio tribunal prevalece')
    expect(html).not.toContain('<script')
  })
})
