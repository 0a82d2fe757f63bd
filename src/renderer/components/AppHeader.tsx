/** The app's header: name, what it is (and is not), and the main navigation between screens. */
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { profileLabel, useProfile } from "../state/profiles";

export type View = "chat" | "catalog" | "notes" | "attachments" | "settings" | "agenda" | "attachment";

const NAV: Exclude<View, "agenda" | "attachment">[] = ["chat", "catalog", "notes", "attachments", "settings"];
/** One attachment's view belongs to the Attachments screen. */
const current = (view: View) => (view === "attachment" ? "attachments" : view);

export function AppHeader({
  view,
  showNav,
  waitingApprovals,
  onNavigate,
  onShowApprovals,
  waitingRef,
}: {
  view: View;
  showNav: boolean;
  waitingApprovals: number;
  onNavigate(view: View): void;
  onShowApprovals(): void;
  /** The "changes waiting" button, so focus can move to it when the user decides later. */
  waitingRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <header className="app-header">
      <div className="brand">
        <h1>{t("app.title")}</h1>
        <p className="tagline">{t("app.tagline")}</p>
      </div>
      {profile && (profile.profiles.length > 1 || profile.current.hasPin) ? (
        <button type="button" className="button-secondary switch-person" onClick={profile.switchPerson}>
          {t("profiles.switchPersonNamed", { name: profileLabel(profile.current, t("profiles.me")) })}
        </button>
      ) : null}
      {showNav ? (
        <nav className="main-nav" aria-label={t("nav.label")}>
          <ul>
            {NAV.map((v) => (
              <li key={v}>
                <button type="button" className="nav-button" aria-current={current(view) === v ? "page" : undefined} onClick={() => onNavigate(v)}>
                  {t(`nav.${v}`)}
                </button>
              </li>
            ))}
          </ul>
          {waitingApprovals > 0 ? (
            <button type="button" className="button-attention" onClick={onShowApprovals} ref={waitingRef}>
              {t("approvals.waiting", { count: waitingApprovals })}
            </button>
          ) : null}
        </nav>
      ) : null}
    </header>
  );
}
