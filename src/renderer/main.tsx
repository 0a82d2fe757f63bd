import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { ProfileGate } from "./components/ProfileGate";
import { initI18n } from "./i18n";
import { connectToEngine } from "./transport/connect";
import "./styles.css";

// The browser's language until the settings say otherwise (a page that cannot reach the engine still speaks it).
initI18n(navigator.language.toLowerCase().startsWith("es") ? "es" : "en");
const client = connectToEngine();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    {/* Profiles: the app is mounted afresh for each person's records (key), so nothing of one stays for the next. */}
    <ProfileGate client={client}>{(key) => <App key={key} client={client} />}</ProfileGate>
  </StrictMode>,
);
