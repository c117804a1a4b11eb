import { useCallback, useEffect, useRef, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import type { AutocompleteItem } from '~/ui/autocomplete'

/** What a draft keeps: the two text fields, the chosen community and when it was written. */
export type Draft = {
  titulo: string
  conteudo: string
  comunidade: AutocompleteItem | null
  savedAt: number
}

const SAVE_DELAY_MS = 400

function readDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key)
    if (!raw) return null
    const draft = JSON.parse(raw) as Partial<Draft>
    if (typeof draft.titulo !== 'string' || typeof draft.conteudo !== 'string') return null
    return {
      titulo: draft.titulo,
      conteudo: draft.conteudo,
      comunidade: draft.comunidade ?? null,
      savedAt: Number(draft.savedAt) || 0,
    }
  } catch {
    return null
  }
}

/**
 * Keeps the article being written in this browser's localStorage (decisions/0028), so it survives
 * a reload, a failed submit, a lost session and a second tab: restored on arrival, saved shortly
 * after each change and at once when the page is hidden, followed live from another tab (the
 * newest writing wins), and cleared only after the article is saved on the server.
 */
export function useArticleDraft({
  storageKey,
  community,
  onCommunity,
}: {
  storageKey: string
  community: AutocompleteItem | null
  onCommunity: (item: AutocompleteItem | null) => void
}) {
  const { watch, setValue, getValues } = useFormContext()
  const [restoredAt, setRestoredAt] = useState<number | null>(null)
  const [savedAt, setSavedAt] = useState<number | null>(null)
  const lastEdit = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const communityRef = useRef(community)
  communityRef.current = community
  // Values the page started with: a draft equal to them is no draft.
  const initial = useRef({ titulo: '', conteudo: '' })

  const apply = useCallback(
    (draft: Draft) => {
      setValue('titulo', draft.titulo, { shouldDirty: true })
      setValue('conteudo', draft.conteudo, { shouldDirty: true })
      setValue('comunidade_id', draft.comunidade ? String(draft.comunidade.value) : '')
      onCommunity(draft.comunidade)
    },
    [setValue, onCommunity],
  )

  const save = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    const { titulo = '', conteudo = '' } = getValues() as { titulo?: string; conteudo?: string }
    try {
      if (titulo === initial.current.titulo && conteudo === initial.current.conteudo) {
        localStorage.removeItem(storageKey)
        setSavedAt(null)
        return
      }
      const at = Date.now()
      const draft: Draft = { titulo, conteudo, comunidade: communityRef.current, savedAt: at }
      localStorage.setItem(storageKey, JSON.stringify(draft))
      setSavedAt(at)
    } catch {
      // Storage full or refused (private mode): the text is still in the form.
    }
  }, [getValues, storageKey])

  const schedule = useCallback(() => {
    lastEdit.current = Date.now()
    clearTimeout(timer.current)
    timer.current = setTimeout(save, SAVE_DELAY_MS)
  }, [save])

  // Arrival: the page's values are the baseline; a different draft replaces them.
  useEffect(() => {
    const values = getValues() as { titulo?: string; conteudo?: string }
    initial.current = { titulo: values.titulo ?? '', conteudo: values.conteudo ?? '' }
    const draft = readDraft(storageKey)
    if (draft && (draft.titulo !== initial.current.titulo || draft.conteudo !== initial.current.conteudo)) {
      apply(draft)
      setRestoredAt(draft.savedAt)
      setSavedAt(draft.savedAt)
      lastEdit.current = draft.savedAt
    }
  }, [storageKey, getValues, apply])

  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name === 'titulo' || name === 'conteudo') schedule()
    })
    return () => subscription.unsubscribe()
  }, [watch, schedule])

  // A changed community is part of the draft too.
  const firstCommunity = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen community changes
  useEffect(() => {
    if (firstCommunity.current) {
      firstCommunity.current = false
      return
    }
    if (timer.current !== undefined || localStorage.getItem(storageKey)) schedule()
  }, [community?.value])

  // Leaving or hiding the page writes what is pending now, not 400 ms later.
  useEffect(() => {
    const flush = () => {
      if (timer.current !== undefined) save()
    }
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [save])

  // Another tab wrote a newer draft: follow it (the newest writing wins in every tab).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKey || !event.newValue) return
      const draft = readDraft(storageKey)
      if (!draft || draft.savedAt <= lastEdit.current) return
      lastEdit.current = draft.savedAt
      clearTimeout(timer.current)
      timer.current = undefined
      apply(draft)
      setSavedAt(draft.savedAt)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [storageKey, apply])

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    try {
      localStorage.removeItem(storageKey)
    } catch {
      // Nothing stored.
    }
    setSavedAt(null)
    setRestoredAt(null)
  }, [storageKey])

  return { savedAt, restoredAt, clear }
}
