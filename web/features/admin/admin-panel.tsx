import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Category } from '../../../contract/catalog';
import { BlogsSection } from './blogs-section';
import { HomeBannerSection, VideoSection } from './home-media-sections';
import { MessagesSection } from './messages-section';
import { OrdersSection } from './orders-section';
import { Overview } from './overview';
import { ProductCsvPanel } from './product-csv-panel';
import { ProductsPanel } from './products-panel';
import { PromoBannersSection } from './promo-banners-section';
import { ReadyToShipPanel } from './ready-to-ship-panel';
import { CategoriesPanel, SubcategoriesPanel } from './taxonomy-panels';
import { TestimonialsSection } from './testimonials-section';
import { useRemote } from './ui';

const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'orders', label: 'Orders' },
  { id: 'messages', label: 'Messages' },
  { id: 'catalog', label: 'Products' },
  { id: 'blogs', label: 'Blogs' },
  { id: 'banner', label: 'Home banner' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'video', label: 'Featured video' },
  { id: 'promos', label: 'Promo banners' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

const CATALOG_TABS = [
  { id: 'products', label: 'Products' },
  { id: 'categories', label: 'Categories' },
  { id: 'subcategories', label: 'Subcategories' },
  { id: 'ready-to-ship', label: 'Ready to Ship' },
  { id: 'csv', label: 'Import / export' },
] as const;
type CatalogTab = (typeof CATALOG_TABS)[number]['id'];

function isSection(v: string | null): v is SectionId {
  return SECTIONS.some((s) => s.id === v);
}

export interface AdminUser {
  username: string;
  email: string;
}

/** The owner's whole shop on one screen: a section at a time, chosen from the side (or top, on a phone). */
export function AdminPanel({ user, onLogout }: { user: AdminUser; onLogout: () => void }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('section');
  const section: SectionId = isSection(raw) ? raw : 'overview';
  const orderParam = Number(params.get('order'));
  const openOrder = Number.isInteger(orderParam) && orderParam > 0 ? orderParam : null;

  function go(next: Record<string, string | null>) {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
    setParams(p, { preventScrollReset: false });
  }

  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the sections scroll sideways: keep the current one in sight.
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [section]);

  const label = SECTIONS.find((s) => s.id === section)?.label ?? 'Overview';
  return (
    <div className="min-h-screen bg-sand lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-teak-200 bg-white/95 backdrop-blur lg:static lg:flex lg:min-h-screen lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 lg:block lg:px-5 lg:py-6">
          <a href="/dashboard" className="block font-display text-lg leading-tight text-teak-900">
            Teakwood Studio
            <span className="block font-sans text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Admin panel</span>
          </a>
          <div className="flex items-center gap-2 lg:hidden">
            <a href="/" className="text-sm font-semibold text-teak-700 underline underline-offset-4">
              View shop
            </a>
            <button type="button" onClick={onLogout} className="rounded-lg px-2 py-1 text-sm font-semibold text-teak-800 ring-1 ring-teak-200">
              Logout
            </button>
          </div>
        </div>
        <nav ref={nav} aria-label="Admin sections" className="overflow-x-auto px-2 pb-2 lg:flex-1 lg:overflow-visible lg:px-3">
          <ul className="flex gap-1 lg:flex-col">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`/dashboard?section=${s.id}`}
                  aria-current={section === s.id ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    go({ section: s.id === 'overview' ? null : s.id });
                  }}
                  className={`block rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                    section === s.id ? 'bg-teak-600 text-white' : 'text-teak-800 hover:bg-teak-100'
                  }`}
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden border-t border-teak-100 px-5 py-4 text-sm lg:block">
          <p className="truncate text-teak-800">
            Signed in as <span className="font-semibold">{user.username}</span>
          </p>
          <div className="mt-3 flex items-center gap-3">
            <a href="/" className="font-semibold text-teak-700 underline underline-offset-4">
              View shop
            </a>
            <button
              type="button"
              onClick={onLogout}
              className="rounded-lg px-3 py-1 font-semibold text-teak-800 ring-1 ring-teak-200 hover:bg-teak-50"
            >
              Logout
            </button>
          </div>
        </div>
      </header>
      <main id="admin-main" className="min-w-0 px-3 py-5 sm:px-6 lg:px-8 lg:py-8">
        <h1 className="mb-5 font-display text-2xl text-teak-900 sm:text-3xl">{label}</h1>
        <SectionBody section={section} openOrder={openOrder} go={go} />
      </main>
    </div>
  );
}

function SectionBody({
  section,
  openOrder,
  go,
}: {
  section: SectionId;
  openOrder: number | null;
  go: (next: Record<string, string | null>) => void;
}) {
  switch (section) {
    case 'overview':
      return <Overview onOpen={(target) => go(target)} />;
    case 'orders':
      return <OrdersSection openId={openOrder} onOpen={(id) => go({ section: 'orders', order: id === null ? null : String(id) })} />;
    case 'messages':
      return <MessagesSection />;
    case 'catalog':
      return <CatalogSection />;
    case 'blogs':
      return <BlogsSection />;
    case 'banner':
      return <HomeBannerSection />;
    case 'testimonials':
      return <TestimonialsSection />;
    case 'video':
      return <VideoSection />;
    case 'promos':
      return <PromoBannersSection />;
  }
}

function CatalogSection() {
  const [tab, setTab] = useState<CatalogTab>('products');
  const categories = useRemote<Category[]>('/api/categories/', 'Error loading categories.');
  const panels: Record<CatalogTab, ReactNode> = {
    products: <ProductsPanel categories={categories} />,
    categories: <CategoriesPanel categories={categories} onChanged={() => void categories.reload()} />,
    subcategories: <SubcategoriesPanel categories={categories} onChanged={() => void categories.reload()} />,
    'ready-to-ship': <ReadyToShipPanel />,
    csv: <ProductCsvPanel />,
  };
  return (
    <div>
      <div role="tablist" aria-label="Catalogue" className="mb-5 flex gap-1 overflow-x-auto border-b border-teak-200">
        {CATALOG_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const i = CATALOG_TABS.findIndex((x) => x.id === tab);
              const next = CATALOG_TABS[(i + (e.key === 'ArrowRight' ? 1 : CATALOG_TABS.length - 1)) % CATALOG_TABS.length]!;
              setTab(next.id);
              document.getElementById(`tab-${next.id}`)?.focus();
            }}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${
              tab === t.id ? 'border-teak-600 text-teak-900' : 'border-transparent text-teak-700 hover:text-teak-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {panels[tab]}
      </div>
    </div>
  );
}
