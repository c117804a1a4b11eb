import type { ArticleListPage } from '~/domain/articles/lists.server'
import type { PublicUser } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { ArticleList } from './article-list'

/** A profile's "Artigos": the newest ten and a link to the rest; for the owner with none, an invitation. */
export function ProfileArticles({
  articles,
  mainOrigin,
  profile,
  own,
}: {
  articles: ArticleListPage
  /** The profile lives on a subdomain: article and list links go to the main host. */
  mainOrigin: string
  profile: Pick<PublicUser, 'name' | 'subdomain'>
  own: boolean
}) {
  if (!articles.articles.length && !own) return null
  return (
    <section className="profile__section" aria-labelledby="perfil-artigos">
      <h2 id="perfil-artigos">{t('articleList.profileHeading')}</h2>
      {articles.articles.length ? (
        <ArticleList articles={articles.articles} origin={mainOrigin} />
      ) : (
        <p className="muted">
          {t('articleList.profileEmptyOwn')}{' '}
          <a href={`${mainOrigin}/artigos/novo`}>{t('articleList.write')}</a>
        </p>
      )}
      {articles.hasNext ? (
        <p>
          <a href={`${mainOrigin}/artigos?autor=${profile.subdomain}`}>
            {t('articleList.profileMore', { nome: profile.name })}
          </a>
        </p>
      ) : null}
    </section>
  )
}
