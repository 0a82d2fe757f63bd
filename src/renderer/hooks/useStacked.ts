/**
 * Whether a side-by-side layout has wrapped into one column (large text, a narrow window): then the
 * side panel should fold away so the main content stays on the first screen. Measured, not guessed
 * from a breakpoint, because the wrap point moves with the user's text size.
 */
import { useEffect, useState, type RefObject } from "react";

export function useStacked(container: RefObject<HTMLElement | null>, side: string, main: string): boolean | null {
  // null until measured (the first paint), so nothing acts on a guess.
  const [stacked, setStacked] = useState<boolean | null>(null);
  useEffect(() => {
    const el = container.current;
    if (!el || typeof ResizeObserver !== "function") return;
    const measure = () => {
      const a = el.querySelector<HTMLElement>(side);
      const b = el.querySelector<HTMLElement>(main);
      if (a && b) setStacked(b.offsetTop > a.offsetTop + 4);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [container, side, main]);
  return stacked;
}
