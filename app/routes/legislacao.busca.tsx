import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { searchLoader } from '~/server/search-loader.server'

export const loader = (args: LoaderFunctionArgs) => searchLoader(args, 'leis')
export { default, meta } from './busca'
