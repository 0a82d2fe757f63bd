/** What the app offers and how it is set up: the specialists, settings, consent and local models. */
import { remoteModelHost } from "../../shared/modelHosts";
import { EngineError } from "../../shared/rpc";
import { engineText } from "../i18n";
import type { AgentDef, ContentSet, UserPacksReport } from "../content";
import type { ModelHost } from "../modelHost";
import type { ConsentStore } from "../safety";
import type { SettingsStore } from "../settings/settingsStore";
import type { Handlers } from "./types";

type LibraryRequests = "catalog.agents" | "content.packs" | "settings.get" | "settings.set" | "consent.get" | "consent.set" | "models.list" | "models.pull" | "models.import" | "models.remove";

export interface LibraryDeps {
  content: ContentSet;
  settings: SettingsStore;
  consent: ConsentStore;
  models: ModelHost;
  agentTitle(agentId: string, language: "en" | "es"): string;
  /** The user content folder's packs, looked at again now. */
  packs(): UserPacksReport;
}

/** One-line description for the catalog and consent: the Spanish one when asked and present. */
export function agentDescription(agent: AgentDef, language: "en" | "es"): string {
  const text = (language === "es" ? agent.metadata.es?.description : undefined) ?? agent.runtime.description;
  return text.replace(/\s+/g, " ").trim();
}

export function libraryHandlers({ content, settings, consent, models, agentTitle, packs }: LibraryDeps): Handlers<LibraryRequests> {
  const consentState = async () => ({ ...consent.list(), persistent: consent.persistent });
  return {
    "catalog.agents": async () => {
      packs(); // the list shows user packs added since the last look
      const language = settings.get().language;
      return content.agents
        .filter((a) => !a.metadata.hidden)
        .map((a) => ({
          id: a.id,
          title: agentTitle(a.id, language),
          description: agentDescription(a, language),
          domain: a.metadata.domain,
          category: a.metadata.category,
          riskClass: a.metadata.risk_class,
          starters: a.starters[language].length ? a.starters[language] : a.starters.en,
          icon: a.metadata.icon ?? null,
        }))
        .sort((x, y) => x.title.localeCompare(y.title));
    },
    "content.packs": async () => {
      const report = packs();
      return {
        folder: report.root,
        loaded: report.loaded.map(({ kind, id, overrides }) => ({ kind, id, overrides })),
        rejected: report.rejected.map(({ kind, id, why }) => ({ kind, id, why })),
        notices: report.notices,
      };
    },
    "settings.get": async () => settings.get(),
    "settings.set": async ({ confirmRemoteHost, ...patch }) => {
      // A new model server off this computer is used only once the user confirmed its host.
      const host = remoteModelHost(patch.model);
      if (host && host !== remoteModelHost(settings.get().model) && confirmRemoteHost?.toLowerCase() !== host) {
        throw new EngineError("conflict", engineText(settings.get().language, "model.remoteHost", { host }));
      }
      return settings.set(patch);
    },
    "consent.get": consentState,
    "consent.set": async (input) => {
      if (input.scope === "global") {
        if (input.granted) consent.grantGlobal();
        else consent.withdrawGlobal();
      } else {
        const agent = content.agents.find((a) => a.id === input.agentId && !a.metadata.hidden);
        if (!agent) throw new EngineError("not_found", `No specialist named ${input.agentId}`);
        if (input.granted) consent.grantAgent(agent.id);
        else consent.withdrawAgent(agent.id);
      }
      return consentState();
    },
    "models.list": async () => models.list(),
    "models.pull": async (input) => models.pull(input.id, input.confirmSourceHost),
    "models.import": async (input) => models.import(input.path),
    "models.remove": async (input) => models.remove(input.file),
  };
}
