/**
 * The crisis numbers as the emergency banner and a stopped turn both show them: the numbers first, as
 * call (tel:) and text (sms:) links, then the headline and, when the flag was in an attachment or a
 * note sent with the message, where it was found. One component, so the two never drift apart.
 */
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { CrisisNumber, EmergencyNotice } from "../../shared/contract";

type Translate = ReturnType<typeof useTranslation>["t"];

/** "Call 911" / "Text 988": the words on a number's link. */
export const actionText = (t: Translate, n: CrisisNumber): string =>
  n.kind === "text" ? t("emergency.text", { number: n.number }) : t("emergency.call", { number: n.number });

export function CrisisNumbers({
  notice,
  headlineId,
  firstLink,
}: {
  notice: EmergencyNotice;
  /** For the surrounding region's aria-labelledby. */
  headlineId: string;
  /** The banner moves the focus to the first number. */
  firstLink?: Ref<HTMLAnchorElement>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="emergency-numbers">
        {notice.numbers.map((n, i) => (
          <li key={`${n.kind}-${n.number}`}>
            <a ref={i === 0 ? firstLink : undefined} className="emergency-action" href={n.href}>
              {actionText(t, n)}
            </a>
            <span className="emergency-label">{n.label}</span>
          </li>
        ))}
      </ul>
      <p id={headlineId} className="emergency-headline">
        {notice.headline}
      </p>
      {notice.source ? (
        <p className="emergency-source">{t(`emergency.foundIn.${notice.source.kind}`, { name: notice.source.name })}</p>
      ) : null}
    </>
  );
}
