import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { HomePage } from '~/components/home-page'
import { ProfilePage } from '~/components/profile-page'
import {
  HOME_FEED_SIZE,
  homeFeed,
  listAuthorArticles,
  PROFILE_ARTICLES,
} from '~/domain/articles/lists.server'
import { claimedAppearances } from '~/domain/claims/claims.server'
import { followState } from '~/domain/follows/follows.server'
import { getProfileDetails, phonesKey } from '~/domain/profiles/profile.server'
import { shareKey, shareTotal } from '~/domain/shares/shares.server'
import { isLocalDev } from '~/domain/site/environment'
import { mainOrigin, profileOrigin } from '~/domain/site/host'
import {
  findUserBySubdomain,
  listRecentProfessionals,
  mergedProfileTarget,
} from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { canonicalUrl, seo } from '~/lib/seo'

/**
 * `/` is two pages: the home page on the main host, and a user's profile on
 * `{subdominio}.{BASE_DOMAIN}`. One route serves both so the browser's router, which only sees
 * the path, hydrates the same route the server rendered (docs/decisions/0003).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { site, deps } = context
  const base = context.cloudflare.env.BASE_DOMAIN
  if (site.kind === 'profile') {
    const [merged, profile] = await Promise.all([
      mergedProfileTarget(deps, site.subdomain),
      findUserBySubdomain(deps, site.subdomain),
    ])
    // A profile merged into another answers with the survivor's, permanently (decisions/0033).
    if (merged) throw redirect(profileOrigin(merged, base), 301)
    if (!profile) throw data({ reason: 'profile' }, { status: 404 })
    const env = context.cloudflare.env
    const canonical = profileOrigin(profile.subdomain, base)
    const [details, key, shareCount, follow, articles, claimed] = await Promise.all([
      getProfileDetails(deps, profile.id),
      phonesKey(env.AUTH_SECRET, profile.id),
      shareTotal(deps, shareKey(canonical, base)),
      followState(deps, context.user?.id ?? null, 'usuario', profile.id),
      listAuthorArticles(deps, profile.id, { page: 1, size: PROFILE_ARTICLES }),
      claimedAppearances(deps, profile.id),
    ])
    return {
      page: 'profile' as const,
      profile,
      details,
      phonesKey: key,
      // The stand-in checkbox only in local development; anywhere else the real widget.
      captcha: { siteKey: env.TURNSTILE_SITE_KEY, production: !isLocalDev(env) },
      shareCount,
      follow,
      articles,
      claimed,
      own: context.user?.id === profile.id,
      canonical,
      mainOrigin: mainOrigin(base),
    }
  }
  // The most visited page: one small indexed statement more, beside the professionals.
  const [professionals, feed] = await Promise.all([
    listRecentProfessionals(deps),
    homeFeed(deps, context.user?.id ?? null, HOME_FEED_SIZE),
  ])
  return {
    page: 'home' as const,
    professionals: professionals.map((p) => ({ ...p, url: profileOrigin(p.subdomain, base) })),
    feed,
    canonical: canonicalUrl(mainOrigin(base), '/'),
    mainOrigin: mainOrigin(base),
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return []
  if (loaded.page === 'profile') {
    const { profile } = loaded
    const cidade = [profile.city, profile.uf].filter(Boolean).join('/')
    return seo({
      title: t('profile.title', { nome: profile.name, titulo: profile.headline }),
      description: t('profile.description', { nome: profile.name, titulo: profile.headline, cidade }),
      canonical: loaded.canonical,
    })
  }
  return seo({ title: t('home.title'), canonical: loaded.canonical })
}

export default function Index() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.page === 'profile')
    return (
      <ProfilePage
        profile={loaded.profile}
        details={loaded.details}
        canonical={loaded.canonical}
        phonesKey={loaded.phonesKey}
        captcha={loaded.captcha}
        shareCount={loaded.shareCount}
        follow={loaded.follow}
        own={loaded.own}
        articles={loaded.articles}
        claimed={loaded.claimed}
        mainOrigin={loaded.mainOrigin}
      />
    )
  return <HomePage mainOrigin={loaded.mainOrigin} professionals={loaded.professionals} feed={loaded.feed} />
}
