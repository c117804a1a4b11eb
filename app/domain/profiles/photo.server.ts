import type { Database } from '~/db/client.server'
import { pagesOf } from '~/domain/cache/purges'
import { refreshListing } from '~/domain/directory/listings.server'
import { DomainError } from '~/domain/errors'
import { IMAGE_KEY_PATTERN, MAX_IMAGE_BYTES, storeProfileImage } from '~/domain/images/images.server'
import type { Outcome } from '~/domain/outcome'
import { photoKeyOf, swapPhotoKey } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/

/**
 * Bytes of a base64 data URL (the cropped image the browser sends, spec §7 Account). Anything
 * else, and anything that would decode to more than 4 MB, is the spec §5 image error: the
 * length is checked before decoding so an oversized body is never expanded in memory.
 */
export function decodeImageDataUrl(dataUrl: string): Uint8Array {
  const match = DATA_URL.exec(dataUrl)
  const base64 = match?.[3]
  if (!base64 || Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 2)
    throw new DomainError('image.invalid', 422)
  let binary: string
  try {
    binary = atob(base64)
  } catch {
    throw new DomainError('image.invalid', 422)
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * Replaces a user's profile photo: checks the real type (magic bytes) and size, stores the new
 * object in R2, then compare-and-swaps `users.photo_key` from the key it read. Exactly one
 * object per user survives concurrent uploads: the winner deletes the photo it replaced, a loser
 * (the key changed under it) deletes its own new object and answers the photo that won. A
 * refused file changes nothing.
 */
export async function updateProfilePhoto(
  deps: { db: Database; images: R2Bucket },
  userId: number,
  dataUrl: string,
): Promise<{ url: string }> {
  const bytes = decodeImageDataUrl(dataUrl)
  const key = await storeProfileImage(deps, bytes)
  const old = await photoKeyOf(deps, userId)
  const swapped = old !== undefined && (await swapPhotoKey(deps, userId, old, key))
  if (!swapped) {
    // Another upload won the race (or the account is gone): this one's object goes.
    await deps.images.delete(key)
    const now = await photoKeyOf(deps, userId)
    if (!now) throw new DomainError('api.notFound', 404)
    return { url: `/imagens/${now}` }
  }
  if (old && old !== key && IMAGE_KEY_PATTERN.test(old)) await deps.images.delete(old)
  await refreshListing(deps, userId) // a photo moves the profile up the directory
  return { url: `/imagens/${key}` }
}

/**
 * "Salvar" of the photo editor (spec §7): the new photo, its message, where a plain post lands,
 * and the profile's cached page moved on (the router used to build this outcome itself).
 */
export async function saveProfilePhoto(
  deps: { db: Database; images: R2Bucket },
  user: { id: number; subdomain: string },
  dataUrl: string,
): Promise<Outcome> {
  const body = await updateProfilePhoto(deps, user.id, dataUrl)
  return {
    message: t('photo.success'),
    redirect: '/conta/foto',
    body,
    effects: [pagesOf.profile(user.subdomain)],
  }
}
