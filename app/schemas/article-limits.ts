// Apart from the schemas so a page can use them without loading zod (issue 18).
export const ARTICLE_BODY_MAX_BYTES = 100 * 1024
export const COMMENT_MAX_CHARS = 5000
