import { t } from '~/i18n/pt-BR'

export type MonthlySeries = { id: string; name: string; counts: number[] }

const COLORS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed']
const WIDTH = 640
const HEIGHT = 200
const AXIS = 28
const countFormat = new Intl.NumberFormat('pt-BR')

/** "2026-11" as "nov/26". */
function monthLabel(month: string): string {
  const [y, m] = month.split('-')
  const name = new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleDateString('pt-BR', {
    month: 'short',
    timeZone: 'UTC',
  })
  return `${name.replace('.', '')}/${y?.slice(2)}`
}

/**
 * Documents fetched per month per source as grouped bars, drawn on the server as SVG: no
 * JavaScript reaches the browser (issue 40). Each bar has its value as a title, and the figure a
 * text summary for screen readers.
 */
export function MonthlyChart({ months, series }: { months: string[]; series: MonthlySeries[] }) {
  const max = Math.max(1, ...series.flatMap((s) => s.counts))
  const slot = (WIDTH - AXIS) / Math.max(1, months.length)
  const bar = Math.max(2, (slot - 6) / Math.max(1, series.length))
  const height = (n: number) => Math.round((n / max) * (HEIGHT - 40))
  const summary = series
    .map((s) => `${s.name}: ${countFormat.format(s.counts.reduce((a, b) => a + b, 0))}`)
    .join('; ')
  return (
    <figure className="sources-chart">
      <figcaption>{t('sources.chart.title')}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('sources.chart.description', { resumo: summary })}
        width="100%"
      >
        <line x1={AXIS} y1={HEIGHT - 20} x2={WIDTH} y2={HEIGHT - 20} stroke="#6b7280" />
        <text x={AXIS - 4} y={14} textAnchor="end" fontSize="10" fill="#374151">
          {countFormat.format(max)}
        </text>
        {months.map((month, i) => (
          <g key={month}>
            {series.map((s, j) => {
              const n = s.counts[i] ?? 0
              const h = height(n)
              return (
                <rect
                  key={s.id}
                  x={AXIS + i * slot + 3 + j * bar}
                  y={HEIGHT - 20 - h}
                  width={bar - 1}
                  height={h}
                  fill={COLORS[j % COLORS.length]}
                >
                  <title>
                    {t('sources.chart.bar', {
                      fonte: s.name,
                      mes: monthLabel(month),
                      n: countFormat.format(n),
                    })}
                  </title>
                </rect>
              )
            })}
            <text
              x={AXIS + i * slot + slot / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
              fontSize="10"
              fill="#374151"
            >
              {monthLabel(month)}
            </text>
          </g>
        ))}
      </svg>
      <ul className="sources-chart__legend">
        {series.map((s, j) => (
          <li key={s.id}>
            <svg width="10" height="10" aria-hidden="true">
              <rect width="10" height="10" fill={COLORS[j % COLORS.length]} />
            </svg>{' '}
            {s.name}
          </li>
        ))}
      </ul>
    </figure>
  )
}
