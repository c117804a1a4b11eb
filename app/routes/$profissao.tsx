import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { DirectoryListPage, directoryMeta } from '~/components/directory/directory-page'
import { directoryListLoader } from '~/server/directory.server'
import directoryCss from '~/styles/directory.css?url'

/**
 * `/{profissão}` (spec §2): the profession nationwide. Every static route outranks this one, and
 * a test keeps profession slugs apart from every route's first segment (decisions/0024).
 */
export const loader = ({ params, request, context }: LoaderFunctionArgs) =>
  directoryListLoader(context, request, { profession: params.profissao ?? '' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: directoryCss }]
export const meta: MetaFunction<typeof loader> = ({ data }) => directoryMeta(data)

export default function ProfessionPage() {
  return <DirectoryListPage list={useLoaderData<typeof loader>()} />
}
