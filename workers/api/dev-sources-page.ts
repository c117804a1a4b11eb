import { Hono } from 'hono'
import { z } from 'zod'
import { formatCnj, isValidCnj } from '~/domain/corpus/cnj'
import { escapeHtml } from '~/lib/html'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { type StandInSource, saveStandInRecords, standInRecords } from './dev-sources'

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
    .refine(isValidCnj, 'Número CNJ inválido'),
  tipoComunicacao: z.string().trim().min(1).max(100).default('Intimação'),
  texto: z.string().trim().min(1).max(20_000),
  advogado: z.string().trim().max(200).default(''),
  numero_oab: z
    .string()
    .trim()
    .regex(/^\d{0,10}$/, 'Só dígitos')
    .default(''),
  uf_oab: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'UF com duas letras')
    .default(''),
  parte: z.string().trim().max(200).default(''),
  polo: z.enum(['A', 'P']).default('A'),
})

const gazetteForm = z.object({
  territory_id: z.string().regex(/^\d{7}$/, 'Código IBGE de 7 dígitos'),
  territory_name: z.string().trim().min(1).max(100),
  state_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'UF com duas letras'),
  edition: z.string().trim().max(20).default(''),
  texto: z.string().min(1).max(60_000),
})

const today = () => new Date().toISOString().slice(0, 10)
const SOURCES: StandInSource[] = ['djen', 'querido-diario', 'inlabs']

export const devSourcesPage = new Hono<AppEnv>()
  .get('/__dev/fontes', async (c) => {
    const counts = await Promise.all(
      SOURCES.map(
        async (s) => `<li>${s}: ${(await standInRecords(c.env.SESSIONS, s)).length} registros</li>`,
      ),
    )
    const done = c.req.query('ok')
    return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fontes de teste</title></head>
<body><main><h1>Fontes públicas de teste</h1>
<p>Substitutos locais do DJEN, do Querido Diário e do INLABS (decisions/0101). O que se publica aqui chega ao produto na próxima busca.</p>
${done ? `<p role="status">${escapeHtml(done)}</p>` : ''}
<ul>${counts.join('')}</ul>
<h2>Publicar uma comunicação no DJEN</h2>
<form method="post" action="/__dev/fontes/djen">
<p><label>Tribunal <input name="siglaTribunal" value="TJRJ" required></label>
<label>Processo (CNJ) <input name="numero_processo" value="0919992-11.2023.8.19.0001" required></label>
<label>Tipo <input name="tipoComunicacao" value="Intimação"></label></p>
<p><label>Advogado <input name="advogado"></label> <label>OAB <input name="numero_oab" inputmode="numeric"></label>
<label>UF <input name="uf_oab" maxlength="2"></label></p>
<p><label>Parte <input name="parte"></label> <label>Polo <select name="polo"><option value="A">Ativo</option><option value="P">Passivo</option></select></label></p>
<p><label>Texto<br><textarea name="texto" rows="5" cols="80" required></textarea></label></p>
<p><button>Publicar no DJEN</button></p></form>
<h2>Publicar um diário municipal (Querido Diário)</h2>
<form method="post" action="/__dev/fontes/querido-diario">
<p><label>Código IBGE <input name="territory_id" value="3541059" required></label>
<label>Município <input name="territory_name" value="Pratânia" required></label>
<label>UF <input name="state_code" value="SP" maxlength="2" required></label>
<label>Edição <input name="edition"></label></p>
<p><label>Texto<br><textarea name="texto" rows="8" cols="80" required></textarea></label></p>
<p><button>Publicar o diário</button></p></form>
<h2>Fazer uma fonte falhar</h2>
<form method="post" action="/__dev/fontes/falha">
<p><label>Fonte <select name="fonte">${SOURCES.map((s) => `<option>${s}</option>`).join('')}</select></label>
<label>Falha <select name="tipo"><option>429</option><option>500</option><option>lento</option><option>corte</option><option>campo</option></select></label>
<label>Vezes <input name="vezes" value="1" inputmode="numeric"></label></p>
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
