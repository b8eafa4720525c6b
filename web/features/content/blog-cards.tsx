import { Link } from 'react-router';
import type { Blog } from '../../../contract/content';
import { Carousel } from '../../components/ui/carousel';
import { Picture } from '../../components/ui/picture';
import { useDiscover } from '../../lib/use-hydrated';
import { firstWords } from './text';

const EXCERPT_WORDS = 15;
const AUTOPLAY_MS = 3000;

/** What a blog card shows (pages send only this). */
export type BlogCardData = Pick<Blog, 'id' | 'title' | 'content' | 'image'>;

export function BlogCard({ blog }: { blog: BlogCardData }) {
  const excerpt = firstWords(blog.content, EXCERPT_WORDS);
  return (
    <article className="blog-card">
      {/* The title's link makes the blog's route known ahead of a click (once the page is live); the picture's and
          'Read More' need not. */}
      <Link to={`/blogs/${blog.id}`} tabIndex={-1} aria-hidden discover="none">
        <Picture src={blog.image} alt="" variant={1024} className="photo-wide" />
      </Link>
      <div>
        <h3>
          <Link to={`/blogs/${blog.id}`} discover={useDiscover()}>
            {blog.title}
          </Link>
        </h3>
        <p>{excerpt.truncated ? `${excerpt.text}…` : excerpt.text}</p>
        {excerpt.truncated ? (
          <Link to={`/blogs/${blog.id}`} discover="none">
            Read More<span className="sr-only">: {blog.title}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}

/** The blog slider (home 'Latest Blog', and the other blogs under a blog); hidden when empty. */
export function BlogCarousel({ blogs, title, id }: { blogs: BlogCardData[] | null; title: string; id: string }) {
  if (!blogs || blogs.length === 0) return null;
  return (
    <section className="band" aria-labelledby={id}>
      <h2 id={id} className="text-3xl sm:text-4xl">
        {title}
      </h2>
      <Carousel className="mt-6" label={title} perView={{ 0: 1, 640: 2, 1024: 3 }} autoplay={AUTOPLAY_MS}>
        {blogs.map((b) => (
          <BlogCard key={b.id} blog={b} />
        ))}
      </Carousel>
    </section>
  );
}
