import { useState } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '../../../contract/format';
import { imageSources } from '../../../contract/media';
import type { Hotspot } from '../../../contract/rooms';
import { Picture } from '../../components/ui/picture';

/** A screen without hover (a phone, a tablet): the first tap on a dot shows the piece, the next one opens it. */
const TOUCH = '(hover: none)';

/**
 * One hotspot: a real link to the product, named by the product's name and price (what a screen reader
 * announces), a 44 px target with a small dot drawn in it, and the name and price shown on hover and focus,
 * or on a touch screen after a first tap (`open`). Its label opens away from the picture's nearest edges.
 */
export function HotspotLink({ spot, open = false, onTouchOpen }: { spot: Hotspot; open?: boolean; onTouchOpen?: () => void }) {
  const { product, x, y } = spot;
  const side = x > 70 ? 'right-0' : x < 30 ? 'left-0' : 'left-1/2 -translate-x-1/2';
  const above = y > 30;
  return (
    <Link
      to={`/product/${product.slug}`}
      data-open={open || undefined}
      onClick={(event) => {
        // On a touch screen the first tap shows the name and price (there is no hover); a tap on an open dot,
        // or on its label, opens the piece.
        if (open || !onTouchOpen || !window.matchMedia(TOUCH).matches) return;
        event.preventDefault();
        onTouchOpen();
      }}
      className="group absolute grid h-11 w-11 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full focus:outline-none"
      style={{ left: `${x}%`, top: `${y}%`, zIndex: open ? 20 : undefined }}
    >
      <span
        className="relative grid h-8 w-8 place-items-center rounded-full bg-white/95 shadow-lg ring-4 ring-white/40 transition group-hover:scale-110 group-focus-visible:ring-teak-500 group-data-open:scale-110"
        aria-hidden
      >
        <span className="absolute inset-0 animate-ping rounded-full bg-white/50 motion-reduce:hidden" />
        <span className="h-2.5 w-2.5 rounded-full bg-teak-600" />
      </span>
      <span
        className={`pointer-events-none absolute z-10 w-max max-w-56 rounded-xl bg-white px-3 py-2 text-sm opacity-0 shadow-lg transition group-hover:opacity-100 group-focus-visible:opacity-100 group-data-open:pointer-events-auto group-data-open:opacity-100 ${side} ${above ? 'bottom-12' : 'top-12'}`}
      >
        <span className="block font-semibold text-teak-900">{product.name}</span>
        <span className="block text-teak-700">{formatRupees(product.price)}</span>
      </span>
    </Link>
  );
}

/** The room page's hint: for a mouse and a keyboard, or for a touch screen (chosen by CSS, so it never flashes). */
export function HotspotHint({ className }: { className?: string }) {
  return (
    <p className={className}>
      <span className="[@media(hover:none)]:hidden">Hover or tab to a dot to see the piece and its price; click to open it.</span>
      <span className="hidden [@media(hover:none)]:inline">Tap a dot to see the piece and its price; tap it again to open it.</span>
    </p>
  );
}

/** A room's picture with its hotspots over it (positions in percent, so they hold at every width). */
export function RoomScene({
  room,
  sizes,
  className,
  caption,
  priority,
}: {
  room: { name: string; image: string | null; hotspots: Hotspot[] };
  sizes: string;
  className?: string;
  /** A link or text shown in the picture's corner; the room's name by default. */
  caption?: React.ReactNode;
  priority?: boolean;
}) {
  // The dot a touch screen has opened (its label shows until another dot or the picture is tapped).
  const [open, setOpen] = useState<number | null>(null);
  // The picture covers the figure, cropped to its shape (the collage's tall tile); the dots are placed on the
  // picture itself, so each stays on its piece however much is cropped. Its shape comes from its name.
  const info = imageSources(room.image);
  const ratio = info ? info.width / info.height : null;
  const cover = ratio
    ? { width: `max(100cqw, ${(100 * ratio).toFixed(3)}cqh)`, height: `max(100cqh, ${(100 / ratio).toFixed(3)}cqw)` }
    : { width: '100%', height: '100%' };
  return (
    <figure
      className={`relative overflow-hidden rounded-3xl bg-teak-100 [container-type:size] ${className ?? ''}`}
      onClick={(event) => {
        if (open !== null && !(event.target as Element).closest('a')) setOpen(null);
      }}
    >
      <div className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2" style={cover}>
        <Picture src={room.image} alt={room.name} sizes={sizes} priority={priority} className="h-full w-full object-cover" />
        {room.hotspots.map((s, i) => (
          <HotspotLink key={`${i}-${s.product.slug}`} spot={s} open={open === i} onTouchOpen={() => setOpen(i)} />
        ))}
      </div>
      <figcaption className="absolute top-4 left-4 rounded-full bg-white/90 px-4 py-1.5 text-sm font-semibold text-teak-900">
        {caption ?? room.name}
      </figcaption>
    </figure>
  );
}
