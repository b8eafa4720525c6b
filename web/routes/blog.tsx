import { useEffect } from 'react';
import { data, useRevalidator } from 'react-router';
import { PageLoadError } from '../components/ui/load-error';
import { metaWithoutData } from '../components/ui/not-found';
import { Picture } from '../components/ui/picture';
import { BlogCarousel } from '../features/content/blog-cards';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadSection, pageData } from '../lib/load.server';
import { breadcrumbs, publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/blog';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const loader = keptLoader(async ({ params, context }: Kept<Route.LoaderArgs>) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });
  const { content } = context.services;
  // Only a blog that does not exist is Page Not Found; a failed load is not.
  const [blog, all] = await Promise.all([
    loadSection(context, 'blog', () => content.blog(id), { notFound: '404' }),
    loadSection(context, 'blog', () => content.blogs()),
  ]);
  // The other blogs' slider is hidden when they cannot be loaded (the spec's blog list failure).
  return pageData({ blog, others: all.ok ? all.data.filter((b) => b.id !== id) : [] }, [blog]);
});

export const meta: Route.MetaFunction = ({ data: d, matches, error }) => {
  if (!d) return metaWithoutData(error);
  const publicUrl = publicUrlOf(matches);
  if (!d.blog.ok) return [{ title: 'Our Latest Blog | Teakwood Studio' }, { name: 'robots', content: 'noindex' }];
  const blog = d.blog.data;
  const path = `/blogs/${blog.id}`;
  return seo({
    title: blog.title,
    description: blog.content.slice(0, 155),
    path,
    publicUrl,
    image: blog.image,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: blog.title,
        datePublished: blog.created_at,
        image: blog.image ? `${publicUrl}${blog.image}` : undefined,
        author: { '@type': 'Organization', name: 'Teakwood Studio' },
      },
      breadcrumbs(publicUrl, [
        { name: 'Home', path: '/' },
        { name: blog.title, path },
      ]),
    ],
  });
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** How long the page waits before it tries a failed load again. */
const RETRY_MS = 5000;

/**
 * The spec keeps a failed blog load silent, with 'Loading...' showing: the page tries again by itself while
 * it is open, so the text stays true and the blog appears once it can be read.
 */
function BlogLoading() {
  const revalidator = useRevalidator();
  const idle = revalidator.state === 'idle';
  useEffect(() => {
    if (!idle) return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [idle, revalidator]);
  return (
    <section className="container-page max-w-3xl py-12">
      <p className="text-xs font-semibold tracking-[0.3em] text-teak-700 uppercase">Our Latest Blog</p>
      <p role="status" className="mt-6 text-lg text-teak-800">
        {LOAD_FAILURE.blog}
      </p>
    </section>
  );
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.blog.ok) return <BlogLoading />;
  const blog = loaderData.blog.data;
  const { others } = loaderData;
  return (
    <>
      <article className="container-page max-w-3xl py-12">
        <p className="text-xs font-semibold tracking-[0.3em] text-teak-700 uppercase">Our Latest Blog</p>
        <h1 className="mt-3 text-4xl leading-tight text-teak-900 sm:text-5xl">{blog.title}</h1>
        <p className="mt-3 text-sm text-teak-700">
          <time dateTime={blog.created_at}>{dateFormat.format(new Date(blog.created_at))}</time>
        </p>
        <Picture
          src={blog.image}
          alt=""
          priority
          sizes="(min-width: 768px) 768px, 100vw"
          className="mt-8 aspect-[16/9] w-full rounded-3xl object-cover"
        />
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

/** A client-side visit whose load failed (the shop out of reach): 'Loading...' under the page's title, in the layout. */
export function ErrorBoundary() {
  return <PageLoadError title="Our Latest Blog" message={LOAD_FAILURE.blog} />;
}
