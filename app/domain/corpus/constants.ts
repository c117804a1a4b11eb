/** Matérias per page of the gazette list (and per "Carregar mais"); shared by browser and server. */
export const ARTICLES_PER_PAGE = 10

/**
 * The party row that holds a lawsuit's lawyers whose party the source does not say (DJEN lists
 * lawyers apart): pole "outros", no name. Pages show its lawyers as the lawsuit's "Advogados".
 */
export const LAWYERS_WITHOUT_PARTY = ''
