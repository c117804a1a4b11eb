import { eq } from 'drizzle-orm'
import { people } from '~/db/schema-corpus'
import type { Deps } from '~/deps.server'
import { scope } from '~/domain/cache/page-rules'
import { bumpVersions } from '~/domain/cache/versions.server'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { slugify } from '~/domain/corpus/import/text'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { newId } from '~/domain/corpus/store/shard-ids'
import { findOneStored } from '~/domain/corpus/store/stored.server'
import { saveProfession, specialtiesOf } from '~/domain/profiles/account.server'
import { confirmEmail, registerUser } from '~/domain/users/accounts.server'
import { signupSchema } from '~/schemas/auth'
import { professionSchema } from '~/schemas/profile'
import { z } from '~/schemas/zod'
import { InvalidInput } from '../lib/input'

/**
 * `POST /__dev/usuarios` (development and test builds only): the test driver that makes a fresh
 * account per end-to-end test. Every field is optional; what is given goes through the product's
 * own schemas and domain functions (signup, then the "Profissão" tab's save), so a test user is
 * exactly what a person signing up and filling in the profile would have.
 */
export const devUserSchema = z.object({
  subdominio: z.string().trim().optional(),
  email: z.string().trim().optional(),
  nome: z.string().trim().optional().default('Pessoa de Teste'),
  senha: z.string().optional(),
  data_nascimento: z.string().trim().optional().default('10/04/1990'),
  perfil: z.enum(['profissional', 'estudante']).optional().default('profissional'),
  /** CBO code (the signup form's profession), or 'outra' with `profissao_outra`. */
  profissao: z.string().trim().optional().default(''),
  profissao_outra: z.string().trim().optional().default(''),
  /** The title's form as the "Profissão" tab saves it (decisions/0018): 'feminino' → "Contadora". */
  profissao_forma: z.enum(['masculino', 'feminino']).optional(),
  /** IBGE code of the city given at signup (required with a profession, as on the form). */
  cidade: z.union([z.string(), z.number()]).optional().default(''),
  curso: z.string().trim().optional().default(''),
  instituicao: z.union([z.string(), z.number()]).optional().default(''),
  /** The "Profissão" tab's lists: specialties by title (or id), service cities by IBGE code. */
  especialidades: z
    .array(z.union([z.string(), z.number()]))
    .max(100)
    .optional()
    .default([]),
  cidades_atuacao: z.array(z.coerce.number().int().positive()).max(50).optional().default([]),
  servicos: z.array(z.string()).max(30).optional().default([]),
  telefones: z
    .array(z.object({ numero: z.string(), whatsapp: z.boolean().optional().default(false) }))
    .max(10)
    .optional()
    .default([]),
  /** Marks the e-mail as confirmed (as after following the link), so no banner shows. */
  confirmado: z.boolean().optional().default(true),
  /** Starts a session for the browser that asked (the `__Host-sid` cookie). */
  entrar: z.boolean().optional().default(true),
})
export type DevUserInput = z.infer<typeof devUserSchema>

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw new InvalidInput(result.error.issues.map((issue) => issue.message))
  return result.data
}

/** Specialty titles (or ids) of the user's profession → ids; an unknown one is a 422. */
async function specialtyIds(deps: Deps, occupationCode: string, wanted: (string | number)[]) {
  if (!wanted.length) return []
  const options = occupationCode ? await specialtiesOf(deps, occupationCode) : []
  return wanted.map((item) => {
    const found = options.find((option) => option.id === Number(item) || option.titulo === item)
    if (!found) throw new InvalidInput([`Especialidade desconhecida para a profissão: ${item}`])
    return found.id
  })
}

export async function createDevUser(deps: Deps, input: DevUserInput) {
  const tag = `${Date.now().toString(36)}${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`
  const subdominio = input.subdominio || `teste${tag}`
  const senha = input.senha || `senha-${tag}`
  const signup = parsed(signupSchema, {
    subdominio,
    email: input.email || `${subdominio.toLowerCase()}@exemplo.invalid`,
    nome: input.nome,
    data_nascimento: input.data_nascimento,
    perfil: input.perfil,
    profissao: input.profissao,
    profissao_outra: input.profissao_outra,
    cidade: String(input.cidade),
    curso: input.curso,
    instituicao: String(input.instituicao),
    senha,
  })
  const user = await registerUser(deps, signup)

  const hasProfileLists =
    input.especialidades.length > 0 ||
    input.cidades_atuacao.length > 0 ||
    input.servicos.length > 0 ||
    input.telefones.length > 0 ||
    !!input.profissao_forma
  if (hasProfileLists) {
    // An empty `ocupacao` keeps the profession chosen at signup, as the tab does.
    const profession = parsed(professionSchema, {
      ocupacao: '',
      ocupacao_forma: input.profissao_forma,
      especialidades: await specialtyIds(deps, signup.profissao, input.especialidades),
      // The tab's list starts from the cities the profile shows, the main one first (issue 38),
      // and saving a list without it moves the main city: keep it, as a person saving the tab does.
      cidades_ids: [
        ...new Set([...(Number(input.cidade) ? [Number(input.cidade)] : []), ...input.cidades_atuacao]),
      ],
      servicos: input.servicos,
      telefones: Object.fromEntries(
        input.telefones.map((phone, i) => [
          `t${i}`,
          { numero: phone.numero, ...(phone.whatsapp ? { whatsapp: 'sim' } : {}) },
        ]),
      ),
    })
    await saveProfession(deps, { id: user.id, subdomain: signup.subdominio }, profession)
  }
  if (input.confirmado) await confirmEmail(deps, user.id, user.email)
  // As the product's own signup does: the directory and community lists show the newcomer.
  await bumpVersions(deps.pageVersions, [scope.profile(signup.subdominio), scope.network], deps.dbBookmark())

  return { id: user.id, subdomain: signup.subdominio, email: user.email, password: senha, name: signup.nome }
}

/**
 * `POST /__dev/pessoas`: a person of the corpus (as an importer would store one) with a unique
 * slug, so an end-to-end test follows its own item instead of one other tests share.
 */
export async function createDevPerson(deps: Deps, name: string): Promise<{ id: number; slug: string }> {
  const slug = `${slugify(name)}-${crypto.randomUUID().slice(0, 8)}`
  // In the entidades shard its slug names, with that shard's ids (decisions/0074).
  const { db, entry } = await deps.corpus.shardFor({ kind: 'pessoa', slug })
  const [row] = await db
    .insert(people)
    .values({ name, slug, ...newId('people', entry) })
    .returning({ id: people.id, slug: people.slug })
  if (!row) throw new Error('person not inserted')
  await bumpVersions(deps.pageVersions, [scope.corpus], deps.dbBookmark())
  return row
}

export const devLawyerSchema = z.object({
  nome: z.string().trim().min(3).max(200),
  oab_numero: z.string().regex(/^\d{1,7}$/),
  oab_uf: z.string().regex(/^[A-Z]{2}$/),
})

/**
 * A public lawsuit (as an importer writes it) where the lawyer, with this OAB, is also the party:
 * a person page with one public appearance and the OAB on record ("Este sou eu" e2e).
 */
export async function createDevLawyerLawsuit(deps: Deps, input: z.infer<typeof devLawyerSchema>) {
  const cnj = buildCnj(1_000_000 + Math.floor(Math.random() * 8_000_000), 2025, 8, 26, 100)
  await upsertLawsuits(deps, [
    {
      cnj,
      court: 'TJSP',
      className: 'Procedimento Comum Cível',
      filedAt: '2025-03-10',
      secrecyLevel: 0,
      source: 'dev',
      subjects: [],
      parties: [
        {
          pole: 'ativo',
          name: input.nome,
          lawyers: [{ name: input.nome, oabNumber: input.oab_numero, oabUf: input.oab_uf }],
        },
      ],
      movements: [],
    },
  ])
  const slug = slugify(input.nome)
  // Wherever the map says it lives (after a split, maybe an older database: decisions/0083).
  const person = (
    await findOneStored(deps.corpus, { kind: 'pessoa', slug }, (db) =>
      db.select({ id: people.id, slug: people.slug }).from(people).where(eq(people.slug, slug)),
    )
  )?.row
  if (!person) throw new Error('person not created')
  await bumpVersions(deps.pageVersions, [scope.corpus, scope.lawsuit(cnj)], deps.dbBookmark())
  return { cnj: formatCnj(cnj), pessoa: person }
}
