import type { HeadersFunction, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { searchLoader } from '~/server/search-loader.server'

export const loader = (args: LoaderFunctionArgs) => searchLoader(args, 'jr')

/** The term and total the Worker counts the search by (workers/middleware/search-count.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders
export { default, meta } from './busca'
