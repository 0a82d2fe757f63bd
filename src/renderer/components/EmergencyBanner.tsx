/**
 * The emergency banner: app chrome above the conversation (never inside message content),
 * role="alert", the numbers first with call/text links (CrisisNumbers, as the stopped turn shows them),
 * and it stays until acknowledged. While it is shown, the page keeps focused elements clear of it
 * (scroll padding = its height).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { EventOf } from "../../shared/contract";
import { emergencyNotice } from "../state/conversation";
import { CrisisNumbers } from "./CrisisNumbers";

export function EmergencyBanner({ emergency, onAcknowledge }: { emergency: EventOf<"emergency">; onAcknowledge(): void }) {
  const { t } = useTranslation();
  const first = useRef<HTMLAnchorElement>(null);
  const box = useRef<HTMLElement>(null);
  useEffect(() => first.current?.focus(), [emergency.turnId]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingTop = `${el.getBoundingClientRect().height + 16}px`;
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = "";
    };
  }, []);
  return (
    <section ref={box} className="emergency-banner" role="alert" aria-labelledby="emergency-headline" data-testid="emergency-banner">
      <CrisisNumbers notice={emergencyNotice(emergency)} headlineId="emergency-headline" firstLink={first} />
      <p className="emergency-note">{t("emergency.stillHere")}</p>
      <button type="button" className="emergency-ack" onClick={onAcknowledge}>
        {t("emergency.acknowledge")}
      </button>
    </section>
  );
}
