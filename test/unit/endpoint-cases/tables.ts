import { postJson } from '../helpers'
import { type Cases, viewer } from './case'

/** A table's delete: some ids (none of them the viewer's is still a success, 0 deleted), none, no session. */
const table =
  (path: string) => async (): Promise<ReturnType<Cases[string]> extends Promise<infer C> ? C : never> => {
    const { headers } = await viewer()
    return [
      {
        name: 'exclui',
        ok: true,
        status: 200,
        call: () => postJson(path, { itens: [999_999_999] }, headers),
      },
      { name: 'nenhum item', ok: false, status: 422, call: () => postJson(path, { itens: [] }, headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { itens: [1] }) },
    ]
  }

/** The data tables' delete (decisions/0070). */
export const tableCases: Cases = {
  followingDelete: table('/ajax/conta/seguindo/excluir'),
  messagesDelete: table('/ajax/conta/mensagens/excluir'),
  monitoringsDelete: async () => {
    const { headers } = await viewer()
    const created = (await (
      await postJson(
        '/ajax/monitoramentos',
        { tipo: 'nome', modo: 'exato', fontes: ['diarios'], termo: `Contrato Tabela ${Date.now()}` },
        headers,
      )
    ).json()) as { monitoramento: { id: number } }
    const path = '/ajax/monitoramentos/excluir'
    return [
      {
        name: 'exclui',
        ok: true,
        status: 200,
        call: () => postJson(path, { itens: [created.monitoramento.id] }, headers),
      },
      // Monitorings answer 404 for ids that are not the viewer's.
      {
        name: 'de ninguém',
        ok: false,
        status: 404,
        call: () => postJson(path, { itens: [999_999_999] }, headers),
      },
      { name: 'nenhum item', ok: false, status: 422, call: () => postJson(path, { itens: [] }, headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { itens: [1] }) },
    ]
  },
}

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** The photo editor's "Salvar" (decisions/0070). */
export const photoCases: Cases = {
  profilePhoto: async () => {
    const { headers } = await viewer()
    const path = '/ajax/editar-perfil'
    return [
      {
        name: 'troca',
        ok: true,
        status: 200,
        call: () => postJson(path, { item: 'imagem', imagem: PNG }, headers),
      },
      {
        name: 'item desconhecido',
        ok: false,
        status: 422,
        call: () => postJson(path, { item: 'capa', imagem: PNG }, headers),
      },
      {
        name: 'não é imagem',
        ok: false,
        status: 422,
        call: () => postJson(path, { item: 'imagem', imagem: 'data:text/plain;base64,b2k=' }, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson(path, { item: 'imagem', imagem: PNG }),
      },
    ]
  },
}
