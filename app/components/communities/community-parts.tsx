import { Link } from '@remix-run/react'
import { Avatar } from '~/components/avatar'
import { followersLabel } from '~/components/network/follow-button'
import type { CommunityMember, CommunitySummary } from '~/domain/communities/communities.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { communityPath } from '~/lib/paths'

export function membersLabel(count: number): string {
  if (count <= 0) return t('communities.members.none')
  return plural(
    count,
    t('communities.members.one'),
    t('communities.members.many', { n: count.toLocaleString('pt-BR') }),
  )
}

/** "12 membros · 15 seguidores"; a theme has followers only (nobody is a member of a theme). */
export function countsLabel(community: Pick<CommunitySummary, 'kind' | 'members' | 'followers'>): string {
  const followers = followersLabel(community.followers)
  return community.kind === 'tema' ? followers : `${membersLabel(community.members)} · ${followers}`
}

/** One group of `/comunidades`: its communities with their counts, each a link to its page. */
export function CommunityGroup({
  kind,
  communities,
}: {
  kind: CommunitySummary['kind']
  communities: CommunitySummary[]
}) {
  if (!communities.length) return null
  const id = `comunidades-${kind}`
  return (
    <section className="community-group" aria-labelledby={id}>
      <h2 id={id}>{t(`communities.kind.${kind}`)}</h2>
      <ul className="community-list">
        {communities.map((community) => (
          <li key={community.id}>
            <Link to={communityPath(community.slug)}>{community.name}</Link>
            <span className="muted">{countsLabel(community)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The newest members (or a theme's followers): photo or initials, name to the profile, title. */
export function CommunityPeople({ people }: { people: CommunityMember[] }) {
  return (
    <ul className="community-people">
      {people.map((person) => (
        <li key={person.id}>
          <Avatar name={person.name} photoUrl={person.photoUrl} size={48} />
          <div>
            <a href={person.url}>{person.name}</a>
            <p className="muted">{person.headline}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
