import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { DEFAULT_MAX_BODY } from '~/api/endpoint'
import { createWithPassword } from './accounts-helpers'
import { BASE, createUser, ORIGIN, sessionCookie } from './helpers'
import { PDF, removalForm, requestByEmail } from './removal-helpers'

// Issue 38 §1: every body is counted while it streams, against its route's cap (decisions/0091).
// A chunked body has no Content-Length: the old checks trusted that header and read it whole.

const CHUNK = 16 * 1024

/**
 * A chunked body (no Content-Length) of `head` then filler up to `total` bytes, made only as it
 * is pulled: `pulled()` says how much the Worker asked for before it answered.
 */
function chunked(head: Uint8Array, total: number, tail: Uint8Array = new Uint8Array()) {
  let sent = 0
  const filler = new Uint8Array(CHUNK).fill(0x61)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        sent = head.byteLength
        controller.enqueue(head)
      } else if (sent < total) {
        const piece = filler.subarray(0, Math.min(CHUNK, total - sent))
        sent += piece.byteLength
        controller.enqueue(piece)
      } else {
        controller.enqueue(tail)
        controller.close()
      }
    },
  })
  return { stream, pulled: () => sent }
}

const encode = (text: string) => new TextEncoder().encode(text)
let address = Math.floor(Math.random() * 200)
const nextAddress = () => `10.38.${Math.floor(++address / 250) % 250}.${address % 250}`

async function post(url: string, body: ReadableStream, headers: Record<string, string>) {
  return SELF.fetch(url, {
    method: 'POST',
    headers: { ...ORIGIN, Accept: 'application/json', 'cf-connecting-ip': nextAddress(), ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
}

/** A form's multipart body as a chunked stream, with its boundary's content type. */
async function multipart(form: FormData) {
  const response = new Response(form)
  const bytes = new Uint8Array(await response.arrayBuffer())
  const type = response.headers.get('content-type') ?? ''
  const { stream } = chunked(bytes, bytes.byteLength)
  return { stream, type, size: bytes.byteLength }
}

describe('request bodies are capped while they stream (issue 38 §1)', () => {
  it('stops reading a chunked 50 MB login at the small cap: 413 in Portuguese, no session', async () => {
    const user = await createWithPassword('segredo123')
    // A valid login padded past the cap: were it read whole, it would log in.
    const head = encode(`{"email":"${user.email}","senha":"segredo123","x":"`)
    const body = chunked(head, 50 * 1024 * 1024, encode('"}'))
    const response = await post(`${BASE}/login`, body.stream, { 'Content-Type': 'application/json' })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({
      status: 'error',
      errors: ['O que foi enviado passa do tamanho permitido.'],
    })
    expect(response.headers.get('set-cookie') ?? '').not.toContain('jurisedge')
    // Read to the cap and a little past (what the platform buffers), never the 50 MB.
    expect(body.pulled()).toBeLessThan(8 * 1024 * 1024)
  })

  it('refuses a chunked removal upload past 5 MB with the document message, and files nothing', async () => {
    const form = removalForm({
      documento: new Blob([PDF, new Uint8Array(6 * 1024 * 1024)], { type: 'application/pdf' }),
    })
    const email = String(form.get('email'))
    const { stream, type } = await multipart(form)
    const response = await post(`${BASE}/ajax/remocao`, stream, { 'Content-Type': type })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({
      errors: ['O documento pode ter até 5 MB.'],
      fields: { documento: 'O documento pode ter até 5 MB.' },
    })
    await expect(requestByEmail(email)).rejects.toThrow('no request')
  })

  it('still files a chunked removal request under its cap (larger than the default)', async () => {
    const form = removalForm({
      paginas: '/',
      documento: new Blob([PDF, new Uint8Array(2 * DEFAULT_MAX_BODY)], { type: 'application/pdf' }),
    })
    const { stream, type, size } = await multipart(form)
    expect(size).toBeGreaterThan(DEFAULT_MAX_BODY)
    const response = await post(`${BASE}/ajax/remocao`, stream, { 'Content-Type': type })
    // Read whole and judged by its fields (this page is not one a request names): not a 413.
    expect(response.status).toBe(422)
    expect(JSON.stringify(await response.json())).toContain('Este endereço não é de uma página')
  })

  it("caps the profile photo at its own size, with the spec's words", async () => {
    const cookie = await sessionCookie((await createUser()).id)
    const body = chunked(
      encode('{"item":"imagem","imagem":"data:image/png;base64,'),
      7 * 1024 * 1024,
      encode('"}'),
    )
    const response = await post(`${BASE}/ajax/editar-perfil`, body.stream, {
      'Content-Type': 'application/json',
      Cookie: cookie,
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({
      errors: ['Selecione uma imagem em JPG, JPEG ou PNG com menos de 4MB'],
    })
  })

  it('caps the calls on a profile host too, and page addresses', async () => {
    const profileHost = `http://ana.${new URL(BASE).host}`
    const cookie = await sessionCookie((await createUser()).id)
    const follow = chunked(encode('{"tipo":"usuario","id":"'), 2 * 1024 * 1024, encode('"}'))
    const followed = await post(`${profileHost}/ajax/seguir`, follow.stream, {
      'Content-Type': 'application/json',
      Origin: profileHost,
      Cookie: cookie,
    })
    expect(followed.status).toBe(413)
    expect(await followed.json()).toMatchObject({ errors: ['O que foi enviado passa do tamanho permitido.'] })
    // A page address reads no body, yet one past the small cap is not taken in whole either.
    for (const url of [`${BASE}/busca`, `${profileHost}/`]) {
      const body = chunked(encode('q='), 50 * 1024 * 1024)
      const response = await post(url, body.stream, {
        'Content-Type': 'text/plain',
        Origin: new URL(url).origin,
      })
      expect(response.status, url).toBe(413)
      expect(body.pulled(), url).toBeLessThan(8 * 1024 * 1024)
    }
  })

  it('refuses by Content-Length without reading when the header already says too much', async () => {
    const response = await SELF.fetch(`${BASE}/api/v2/busca/sugestoes`, {
      method: 'POST',
      headers: { ...ORIGIN, 'Content-Type': 'application/json', 'cf-connecting-ip': nextAddress() },
      body: JSON.stringify({ termo: 'a'.repeat(DEFAULT_MAX_BODY) }),
    })
    expect(response.status).toBe(413)
  })
})
