import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { users } from '~/db/schema'
import { ROLES, userRoles } from '~/db/schema-trust'
import { scope } from '~/domain/cache/page-rules'
import { bumpVersions } from '~/domain/cache/versions.server'
import { slugify } from '~/domain/corpus/import/text'
import { getPerson } from '~/domain/corpus/read/entities.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { auditInsert } from '~/domain/trust/audit.server'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'

/**
 * Test drivers for "who is who" (development and test builds only, decisions/0021, 0047, 0048):
 * a public matéria that prints a person's CPF next to the name (what gov.br proof is matched
 * against), and a role grant, as `npm run role` does on a real database.
 */
export const devTrustApi = new Hono<AppEnv>()
  .post('/__dev/materias-cpf', async (c) => {
    const input = await readInput(
      c,
      z.object({ nome: z.string().trim().min(3).max(200), cpf: z.string().trim().min(11).max(20) }),
    )
    const externalId = `dev-cpf-${crypto.randomUUID()}`
    await upsertGazetteArticles(c.var.deps, [
      {
        gazette: {
          slug: 'dje-tjsp',
          name: 'Diário da Justiça Eletrônico do TJSP',
          sphere: 'judiciario',
          uf: 'SP',
        },
        edition: { date: '2026-11-20', number: '4100', extra: false },
        section: 'Caderno 3 - Judicial',
        externalId,
        kind: 'Edital',
        organ: '2ª Vara Cível de Campinas',
        title: `Edital de intimação ${externalId.slice(8, 16)}`,
        body: `EDITAL DE INTIMAÇÃO. Fica intimado(a) ${input.nome.toUpperCase()}, CPF ${input.cpf}, para, no prazo de 15 dias, pagar o débito.`,
        page: 3,
        lawsuitCnj: null,
        mentions: { people: [input.nome], companies: [] },
      },
    ])
    // Where the shard map put the person (the entidades family), not necessarily the primary.
    const found = await getPerson(c.var.deps, slugify(input.nome))
    if (!found) throw new Error('person not created')
    const person = { id: found.person.id, slug: found.person.slug }
    await bumpVersions(c.var.deps.pageVersions, [scope.corpus], c.var.deps.dbBookmark())
    return c.json({ status: 'success', pessoa: person }, 201)
  })
  .post('/__dev/papeis', async (c) => {
    const input = await readInput(c, z.object({ email: z.string().trim().email(), papel: z.enum(ROLES) }))
    const [user] = await c.var.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email.toLowerCase()))
    if (!user) return c.json({ status: 'error', errors: ['Conta não encontrada.'] }, 404)
    await c.var.deps.db.batch([
      c.var.deps.db.insert(userRoles).values({ userId: user.id, role: input.papel }).onConflictDoNothing(),
      auditInsert(c.var.deps.db, {
        actorId: null,
        subjectKind: 'papel',
        subjectId: user.id,
        action: 'conceder',
        reason: '/__dev/papeis',
        details: { role: input.papel },
      }),
    ])
    return c.json({ status: 'success' }, 201)
  })
