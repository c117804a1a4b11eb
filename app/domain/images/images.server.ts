import { DomainError } from '~/domain/errors'

/** Spec §5 and §9: profile images are PNG or JPEG, at most 4 MB (4,194,304 bytes). */
export const MAX_IMAGE_BYTES = 4_194_304

type ImageType = { mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' }

/** The type is read from the file's own bytes; a renamed file or a lying header is refused. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b))
    return { mime: 'image/png', ext: 'png' }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' }
  return null
}

/** Keys are random (128 bits): a photo's URL cannot be guessed from the user's id or name. */
function newImageKey(ext: string): string {
  const hex = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
  return `perfil/${hex}.${ext}`
}

export const IMAGE_KEY_PATTERN = /^perfil\/[0-9a-f]{32}\.(png|jpg)$/

export async function storeProfileImage(deps: { images: R2Bucket }, bytes: Uint8Array): Promise<string> {
  const type = sniffImageType(bytes)
  if (!type || bytes.byteLength > MAX_IMAGE_BYTES || bytes.byteLength === 0) {
    throw new DomainError('image.invalid', 422)
  }
  const key = newImageKey(type.ext)
  await deps.images.put(key, bytes, {
    httpMetadata: { contentType: type.mime, cacheControl: 'public, max-age=31536000, immutable' },
  })
  return key
}

export async function readImage(deps: { images: R2Bucket }, key: string): Promise<R2ObjectBody | null> {
  if (!IMAGE_KEY_PATTERN.test(key)) return null
  return deps.images.get(key)
}
