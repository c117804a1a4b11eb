import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { DirectoryListPage, directoryMeta } from '~/components/directory/directory-page'
import { directoryListLoader } from '~/server/directory.server'
import directoryCss from '~/styles/directory.css?url'

/**
 * `/{profissão}/{cidade}` (spec §2): a profession in a city, service cities included. The `_`
 * keeps it from nesting under `/{profissão}`: each is a page of its own.
 */
export const loader = ({ params, request, context }: LoaderFunctionArgs) =>
  directoryListLoader(context, request, { profession: params.profissao ?? '', city: params.cidade ?? '' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: directoryCss }]
export const meta: MetaFunction<typeof loader> = ({ data }) => directoryMeta(data)

export default function ProfessionInCityPage() {
  return <DirectoryListPage list={useLoaderData<typeof loader>()} />
}
