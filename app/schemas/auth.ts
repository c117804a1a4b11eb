import { z } from 'zod'

/** Login form (spec §5). Shared by the login page, the login modal and `POST /login`. */
export const loginSchema = z.object({
  email: z
    .string({ error: 'O campo e-mail é obrigatório.' })
    .trim()
    .min(1, 'O campo e-mail é obrigatório.')
    .pipe(z.email('Insira um e-mail válido.')),
  senha: z.string({ error: 'O campo senha é obrigatório.' }).min(1, 'O campo senha é obrigatório.'),
})

/** `POST /login` answer (spec §7). */
export type LoginResponse = {
  status: string
  url_intended?: string | null
  refresh?: boolean
  message?: string
}
