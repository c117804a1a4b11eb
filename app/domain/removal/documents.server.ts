import { DomainError } from '~/domain/errors'
import { sniffImageType } from '~/domain/images/images.server'
import { MAX_DOCUMENT_BYTES } from '~/schemas/removal'

// Identity documents of removal requests (decisions/0066): PDF, JPEG or PNG by their own bytes,
// kept in the PRIVATE_FILES bucket (no public route reads it), deleted after the decision.

type DocumentType = { mime: 'application/pdf' | 'image/png' | 'image/jpeg'; ext: 'pdf' | 'png' | 'jpg' }

/** The type read from the file's first bytes: a renamed file or a lying Content-Type is refused. */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d] // "%PDF-"
  if (bytes.length >= pdf.length && pdf.every((b, i) => bytes[i] === b))
    return { mime: 'application/pdf', ext: 'pdf' }
  return sniffImageType(bytes)
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
export const randomHex = (size = 16) => hex(crypto.getRandomValues(new Uint8Array(size)))
export const sha256Hex = async (value: string) =>
  hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))))

/** Checks and stores a document; answers its key and type. Nothing is stored for a refused file. */
export async function storeDocument(
  deps: { privateFiles: R2Bucket },
  file: Blob,
): Promise<{ key: string; mime: DocumentType['mime'] }> {
  if (file.size > MAX_DOCUMENT_BYTES)
    throw new DomainError('removal.documentTooBig', 413, { field: 'documento' })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = sniffDocumentType(bytes)
  if (!type) throw new DomainError('removal.documentType', 422, { field: 'documento' })
  const key = `remocao/${randomHex()}.${type.ext}`
  await deps.privateFiles.put(key, bytes, {
    httpMetadata: { contentType: type.mime, cacheControl: 'private, no-store' },
  })
  return { key, mime: type.mime }
}

export const DOCUMENT_KEY_PATTERN = /^remocao\/[0-9a-f]{32}\.(pdf|png|jpg)$/
