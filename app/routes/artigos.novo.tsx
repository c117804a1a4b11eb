import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { ArticleEditor } from '~/components/articles/article-editor'
import { getNewArticleForm } from '~/domain/articles/form.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { requireUser } from '~/server/guards.server'

/** `/artigos/novo` (spec §2): login required; `?comunidade={slug}` picks the community. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const slug = new URL(request.url).searchParams.get('comunidade')
  const form = await getNewArticleForm(context.deps, user.id, slug?.slice(0, 120) || null)
  return { form, userId: user.id }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('articleForm.newTitle'), description: t('articleForm.newDescription') }),
  { name: 'robots', content: 'noindex' },
]

export default function NewArticlePage() {
  const { form, userId } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('articleForm.newTitle')}</h1>
      <ArticleEditor form={form} userId={userId} />
    </section>
  )
}
