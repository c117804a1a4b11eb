import { DomainError } from '~/domain/errors'

/** A 422 naming the refused fields, each with its message (the problem's `errors`). */
export class InvalidFields extends DomainError {
  readonly fields: Record<string, string>
  constructor(fields: Record<string, string>) {
    super('api.invalidInput', 422)
    this.fields = fields
    this.message = Object.values(fields).join(' ')
  }
}
