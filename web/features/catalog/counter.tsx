import { useCallback, useState } from 'react';

const DURATION_MS = 2000;
const TICK_MS = 50;

/** Counts up from 0 to `target` over 2 s once visible, then shows exactly the target, with a plus. */
export function Counter({ target, label }: { target: number; label: string }) {
  const [value, setValue] = useState(target);
  // Watched from the moment the figure is laid out: a ref callback with its cleanup (React 19), not an effect.
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
      setValue(0);
      let timer: number | undefined;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const steps = DURATION_MS / TICK_MS;
        let step = 0;
        timer = window.setInterval(() => {
          step += 1;
          if (step >= steps) {
            setValue(target);
            window.clearInterval(timer);
          } else {
            setValue(Math.floor((target * step) / steps));
          }
        }, TICK_MS);
      });
      observer.observe(el);
      return () => {
        observer.disconnect();
        window.clearInterval(timer);
      };
    },
    [target],
  );
  return (
    // Styled by place (`counter` in app.css): the figure, then its label.
    <div ref={ref} className="counter">
      <p>
        {/* Screen readers get the final figure, not every step of the count. */}
        <span aria-hidden>{`${value}+`}</span>
        <span className="sr-only">{`${target}+`}</span>
      </p>
      <p>{label}</p>
    </div>
  );
}
