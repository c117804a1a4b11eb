import { z } from 'zod'

/** Professional message fields (spec §5); the accounts issue adds the captcha ('Você é um robô?'). */
export const professionalMessageFields = z.object({
  nome: z.string({ error: 'Informe o seu nome' }).trim().min(1, 'Informe o seu nome'),
  conteudo: z.string({ error: 'Informe a mensagem' }).trim().min(1, 'Informe a mensagem'),
  telefone: z.string({ error: 'Informe o seu telefone' }).trim().min(1, 'Informe o seu telefone'),
  email: z
    .string({ error: 'Informe o seu email' })
    .trim()
    .min(1, 'Informe o seu email')
    .pipe(z.email('Insira um e-mail válido.')),
})
