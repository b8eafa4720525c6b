import { data } from 'react-router';
import { Picture } from '../components/ui/picture';
import { BlogCarousel } from '../features/content/blog-cards';
import { breadcrumbs, publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/blog';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });
  const { content } = context.services;
  let blog;
  try {
    blog = await content.blog(id);
  } catch {
    throw data(null, { status: 404 });
  }
  const others = (await content.blogs().catch(() => [])).filter((b) => b.id !== id);
  return { blog, others };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Page Not Found | Teakwood Studio' }];
  const publicUrl = publicUrlOf(matches);
  const path = `/blogs/${d.blog.id}`;
  return seo({
    title: d.blog.title,
    description: d.blog.content.slice(0, 155),
    path,
    publicUrl,
    image: d.blog.image,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: d.blog.title,
        datePublished: d.blog.created_at,
        image: d.blog.image ? `${publicUrl}${d.blog.image}` : undefined,
        author: { '@type': 'Organization', name: 'Teakwood Studio' },
      },
      breadcrumbs(publicUrl, [{ name: 'Home', path: '/' }, { name: d.blog.title, path }]),
    ],
  });
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { blog, others } = loaderData;
  return (
    <>
      <article className="container-page max-w-3xl py-12">
        <p className="text-xs font-semibold tracking-[0.3em] text-teak-700 uppercase">Our Latest Blog</p>
        <h1 className="mt-3 text-4xl leading-tight text-teak-900 sm:text-5xl">{blog.title}</h1>
        <p className="mt-3 text-sm text-teak-700">
          <time dateTime={blog.created_at}>{dateFormat.format(new Date(blog.created_at))}</time>
        </p>
        <Picture src={blog.image} alt="" priority sizes="(min-width: 768px) 768px, 100vw" className="mt-8 aspect-[16/9] w-full rounded-3xl object-cover" />
        <div className="mt-8 space-y-5 text-lg leading-relaxed text-teak-900">
          {blog.content.split(/\n\s*\n/).map((para, i) => (
            <p key={i} className="whitespace-pre-line">
              {para}
            </p>
          ))}
        </div>
      </article>
      <BlogCarousel blogs={others} title="More from our blog" id="more-blogs" />
    </>
  );
}
