import { Hono } from 'hono'
import { formatCnj, isValidCnj } from '~/domain/corpus/cnj'
import { t } from '~/i18n/pt-BR'
import { escapeHtml } from '~/lib/html'
import type { Flash } from '~/schemas/flash'
import { z } from '~/schemas/zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { FAULTS, type StandInSource, saveStandInRecords, standInRecords } from './dev-sources'

/**
 * `/__dev/fontes`: the public sources' stand-ins for a person running `npm start`
 * (decisions/0101): what each holds, a form to publish a DJEN communication or a municipal
 * gazette (the next fetch brings it in), and the fault switch.
 */
const communicationForm = z.object({
  siglaTribunal: z.string().trim().toUpperCase().min(2).max(20),
  numero_processo: z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine(isValidCnj, t('cnj.invalid')),
  tipoComunicacao: z.string().trim().min(1).max(100).default('Intimação'),
  texto: z.string().trim().min(1).max(20_000),
  advogado: z.string().trim().max(200).default(''),
  numero_oab: z
    .string()
    .trim()
    .regex(/^\d{0,10}$/, 'Informe só os dígitos do número da OAB.')
    .default(''),
  uf_oab: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, t('field.ufInvalid'))
    .default(''),
  parte: z.string().trim().max(200).default(''),
  polo: z.enum(['A', 'P']).default('A'),
})

const gazetteForm = z.object({
  territory_id: z.string().regex(/^\d{7}$/, 'Informe o código IBGE do município, com 7 dígitos.'),
  territory_name: z.string().trim().min(1).max(100),
  state_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, t('field.ufInvalid')),
  edition: z.string().trim().max(20).default(''),
  texto: z.string().min(1).max(60_000),
})

const today = () => new Date().toISOString().slice(0, 10)
const SOURCES: StandInSource[] = ['djen', 'querido-diario', 'inlabs']

/**
 * What the page's forms show: after a refused post (the site's flash, workers/lib/flash.ts) the
 * messages above that form and what was typed in its fields, as on the product's own pages.
 */
function formState(flash: Flash | null, action: string) {
  const mine = flash?.kind === 'error' && flash.form === action ? flash : null
  const value = (name: string, fallback = '') => {
    const typed = mine?.values?.[name]
    return escapeHtml(typeof typed === 'string' ? typed : fallback)
  }
  const errors = mine
    ? `<ul role="alert">${(mine.errors ?? [mine.message ?? '']).map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>`
    : ''
  return { value, errors }
}

const records = (n: number) => (n === 1 ? '1 registro' : `${n} registros`)

export const devSourcesPage = new Hono<AppEnv>()
  .get('/__dev/fontes', async (c) => {
    const counts = await Promise.all(
      SOURCES.map(async (s) => `<li>${s}: ${records((await standInRecords(c.env.SESSIONS, s)).length)}</li>`),
    )
    const done = c.req.query('ok')
    const djen = formState(c.var.flash, '/__dev/fontes/djen')
    const gazette = formState(c.var.flash, '/__dev/fontes/querido-diario')
    const fault = formState(c.var.flash, '/__dev/fontes/falha')
    const selected = (state: typeof fault, name: string, option: string) =>
      state.value(name) === option ? ' selected' : ''
    return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fontes de teste</title></head>
<body><main><h1>Fontes públicas de teste</h1>
<p>Substitutos locais do DJEN, do Querido Diário e do INLABS (decisions/0101). O que se publica aqui chega ao produto na próxima busca.</p>
${done ? `<p role="status">${escapeHtml(done)}</p>` : ''}
<ul>${counts.join('')}</ul>
<h2>Publicar uma comunicação no DJEN</h2>
<form method="post" action="/__dev/fontes/djen">${djen.errors}
<p><label>Tribunal <input name="siglaTribunal" value="${djen.value('siglaTribunal', 'TJRJ')}" required></label>
<label>Processo (CNJ) <input name="numero_processo" value="${djen.value('numero_processo', '0919992-11.2023.8.19.0001')}" required></label>
<label>Tipo <input name="tipoComunicacao" value="${djen.value('tipoComunicacao', 'Intimação')}"></label></p>
<p><label>Advogado <input name="advogado" value="${djen.value('advogado')}"></label> <label>OAB <input name="numero_oab" inputmode="numeric" value="${djen.value('numero_oab')}"></label>
<label>UF <input name="uf_oab" maxlength="2" value="${djen.value('uf_oab')}"></label></p>
<p><label>Parte <input name="parte" value="${djen.value('parte')}"></label> <label>Polo <select name="polo"><option value="A">Ativo</option><option value="P"${selected(djen, 'polo', 'P')}>Passivo</option></select></label></p>
<p><label>Texto<br><textarea name="texto" rows="5" cols="80" required>${djen.value('texto')}</textarea></label></p>
<p><button>Publicar no DJEN</button></p></form>
<h2>Publicar um diário municipal (Querido Diário)</h2>
<form method="post" action="/__dev/fontes/querido-diario">${gazette.errors}
<p><label>Código IBGE <input name="territory_id" value="${gazette.value('territory_id', '3541059')}" required></label>
<label>Município <input name="territory_name" value="${gazette.value('territory_name', 'Pratânia')}" required></label>
<label>UF <input name="state_code" value="${gazette.value('state_code', 'SP')}" maxlength="2" required></label>
<label>Edição <input name="edition" value="${gazette.value('edition')}"></label></p>
<p><label>Texto<br><textarea name="texto" rows="8" cols="80" required>${gazette.value('texto')}</textarea></label></p>
<p><button>Publicar o diário</button></p></form>
<h2>Fazer uma fonte falhar</h2>
<form method="post" action="/__dev/fontes/falha">${fault.errors}
<p><label>Fonte <select name="fonte">${SOURCES.map((s) => `<option${selected(fault, 'fonte', s)}>${s}</option>`).join('')}</select></label>
<label>Falha <select name="tipo">${FAULTS.map((f) => `<option${selected(fault, 'tipo', f)}>${f}</option>`).join('')}</select></label>
<label>Vezes <input name="vezes" value="${fault.value('vezes', '1')}" inputmode="numeric"></label></p>
<p><button>Ligar a falha</button></p></form>
<p>Matérias do DOU (INLABS): <code>POST /__dev/inlabs/materias</code> com <code>{"xml": "…"}</code>.</p>
</main></body></html>`)
  })
  .post('/__dev/fontes/djen', async (c) => {
    const input = await readInput(c, communicationForm)
    const stored = await standInRecords<Record<string, unknown>>(c.env.SESSIONS, 'djen')
    const id = Math.max(0, ...stored.map((i) => Number(i.id) || 0)) + 1
    const [y, m, d] = today().split('-')
    const item = {
      id,
      data_disponibilizacao: today(),
      datadisponibilizacao: `${d}/${m}/${y}`,
      siglaTribunal: input.siglaTribunal,
      tipoComunicacao: input.tipoComunicacao,
      nomeOrgao: null,
      texto: input.texto,
      numero_processo: input.numero_processo,
      numeroprocessocommascara: formatCnj(input.numero_processo),
      meio: 'D',
      ativo: true,
      status: 'P',
      destinatarios: input.parte ? [{ nome: input.parte, polo: input.polo, comunicacao_id: id }] : [],
      destinatarioadvogados: input.advogado
        ? [
            {
              comunicacao_id: id,
              advogado: { nome: input.advogado, numero_oab: input.numero_oab, uf_oab: input.uf_oab },
            },
          ]
        : [],
    }
    await saveStandInRecords(c.env.SESSIONS, 'djen', [...stored, item])
    return c.redirect(
      `/__dev/fontes?ok=${encodeURIComponent(`Comunicação ${id} publicada no DJEN em ${today()}.`)}`,
      303,
    )
  })
  .post('/__dev/fontes/querido-diario', async (c) => {
    const input = await readInput(c, gazetteForm)
    const stored = await standInRecords<Record<string, unknown>>(c.env.SESSIONS, 'querido-diario')
    const id = crypto.randomUUID()
    await saveStandInRecords(c.env.SESSIONS, 'querido-diario', [
      ...stored,
      {
        id,
        territory_id: input.territory_id,
        territory_name: input.territory_name,
        state_code: input.state_code,
        date: today(),
        edition: input.edition || null,
        is_extra_edition: false,
        scraped_at: new Date().toISOString().slice(0, 19),
        text: input.texto,
      },
    ])
    return c.redirect(
      `/__dev/fontes?ok=${encodeURIComponent(`Diário de ${input.territory_name} publicado em ${today()}.`)}`,
      303,
    )
  })
