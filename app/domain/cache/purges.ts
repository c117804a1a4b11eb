import { type Effect, purge } from '~/domain/outcome'
import { scope } from './page-rules'

/**
 * What each kind of change purges from the edge page cache (decisions/0035), named once so every
 * use-case that makes such a change asks for the same thing.
 */
export const pagesOf = {
  /** A profile shown elsewhere: its own page and the directory and community lists. */
  profile: (subdomain: string): Effect => purge(scope.profile(subdomain), scope.network),
  /** An article's page, the article lists, and its author's profile (which lists it). */
  article: (id: number, authorSubdomain: string): Effect =>
    purge(scope.article(id), scope.articles, scope.profile(authorSubdomain)),
  /** What readers see under an article (comments, counts). */
  articleTalk: (id: number): Effect => purge(scope.article(id)),
  /** Person pages and search (a claim links a person page to a profile). */
  corpus: (): Effect => purge(scope.corpus),
} as const
