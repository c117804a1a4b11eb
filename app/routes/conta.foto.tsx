import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { PhotoEditor } from '~/components/forms/photo-editor'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { requireUser } from '~/server/guards.server'

/** "Foto" tab of the account (spec §5 Profile image): the current photo and the editor. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  return { nome: user.name, photoUrl: user.photoUrl }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('photo.pageTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function AccountPhoto() {
  const { nome, photoUrl } = useLoaderData<typeof loader>()
  const [current, setCurrent] = useState(photoUrl)
  return (
    <section className="document account-photo" aria-labelledby="foto-titulo">
      <h1 id="foto-titulo">{t('photo.pageTitle')}</h1>
      <p className="document__subtitle">{t('photo.description')}</p>
      <figure className="account-photo__current">
        {current ? (
          <img
            src={current}
            alt={t('photo.alt', { nome })}
            width={160}
            height={160}
            data-testid="foto-atual"
          />
        ) : (
          <p>{t('photo.none')}</p>
        )}
        <figcaption className="visually-hidden">{t('photo.current')}</figcaption>
      </figure>
      <PhotoEditor onSaved={setCurrent} />
    </section>
  )
}
