import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { DirectoryListPage, directoryMeta } from '~/components/directory/directory-page'
import { directoryListLoader } from '~/server/directory.server'
import directoryCss from '~/styles/directory.css?url'

/** `/cidade/{cidade}` (spec §2): every profession found in a city. */
export const loader = ({ params, request, context }: LoaderFunctionArgs) =>
  directoryListLoader(context, request, { city: params.cidade ?? '' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: directoryCss }]
export const meta: MetaFunction<typeof loader> = ({ data }) => directoryMeta(data)

export default function CityPage() {
  return <DirectoryListPage list={useLoaderData<typeof loader>()} />
}
