/** Matérias per page of the gazette list (and per "Carregar mais"); shared by browser and server. */
export const ARTICLES_PER_PAGE = 10
