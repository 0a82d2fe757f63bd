/**
 * Whether a side-by-side layout has wrapped into one column (large text, a narrow window): then the
 * side panel should fold away so the main content stays on the first screen. Measured, not guessed
 * from a breakpoint, because the wrap point moves with the user's text size.
 */
import { useEffect, useRef, useState, type RefObject } from "react";

export function useStacked(container: RefObject<HTMLElement | null>, side: string, main: string): boolean | null {
  // null until measured (the first paint), so nothing acts on a guess.
  const [stacked, setStacked] = useState<boolean | null>(null);
  // Where it last wrapped: the container's width and the text size then.
  const wrapped = useRef<{ width: number; fontSize: string } | null>(null);
  useEffect(() => {
    const el = container.current;
    if (!el || typeof ResizeObserver !== "function") return;
    const measure = () => {
      const a = el.querySelector<HTMLElement>(side);
      const b = el.querySelector<HTMLElement>(main);
      if (!a || !b) return;
      const now = { width: el.clientWidth, fontSize: getComputedStyle(document.documentElement).fontSize };
      if (b.offsetTop > a.offsetTop + 4) {
        wrapped.current = now;
        setStacked(true);
        return;
      }
      // The folded list is narrower, so the two may fit side by side again at the very width they wrapped
      // at; unfolding there would wrap them again, and the layout would flip back and forth. Unfold only
      // once there is more room than when it wrapped, or the text size changed.
      const last = wrapped.current;
      if (last && now.fontSize === last.fontSize && now.width <= last.width) return;
      wrapped.current = null;
      setStacked(false);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [container, side, main]);
  return stacked;
}
