/** Messages of the fields every form shares (spec §5), used by app/schemas/fields.ts. */
export const fieldsMessages = {
  'field.emailRequired': 'O campo e-mail é obrigatório.',
  'field.emailInvalid': 'Insira um e-mail válido.',
  'field.passwordRequired': 'O campo senha é obrigatório.',
  'field.passwordMin': 'A senha deve ter no mínimo 6 caracteres',
  'field.passwordMax': 'A senha pode ter no máximo 200 caracteres.',
  'field.subdomainRequired': 'Informe o nome de usuário.',
  'field.subdomainChars': 'Digite apenas letras e números',
  'field.subdomainMax': 'O nome de usuário pode ter no máximo {n} caracteres.',
  'field.nameRequired': 'O campo nome é obrigatório.',
  'field.nameMax': 'O nome pode ter no máximo 120 caracteres.',
  'field.dateInvalid': 'Digite uma data válida',
  'field.phoneInvalid': 'Informe um telefone válido, com DDD.',
} as const
