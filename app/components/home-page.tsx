import type { HomeFeed } from '~/domain/articles/lists.server'
import type { PublicUser } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { ArticleList } from './articles/article-list'
import { Avatar } from './avatar'
import { SearchForm } from './search-form'

export function HomePage({
  mainOrigin,
  professionals,
  feed,
}: {
  mainOrigin: string
  professionals: (PublicUser & { url: string })[]
  feed: HomeFeed
}) {
  return (
    <>
      <section className="hero" aria-labelledby="home-titulo">
        <h1 id="home-titulo">{t('home.heading')}</h1>
        <p className="hero__lead">{t('home.lead')}</p>
        <SearchForm mainOrigin={mainOrigin} id="home-busca" />
      </section>
      {feed.articles.length > 0 ? (
        <section className="section" aria-labelledby="home-artigos">
          <h2 id="home-artigos">
            {t(feed.source === 'seguidas' ? 'articleList.homeFollowed' : 'articleList.homePopular')}
          </h2>
          <ArticleList articles={feed.articles} />
          <p>
            <a href="/artigos">{t('articleList.homeMore')}</a>
          </p>
        </section>
      ) : null}
      {professionals.length > 0 ? (
        <section className="section" aria-labelledby="home-profissionais">
          <h2 id="home-profissionais">{t('home.professionals')}</h2>
          <ul className="card-list">
            {professionals.map((p) => (
              <li key={p.id} className="card">
                <Avatar name={p.name} photoUrl={p.photoUrl} size={56} />
                <div>
                  <a className="card__title" href={p.url}>
                    {p.name}
                  </a>
                  <p className="muted">
                    {p.headline}
                    {p.city ? ` · ${p.city}/${p.uf}` : ''}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
