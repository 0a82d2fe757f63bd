/**
 * The question asked before a link leaves the app. Link text in model output can say anything, so the
 * dialog shows the real target: the host (or the address or number) in the message and the full URL
 * below it, with "Cancel" as the default. No `electron` import: unit-tested under Node.
 */
import { isSafeExternalUrl } from "./security";

export interface LinkPrompt {
  type: "question";
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
}

/** Index of the button that opens the link. */
export const OPEN_BUTTON = 1;

/** Decoded, with control and bidi-override characters made visible so the shown target cannot be disguised. */
function visible(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // keep it encoded
  }
  // eslint-disable-next-line no-control-regex
  return decoded.replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const WORDS = {
  en: {
    cancel: "Cancel",
    mail: (to: string) => ({ title: "Write an email?", message: `Write an email to ${to}?`, open: "Open mail app" }),
    call: (n: string) => ({ title: "Call?", message: `Call ${n}?`, open: "Call" }),
    web: (host: string) => ({ title: "Open in your browser?", message: `Open ${host} in your web browser?`, open: "Open in browser" }),
  },
  es: {
    cancel: "Cancelar",
    mail: (to: string) => ({ title: "¿Escribir un correo?", message: `¿Escribir un correo a ${to}?`, open: "Abrir el correo" }),
    call: (n: string) => ({ title: "¿Llamar?", message: `¿Llamar al ${n}?`, open: "Llamar" }),
    web: (host: string) => ({ title: "¿Abrir en su navegador?", message: `¿Abrir ${host} en su navegador?`, open: "Abrir en el navegador" }),
  },
} as const;

/** The confirmation for `url` (in the app's language), or null when the link may not leave the app at all. */
export function externalLinkPrompt(url: string, language: "en" | "es" = "en"): LinkPrompt | null {
  if (!isSafeExternalUrl(url)) return null;
  const u = new URL(url);
  const w = WORDS[language];
  // URL() gives the host in punycode (xn--…), which shows look-alike letters for what they are.
  const kind = u.protocol === "mailto:" ? w.mail(visible(u.pathname)) : u.protocol === "tel:" ? w.call(visible(u.pathname)) : w.web(u.host);
  return {
    type: "question",
    title: kind.title,
    message: kind.message,
    detail: visible(u.href),
    buttons: [w.cancel, kind.open],
    // Emergency numbers: Enter calls (the number is still shown and confirmed first); otherwise Cancel.
    defaultId: u.protocol === "tel:" ? OPEN_BUTTON : 0,
    cancelId: 0,
  };
}
