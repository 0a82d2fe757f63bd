/**
 * The user's own content packs (agents and skills in the data folder's `content/` folder, for example
 * from `carefold migrate`): which are in use, which were refused and why. "Check again" looks at the
 * folder again, so a pack added while the app runs is picked up without a restart.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RequestOutput } from "../../shared/contract";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";

type Packs = RequestOutput<"content.packs">;

export function UserPacksSection() {
  const { t } = useTranslation();
  const { client, announce } = useServices();
  const [packs, setPacks] = useState<Packs | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(
    (say: boolean) => {
      setProblem(null);
      client["content.packs"]({})
        .then((p) => {
          setPacks(p);
          if (say) announce(t("settings.packsChecked", { count: p.loaded.length }));
        })
        .catch((err: unknown) => setProblem(errorInfo(err).message));
    },
    [client, announce, t],
  );
  useEffect(() => load(false), [load]);
  return (
    <section className="settings-section" aria-labelledby="settings-packs">
      <h3 id="settings-packs">{t("settings.packsTitle")}</h3>
      <p>{t("settings.packsText")}</p>
      {packs?.folder ? (
        <p className="small">
          {t("settings.packsFolder")} <code data-testid="packs-folder">{packs.folder}</code>
        </p>
      ) : null}
      {packs && packs.loaded.length === 0 && packs.rejected.length === 0 ? <p className="muted">{t("settings.packsNone")}</p> : null}
      {packs && packs.loaded.length > 0 ? (
        <>
          <h4>{t("settings.packsLoaded")}</h4>
          <ul className="plain-list" data-testid="packs-loaded">
            {packs.loaded.map((p) => (
              <li key={`${p.kind}:${p.id}`}>
                {t(`settings.packKind.${p.kind}`)} <code>{p.id}</code>
                {p.overrides ? ` — ${t("settings.packsOverrides")}` : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {packs && packs.rejected.length > 0 ? (
        <>
          <h4>{t("settings.packsRejected")}</h4>
          <ul className="plain-list" data-testid="packs-rejected">
            {packs.rejected.map((p) => (
              <li key={`${p.kind}:${p.id}`}>
                {t(`settings.packKind.${p.kind}`)} <code>{p.id}</code>
                <ul>
                  {p.why.map((why) => (
                    <li key={why} className="small">
                      {why}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {packs && packs.notices.length > 0 ? (
        <>
          <h4>{t("settings.packsNotices")}</h4>
          <ul className="plain-list small" data-testid="packs-notices">
            {packs.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      ) : null}
      <button type="button" className="button-secondary" onClick={() => load(true)}>
        {t("settings.packsCheck")}
      </button>
      {problem ? <p className="kind-problem">{t("settings.packsFailed", { message: problem })}</p> : null}
    </section>
  );
}
