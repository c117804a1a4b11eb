import { route } from '../routes'

/**
 * Professional profiles (decisions/0070): the phones and the message of a profile page, and the
 * Perfil and Profissão tabs. Apart from app/api/routes.ts, so only these pages carry them.
 */
export const profileRoutes = {
  revealPhones: route('revealPhones', 'post', '/ajax/usuarios/:id/ver-telefones'),
  professionalMessage: route('professionalMessage', 'post', '/ajax/enviar-mensagem-profissional'),
  profileSave: route('profileSave', 'post', '/ajax/conta/perfil'),
  professionSave: route('professionSave', 'post', '/ajax/conta/profissao'),
}
