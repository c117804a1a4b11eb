import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { specialties } from '~/db/schema-accounts'

/** Spec §3 "Specialty" and §7 "Profession": the specialties offered for a CBO occupation. */
export async function listSpecialties(
  deps: { db: Database },
  occupationCode: string,
): Promise<{ id: number; titulo: string }[]> {
  if (!/^\d{6}$/.test(occupationCode)) return []
  const rows = await deps.db
    .select({ id: specialties.id, titulo: specialties.title })
    .from(specialties)
    .where(eq(specialties.occupationCode, occupationCode))
  return rows.sort((a, b) => a.titulo.localeCompare(b.titulo, 'pt-BR'))
}
