import { describe, expect, it } from 'vitest'
import { DomainError } from '~/domain/errors'
import { MAX_IMAGE_BYTES, storeProfileImage } from '~/domain/images/images.server'
import { deps, get } from './helpers'

// A real 1×1 PNG and the start of a real JPEG (SOI + APP0/JFIF).
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
)
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
])

describe('profile images in R2', () => {
  it('stores a PNG under a random key and serves it back with its type and long caching', async () => {
    const key = await storeProfileImage(deps(), PNG)
    expect(key).toMatch(/^perfil\/[0-9a-f]{32}\.png$/)
    const res = await get(`/imagens/${key}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG)

    const etag = res.headers.get('etag') ?? ''
    const revalidated = await get(`/imagens/${key}`, { headers: { 'If-None-Match': etag } })
    expect(revalidated.status).toBe(304)
  })

  it('serves a JPEG as image/jpeg, from a profile subdomain too', async () => {
    const key = await storeProfileImage(deps(), JPEG)
    const res = await get(`http://ana.localhost:8787/imagens/${key}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
  })

  it('refuses a renamed non-image and a file over 4 MB with the spec message', async () => {
    const text = new TextEncoder().encode('isto não é uma imagem')
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1)
    big.set(PNG)
    for (const bytes of [text, big, new Uint8Array()]) {
      const error = await storeProfileImage(deps(), bytes).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DomainError)
      expect((error as Error).message).toBe('Selecione uma imagem em JPG, JPEG ou PNG com menos de 4MB')
    }
  })

  it('accepts a file of exactly 4,194,304 bytes', async () => {
    const exact = new Uint8Array(MAX_IMAGE_BYTES)
    exact.set(PNG)
    await expect(storeProfileImage(deps(), exact)).resolves.toMatch(/\.png$/)
  })

  it('answers a missing or malformed key with 404, never touching other R2 keys', async () => {
    expect((await get('/imagens/perfil/00000000000000000000000000000000.png')).status).toBe(404)
    const traversal = await get('/imagens/perfil/..%2F..%2Fsegredo', {
      headers: { Accept: 'application/json' },
    })
    expect(traversal.status).toBe(404)
    expect(await traversal.json()).toMatchObject({ status: 'error', errors: ['Imagem não encontrada.'] })
  })
})
