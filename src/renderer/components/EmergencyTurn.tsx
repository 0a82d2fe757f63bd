/**
 * A turn the emergency gate stopped, inside the conversation: the same numbers as the banner (safety.md
 * §1), so they stay in view after the banner is acknowledged, after a reload and in history. It points
 * to the banner only while the banner is up for this turn.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../state/conversation";
import { CrisisNumbers } from "./CrisisNumbers";

export function EmergencyTurn({ message, bannerShown }: { message: ChatMessage; bannerShown: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const notice = message.emergency;
  return (
    <div className="emergency-turn" role="group" aria-labelledby={notice ? id : undefined} data-testid="emergency-turn">
      {notice ? (
        <CrisisNumbers notice={notice} headlineId={id} />
      ) : message.text ? (
        // Stored before the numbers were kept with the answer: its text is the headline.
        <p className="emergency-headline">{message.text}</p>
      ) : null}
      <p className="emergency-note">{t("conversation.emergencyStopped")}</p>
      {bannerShown ? <p className="emergency-note">{t("conversation.emergencyAtTop")}</p> : null}
    </div>
  );
}
