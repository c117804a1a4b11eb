import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { DeleteRouteId } from '~/api/endpoints/tables'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { call } from '~/ui/call'
import { Modal, useModals } from './modal'
import { toastOutcome } from './send-form'
import { dismissErrors, noticeAfterNavigation, notify } from './toast'

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode }

/** Spec §8: the delete confirmation for one or several items. */
export function deleteConfirmation(n: number): string {
  return plural(n, t('table.confirm.one'), t('table.confirm.many', { n }))
}

/**
 * Rows with a select-all checkbox and a delete action (spec §2, §7): confirmation, then the
 * registry's delete `endpoint` called with `{ itens: [ids] }` (decisions/0070), the 'Itens excluídos' toast, and either the
 * after-delete URL or the rows removed in place. Before JavaScript it is a plain form posting the
 * checked `itens[]` to the same URL (the write path answers with a 303 back and the notice).
 */
export function DataTable<Row extends { id: number | string }>({
  caption,
  rows: initialRows,
  columns,
  endpoint,
  afterDeleteUrl,
  rowLabel,
}: {
  caption: string
  rows: Row[]
  columns: Column<Row>[]
  /** One of the tables' delete routes (app/api/endpoints/tables.ts); the gallery's stand-in answers as they do. */
  endpoint: { id: DeleteRouteId; method: 'post'; path: string }
  afterDeleteUrl?: string
  rowLabel: (row: Row) => string
}) {
  const id = useId()
  const modalName = `excluir-${id}`
  const { open, close } = useModals()
  const [rows, setRows] = useState(initialRows)
  const [selected, setSelected] = useState<Set<Row['id']>>(new Set())
  const [deleting, setDeleting] = useState(false)
  // Before JavaScript the form posts the checked rows itself, so its button must stay enabled.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const selectAll = useRef<HTMLInputElement>(null)
  const all = rows.length > 0 && selected.size === rows.length

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selected.size > 0 && !all
  }, [selected, all])

  const toggle = (rowId: Row['id']) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(rowId)) next.delete(rowId)
      else next.add(rowId)
      return next
    })

  const confirmDelete = async () => {
    setDeleting(true)
    const ids = [...selected]
    const outcome = await call(endpoint, { itens: ids })
    const ok = outcome.ok
    if (!outcome.ok) toastOutcome(outcome, 'POST', '', endpoint.path)
    setDeleting(false)
    close()
    if (!ok) return
    dismissErrors(endpoint.path)
    if (afterDeleteUrl) {
      // The toast must outlive the navigation (spec §7: the toast, then the after-delete URL).
      noticeAfterNavigation(t('table.deleted'))
      window.location.assign(afterDeleteUrl)
      return
    }
    notify.notice(t('table.deleted'))
    setRows((current) => current.filter((row) => !selected.has(row.id)))
    setSelected(new Set())
  }

  return (
    <form
      className="data-table"
      method="post"
      action={endpoint.path}
      onSubmit={(event) => {
        event.preventDefault()
        if (selected.size > 0) open(modalName)
      }}
    >
      <div className="data-table__toolbar">
        <button type="submit" className="button button--danger" disabled={hydrated && selected.size === 0}>
          {t('table.delete')}
        </button>
      </div>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <label className="data-table__all">
                <input
                  ref={selectAll}
                  type="checkbox"
                  checked={all}
                  onChange={() => setSelected(all ? new Set() : new Set(rows.map((row) => row.id)))}
                />
                <span className="data-table__all-text visually-hidden">{t('table.selectAll')}</span>
              </label>
            </th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} aria-selected={selected.has(row.id)}>
              <td>
                <input
                  type="checkbox"
                  name="itens[]"
                  value={row.id}
                  aria-label={t('table.selectRow', { item: rowLabel(row) })}
                  checked={selected.has(row.id)}
                  onChange={() => toggle(row.id)}
                />
              </td>
              {columns.map((column) => (
                // On phones the header row is hidden and each cell shows its column's label (CSS).
                <td key={column.header} data-label={column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Modal name={modalName} title={t('table.delete')}>
        <p>{deleteConfirmation(selected.size)}</p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            {t('table.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={deleting}
            onClick={() => void confirmDelete()}
          >
            {t('table.confirm')}
          </button>
        </div>
      </Modal>
    </form>
  )
}
