/** Spec §5 "Profile image" and §9: 4 MB, exactly 4,194,304 bytes (same as the server's limit). */
export const PHOTO_MAX_BYTES = 4_194_304

/** `accept` of the file input: the three extensions and their MIME types. */
export const PHOTO_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg'

/** Longest side of the square the browser uploads after cropping: enough for any profile view. */
export const PHOTO_OUTPUT_SIZE = 512

/**
 * The browser's checks of spec §5, both of which must hold: (1) a png, jpg or jpeg file (by name
 * or MIME type) of at most 4 MB; (2) a MIME type or file name of jpeg, png or bmp. The two
 * readings differ on bmp, so a bmp passes the second and fails the first: refused. The file's
 * real content is checked again when it is decoded, and by the server's magic bytes.
 */
export function acceptsPhotoFile(file: { name: string; type: string; size: number }): boolean {
  const name = file.name.toLowerCase()
  const type = file.type.toLowerCase()
  const first = /\.(png|jpe?g)$/.test(name) || type === 'image/png' || type === 'image/jpeg'
  const second = /^image\/(jpeg|png|bmp)$/.test(type) || /\.(jpe?g|png|bmp)$/.test(name)
  return first && second && file.size > 0 && file.size <= PHOTO_MAX_BYTES
}

/** The type the cropped canvas is encoded in: PNG stays PNG (transparency), the rest JPEG. */
export function outputTypeFor(file: { name: string; type: string }): 'image/png' | 'image/jpeg' {
  return file.type.toLowerCase() === 'image/png' || /\.png$/i.test(file.name) ? 'image/png' : 'image/jpeg'
}
