import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { ArticleEditor } from '~/components/articles/article-editor'
import { DeleteArticle } from '~/components/articles/delete-article'
import { getEditArticleForm } from '~/domain/articles/form.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { requireUser } from '~/server/guards.server'

/** `/artigos/{id}/editar`: only the author (anyone else gets the 403 page). */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  if (!/^\d{1,12}$/.test(params.id ?? '')) throw data({ reason: 'page' }, { status: 404 })
  const form = await getEditArticleForm(context.deps, user.id, Number(params.id))
  return { form, userId: user.id }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('articleForm.editTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function EditArticlePage() {
  const { form, userId } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('articleForm.editTitle')}</h1>
      {form.article ? (
        <p>
          <a href={form.article.path}>{t('articleForm.view')}</a>
        </p>
      ) : null}
      <ArticleEditor form={form} userId={userId} />
      {form.article ? <DeleteArticle id={form.article.id} /> : null}
    </section>
  )
}
