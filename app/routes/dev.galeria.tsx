import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { FormSection, LoginGateSection, ModalsSection, ToastsSection } from '~/components/gallery/feedback'
import { ReferenceSection } from '~/components/gallery/reference'
import {
  ChoicesSection,
  DatesSection,
  MasksSection,
  ShareSection,
  TableSection,
  TextSection,
} from '~/components/gallery/widgets'
import { shareKey, shareTotal } from '~/domain/shares/shares.server'
import { isLocalDev } from '~/domain/site/environment'
import { mainOrigin } from '~/domain/site/host'
import { seo } from '~/lib/seo'

/** Every interface part in its states, for development and the end-to-end tests. Local development only. */
export async function loader({ context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env
  if (!isLocalDev(env)) throw data({ reason: 'page' }, { status: 404 })
  const url = `${mainOrigin(env.BASE_DOMAIN)}/dev/galeria`
  return { shareUrl: url, shareCount: await shareTotal(context.deps, shareKey(url, env.BASE_DOMAIN)) }
}

export const meta: MetaFunction = () => [
  ...seo({ title: 'Galeria de componentes' }),
  { name: 'robots', content: 'noindex' },
]

export default function Gallery() {
  const { shareUrl, shareCount } = useLoaderData<typeof loader>()
  return (
    <div className="gallery">
      <h1>Galeria de componentes</h1>
      <ToastsSection />
      <FormSection />
      <ModalsSection />
      <LoginGateSection />
      <MasksSection />
      <DatesSection />
      <ChoicesSection />
      <ReferenceSection />
      <TextSection />
      <TableSection />
      <ShareSection url={shareUrl} count={shareCount} />
    </div>
  )
}
