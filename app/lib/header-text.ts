/**
 * Text fit for a header value (an e-mail Subject, a display name, a filename): line breaks and
 * every other control character become one space, direction overrides go (decisions/0050).
 * The forms refuse them, but a value stored before that rule, or taken from elsewhere (a name
 * from Google, a lawsuit party), must still never start a new header line.
 */
export function headerText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/ {2,}/g, ' ')
      .trim()
  )
}
