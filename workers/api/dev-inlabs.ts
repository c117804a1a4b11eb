import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { saveStandInRecords, standInRecords, withFaults } from './dev-sources'

/**
 * The stand-in for INLABS (inlabs.in.gov.br, the Imprensa Nacional's DOU files), decisions/0101:
 * the login form (`POST /logar.php`, `email` and `password`, a session cookie) and the day's ZIP
 * per section (`GET /index.php?p=<day>&dl=<day>-<section>.zip`), holding the XML matérias it has
 * (the recorded ones of ../shared/data/dou, put there by `npm run seed`, plus any added below).
 * Its account is the local INLABS_EMAIL / INLABS_SENHA.
 */
type StandInMateria = { name: string; date: string; section: string; xml: string }

const BASE = '/__dev/inlabs'
const COOKIE = 'inlabs_session_cookie'
const sessionKey = (token: string) => `dev:fontes:inlabs-sessao:${token}`

/** What INLABS answers a visitor without a session: its login page. */
const loginPage = () =>
  new Response(
    '<!doctype html><html lang="pt-BR"><title>INLABS de teste</title><form method="post" action="logar.php"><input name="email"><input name="password" type="password"><button>Entrar</button></form></html>',
    { headers: { 'content-type': 'text/html; charset=utf-8' } },
  )

/** The XML's own date (pubDate, dd/mm/yyyy) and section (pubName), as INLABS files them. */
function filingOf(xml: string): { date: string; section: string; id: string } | null {
  const date = /\bpubDate="(\d{2})\/(\d{2})\/(\d{4})"/.exec(xml)
  const section = /\bpubName="(DO[123]E?)"/i.exec(xml)?.[1]?.toUpperCase()
  const id = /\bidMateria="(\d+)"/.exec(xml)?.[1]
  return date && section && id ? { date: `${date[3]}-${date[2]}-${date[1]}`, section, id } : null
}

/** The `campo` fault: the same matérias with their root element renamed (a changed format). */
async function changedFormat(response: Response): Promise<Response> {
  if (response.status !== 200) return response
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()))
  const changed = Object.fromEntries(
    Object.entries(entries).map(([name, data]) => [
      name,
      strToU8(strFromU8(data).replace(/<(\/?)article\b/g, '<$1materia')),
    ]),
  )
  const zip = zipSync(changed)
  const headers = new Headers(response.headers)
  headers.set('content-length', String(zip.length))
  return new Response(zip, { headers })
}

const addSchema = z.object({ xml: z.string().min(1).max(60_000) })

export const devInlabsApi = new Hono<AppEnv>()
  .post(`${BASE}/logar.php`, async (c) => {
    const form = await c.req.parseBody()
    if (form.email !== c.env.INLABS_EMAIL || form.password !== c.env.INLABS_SENHA) return loginPage()
    const token = crypto.randomUUID()
    await c.env.SESSIONS.put(sessionKey(token), '1', { expirationTtl: 3600 })
    setCookie(c, COOKIE, token, { path: '/', httpOnly: true })
    return c.redirect(`${BASE}/index.php`, 302)
  })
  .get(`${BASE}/index.php`, async (c) => {
    const token = getCookie(c, COOKIE)
    if (!token || !(await c.env.SESSIONS.get(sessionKey(token)))) return loginPage()
    const day = c.req.query('p') ?? ''
    const file = c.req.query('dl')
    if (!file) return loginPage()
    return withFaults(
      c,
      'inlabs',
      async () => {
        const match = /^(\d{4}-\d{2}-\d{2})-(DO[123]E?)\.zip$/i.exec(file)
        if (!match || match[1] !== day) return new Response('Arquivo não encontrado', { status: 404 })
        const section = (match[2] ?? '').toUpperCase()
        const materias = (await standInRecords<StandInMateria>(c.env.SESSIONS, 'inlabs')).filter(
          (m) => m.date === day && m.section === section,
        )
        if (!materias.length) return new Response('Arquivo não encontrado', { status: 404 })
        const zip = zipSync(Object.fromEntries(materias.map((m) => [m.name, strToU8(m.xml)])))
        return new Response(zip, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename="${file}"`,
            'content-length': String(zip.length),
          },
        })
      },
      changedFormat,
    )
  })
  // Development: a matéria "is published" (its INLABS XML; date and section from its pubDate and
  // pubName), so `npm start` shows a new one reaching the product.
  .post(`${BASE}/materias`, async (c) => {
    const { xml } = await readInput(c, addSchema)
    const about = filingOf(xml)
    if (!about)
      return c.json({ status: 'error', message: 'XML sem pubDate, pubName (DO1…DO3E) ou idMateria' }, 422)
    const jornal = { DO1: 515, DO2: 529, DO3: 530, DO1E: 600, DO2E: 604, DO3E: 608 }[about.section] ?? 0
    const name = `${jornal}_${about.date.replaceAll('-', '')}_${about.id}.xml`
    const stored = await standInRecords<StandInMateria>(c.env.SESSIONS, 'inlabs')
    await saveStandInRecords(c.env.SESSIONS, 'inlabs', [
      ...stored.filter((m) => m.name !== name),
      { name, date: about.date, section: about.section, xml },
    ])
    return c.json({ status: 'success', arquivo: name, data: about.date, secao: about.section }, 201)
  })
  .delete(`${BASE}/materias`, async (c) => {
    await saveStandInRecords(c.env.SESSIONS, 'inlabs', [])
    return c.json({ status: 'success' })
  })
