import { useCallback, useEffect, useId, useRef, useState } from 'react'
import Cropper, { type Area, type Point } from 'react-easy-crop'
import { routes } from '~/api/routes'
import {
  acceptsPhotoFile,
  outputTypeFor,
  PHOTO_ACCEPT,
  PHOTO_OUTPUT_SIZE,
} from '~/domain/reference/photo-rules'
import { t } from '~/i18n/pt-BR'
import { call } from '~/ui/call'
import { BulletList, notify } from '~/ui/toast'

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/** Decodes the picked file; a renamed non-image fails here (the browser cannot draw it). */
function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('not an image'))
    image.src = src
  })
}

/** The 1:1 crop drawn on a canvas (at most 512 px a side), as a data URL. */
function cropToDataUrl(image: HTMLImageElement, area: Area, type: 'image/png' | 'image/jpeg'): string {
  const side = Math.max(1, Math.min(PHOTO_OUTPUT_SIZE, Math.round(area.width)))
  const canvas = document.createElement('canvas')
  canvas.width = side
  canvas.height = side
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no canvas')
  if (type === 'image/jpeg') {
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, side, side)
  }
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side)
  return canvas.toDataURL(type, 0.9)
}

type Picked = { src: string; image: HTMLImageElement; type: 'image/png' | 'image/jpeg' }

/**
 * Profile photo editor (spec §5 "Profile image", §7 Account): pick a PNG/JPG/JPEG of at most
 * 4 MB, crop it 1:1, and send `{item: 'imagem', imagem: <data URL>}` through the registry (routes.profilePhoto).
 * A refused file shows the spec's message under the input; a saved one shows the toast
 * 'Imagem alterada com sucesso.' and is handed to `onSaved` with its new URL.
 */
export function PhotoEditor({ onSaved }: { onSaved?: (url: string) => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [picked, setPicked] = useState<Picked | null>(null)
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [area, setArea] = useState<Area | null>(null)
  const [message, setMessage] = useState('')
  const [saving, setSaving] = useState(false)
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])

  const refuse = () => {
    setPicked(null)
    setMessage(t('image.invalid'))
    if (input.current) input.current.value = ''
  }

  const onFile = async (file: File | undefined) => {
    setMessage('')
    if (!file) return
    if (!acceptsPhotoFile(file)) return refuse()
    try {
      const src = await readAsDataUrl(file)
      const image = await loadImage(src)
      setPicked({ src, image, type: outputTypeFor(file) })
      setCrop({ x: 0, y: 0 })
      setZoom(1)
    } catch {
      refuse()
    }
  }

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), [])

  const cancel = () => {
    setPicked(null)
    setMessage('')
    if (input.current) input.current.value = ''
  }

  const save = async () => {
    if (!picked || !area || saving) return
    let imagem: string
    try {
      imagem = cropToDataUrl(picked.image, area, picked.type)
    } catch {
      // The crop itself failed (the canvas).
      notify.error(t('form.internalError'))
      return
    }
    setSaving(true)
    // Megabytes: not a keepalive request (64 KB at most); the editor stays open while it goes.
    // Not inside the try: Rollup keeps every route of app/api/routes.ts in the bundle when one is
    // passed to a call in a try block (its tryCatchDeoptimization; decisions/0070). `call` never throws.
    const outcome = await call(routes.profilePhoto, { item: 'imagem', imagem }, { keepalive: false })
    setSaving(false)
    if (outcome.ok) {
      notify.notice(t('photo.success'))
      onSaved?.(outcome.body.url)
      cancel()
    } else if (outcome.kind === 'errors' && outcome.errors?.length) {
      setMessage(outcome.errors.join(' '))
      notify.error(<BulletList items={outcome.errors} />)
    } else if (outcome.kind === 'errors') {
      notify.error(t('form.error'))
    } else {
      notify.error(t('form.internalError'))
    }
  }

  const messageId = `${id}-mensagem`
  return (
    <div className="photo-editor">
      <div className={`field${message ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-arquivo`}>{t('photo.choose')}</label>
        <input
          ref={input}
          id={`${id}-arquivo`}
          type="file"
          accept={PHOTO_ACCEPT}
          disabled={!ready || saving}
          aria-describedby={messageId}
          aria-invalid={message ? true : undefined}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <p id={messageId} className="field__message" aria-live="polite">
          {message}
        </p>
      </div>
      {ready ? null : <p className="field__hint">{t('photo.needsJs')}</p>}
      {picked ? (
        <section className="photo-editor__crop" aria-label={t('photo.crop')}>
          <p className="field__hint">{t('photo.cropHelp')}</p>
          <div className="photo-editor__area">
            <Cropper
              image={picked.src}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="rect"
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={onCropComplete}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-zoom`}>{t('photo.zoom')}</label>
            <input
              id={`${id}-zoom`}
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(event) => setZoom(Number(event.target.value))}
            />
          </div>
          <div className="photo-editor__actions">
            <button type="button" className="button" onClick={save} disabled={saving || !area}>
              {saving ? t('photo.saving') : t('photo.save')}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel} disabled={saving}>
              {t('photo.cancel')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  )
}
