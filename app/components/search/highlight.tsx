import { Fragment, type ReactNode } from 'react'
import { MARK_END, MARK_START } from '~/domain/search/marks'

/** A snippet with the matched words between control markers, as text with <mark> elements. */
export function Highlighted({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = []
  let rest = text
  let key = 0
  while (rest) {
    const start = rest.indexOf(MARK_START)
    if (start < 0) {
      parts.push(rest)
      break
    }
    const end = rest.indexOf(MARK_END, start)
    parts.push(rest.slice(0, start))
    parts.push(<mark key={key++}>{rest.slice(start + 1, end < 0 ? undefined : end)}</mark>)
    rest = end < 0 ? '' : rest.slice(end + 1)
  }
  return <Fragment>{parts}</Fragment>
}
