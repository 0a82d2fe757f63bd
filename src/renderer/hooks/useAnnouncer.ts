/**
 * One polite live region for the whole app. Announcing the same sentence twice still speaks: the
 * region is cleared first, then filled on the next frame.
 */
import { useCallback, useRef, useState } from "react";

export function useAnnouncer(): { message: string; announce(text: string): void } {
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const announce = useCallback((text: string) => {
    if (timer.current) clearTimeout(timer.current);
    setMessage("");
    timer.current = setTimeout(() => setMessage(text), 50);
  }, []);
  return { message, announce };
}
